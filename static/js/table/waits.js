// The ready indicator (render/waits.js draws it above the hand): said once to a screen reader
// each time the winning tiles change, not on every frame.
import { state } from "./state.js";
import { announce } from "./announce.js";
import { waitsLeft } from "../view.js";
import { waitsWords } from "../render/waits.js";

let said = null;

export function noteWaits() {
  const v = state.view;
  const waits = state.showWaits && v && v.viewer != null ? v.waits : null;
  const key = waits && waits.length ? `${v.deal_number}:${waits.map((w) => w.tile).join(" ")}` : null;
  if (key === said) return;
  said = key;
  if (key) announce(waitsWords(waitsLeft(v, waits)));
}
