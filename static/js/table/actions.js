// Sending the player's moves: one at a time, with the version seen; and the legal moves the view
// offers. A seat with nothing to claim sends nothing: the server passes for it (its view offers
// no moves) and keeps every window open the same least time, whoever could claim.
import { state } from "./state.js";
import { showError } from "./announce.js";
import { foldRituals } from "./rituals.js";
import { toServer } from "./connection.js";
import { noteAnswer } from "./claimnotes.js";

/** `auto`: made by a comfort switch (comfort.js), not by the player's hand: the rituals shown
 * at a deal's start stay for their time. */
export function send(action, auto = false) {
  if (state.pending) return;
  const v = state.view;
  if (!v) return;
  const payload = { ...action };
  if (payload.seat == null) payload.seat = v.viewer;
  state.pending = true;
  state.lastSent = payload;
  showError(null);
  toServer({ type: "action", action: payload, version: state.version });
  if (v.phase === "claim" || v.phase === "rob") noteAnswer(payload);
  if (payload.type === "discard") state.originalCall = false;
  state.chowOpen = false;
  if (!auto && state.showRituals && !state.ritualsPinned) foldRituals();
}

export function legal(i) {
  return (state.view?.legal_actions || [])[Number(i)];
}
