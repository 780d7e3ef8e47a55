// The player's own order of the concealed hand, kept while the deal lasts: tiles dragged (pointer
// events, so a finger works too) or moved with Shift and the arrow keys; kept across frames and a
// reload within the deal (sessionStorage, keyed by game and deal), dropped by Sort and by a new
// deal, which starts sorted. The tile just drawn stays apart at the right end until a discard,
// when it joins the hand where it lies; tiles the hand gains by an exchange join at the right end
// too, and tiles it loses (a discard, a claim, a kong) leave the order.
import { parseTiles, tileWords } from "../tiles.js";
import { mayExchange } from "../view.js";
import { config, root, state } from "./state.js";
import { releaseRender, render } from "./draw.js";
import { announce, showError } from "./announce.js";
import { gettext } from "../i18n.js";

const PREFIX = `mahjong-hand-${config.game}-`;
const DRAG_PX = 8; // how far a tile moves before a press becomes a drag, not a click

function storageKey(v) {
  return v && v.viewer != null && v.hand != null ? `${PREFIX}${v.deal_number}` : null;
}

function load(key) {
  try {
    const text = sessionStorage.getItem(key);
    const order = text ? JSON.parse(text) : null;
    // Another deal's orders of this game are of no more use.
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const k = sessionStorage.key(i);
      if (k && k.startsWith(PREFIX) && k !== key) sessionStorage.removeItem(k);
    }
    return Array.isArray(order) && order.every((t) => typeof t === "string") ? order : null;
  } catch {
    return null;
  }
}

function save() {
  try {
    if (state.handOrder) sessionStorage.setItem(state.handOrderKey, JSON.stringify(state.handOrder));
    else sessionStorage.removeItem(state.handOrderKey);
  } catch {
    /* storage refused: the order lasts for this page only */
  }
}

/** The kept order applied to the hand as it is now: the tiles still held in the order they were
 * put in, then any the hand gained, in the server's (sorted) order. */
function reconcile(order, hand) {
  const left = new Map();
  for (const t of hand) left.set(t, (left.get(t) || 0) + 1);
  const kept = [];
  for (const t of order) {
    if (left.get(t) > 0) {
      kept.push(t);
      left.set(t, left.get(t) - 1);
    }
  }
  for (const t of hand) {
    if (left.get(t) > 0) {
      kept.push(t);
      left.set(t, left.get(t) - 1);
    }
  }
  return kept;
}

let discarded = null; // {place, tile, version}: the tile of the hand last clicked to discard

/** The order less the copy the player clicked to discard, once a newer frame shows the discard
 * made: of two alike, the one clicked leaves, not the first one found. */
function withoutDiscarded(order) {
  const d = discarded;
  if (!d || state.version <= d.version) return order;
  discarded = null;
  return order[d.place] === d.tile ? [...order.slice(0, d.place), ...order.slice(d.place + 1)] : order;
}

/** Notes the place of the hand's tile being discarded (the drawn tile aside). */
export function discardingPlace(place, tile) {
  discarded = state.handOrder ? { place, tile, version: state.version } : null;
}

/** The hand in the order shown, the tile just drawn (if any) last and marked: [{t, drawn}]. */
export function arrangedTiles() {
  const v = state.view;
  if (!v || v.hand == null) return [];
  const key = storageKey(v);
  if (key !== state.handOrderKey) {
    state.handOrderKey = key;
    state.handOrder = key ? load(key) : null;
  }
  const hand = parseTiles(v.hand);
  let shown = hand;
  if (state.handOrder) {
    shown = reconcile(withoutDiscarded(state.handOrder), hand);
    if (shown.join(" ") !== state.handOrder.join(" ")) {
      state.handOrder = shown;
      save();
    }
  }
  const tiles = shown.map((t) => ({ t, drawn: false }));
  if (v.drawn) tiles.push({ t: v.drawn, drawn: true });
  return tiles;
}

export function handArranged() {
  return !!state.handOrder;
}

function mayArrange() {
  const v = state.view;
  if (!v || v.viewer == null || v.hand == null) return false;
  if (mayExchange(v)) {
    showError(gettext("Choose your tiles to pass first: the hand can be arranged once they are passed."));
    return false;
  }
  return true;
}

/** Moves the tile at place `from` of the hand (the drawn tile aside) to place `to`. */
export function moveTile(from, to) {
  const tiles = arrangedTiles().filter((x) => !x.drawn).map((x) => x.t);
  if (from < 0 || from >= tiles.length) return false;
  const dest = Math.max(0, Math.min(tiles.length - 1, to));
  if (dest === from) return false;
  const [t] = tiles.splice(from, 1);
  tiles.splice(dest, 0, t);
  state.handOrder = tiles;
  save();
  state.focusIdx = dest;
  render();
  return true;
}

/** The Sort control: back to the sorted order. */
export function sortHand() {
  state.handOrder = null;
  save();
  render();
  announce(gettext("Your hand is sorted."));
}

function focusPlace(i) {
  const el = root.querySelector(`.hand [data-idx="${i}"]`);
  if (!el) return;
  root.querySelectorAll(".hand button").forEach((b) => b.setAttribute("tabindex", b === el ? "0" : "-1"));
  el.focus();
}

/** Shift with an arrow key, Home or End on a tile of the hand: moves it one place, or to an end. */
export function moveByKey(tile, key) {
  if (!mayArrange()) return;
  if (tile.classList.contains("drawn")) {
    showError(gettext("The tile just drawn stays at the right until you discard; then it joins your hand."));
    return;
  }
  const from = Number(tile.dataset.idx);
  const n = root.querySelectorAll(".hand button:not(.drawn)").length;
  const to = { ArrowLeft: from - 1, ArrowUp: from - 1, ArrowRight: from + 1, ArrowDown: from + 1, Home: 0, End: n - 1 }[key];
  if (to == null || to < 0 || to >= n || !moveTile(from, to)) return;
  focusPlace(to);
  announce(gettext("%(tile)s moved to place %(place)s of %(n)s.", { tile: tileWords(tile.dataset.tile), place: to + 1, n }));
}

// ---- dragging -------------------------------------------------------------------------------

let press = null; // {id, el, from, x0, y0, dragging}
let swallowClick = false; // a drag ends in a click on the tile: it is not a discard

function places(except) {
  return [...root.querySelectorAll(".hand button:not(.drawn)")].filter((b) => b !== except);
}

/** Where the dragged tile would go: the number of other tiles whose middle lies left of x. */
function dropPlace(x, el) {
  return places(el).filter((b) => {
    const r = b.getBoundingClientRect();
    return r.left + r.width / 2 < x;
  }).length;
}

function markDrop(place, el) {
  const others = places(el);
  others.forEach((b, i) => {
    b.classList.toggle("drop-before", i === place);
    b.classList.toggle("drop-after", place === others.length && i === others.length - 1);
  });
}

function endDrag(drop) {
  const p = press;
  press = null;
  if (!p || !p.dragging) return;
  p.el.classList.remove("dragging");
  p.el.style.transform = "";
  root.querySelector(".hand")?.classList.remove("arranging");
  markDrop(-1, p.el);
  swallowClick = drop;
  state.holdRender = false;
  const n = places(null).length;
  if (drop && moveTile(p.from, p.place)) {
    announce(gettext("%(tile)s moved to place %(place)s of %(n)s.", { tile: tileWords(p.el.dataset.tile), place: p.place + 1, n }));
    focusPlace(p.place);
    state.renderOwed = false;
    return;
  }
  releaseRender();
}

export function wireHandOrder() {
  root.addEventListener("pointerdown", (ev) => {
    swallowClick = false;
    const el = ev.target.closest?.(".hand button");
    if (!el || el.classList.contains("drawn") || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    press = { id: ev.pointerId, el, from: Number(el.dataset.idx), x0: ev.clientX, y0: ev.clientY, dragging: false, place: null };
  });

  root.addEventListener("pointermove", (ev) => {
    const p = press;
    if (!p || ev.pointerId !== p.id) return;
    const dx = ev.clientX - p.x0;
    const dy = ev.clientY - p.y0;
    if (!p.dragging) {
      if (Math.abs(dx) < DRAG_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (!mayArrange()) {
        press = null;
        return;
      }
      p.dragging = true;
      state.holdRender = true; // a frame drawn now would take the tile from under the finger
      p.el.setPointerCapture?.(p.id);
      p.el.classList.add("dragging");
      root.querySelector(".hand")?.classList.add("arranging");
    }
    ev.preventDefault();
    p.el.style.transform = `translate(${dx}px, -12%)`;
    p.place = dropPlace(ev.clientX, p.el);
    markDrop(p.place, p.el);
  });

  root.addEventListener("pointerup", (ev) => {
    if (press && ev.pointerId === press.id) endDrag(true);
  });
  root.addEventListener("pointercancel", (ev) => {
    if (press && ev.pointerId === press.id) endDrag(false);
  });
  window.addEventListener("blur", () => endDrag(false));

  // The click that ends a drag is not a discard (listened for before controls.js's).
  root.addEventListener("click", (ev) => {
    if (!swallowClick) return;
    swallowClick = false;
    if (ev.target.closest?.(".hand button")) {
      ev.stopPropagation();
      ev.preventDefault();
    }
  }, true);
}
