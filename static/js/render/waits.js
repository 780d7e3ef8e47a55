// Above your hand: the ready indicator (your hand is one tile from going out: the tiles that
// would let it, from the server's `waits`, and how many of each you have not seen) and, once
// you have arranged your hand, the Sort button that puts it back in order.
import { esc, tileHTML, tileWords } from "../tiles.js";
import { waitsLeft } from "../view.js";
import { gettext, pgettext } from "../i18n.js";

// A winning tile that counts only one way (seed 004: a hand that goes out only self-drawn, or only
// on a discard).
function onlyWords(only) {
  return { self_drawn: gettext("self-drawn only"), discard: gettext("on a discard only") }[only] || only;
}

export function waitsWords(items) {
  const each = items.map((w) => {
    const left = gettext("%(tile)s, %(n)s left", { tile: tileWords(w.tile), n: w.left });
    return w.only ? `${left} (${onlyWords(w.only)})` : left;
  });
  return gettext("You are one tile from going out. Winning tiles: %(tiles)s.", { tiles: each.join(gettext("; ")) });
}

function waitsHTML(ctx) {
  const v = ctx.view;
  if (!ctx.waits || !ctx.waits.length) return "";
  const items = waitsLeft(v, ctx.waits);
  const total = items.reduce((n, w) => n + w.left, 0);
  const tiles = items
    .map((w) => `<li class="wait${w.left ? "" : " gone"}"${w.only ? ` data-only="${w.only}"` : ""} data-tile="${w.tile}" data-left="${w.left}">${
      tileHTML(w.tile, { cls: "mini", label: "" })}<b class="left" aria-hidden="true">×${w.left}</b>${
      w.only ? `<small>${onlyWords(w.only)}</small>` : ""}</li>`)
    .join("");
  return `<div class="waits" id="waits"><span class="sr-only">${esc(waitsWords(items))}</span>
    <span class="waits-title" aria-hidden="true">${pgettext("waits", "Ready")}</span><span class="waits-on" aria-hidden="true">${gettext("wins on")}</span>
    <ul class="wait-tiles" aria-hidden="true">${tiles}</ul>
    <span class="waits-total" aria-hidden="true">${gettext("%(n)s left", { n: total })}</span></div>`;
}

export function handToolsHTML(ctx) {
  const waits = waitsHTML(ctx);
  const sort = ctx.handArranged
    ? `<button type="button" class="chip-button hand-sort" data-act="sort-hand" title="${gettext("Put your hand back in order")}">${gettext("Sort")}</button>`
    : "";
  if (!waits && !sort) return "";
  return `<div class="hand-tools">${waits}${sort}</div>`;
}
