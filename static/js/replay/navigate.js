// Moving through the steps: go() to a step (the address's hash and the controls at once, the
// table at the next frame), a deal back or on, playing at the chosen speed, and command(): what
// a control button or its key does.
import { hashOf } from "./steps.js";
import { SPEEDS, proofBox, root, state } from "./state.js";
import { render } from "./draw.js";
import { updateControls } from "./panel.js";

export function go(i, { updateHash = true } = {}) {
  const n = state.views.length;
  const to = Math.max(0, Math.min(n - 1, i));
  state.stepped = to === state.at + 1; // a discard stepped onto is shown landing, as live
  state.at = to;
  state.showRituals = null;
  if (updateHash) history.replaceState(null, "", hashOf(state.idx.where[state.at]));
  // Where we are is told at once; the table is drawn at the next frame, once however many
  // steps a held-down key made meanwhile.
  root.dataset.step = String(state.at);
  root.dataset.phase = state.views[state.at].phase;
  updateControls();
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(); });
}
let frame = 0;

function dealStep(delta) {
  const where = state.idx.where[state.at];
  const deals = state.idx.deals;
  if (delta < 0 && where.m > 1) return deals[where.d].first; // to the start of this deal first
  const d = Math.max(0, Math.min(deals.length - 1, where.d + delta));
  return deals[d].first;
}

export function setPlaying(on) {
  state.playing = on;
  clearInterval(state.timer);
  if (on) {
    const ms = Object.fromEntries(SPEEDS)[state.speed];
    state.timer = setInterval(() => {
      if (state.at >= state.views.length - 1) setPlaying(false);
      else go(state.at + 1);
    }, ms);
  }
  updateControls();
}

export function command(act) {
  switch (act) {
    case "start": go(0); break;
    case "end": go(state.views.length - 1); break;
    case "prev": go(state.at - 1); break;
    case "next": go(state.at + 1); break;
    case "prev-deal": go(dealStep(-1)); break;
    case "next-deal": go(dealStep(1)); break;
    case "play":
      if (!state.playing && state.at >= state.views.length - 1) go(0); // play again from the start
      setPlaying(!state.playing);
      break;
    case "proof": proofBox.scrollIntoView({ behavior: "smooth", block: "start" }); break;
    default: return false;
  }
  return true;
}
