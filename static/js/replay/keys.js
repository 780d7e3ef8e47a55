// The keyboard in the replay (arrows, Home, End, Page Up and Down, Space: the control buttons'
// own keys), and the address's hash: a permalink followed, or Back, goes to its move.
import { parseHash } from "./steps.js";
import { state } from "./state.js";
import { command, go, setPlaying } from "./navigate.js";

const KEYS = {
  ArrowRight: "next", ArrowLeft: "prev", Home: "start", End: "end",
  PageDown: "next-deal", PageUp: "prev-deal", " ": "play",
};

export function wireKeys() {
  document.addEventListener("keydown", (ev) => {
    if (!state.views || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest?.("input, textarea, select")) return;
    if (ev.key === " " && ev.target.closest?.("button, a")) return; // Space presses what has focus
    const act = KEYS[ev.key];
    if (!act) return;
    ev.preventDefault();
    if (act !== "play" && state.playing) setPlaying(false);
    command(act);
  });

  window.addEventListener("hashchange", () => {
    const i = parseHash(location.hash, state.idx.deals);
    if (i != null && i !== state.at) go(i, { updateHash: false });
  });
}
