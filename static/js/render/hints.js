// The hints panel: each candidate the strong bot weighs for this decision (its choice first),
// with how far the hand is from going out, the tiles that help and how many are unseen, its
// worth if it goes out and the danger of the tile; and why a complete-looking hand is no win.
import { esc, tileHTML, tileWords } from "../tiles.js";
import { gettext, ngettext, pgettext, serverWords } from "../i18n.js";

function kindWords(type) {
  return {
    discard: pgettext("hint", "Discard"), pung: pgettext("hint", "Pung"), chow: pgettext("hint", "Chow"),
    kong: pgettext("hint", "Kong"), pass: pgettext("hint", "Pass"), win: pgettext("hint", "Mahjong!"),
    concealed_kong: pgettext("hint", "Declare a kong"), promote_kong: pgettext("hint", "Add to a pung"),
    ready: pgettext("hint", "Ready"),
  }[type] || type;
}

function actionCell(a) {
  const kind = kindWords(a.type);
  const tile = a.tile || (a.tiles ? String(a.tiles).split(/\s+/)[0] : null);
  if (a.type === "discard" && a.tile) {
    return `${tileHTML(a.tile, { cls: "mini" })}<span>${kind} ${esc(tileWords(a.tile))}</span>`;
  }
  return `${tile ? tileHTML(tile, { cls: "mini" }) : ""}<span>${kind}</span>`;
}

function dangerWords(danger) {
  return { safe: pgettext("danger", "safe"), low: pgettext("danger", "low"), medium: pgettext("danger", "medium"),
    high: pgettext("danger", "high") }[danger] || danger;
}

function shantenWords(n) {
  if (n < 0) return gettext("complete");
  if (n === 0) return gettext("ready: one tile from going out");
  return ngettext("%(n)s tile from ready", "%(n)s tiles from ready", n);
}

function helpsHTML(c) {
  const tiles = Object.entries(c.effective || {});
  if (!tiles.length) return "";
  const shown = tiles.slice(0, 9).map(([t, n]) =>
    `<span class="help-tile" title="${esc(gettext("%(tile)s: %(n)s unseen", { tile: tileWords(t), n }))}">${tileHTML(t, { cls: "mini", label: "" })}<sub>${n}</sub></span>`).join("");
  const more = tiles.length > 9 ? `<span class="muted"> ${gettext("+%(n)s more", { n: tiles.length - 9 })}</span>` : "";
  const label = gettext("Tiles that help: %(tiles)s", { tiles: tiles.map(([t, n]) => `${tileWords(t)} (${n})`).join(gettext(", ")) });
  return `<div class="h-tiles" aria-label="${esc(label)}">${shown}${more}</div>`;
}

function candidateHTML(c, best) {
  return `<li class="${best ? "best" : ""}">
    <div class="h-top">${actionCell(c.action)}<span class="danger d-${esc(c.danger_class)}" title="${gettext("How likely this tile lets another player go out")}">${esc(dangerWords(c.danger_class))}</span></div>
    ${best ? `<div class="h-pick">★ ${gettext("The strong bot’s choice")}</div>` : ""}
    <div class="h-sub">${shantenWords(c.shanten)} · ${ngettext("%(n)s helpful tile unseen", "%(n)s helpful tiles unseen", c.live)} · ${
      gettext("worth about %(value)s", { value: Math.round(c.value) })}</div>
    ${helpsHTML(c)}</li>`;
}

export function hintsHTML(ctx) {
  const h = ctx.hints;
  if (!h) return "";
  let body;
  if (h.loading) body = `<p class="muted">${gettext("Weighing the choices…")}</p>`;
  else if (h.error) body = `<p class="muted">${esc(h.error)}</p>`;
  else {
    const items = (h.candidates || []).map((c, i) => candidateHTML(c, i === 0)).join("");
    const why = h.why_not_win
      ? `<p class="why-not" role="note"><b>${gettext("Why can't I win?")}</b> ${
        gettext("Your tiles make sets and a pair, but %(why)s.", { why: esc(serverWords(h.why_not_win)) })}</p>` : "";
    body = `${why}${items ? `<ol class="hint-list">${items}</ol>` : ""}`;
  }
  return `<aside class="hints" aria-label="${gettext("Hints")}" aria-live="polite"><h2>${gettext("Hints")}</h2>${body}</aside>`;
}
