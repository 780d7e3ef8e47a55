// A seat's view drawn for a puzzle or the analysis board, its actions in words, and every
// candidate's figures as a table. Shared by puzzles.js and analysis_board.js.
import { esc, parseTiles, tileHTML, tilesHTML, tileWords, windName } from "./tiles.js";

const KIND = {
  discard: "discard", pung: "pung", chow: "chow", kong: "kong", pass: "pass", win: "go out",
  concealed_kong: "declare a concealed kong of", promote_kong: "add to the pung a kong of",
};

/** `rob`: the tile `offered` is a kong's being made, which the seat may rob. */
export function actionWords(a, offered, rob = false) {
  if (!a) return "";
  if (rob && offered && a.type === "win") return `rob the kong: go out on ${tileWords(offered)}`;
  if (rob && offered && a.type === "pass") return `let the kong of ${tileWords(offered)} stand`;
  const call = a.call ? " and make the Original Call" : "";
  if (a.type === "discard" && a.tile) return `discard ${tileWords(a.tile)}${call}`;
  const kind = KIND[a.type] || a.type;
  if (a.tiles) return `${kind} ${parseTiles(a.tiles).map(tileWords).join(", ")}`;
  if (a.tile) return `${kind} ${tileWords(a.tile)}`;
  if (offered && a.type === "pass") return `let ${tileWords(offered)} go`;
  if (offered) return `${kind} on ${tileWords(offered)}`;
  return kind;
}

export function sameAction(a, b) {
  return a.type === b.type && (a.tile || null) === (b.tile || null)
    && String(a.tiles || "") === String(b.tiles || "") && !!a.call === !!b.call;
}

function meldsHTML(melds) {
  return (melds || []).map((m) => `<span class="meld" aria-label="${esc(parseTiles(m.tiles).map(tileWords).join(", "))}">${tilesHTML(m.tiles, { label: "" })}</span>`).join(" ");
}

/** The position: every seat's wind, melds, bonus and discards; the viewer's own hand. */
export function positionHTML(view) {
  const me = view.viewer;
  const seats = view.seats.map((s) => {
    const own = s.seat === me;
    return `<div class="pz-seat${own ? " own" : ""}" data-seat="${s.seat}">
      <h3>${esc(windName(s.wind))}${own ? " (you)" : ""}${s.seat === view.dealer ? " · East, the dealer" : ""}
        <span class="muted">${own ? "" : `${s.concealed} concealed`}${s.original_call ? " · Original Call" : ""}</span></h3>
      ${s.melds && s.melds.length ? `<p class="pz-melds">Sets: ${meldsHTML(s.melds)}</p>` : ""}
      ${s.bonus ? `<p class="pz-bonus">Bonus: ${tilesHTML(s.bonus)}</p>` : ""}
      <p class="pz-discards">Discards: ${s.discards ? tilesHTML(s.discards) : '<span class="muted">none</span>'}</p>
    </div>`;
  }).join("");
  const wall = view.wall || {};
  const by = view.claim && view.claim.tile ? esc(windName(view.seats[view.claim.discarder].wind)) : "";
  const claim = !by ? "" : view.claim.kind === "rob"
    ? `<p class="pz-claim">A kong being made: ${tileHTML(view.claim.tile)} by ${by}, which you may rob</p>`
    : `<p class="pz-claim">Discarded: ${tileHTML(view.claim.tile)} by ${by}</p>`;
  const goulash = view.goulash ? " · a Goulash: no chows, the 2 of Bamboo wild" : "";
  return `<p class="pz-facts">Prevailing wind ${esc(windName(view.prevailing_wind))} · ${wall.live ?? "?"} tiles left in the live wall${goulash}</p>
    <div class="pz-seats">${seats}</div>${claim}`;
}

/** The viewer's hand; discards are buttons (data-choice = index in the actions) when `clickable`. */
export function handHTML(view, actions, clickable) {
  const tiles = parseTiles(view.hand);
  const drawn = parseTiles(view.drawn || "");
  const plain = (t) => actions.findIndex((a) => a.type === "discard" && a.tile === t && !a.call);
  const one = (t, extra) => {
    const i = plain(t);
    if (!clickable || i < 0) return tileHTML(t, { cls: extra });
    return tileHTML(t, { tag: "button", cls: `pz-pick ${extra || ""}`, attrs: `data-choice="${i}"`, label: `Discard ${tileWords(t)}` });
  };
  return `<div class="pz-hand" role="group" aria-label="Your hand">${tiles.map((t) => one(t)).join("")}
    ${drawn.length ? `<span class="pz-drawn-gap"></span>${drawn.map((t) => one(t, "drawn")).join("")}` : ""}</div>`;
}

/** Buttons for the actions that are not a plain discard of a tile in the hand. */
export function otherChoicesHTML(view, actions) {
  const offered = view.claim && view.claim.tile;
  return actions.map((a, i) => (a.type === "discard" && !a.call ? "" :
    `<button type="button" class="button small pz-choice" data-choice="${i}">${esc(actionWords(a, offered))}</button>`)).join(" ");
}

/** The legal actions once each (a discard of two copies of a tile is one choice). */
export function distinct(actions) {
  const out = [];
  for (const a of actions) if (!out.some((b) => sameAction(a, b))) out.push(a);
  return out;
}

const pct = (x) => `${Math.round(100 * x)}%`;

/** Every candidate's figures, best first; `mark` names the row of an action (the answer). */
export function candidatesHTML(candidates, { offered, mark, bot, rob } = {}) {
  const rows = candidates.map((c, i) => {
    const live = Object.entries(c.effective || {}).map(([t, n]) => `${tileWords(t)} ×${n}`).join(", ");
    const you = mark && sameAction(c.action, mark);
    const isBot = bot && sameAction(c.action, bot);
    return `<tr class="${i === 0 ? "best" : ""}${you ? " yours" : ""}">
      <td>${i + 1}</td><th scope="row">${esc(actionWords(c.action, offered, rob))}${isBot ? ' <span class="badge">strong bot</span>' : ""}${you ? ' <span class="badge">your answer</span>' : ""}</th>
      <td>${c.shanten < 0 ? "out" : c.shanten === 0 ? "ready" : `${c.shanten} away`}</td>
      <td>${c.live ?? 0}${live ? ` <span class="muted small">(${esc(live)})</span>` : ""}</td>
      <td>${c.value}</td><td>${pct(c.win_chance)}</td><td>${c.danger_class} (${pct(c.danger)})</td>
      <td>${c.expected ?? c.score}</td></tr>`;
  }).join("");
  return `<table class="pz-candidates"><caption>Every choice, as the strong evaluator weighs it</caption>
    <thead><tr><th>#</th><th>Choice</th><th>Distance</th><th>Helpful tiles unseen</th><th>Hand's worth</th><th>Chance of going out</th><th>Danger</th><th>Expected points</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}
