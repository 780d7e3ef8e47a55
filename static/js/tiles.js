// Tile tokens (DESIGN.md "Tile notation") and how to show and name them.

const SUITS = { b: "Bamboo", c: "Characters", d: "Dots" };
const WINDS = { we: "East", ws: "South", ww: "West", wn: "North" };
const DRAGONS = { dr: "Red", dg: "Green", dw: "White" };
const BONUS = {
  f1: "Plum", f2: "Orchid", f3: "Chrysanthemum", f4: "Bamboo",
  s1: "Spring", s2: "Summer", s3: "Autumn", s4: "Winter",
};
export const WIND_ORDER = ["we", "ws", "ww", "wn"];
export const WIND_NAMES = ["East", "South", "West", "North"];

export function parseTiles(text) {
  if (!text) return [];
  return Array.isArray(text) ? text : text.split(/\s+/).filter(Boolean);
}

/** A player's words for a tile: "5 Dots", "East Wind", "Red Dragon", "Plum (flower 1)". */
export function tileWords(t) {
  if (!t) return "a hidden tile";
  if (SUITS[t[0]] && /\d/.test(t[1])) return `${t[1]} ${SUITS[t[0]]}`;
  if (WINDS[t]) return `${WINDS[t]} Wind`;
  if (DRAGONS[t]) return `${DRAGONS[t]} Dragon`;
  if (BONUS[t]) return `${BONUS[t]} (${t[0] === "f" ? "flower" : "season"} ${t[1]})`;
  return t;
}

export function tilesWords(tiles) {
  return parseTiles(tiles).map(tileWords).join(", ");
}

export function windName(token) {
  return WINDS[token] || token;
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
  const label = opts.label ?? (t ? tileWords(t) : "face-down tile");
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
