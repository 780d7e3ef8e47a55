// The move list: each step in words with its tiles, grouped by deal.
import { esc, parseTiles, tileWords, tilesHTML } from "../tiles.js";
import { eventWords } from "../words.js";
import { dealOutcome } from "./deals.js";
import { CHINESE, gettext, ngettext } from "../i18n.js";

// Words for what only a review shows (a drawn tile, the tiles of a block), else the live words.
function words(e, ctx) {
  const who = (s) => ctx.seatName(s);
  const you = (s) => s === ctx.view?.viewer;
  if (e.type === "draw" && e.tile) {
    // Without a dead wall (Shanghai) a replacement comes from the tail of the one wall.
    const v = { name: who(e.seat), tile: tileWords(e.tile) };
    const me = you(e.seat);
    if (e.replacement) return me ? gettext("You draw %(tile)s as a replacement.", v) : gettext("%(name)s draws %(tile)s as a replacement.", v);
    if (e.source === "dead_wall" && ctx.deadWall === false) {
      return me ? gettext("You draw %(tile)s from the tail of the wall.", v) : gettext("%(name)s draws %(tile)s from the tail of the wall.", v);
    }
    if (e.source === "dead_wall") return me ? gettext("You draw %(tile)s from the dead wall.", v) : gettext("%(name)s draws %(tile)s from the dead wall.", v);
    return me ? gettext("You draw %(tile)s.", v) : gettext("%(name)s draws %(tile)s.", v);
  }
  if (e.type === "deal_block") {
    return you(e.seat) ? ngettext("You take %(n)s tile.", "You take %(n)s tiles.", e.count)
      : ngettext("%(name)s takes %(n)s tile.", "%(name)s takes %(n)s tiles.", e.count, { name: who(e.seat) });
  }
  if (e.type === "draw" && !e.tile && e.source === "wall") return you(e.seat) ? gettext("You draw a tile.") : gettext("%(name)s draws a tile.", { name: who(e.seat) });
  if (e.type === "answered") return null;
  if (e.type === "seating") return gettext("Seats drawn by the dice and the wind tiles.");
  if (e.type === "deal_scored") return e.game_over ? gettext("The deal is scored. The game is over.") : gettext("The deal is scored.");
  return eventWords(e, ctx);
}

function tilesOf(e) {
  if (e.type === "claim" && e.meld) return e.meld.tiles;
  if (e.type === "deal_block") return e.tiles || "";
  if (["discard", "kong", "robbed", "win", "bonus_melded", "draw"].includes(e.type)) return e.tile || "";
  return "";
}

export function stepWords(step, ctx) {
  return step.e.map((e) => words(e, ctx)).filter(Boolean).join(CHINESE ? "" : " ");
}

function stepTiles(step) {
  return step.e.map(tilesOf).filter(Boolean).join(" ");
}

/** Every deal's heading; the moves of `open` only (a whole game's moves would be thousands). */
export function moveListHTML(data, idx, ctx, open) {
  return idx.deals
    .map((d) => {
      const items = [];
      for (let i = d.first; d.index === open && i <= d.last; i++) {
        const step = data.steps[i];
        const m = i - d.first + 1;
        const tiles = parseTiles(stepTiles(step));
        const text = stepWords(step, ctx) || "…";
        items.push(`<li${step.r ? ' class="ritual"' : ""}><a href="#d${d.index + 1}m${m}" data-step="${i}"><span class="mn">${m}</span><span class="mw">${esc(text)}</span>${
          tiles.length ? `<span class="mt" aria-hidden="true">${tilesHTML(tiles.slice(0, 4), { title: false })}</span>` : ""}</a></li>`);
      }
      const scored = data.steps[d.last].e.find((e) => e.type === "deal_scored");
      const outcome = esc(dealOutcome(data, d, ctx.playerName));
      const list = d.index === open ? `<ol>${items.join("")}</ol>` : "";
      return `<section class="deal-moves${d.index === open ? " open" : ""}" data-deal="${d.index}"><h3><a href="#d${d.index + 1}m1"${
        d.index === open ? ' aria-current="true"' : ""}>${gettext("Deal %(number)s", { number: d.number })}</a>
        <span class="muted">${ngettext("%(n)s move", "%(n)s moves", d.last - d.first + 1)} · ${outcome}${scored ? ` · <a href="#d${d.index + 1}m${d.last - d.first + 1}">${gettext("proof")}</a>` : ""}</span></h3>${list}</section>`;
    })
    .join("");
}

export { tileWords };
