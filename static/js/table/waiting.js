// The waiting room, drawn by the server (games/table.html): when its seats or status change it
// is drawn again, but never while one of its forms is being sent (a reload would drop the
// answer, and with it the session cookie of a guest who just sat down); its Copy buttons.
import { forgetLeavingWaitingRoom, noteLeavingWaitingRoom } from "./signal.js";
import { gettext } from "../i18n.js";

let submitting = false;

export function watchWaitingRoom() {
  if (document.querySelector(".waiting-room")) forgetLeavingWaitingRoom();
  document.addEventListener("submit", () => {
    submitting = true;
  });

  document.addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-copy]");
    if (!b) return;
    const input = document.querySelector(b.dataset.copy);
    input.select();
    navigator.clipboard?.writeText(input.value).then(() => { b.textContent = gettext("Copied"); }, () => {});
  });
}

// A presence frame: reloads the room if it no longer shows the table as it is.
export function refreshWaitingRoom(frame) {
  const room = document.querySelector(".waiting-room");
  if (!room || submitting) return;
  const seated = (frame.seats || []).length;
  if (frame.status !== "open" || String(seated) !== room.dataset.seated) {
    noteLeavingWaitingRoom();
    location.reload();
  }
}

// A state frame for a game that has started while the page shows the waiting room: the page is
// reloaded for the table (unless a form is being sent). True when the frame is left at that.
export function leaveWaitingRoom(frame) {
  if (frame.status !== "open" && document.querySelector(".waiting-room")) {
    if (!submitting) {
      noteLeavingWaitingRoom();
      location.reload();
    }
    return true;
  }
  return false;
}
