// The middle of the table: the four walls, each seat's discards in front of it (or, as a table
// option, all of them at random in the centre), and the centre (prevailing wind, deal, tiles
// left, the tile being claimed).
import { parseTiles, tileHTML, windName, esc } from "../tiles.js";
import { wallHTML } from "./wall.js";
import { throwHTML } from "./dice.js";
import { isYou, whoseWords } from "../words.js";
import { gettext, ordinal, pgettext } from "../i18n.js";

// While the rituals are shown, the felt's centre shows the two throws that broke the wall and
// where: the dice lie on the table, the broken stack and the dead wall light up around them.
function feltRitualHTML(ctx) {
  const b = ctx.view.rituals && ctx.view.rituals.break;
  if (!ctx.showRituals || !b || !b.dealer_throw) return "";
  const whose = esc(whoseWords(ctx, b.breaker));
  return `<div class="felt-ritual" aria-hidden="true">
    <div class="felt-dice">${throwHTML(b.dealer_throw)}${throwHTML(b.breaker_throw)}</div>
    <div class="felt-caption">${gettext("Broken at the <b>%(nth)s</b> stack of %(whose)s wall", { nth: ordinal(b.total), whose })}</div></div>`;
}

// Then each bonus tile melded in the rituals goes from the middle of the felt to its owner's
// side, in order, as its replacement's stack lights up (wall.js "repl", table.css).
function ritualBonus(ctx) {
  const log = ctx.ritualLog || {};
  if (!ctx.showRituals || !log.bonus || !log.bonus.length || log.deal !== ctx.view.deal_number) return null;
  const forms = (ctx.view.rituals && ctx.view.rituals.forms) || {};
  const blocks = log.blocks || [];
  const dealt = blocks.length ? blocks.reduce((n, b) => n + b.count, 0) : 4 * (forms.hand_size || 13) + 1;
  return { dealt, count: log.bonus.length, from: forms.bonus_replacement || "live_wall" };
}

function feltBonusHTML(ctx) {
  if (!ritualBonus(ctx)) return "";
  const tiles = ctx.ritualLog.bonus
    .map((e, i) => `<span class="bonus-fly to-${(e.seat - ctx.bottom + 4) % 4}" style="--b:${i}">${tileHTML(e.tile, { label: "" })}</span>`)
    .join("");
  return `<div class="felt-bonus" aria-hidden="true">${tiles}</div>`;
}

function discardsHTML(ctx, seat, r) {
  const view = ctx.view;
  const tiles = parseTiles(view.seats[seat].discards);
  const last = view.last_discard && view.last_discard.seat === seat;
  const claim = view.claim && view.claim.discarder === seat && view.claim.kind !== "rob";
  const items = tiles
    .map((t, i) => {
      const isLast = last && i === tiles.length - 1;
      const cls = isLast ? `last${claim ? " claimable" : ""}${ctx.fresh === "discard" ? " fresh" : ""}` : "";
      return tileHTML(t, { cls });
    })
    .join("");
  const name = ctx.seatName(seat);
  const label = isYou(ctx, seat) ? gettext("Your discards: %(n)s", { n: tiles.length })
    : gettext("%(name)s's discards: %(n)s", { name, n: tiles.length });
  return `<section class="discards pos-${r}" aria-label="${esc(label)}">${items}</section>`;
}

// Seed 003's random centre: the unclaimed discards lie about the felt around the centre's box,
// each in a place of its own that stays put while the deal goes on. The view gives the pool in
// an order that tells nothing; copies of one tile are told apart by count only, so a place is
// keyed by tile and copy. Places are kept per deal so a new discard never moves the others.
const COLS = 14;
const ROWS = 10;
const SLOTS = [];
for (let r = 0; r < ROWS; r++) {
  for (let c = 0; c < COLS; c++) {
    const x = (c + 0.5) / COLS;
    const y = (r + 0.5) / ROWS;
    // Leave the middle to the round, counts and the tile on offer.
    if (x > 0.22 && x < 0.78 && y > 0.2 && y < 0.8) continue;
    SLOTS.push([c, r]);
  }
}
const pool = { key: null, places: new Map() };

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function placeTiles(ctx, keys) {
  const v = ctx.view;
  const deal = `${ctx.game ?? ""}:${v.deal_number}`;
  if (pool.key !== deal) {
    pool.key = deal;
    pool.places = new Map();
  }
  const wanted = new Set(keys);
  for (const k of [...pool.places.keys()]) if (!wanted.has(k)) pool.places.delete(k);
  const taken = new Set(pool.places.values());
  const added = [];
  for (const k of keys) {
    if (pool.places.has(k)) continue;
    let slot = hash(`${deal}:${k}`) % SLOTS.length;
    for (let n = 0; taken.has(slot) && n < SLOTS.length; n++) slot = (slot + 1) % SLOTS.length;
    pool.places.set(k, slot);
    taken.add(slot);
    added.push(k);
  }
  return added;
}

function centrePoolHTML(ctx) {
  const v = ctx.view;
  const tiles = parseTiles(v.centre || "");
  const copies = {};
  const keys = tiles.map((t) => `${t}#${(copies[t] = (copies[t] ?? -1) + 1)}`);
  const added = placeTiles(ctx, keys);
  // The tile just thrown is known to all while it is on offer: light one copy of it, the one
  // that arrived last if this page saw it arrive.
  const onOffer = v.claim && v.claim.kind !== "rob" ? v.claim.tile : v.last_discard && v.last_discard.tile;
  let lit = null;
  if (onOffer) {
    lit = added.find((k) => k.startsWith(`${onOffer}#`)) ?? keys.filter((k) => k.startsWith(`${onOffer}#`)).pop() ?? null;
  }
  const items = keys
    .map((k, i) => {
      const [c, r] = SLOTS[pool.places.get(k)];
      const h = hash(`${pool.key}/${k}`);
      const dx = ((h & 0xff) / 255 - 0.5) * 0.3;
      const dy = (((h >> 8) & 0xff) / 255 - 0.5) * 0.25;
      const turn = (((h >> 16) & 0xff) / 255 - 0.5) * 50;
      const last = k === lit;
      const cls = last ? `last${v.claim ? " claimable" : ""}${ctx.fresh === "discard" ? " fresh" : ""}` : "";
      const style = `left:${(((c + 0.5 + dx) / COLS) * 100).toFixed(2)}%;top:${(((r + 0.5 + dy) / ROWS) * 100).toFixed(2)}%;--turn:${turn.toFixed(1)}deg`;
      return `<span class="spot${last ? " on-offer" : ""}" data-tile="${tiles[i]}" style="${style}">${tileHTML(tiles[i], { cls })}</span>`;
    })
    .join("");
  return `<section class="pool" aria-label="${gettext("Discards lying at random in the centre: %(n)s", { n: tiles.length })}">${items}</section>`;
}

function centreHTML(ctx) {
  const v = ctx.view;
  const w = v.wall || {};
  const dealer = ctx.seatName(v.dealer);
  const claim = v.claim
    ? `<div class="claim-tile" aria-hidden="true">${tileHTML(v.claim.tile, { cls: "big" })}
         <span>${v.claim.kind === "rob" ? gettext("Robbable kong tile") : gettext("Discard on offer")}</span></div>`
    : "";
  // A ruleset without a dead wall (Shanghai) draws every tile from the one wall: no dead count.
  const dead = w.dead_stacks !== 0;
  return `<div class="centre">
    <div class="round" title="${gettext("Prevailing wind")}">${tileHTML(v.prevailing_wind, { cls: "wind-tile" })}
      <span><b>${gettext("%(wind)s round", { wind: windName(v.prevailing_wind) })}</b><br>${gettext("Deal %(number)s", { number: v.deal_number })}</span></div>
    <div class="counts"><span title="${gettext("Tiles left in the live wall")}">${dead
      ? gettext("<b data-live>%(n)s</b> live", { n: w.live ?? "?" }) : gettext("<b data-live>%(n)s</b> in the wall", { n: w.live ?? "?" })}</span>
      ${dead ? `<span title="${gettext("Tiles left in the dead wall (kong box)")}">${gettext("<b>%(n)s</b> dead", { n: w.dead ?? "?" })}</span>` : ""}</div>
    <div class="wall-key" aria-hidden="true">${dead ? `<span><i class="sw live"></i>${pgettext("wall key", "live")}</span><span><i class="sw dead"></i>${
      pgettext("wall key", "dead wall")}</span>` : ""}<span><i class="sw next"></i>${pgettext("wall key", "next draw")}</span></div>
    <div class="dealer-line">${v.east_streak
      ? gettext("Dealer: %(name)s, %(n)s deals in a row", { name: esc(dealer), n: v.east_streak + 1 })
      : gettext("Dealer: %(name)s", { name: esc(dealer) })}</div>
    ${claim}
    ${feltRitualHTML(ctx)}
  </div>`;
}

export function boardHTML(ctx) {
  const v = ctx.view;
  const seats = [0, 1, 2, 3].map((r) => (ctx.bottom + r) % 4);
  return `<div class="board${ctx.showRituals ? " rituals-on" : ""}" role="group" aria-label="${gettext("The table: walls and discards")}">
    ${wallHTML(v, ctx.bottom, ctx.seatName, ritualBonus(ctx))}
    <div class="inner">
      ${feltBonusHTML(ctx)}
      ${v.discard_display === "centre" ? centrePoolHTML(ctx) : seats.map((s, r) => discardsHTML(ctx, s, r)).join("")}
      ${centreHTML(ctx)}
    </div>
  </div>`;
}
