// The keyboard at the table: arrow keys, Home and End within the hand; a button's own key
// (aria-keyshortcuts); Escape closes the settings, the chow choices or the rituals; and any key
// skips the rituals shown at a deal's start.
import { root, state } from "./state.js";
import { render } from "./draw.js";
import { closeRituals, foldRituals } from "./rituals.js";
import { moveByKey } from "./handorder.js";

const MOVES = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

export function wireKeys() {
  root.addEventListener("keydown", (ev) => {
    const tile = ev.target.closest?.(".hand button");
    if (tile && ev.shiftKey && MOVES.has(ev.key)) { // Shift: the tile moves, not the focus
      ev.preventDefault();
      moveByKey(tile, ev.key);
      return;
    }
    if (tile) {
      const tiles = [...root.querySelectorAll(".hand button")];
      let i = tiles.indexOf(tile);
      if (ev.key === "ArrowRight" || ev.key === "ArrowDown") i = Math.min(tiles.length - 1, i + 1);
      else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") i = Math.max(0, i - 1);
      else if (ev.key === "Home") i = 0;
      else if (ev.key === "End") i = tiles.length - 1;
      else return;
      ev.preventDefault();
      tiles.forEach((b, k) => b.setAttribute("tabindex", k === i ? "0" : "-1"));
      state.focusIdx = i;
      tiles[i].focus();
    }
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // Any key skips the rituals shown at a deal's start (not when opened on purpose).
    if (state.showRituals && !state.ritualsPinned && !["Shift", "Tab"].includes(ev.key)) foldRituals();
    if (ev.target.closest?.("input, textarea, select") && !(ev.key === "Escape" && state.settingsOpen)) return;
    const key = ev.key.toUpperCase();
    const btn = root.querySelector(`button[aria-keyshortcuts="${key}"]`);
    if (btn) {
      ev.preventDefault();
      btn.click();
    } else if (ev.key === "Escape" && state.settingsOpen) {
      state.settingsOpen = false;
      render();
      root.querySelector('[data-act="settings"]')?.focus();
    } else if (ev.key === "Escape" && state.chowOpen) {
      state.chowOpen = false;
      render();
    } else if (ev.key === "Escape" && state.showRituals) {
      closeRituals();
      render();
    }
  });
}
