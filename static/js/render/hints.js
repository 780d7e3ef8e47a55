// The hints panel: each candidate the strong bot weighs for this decision (its choice first),
// with how far the hand is from going out, the tiles that help and how many are unseen, its
// worth if it goes out and the danger of the tile; and why a complete-looking hand is no win.
import { esc, tileHTML, tileWords } from "../tiles.js";

const KINDS = {
  discard: "Discard", pung: "Pung", chow: "Chow", kong: "Kong", pass: "Pass", win: "Mahjong!",
  concealed_kong: "Declare a kong", promote_kong: "Add to a pung", ready: "Ready",
};

function actionCell(a) {
  const kind = KINDS[a.type] || a.type;
  const tile = a.tile || (a.tiles ? String(a.tiles).split(/\s+/)[0] : null);
  if (a.type === "discard" && a.tile) {
    return `${tileHTML(a.tile, { cls: "mini" })}<span>${kind} ${esc(tileWords(a.tile))}</span>`;
  }
  return `${tile ? tileHTML(tile, { cls: "mini" }) : ""}<span>${kind}</span>`;
}

function shantenWords(n) {
  if (n < 0) return "complete";
  if (n === 0) return "ready: one tile from going out";
  return `${n} ${n === 1 ? "tile" : "tiles"} from ready`;
}

function helpsHTML(c) {
  const tiles = Object.entries(c.effective || {});
  if (!tiles.length) return "";
  const shown = tiles.slice(0, 9).map(([t, n]) =>
    `<span class="help-tile" title="${esc(tileWords(t))}: ${n} unseen">${tileHTML(t, { cls: "mini", label: "" })}<sub>${n}</sub></span>`).join("");
  const more = tiles.length > 9 ? `<span class="muted"> +${tiles.length - 9} more</span>` : "";
  return `<div class="h-tiles" aria-label="Tiles that help: ${esc(tiles.map(([t, n]) => `${tileWords(t)} (${n})`).join(", "))}">${shown}${more}</div>`;
}

function candidateHTML(c, best) {
  return `<li class="${best ? "best" : ""}">
    <div class="h-top">${actionCell(c.action)}<span class="danger d-${esc(c.danger_class)}" title="How likely this tile lets another player go out">${esc(c.danger_class)}</span></div>
    ${best ? '<div class="h-pick">★ The strong bot’s choice</div>' : ""}
    <div class="h-sub">${shantenWords(c.shanten)} · ${c.live} helpful tiles unseen · worth about ${Math.round(c.value)}</div>
    ${helpsHTML(c)}</li>`;
}

export function hintsHTML(ctx) {
  const h = ctx.hints;
  if (!h) return "";
  let body;
  if (h.loading) body = '<p class="muted">Weighing the choices…</p>';
  else if (h.error) body = `<p class="muted">${esc(h.error)}</p>`;
  else {
    const items = (h.candidates || []).map((c, i) => candidateHTML(c, i === 0)).join("");
    const why = h.why_not_win
      ? `<p class="why-not" role="note"><b>Why can't I win?</b> Your tiles make sets and a pair, but ${esc(h.why_not_win)}.</p>` : "";
    body = `${why}${items ? `<ol class="hint-list">${items}</ol>` : ""}`;
  }
  return `<aside class="hints" aria-label="Hints" aria-live="polite"><h2>Hints</h2>${body}</aside>`;
}
