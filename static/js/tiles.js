// Tile tokens (DESIGN.md "Tile notation") and how to show and name them: in the page's language
// (the djangojs catalogue, static/js/i18n.js; the Chinese names are the classical table's of
// games/engine/hand_names), and in English as the engine words them.
import { gettext, pgettext } from "./i18n.js";

const SUITS = { b: "Bamboo", c: "Characters", d: "Dots" };
const WINDS = { we: "East", ws: "South", ww: "West", wn: "North" };
const DRAGONS = { dr: "Red", dg: "Green", dw: "White" };
const BONUS = {
  f1: "Plum", f2: "Orchid", f3: "Chrysanthemum", f4: "Bamboo",
  s1: "Spring", s2: "Summer", s3: "Autumn", s4: "Winter",
};
export const WIND_ORDER = ["we", "ws", "ww", "wn"];
export const WIND_NAMES = ["East", "South", "West", "North"];

/** The four winds' names in the page's language ("East" ... / 东 ...), by seat. */
export function windNames() {
  return [pgettext("wind", "East"), pgettext("wind", "South"), pgettext("wind", "West"), pgettext("wind", "North")];
}

let named = null;
function localNames() {
  named = named || {
    b1: pgettext("tile", "1 Bamboo"), b2: pgettext("tile", "2 Bamboo"), b3: pgettext("tile", "3 Bamboo"),
    b4: pgettext("tile", "4 Bamboo"), b5: pgettext("tile", "5 Bamboo"), b6: pgettext("tile", "6 Bamboo"),
    b7: pgettext("tile", "7 Bamboo"), b8: pgettext("tile", "8 Bamboo"), b9: pgettext("tile", "9 Bamboo"),
    c1: pgettext("tile", "1 Characters"), c2: pgettext("tile", "2 Characters"), c3: pgettext("tile", "3 Characters"),
    c4: pgettext("tile", "4 Characters"), c5: pgettext("tile", "5 Characters"), c6: pgettext("tile", "6 Characters"),
    c7: pgettext("tile", "7 Characters"), c8: pgettext("tile", "8 Characters"), c9: pgettext("tile", "9 Characters"),
    d1: pgettext("tile", "1 Dots"), d2: pgettext("tile", "2 Dots"), d3: pgettext("tile", "3 Dots"),
    d4: pgettext("tile", "4 Dots"), d5: pgettext("tile", "5 Dots"), d6: pgettext("tile", "6 Dots"),
    d7: pgettext("tile", "7 Dots"), d8: pgettext("tile", "8 Dots"), d9: pgettext("tile", "9 Dots"),
    we: pgettext("tile", "East Wind"), ws: pgettext("tile", "South Wind"), ww: pgettext("tile", "West Wind"), wn: pgettext("tile", "North Wind"),
    dr: pgettext("tile", "Red Dragon"), dg: pgettext("tile", "Green Dragon"), dw: pgettext("tile", "White Dragon"),
    f1: pgettext("tile", "Plum (flower 1)"),
    f2: pgettext("tile", "Orchid (flower 2)"),
    f3: pgettext("tile", "Chrysanthemum (flower 3)"),
    f4: pgettext("tile", "Bamboo (flower 4)"),
    s1: pgettext("tile", "Spring (season 1)"),
    s2: pgettext("tile", "Summer (season 2)"),
    s3: pgettext("tile", "Autumn (season 3)"),
    s4: pgettext("tile", "Winter (season 4)"),
  };
  return named;
}

export function parseTiles(text) {
  if (!text) return [];
  return Array.isArray(text) ? text : text.split(/\s+/).filter(Boolean);
}

/** A player's words for a tile in the page's language: "5 Dots", "East Wind", "Red Dragon",
 *  "Plum (flower 1)"; 五筒, 东风, 红中, 梅. */
export function tileWords(t) {
  if (!t) return gettext("a hidden tile");
  return localNames()[t] ?? englishTileWords(t);
}

/** A tile's English words, as the engine writes them in the frames' English lines. */
export function englishTileWords(t) {
  if (!t) return "a hidden tile";
  if (SUITS[t[0]] && /\d/.test(t[1])) return `${t[1]} ${SUITS[t[0]]}`;
  if (WINDS[t]) return `${WINDS[t]} Wind`;
  if (DRAGONS[t]) return `${DRAGONS[t]} Dragon`;
  if (BONUS[t]) return `${BONUS[t]} (${t[0] === "f" ? "flower" : "season"} ${t[1]})`;
  return t;
}

export function tilesWords(tiles) {
  return parseTiles(tiles).map(tileWords).join(gettext(", "));
}

/** A wind's name in the page's language, from its token: "East" / 东. */
export function windName(token) {
  const i = WIND_ORDER.indexOf(token);
  return i >= 0 ? windNames()[i] : token;
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export { esc };

/**
 * One tile as HTML. `t` is a token or null for a face-down tile.
 * opts: {tag: "span"|"button", cls, attrs, label, title}
 */
export function tileHTML(t, opts = {}) {
  const tag = opts.tag || "span";
  const face = t ? `t-${t}` : "t-back";
  const label = opts.label ?? (t ? tileWords(t) : gettext("face-down tile"));
  // An empty label: the tile is drawn inside something that names it (a meld), so it is hidden.
  const hidden = opts.label === "" && tag === "span";
  const role = hidden ? ' aria-hidden="true"' : tag === "span" ? ' role="img"' : "";
  const cls = `tile ${face}${t ? "" : " back"} ${opts.cls || ""}`.trim();
  const title = opts.title === false ? "" : ` title="${esc(opts.title || label)}"`;
  const type = tag === "button" ? ' type="button"' : "";
  const named = hidden ? "" : ` aria-label="${esc(label)}"`;
  return `<${tag}${type} class="${cls}"${role}${named}${title} ${opts.attrs || ""}></${tag}>`;
}

export function tilesHTML(tiles, opts = {}) {
  return parseTiles(tiles).map((t) => tileHTML(t, opts)).join("");
}
