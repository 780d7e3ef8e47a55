// The server's frames (docs/protocol.md), applied to the state: a whole state, an update from
// the version before, the rest of a deal's log, presence, and the answers to a move sent.
import { eventWords } from "../words.js";
import { mayExchange } from "../view.js";
import { logEntries, trimLog } from "../render/log.js";
import { state } from "./state.js";
import { ctx } from "./context.js";
import { render, renderSoon } from "./draw.js";
import { announce, fadeRefusal, showError } from "./announce.js";
import { markReceived, syncExchange } from "./exchange.js";
import { openIfDealJustBegun, trackRituals } from "./rituals.js";
import { leaveWaitingRoom, refreshWaitingRoom } from "./waiting.js";
import { toServer } from "./connection.js";
import { signalTurn } from "./signal.js";
import { explainLostClaim, forgetAnswer, noteAnswer, notePassGiven } from "./claimnotes.js";
import { refreshHints } from "./hints.js";
import { autoMove } from "./comfort.js";
import { noteWaits } from "./waits.js";
import { gettext } from "../i18n.js";

function setPlayers(seats) {
  if (!Array.isArray(seats)) return;
  const players = [{}, {}, {}, {}];
  for (const s of seats) {
    const pos = s.seat ?? s.position;
    if (pos != null && pos >= 0 && pos < 4) players[pos] = s;
  }
  state.players = players;
  state.seatsInfo = seats;
}

function onState(frame) {
  if (leaveWaitingRoom(frame)) return;
  state.status = frame.status;
  if (frame.seats) setPlayers(frame.seats);
  if (typeof frame.watching === "number") state.watching = frame.watching;
  state.version = frame.version;
  state.view = frame.view;
  state.timer = frame.timer;
  state.answered = frame.answer || null;
  state.pending = false;
  state.originalCall = false;
  noteAnswer(frame.answer);
  syncExchange();
  if (state.view && Array.isArray(frame.events)) {
    state.claims = [];
    // A whole deal resent (a reload, a sync): its rituals open only if it has barely begun (below).
    trackRituals(frame.events, false);
    // The server sends the whole deal so far: the log is rebuilt from it, as it was seen live.
    state.log = trimLog(logEntries(frame.events, ctx()));
  }
  fadeRefusal();
  openIfDealJustBegun();
  render();
  refreshHints(render);
  signalTurn([], autoMove());
  noteWaits();
}

// The rest of a state's deal history, when it did not fit in the state frame itself.
function onLog(frame) {
  if (frame.version !== state.version || !Array.isArray(frame.events)) return;
  trackRituals(frame.events, false);
  state.log.push(...logEntries(frame.events, ctx()));
  trimLog(state.log);
  render();
}

function onUpdate(frame) {
  if (frame.version <= state.version) return; // already seen
  if (frame.from !== state.version) {
    // A gap: we missed a frame. The view is the truth, so ask for the whole state again.
    toServer({ type: "sync" });
    return;
  }
  const events = frame.events || [];
  state.status = frame.status;
  state.version = frame.version;
  const before = state.view;
  state.view = frame.view;
  state.timer = frame.timer;
  state.pending = false;
  if (!before || before.phase !== frame.view.phase || (frame.view.claim == null)) state.answered = null;
  if (frame.view.phase !== "claim") state.chowOpen = false;
  syncExchange();
  markReceived(events);
  const c = ctx();
  fadeRefusal();
  trackRituals(events);
  state.fresh = events.some((e) => e.type === "discard") ? "discard" : null;
  // A new deal starts a new log: the old deal's moves are on its score sheet.
  const fresh = events.findIndex((e) => e.type === "deal_start");
  if (fresh >= 0) state.log = [];
  notePassGiven(events, before);
  for (const [k, e] of events.entries()) {
    const words = eventWords(e, c);
    if (words) announce(words);
    if (k >= Math.max(0, fresh)) state.log.push(...logEntries([e], c));
  }
  explainLostClaim(events, c);
  trimLog(state.log);
  if (!(frame.view.legal_actions || []).some((a) => a.type === "discard" && a.call)) state.originalCall = false;
  renderSoon();
  refreshHints(render);
  signalTurn(events, autoMove());
  noteWaits();
}

export function onMessage(msg) {
  switch (msg.type) {
    case "state":
      onState(msg);
      break;
    case "update":
      onUpdate(msg);
      break;
    case "log":
      onLog(msg);
      break;
    case "presence":
      setPlayers(msg.seats);
      if (msg.status) state.status = msg.status;
      if (typeof msg.watching === "number") state.watching = msg.watching;
      refreshWaitingRoom(msg);
      render();
      break;
    case "ack":
      state.pending = false;
      state.retried = 0;
      if (msg.status === "answered") {
        state.answered = state.lastSent || true;
        render();
        signalTurn();
      }
      break;
    case "answered":
      state.answered = msg.answer || true;
      noteAnswer(msg.answer);
      render();
      signalTurn();
      break;
    case "error":
      state.pending = false;
      // Exchanges are chosen by all four at once: another seat's choice may have moved the
      // game on since this one was made; the same tiles are still ours to pass, so send again.
      if (msg.code === "stale" && state.lastSent?.type === "exchange" && mayExchange(state.view) && msg.version != null && msg.version > state.version && (state.retried || 0) < 3) {
        state.retried = (state.retried || 0) + 1;
        state.pending = true;
        toServer({ type: "action", action: state.lastSent, version: msg.version });
        break;
      }
      if (state.lastSent && state.lastSent.type !== "pass") forgetAnswer();
      showError(msg.message || gettext("That was refused."));
      announce(msg.message);
      if (msg.code === "stale" || msg.code === "not_your_turn") toServer({ type: "sync" });
      render();
      break;
    case "notice":
      // A challenge to this person, or news of theirs (docs/people.md): notices.js, on every
      // page, asks for it now instead of at its next poll.
      window.dispatchEvent(new CustomEvent("mahjong-notice", { detail: { about: msg.about } }));
      break;
    default:
      break;
  }
}
