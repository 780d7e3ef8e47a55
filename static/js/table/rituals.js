// The rituals panel (render/rituals.js draws it) and the account it shows: it opens by itself
// when a deal starts, stays while the deal is shown being dealt and a moment after, then folds
// away into the status bar's "Rituals" button (or at once when the player makes a move). Opened
// from that button, it stays until closed.
import { parseTiles } from "../tiles.js";
import { state } from "./state.js";
import { render } from "./draw.js";

const RITUALS_READING_MS = 4000;
let ritualsTimer = null;

function openRituals() {
  if (!state.autoRituals) return; // the player chose to skip them (Settings)
  // Only while a deal is being played: a page opened on a score sheet does not replay them.
  const phase = state.view ? state.view.phase : "";
  if (phase === "deal_over" || phase === "game_over") return;
  state.showRituals = true;
  state.ritualsPinned = false;
  state.ritualsShownFor = state.view ? state.view.deal_number : null; // once a deal, not per reload
  clearTimeout(ritualsTimer);
  // The count to the break, then the deal stack by stack on the board (table.css, .rituals-on).
  const dealing = 1600 + 28 * 90 + 400;
  ritualsTimer = setTimeout(() => foldRituals(), dealing + RITUALS_READING_MS);
}

// Folds the panel opened by the deal (one opened on purpose stays).
export function foldRituals() {
  clearTimeout(ritualsTimer);
  if (!state.showRituals || state.ritualsPinned) return;
  state.showRituals = false;
  render();
}

// Closes the panel however it was opened (drawn again by the caller).
export function closeRituals() {
  clearTimeout(ritualsTimer);
  state.showRituals = false;
  state.ritualsPinned = false;
}

// The status bar's "Rituals" button: opens the panel to stay, or closes it (drawn by the caller).
export function toggleRituals() {
  clearTimeout(ritualsTimer);
  state.showRituals = !state.showRituals;
  state.ritualsPinned = state.showRituals;
}

// The deal's start, its blocks and the bonus tiles melded before the first discard, for the
// panel; and the claims, for marking which tile of an exposed set was claimed.
export function trackRituals(events, mayOpen = true) {
  for (const e of events) {
    if (e.type === "claim") state.claims.push(e);
    if (e.type === "deal_start") {
      state.ritualLog = { deal: e.number, blocks: [], bonus: [] };
      state.claims = [];
      if (mayOpen) openRituals();
    } else if (e.type === "deal_block") {
      state.ritualLog.blocks.push({ seat: e.seat, count: e.count });
    } else if (e.type === "bonus_melded" && !anyDiscards()) {
      state.ritualLog.bonus.push({ seat: e.seat, tile: e.tile });
    }
  }
}

// A page opened as a deal begins (the first round of discards not yet over, a claim on one of
// them perhaps being decided) shows its rituals.
const PLAYING = new Set(["play", "initial_kong", "claim", "rob"]);
export function openIfDealJustBegun() {
  const v = state.view;
  if (v && PLAYING.has(v.phase) && discardCount() < 4 && state.ritualsShownFor !== v.deal_number) {
    openRituals();
  }
}

function discardCount() {
  const v = state.view;
  if (!v) return 0;
  return v.seats.reduce((n, s) => n + parseTiles(s.discards).length, 0) + parseTiles(v.centre || "").length;
}

function anyDiscards() {
  const v = state.view;
  return !!v && (v.seats.some((s) => s.discards && s.discards.length) || !!(v.centre && v.centre.length));
}
