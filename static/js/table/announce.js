// What the page tells the player outside the table's drawing: the screen reader's live region
// (#announcer) and the box that shows a refusal or a mistake (#refusal), faded once the table
// moves on.
import { state } from "./state.js";

const live = document.createElement("div");
live.className = "sr-only";
live.id = "announcer";
live.setAttribute("aria-live", "polite");
live.setAttribute("aria-atomic", "false");
document.body.appendChild(live);

const alertBox = document.createElement("div");
alertBox.className = "refusal";
alertBox.id = "refusal";
alertBox.setAttribute("role", "alert");
document.body.appendChild(alertBox);

let hideTimer = null;

export function announce(text) {
  if (!text) return;
  const p = document.createElement("p");
  p.textContent = text;
  live.appendChild(p);
  while (live.childNodes.length > 6) live.removeChild(live.firstChild);
}

export function showError(message) {
  state.error = message;
  alertBox.textContent = message || "";
  alertBox.classList.toggle("shown", !!message);
  clearTimeout(hideTimer);
  if (message) hideTimer = setTimeout(() => showError(null), 3500);
}

// A refusal answers one attempt: once the table moves on it no longer applies, so it fades.
export function fadeRefusal() {
  if (!state.error) return;
  alertBox.classList.add("fading");
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    alertBox.classList.remove("fading");
    showError(null);
  }, 400);
}
