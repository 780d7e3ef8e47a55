// Your concealed hand: sorted, the newly drawn tile set apart. Tiles you may discard are buttons.
import { parseTiles, tileHTML, tileWords, esc } from "../tiles.js";
import { EXCHANGE_COUNT, mayExchange } from "../view.js";
import { gettext } from "../i18n.js";

// More tiles than a fourteen-tile hand holds: seed 002's sixteen (seventeen with a draw).
const LONG = 14;

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
  const tiles = ctx.handTiles || handTiles(v); // the player's own order (table/handorder.js)
  const opts = discardOptions(v);
  const calling = ctx.originalCall;
  const canDiscard = opts.size > 0;
  // A Goulash's exchange: any tile may be chosen, three of them (toggle buttons).
  const choosing = mayExchange(v);
  const picks = new Set(ctx.exchangePicks || []);
  const received = receivedMarks(tiles, ctx.received || []);
  const focusIdx = Math.min(ctx.focusIdx ?? tiles.length - 1, tiles.length - 1);
  const buttons = tiles
    .map(({ t, drawn }, i) => {
      const o = opts.get(t);
      const ok = choosing || (o && (calling ? o.call : o.plain));
      const words = tileWords(t);
      const picked = choosing && picks.has(i);
      const got = received.has(i) ? gettext(", just received") : "";
      const label = choosing ? `${words}${picked ? gettext(", chosen to pass") : ""}${got}`
        : ok ? `${gettext("Discard %(tile)s", { tile: words })}${got}` : `${words}${got}`;
      const cls = `${drawn ? "drawn" : ""} ${ok ? "can" : ""} ${picked ? "picked" : ""} ${got ? "received" : ""}`;
      const attrs = `data-tile="${t}" data-idx="${i}" tabindex="${i === focusIdx ? 0 : -1}"${
        ok ? "" : ' aria-disabled="true"'}${choosing ? ` aria-pressed="${picked}"` : ""}`;
      return tileHTML(t, { tag: "button", cls, attrs, label, title: words });
    })
    .join("");
  const hint = choosing
    ? gettext("Your hand: choose %(n)s tiles to pass (arrow keys, then Enter)", { n: EXCHANGE_COUNT })
    : canDiscard ? gettext("Your hand: choose a tile to discard (arrow keys, then Enter; Shift and an arrow key moves a tile)")
    : gettext("Your hand (Shift and an arrow key moves a tile)");
  const mode = choosing ? " to-exchange" : canDiscard ? " to-discard" : "";
  // The tiles' size follows their number (table.css); a sixteen-tile hand may take two rows.
  const long = tiles.length > LONG ? " long" : "";
  return `<div class="hand${mode}${long}" role="toolbar" aria-label="${esc(hint)}"
    aria-orientation="horizontal" style="--n:${tiles.length}">${buttons}</div>`;
}

/** Which places of the hand hold the tiles just received in an exchange (one per copy). */
function receivedMarks(tiles, got) {
  const left = [...got];
  const out = new Set();
  tiles.forEach(({ t }, i) => {
    const k = left.indexOf(t);
    if (k >= 0) {
      out.add(i);
      left.splice(k, 1);
    }
  });
  return out;
}
