// Your concealed hand: sorted, the newly drawn tile set apart. Tiles you may discard are buttons.
import { parseTiles, tileHTML, tileWords, esc } from "../tiles.js";

export function handTiles(view) {
  const tiles = parseTiles(view.hand).map((t) => ({ t, drawn: false }));
  if (view.drawn) tiles.push({ t: view.drawn, drawn: true });
  return tiles;
}

/** Which tiles may go now: a map token -> {plain, call} for discards without / with Original Call. */
export function discardOptions(view) {
  const out = new Map();
  for (const a of view.legal_actions || []) {
    if (a.type !== "discard") continue;
    const o = out.get(a.tile) || { plain: false, call: false };
    if (a.call) o.call = true;
    else o.plain = true;
    out.set(a.tile, o);
  }
  return out;
}

export function handHTML(ctx) {
  const v = ctx.view;
  if (v.viewer == null || v.hand == null) return "";
  const tiles = handTiles(v);
  const opts = discardOptions(v);
  const calling = ctx.originalCall;
  const canDiscard = opts.size > 0;
  const focusIdx = Math.min(ctx.focusIdx ?? tiles.length - 1, tiles.length - 1);
  const buttons = tiles
    .map(({ t, drawn }, i) => {
      const o = opts.get(t);
      const ok = o && (calling ? o.call : o.plain);
      const words = tileWords(t);
      const label = ok ? `Discard ${words}` : words;
      const cls = `${drawn ? "drawn" : ""} ${ok ? "can" : ""}`;
      const attrs = `data-tile="${t}" data-idx="${i}" tabindex="${i === focusIdx ? 0 : -1}"${
        ok ? "" : ' aria-disabled="true"'}`;
      return tileHTML(t, { tag: "button", cls, attrs, label, title: words });
    })
    .join("");
  const hint = canDiscard ? "Your hand: choose a tile to discard (arrow keys, then Enter)" : "Your hand";
  return `<div class="hand${canDiscard ? " to-discard" : ""}" role="toolbar" aria-label="${esc(hint)}"
    aria-orientation="horizontal">${buttons}</div>`;
}
