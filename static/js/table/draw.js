// Drawing the table from the state: each part whose HTML changed (render/layout.js; the focus
// moved to the same control when its part was drawn anew, the score sheet given it as it
// opens), and the claim or turn countdown ticking between frames.
import { forgetDrawn, renderTable, renderCountdown } from "../render/layout.js";
import { root, state } from "./state.js";
import { ctx } from "./context.js";

let soon = 0; // an animation frame asked for by renderSoon
let soonTimer = 0;

/** Draw before the next paint: a burst of frames (bots moving quickly, a catch-up after a
 * slow moment) is drawn once, as it stands, instead of once per frame. A hidden page gets no
 * animation frames, so it is drawn within 100 ms all the same. */
export function renderSoon() {
  if (soon || soonTimer) return;
  soon = requestAnimationFrame(render);
  soonTimer = setTimeout(render, 100);
}

export function render() {
  if (soon) { cancelAnimationFrame(soon); soon = 0; }
  if (soonTimer) { clearTimeout(soonTimer); soonTimer = 0; }
  // A drag under way (a tile of the hand, the volume slider) keeps its element: the table is
  // drawn again once it ends.
  if (state.holdRender) {
    state.renderOwed = true;
    return;
  }
  state.renderOwed = false;
  const active = document.activeElement;
  let keep = null;
  if (active && root.contains(active)) {
    if (active.closest(".sheet")) keep = active.matches(".act.ready") ? ".sheet .act.ready" : null;
    else if (active.dataset.idx != null) keep = `.hand [data-idx="${active.dataset.idx}"]`;
    else if (active.dataset.act) keep = `[data-act="${active.dataset.act}"]`;
    else if (active.dataset.ai != null) keep = "hand";
  }
  const sheetBefore = !!root.querySelector(".sheet");
  renderTable(root, ctx());
  const v = state.view;
  root.dataset.phase = v ? v.phase : state.status || "";
  root.dataset.version = String(state.version);
  root.dataset.legal = v ? [...new Set((v.legal_actions || []).map((a) => a.type))].join(" ") : "";
  state.fresh = null;
  if (keep && !active.isConnected) { // its part was drawn anew: the same control takes the focus
    let el = keep === "hand" ? null : root.querySelector(keep);
    if (!el) el = root.querySelector('.hand [tabindex="0"]') || root.querySelector(".actions button");
    if (!el && keep.startsWith(".hand")) el = root.querySelector(".hand button:last-child");
    if (el) el.focus({ preventScroll: true });
  }
  // The score sheet takes the focus when it opens (its Next deal, else its title), and gives it
  // back to the hand when the next deal starts.
  const sheet = root.querySelector(".sheet");
  if (sheet && !sheetBefore) {
    (sheet.querySelector(".act.ready") || sheet.querySelector("h2")).focus({ preventScroll: true });
  } else if (sheet && !sheet.contains(document.activeElement) && !root.contains(document.activeElement)) {
    const ready = sheet.querySelector(".act.ready");
    if (ready && document.activeElement === document.body) ready.focus({ preventScroll: true });
  } else if (!sheet && sheetBefore) {
    const el = root.querySelector('.hand [tabindex="0"]') || root.querySelector(".hand button");
    if (el) el.focus({ preventScroll: true });
  }
}

/** A drag has ended: the table is drawn if frames came meanwhile. */
export function releaseRender() {
  state.holdRender = false;
  forgetDrawn(root); // the drag moved the hand's elements by hand
  state.renderOwed = true;
  if (state.renderOwed) render();
}

export function startCountdown() {
  setInterval(() => {
    if (state.timer) renderCountdown(root, ctx());
  }, 250);
}
