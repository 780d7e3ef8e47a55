// A seat's panel: name, wind, points, connection, dealer and turn markers, tiles in hand, melds.
import { esc, parseTiles, tileHTML, tilesHTML, tileWords, windName } from "../tiles.js";
import { meldsHTML } from "./melds.js";
import { chosenBadge } from "./exchange.js";

function openHandHTML(s) {
  const words = parseTiles(s.hand).map(tileWords).join(", ");
  const drawn = s.drawn ? tileHTML(s.drawn, { cls: "drawn", label: `just drawn: ${tileWords(s.drawn)}` }) : "";
  return `<div class="open-hand" aria-label="Concealed tiles: ${esc(words)}${s.drawn ? `; just drawn: ${esc(tileWords(s.drawn))}` : ""}">${
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
    ? `<span class="conn bot" title="Bot (${esc(info.bot)})">bot</span>`
    : info.connected === false
      ? `<span class="conn off" title="Not connected">away</span>`
      : `<span class="conn on" title="Connected"><span class="sr-only">connected</span></span>`;
  // A review (the replay of a finished game) shows every hand face up; live, others' are tile backs.
  const backs = me ? "" : s.hand != null ? openHandHTML(s) : `<div class="hidden-hand" role="img" aria-label="${s.concealed} concealed tiles">${
    Array.from({ length: s.concealed }, () => '<span class="tile t-back back stand" aria-hidden="true"></span>').join("")}<span class="n" aria-hidden="true">${s.concealed}</span></div>`;
  const badges = [
    v.dealer === seat ? '<span class="badge dealer-badge" title="Dealer (East of this deal)">Dealer</span>' : "",
    s.original_call ? '<span class="badge call" title="Declared an Original Call">Original Call</span>' : "",
    s.ready && v.phase === "deal_over" ? '<span class="badge ready">Ready</span>' : "",
    chosenBadge(v, seat),
  ].join("");
  // A round hiding its scores sends a spectator's final frame without points (docs/access.md).
  const hidden = s.points == null;
  const label = `${ctx.playerName(seat)}, ${windName(s.wind)}, ${hidden ? "points hidden" : `${s.points} points`}${turn ? ", to act" : ""}`;
  return `<section class="${classes.join(" ").trim()}" aria-label="${esc(label)}" data-seat="${seat}">
    <header>
      ${tileHTML(s.wind, { cls: "wind-tile", label: `${windName(s.wind)} wind` })}
      <span class="who"><span class="name" title="${esc(ctx.playerName(seat))}">${esc(ctx.playerName(seat))}</span>${conn}
        <span class="wind-name">${windName(s.wind)}</span></span>
      <span class="points" title="Points">${hidden ? "–" : s.points.toLocaleString("en")}</span>
    </header>
    <div class="badges">${badges}</div>
    ${backs}
    ${meldsHTML(s, ctx.seatName, { owner: seat, claimedTile: ctx.claimedTile, markClaims: ctx.markClaims, flip: r === 2 })}
  </section>`;
}
