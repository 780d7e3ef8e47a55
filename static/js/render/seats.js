// A seat's panel: name, wind, points, connection, dealer and turn markers, tiles in hand, melds.
import { esc, tileHTML, tilesHTML, tileWords, tilesWords, windName } from "../tiles.js";
import { meldsHTML } from "./melds.js";
import { chosenBadge } from "./exchange.js";
import { gettext, ngettext, pgettext } from "../i18n.js";

// A bot's level, sent as its code, in the reader's words (an unknown code as it came).
function levelWords(code) {
  const words = {
    beginner: pgettext("bot level", "beginner"),
    intermediate: pgettext("bot level", "intermediate"),
    strong: pgettext("bot level", "strong"),
    random: pgettext("bot level", "random"),
    greedy: pgettext("bot level", "greedy"),
  };
  return words[code] ?? code;
}

function openHandHTML(s) {
  const words = tilesWords(s.hand);
  const drawn = s.drawn ? tileHTML(s.drawn, { cls: "drawn", label: gettext("just drawn: %(tile)s", { tile: tileWords(s.drawn) }) }) : "";
  const label = s.drawn ? gettext("Concealed tiles: %(tiles)s; just drawn: %(tile)s", { tiles: words, tile: tileWords(s.drawn) })
    : gettext("Concealed tiles: %(tiles)s", { tiles: words });
  return `<div class="open-hand" aria-label="${esc(label)}">${
    tilesHTML(s.hand)}${drawn}</div>`;
}

export function seatHTML(ctx, seat, r) {
  const v = ctx.view;
  const s = v.seats[seat];
  const info = ctx.players[seat] || {};
  const me = seat === v.viewer;
  const turn = ctx.activeSeats.has(seat);
  const classes = ["seat", `pos-${r}`, turn ? "active" : "", me ? "me" : "", v.dealer === seat ? "dealer" : ""];
  const conn = info.bot
    ? `<span class="conn bot" title="${esc(gettext("Bot (%(level)s)", { level: levelWords(info.bot) }))}">${pgettext("seat", "bot")}</span>`
    : info.connected === false
      ? `<span class="conn off" title="${gettext("Not connected")}">${pgettext("seat", "away")}</span>`
      : `<span class="conn on" title="${gettext("Connected")}"><span class="sr-only">${pgettext("seat", "connected")}</span></span>`;
  // A review (the replay of a finished game) shows every hand face up; live, others' are tile backs.
  const backs = me ? "" : s.hand != null ? openHandHTML(s) : `<div class="hidden-hand" role="img" aria-label="${ngettext("%(n)s concealed tile", "%(n)s concealed tiles", s.concealed)}">${
    Array.from({ length: s.concealed }, () => '<span class="tile t-back back stand" aria-hidden="true"></span>').join("")}<span class="n" aria-hidden="true">${s.concealed}</span></div>`;
  const badges = [
    v.dealer === seat ? `<span class="badge dealer-badge" title="${gettext("Dealer (East of this deal)")}">${gettext("Dealer")}</span>` : "",
    s.original_call ? `<span class="badge call" title="${gettext("Declared an Original Call")}">${gettext("Original Call")}</span>` : "",
    s.ready && v.phase === "deal_over" ? `<span class="badge ready">${pgettext("seat", "Ready")}</span>` : "",
    chosenBadge(v, seat),
  ].join("");
  // A round hiding its scores sends a spectator's final frame without points (docs/access.md).
  const hidden = s.points == null;
  const parts = [ctx.playerName(seat), windName(s.wind),
    hidden ? gettext("points hidden") : ngettext("%(n)s point", "%(n)s points", s.points)];
  if (turn) parts.push(gettext("to act"));
  const label = parts.join(gettext(", "));
  return `<section class="${classes.join(" ").trim()}" aria-label="${esc(label)}" data-seat="${seat}">
    <header>
      ${tileHTML(s.wind, { cls: "wind-tile", label: gettext("%(wind)s wind", { wind: windName(s.wind) }) })}
      <span class="who"><span class="name" title="${esc(ctx.playerName(seat))}">${esc(ctx.playerName(seat))}</span>${conn}
        <span class="wind-name">${windName(s.wind)}</span></span>
      <span class="points" title="${gettext("Points")}">${hidden ? "–" : s.points.toLocaleString("en")}</span>
    </header>
    <div class="badges">${badges}</div>
    ${backs}
    ${meldsHTML(s, ctx.seatName, { owner: seat, claimedTile: ctx.claimedTile, markClaims: ctx.markClaims, flip: r === 2 })}
  </section>`;
}
