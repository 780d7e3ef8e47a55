// Moves the table makes for the player when a comfort switch says so (Settings; prefs.js keeps
// them): auto-win declares a win whenever one is legal (self-drawn, on a discard, robbing a
// kong); auto-discard throws the tile just drawn when the turn offers nothing but discards (no
// win, no kong, no Original Call; East's first discard, with no tile drawn, is the player's); no
// calls passes a window that offers chow, pung or kong but no win. A seat with nothing to claim
// is passed by the server, never here.
//
// Each goes through actions.js's send, with the version the page has seen, once per decision
// (its version): never for a spectator, never once the game or the deal is over, never while a
// move of the player's is on its way. A short pause first lets the player see the tile drawn (a
// pass under no calls goes at once); the decision is checked again when the pause ends.
import { config, root, state } from "./state.js";
import { send } from "./actions.js";

const AUTO_DELAY_MS = 350;
const CLAIM_KINDS = new Set(["chow", "pung", "kong"]);

let doneFor = null; // the version whose decision was made here
let timer = null;

/** What the switches would send now, or null: {action, version}. */
export function plannedMove() {
  const v = state.view;
  if (!v || config.seat == null || v.viewer == null) return null; // a spectator: never
  if (state.status !== "active" || v.phase === "game_over" || v.phase === "deal_over") return null;
  if (state.pending || doneFor === state.version) return null;
  const acts = v.legal_actions || [];
  if (!acts.length) return null;
  const window = v.phase === "claim" || v.phase === "rob";
  if (window && state.answered) return null;
  const move = (action) => ({ action, version: state.version });
  const win = acts.find((a) => a.type === "win");
  if (win) return state.autoWin ? move(win) : null; // a win is the player's to take or leave
  if (window) {
    const pass = acts.find((a) => a.type === "pass");
    return state.noCalls && pass && acts.some((a) => CLAIM_KINDS.has(a.type)) ? move(pass) : null;
  }
  if (v.phase === "play" && v.turn === v.viewer && state.autoDiscard && v.drawn && !state.originalCall
      && acts.every((a) => a.type === "discard" && !a.call)) {
    const drawn = acts.find((a) => a.tile === v.drawn);
    return drawn ? move(drawn) : null;
  }
  return null;
}

/** After each frame (and a switch turned on): the move the switches make, after a short pause.
 * True when one is coming (the turn need not be signalled). */
export function autoMove() {
  clearTimeout(timer);
  const plan = plannedMove();
  // What was decided for this version, on the table for anyone checking: "pass 12", "none 13".
  root.dataset.auto = plan ? `${plan.action.type} ${plan.version}` : `none ${state.version}`;
  if (!plan) return false;
  // No calls passes at once: there is nothing to see first, and its Pass and Chow buttons
  // would flash up only to go.
  if (plan.action.type === "pass") {
    doneFor = plan.version;
    send(plan.action, true);
    return true;
  }
  timer = setTimeout(() => {
    const now = plannedMove();
    if (!now || now.version !== plan.version || JSON.stringify(now.action) !== JSON.stringify(plan.action)) return;
    doneFor = now.version;
    send(now.action, true);
  }, AUTO_DELAY_MS);
  return true;
}
