// Sending the player's moves: one at a time, with the version seen; the legal moves the view
// offers; and the pass sent for a seat that has nothing to claim.
import { nothingToClaim } from "../render/prompt.js";
import { state } from "./state.js";
import { showError } from "./announce.js";
import { foldRituals } from "./rituals.js";
import { toServer } from "./connection.js";
import { noteAnswer, notePassSent } from "./claimnotes.js";

export function send(action) {
  if (state.pending) return;
  const v = state.view;
  if (!v) return;
  const payload = { ...action };
  if (payload.seat == null) payload.seat = v.viewer;
  state.pending = true;
  state.lastSent = payload;
  if (!(payload.type === "pass" && state.quiet)) state.quiet = false;
  showError(null);
  toServer({ type: "action", action: payload, version: state.version });
  if (v.phase === "claim" || v.phase === "rob") noteAnswer(payload);
  if (payload.type === "discard") state.originalCall = false;
  state.chowOpen = false;
  // A move folds the rituals away; the pass sent for a seat with nothing to claim is no move.
  if (state.showRituals && !state.ritualsPinned && !state.quiet) foldRituals();
}

export function legal(i) {
  return (state.view?.legal_actions || [])[Number(i)];
}

// A seat that can only pass is shown no buttons. Where other people sit at the table the pass
// is sent for it, so that nobody waits out a window on a seat that had nothing to decide (alone
// with bots, the server already passes for it).
let autoPassed = -1;
export function passIfNothingToClaim() {
  const v = state.view;
  if (!nothingToClaim(v) || state.answered || autoPassed === state.version) return;
  const humans = state.players.filter((p) => p && p.name && !p.bot).length;
  if (humans <= 1) return;
  const i = (v.legal_actions || []).findIndex((a) => a.type === "pass");
  if (i < 0) return;
  autoPassed = state.version;
  state.quiet = true;
  send(v.legal_actions[i]);
  notePassSent();
}
