// Hints: when the switch is on (remembered) and the table allows them (not in tournament or
// rated games), the seat's decision is weighed on the server from this seat's own view and
// shown beside the table. Fetched once per position: the version names it. Asked only for a
// choice while the game is under way: not for the Ready at a deal's end (nothing to weigh), not
// once the game is over; a question the table has moved on from is withdrawn, so a late answer
// (the game over by then: 409) never reaches the page.
import { config, state } from "./state.js";
import { gettext, serverWords } from "../i18n.js";

const NOT_CHOICES = new Set(["ready", "exchange"]);
let asking = null; // the request in flight: {version, controller}

export function hintsAllowed() {
  return !!config.hints && config.seat != null;
}

/** Why the table gives no hints (tournament or rated), said where the switch would be. */
export function hintsOffReason() {
  return config.seat != null && !config.hints ? serverWords(config.hints_off || "") : "";
}

function aChoice(v) {
  const legal = (v && v.legal_actions) || [];
  return v.viewer != null && v.phase !== "game_over" && legal.some((a) => !NOT_CHOICES.has(a.type));
}

function withdraw() {
  if (asking) asking.controller.abort();
  asking = null;
}

export async function refreshHints(render) {
  const v = state.view;
  const mine = v && state.status === "active" && aChoice(v);
  if (!state.hints || !hintsAllowed() || !mine) {
    withdraw();
    if (state.hintData) {
      state.hintData = null;
      render();
    }
    return;
  }
  const version = state.version;
  if (state.hintData && state.hintData.version === version) return;
  withdraw();
  const controller = new AbortController();
  asking = { version, controller };
  state.hintData = { version, loading: true };
  render();
  try {
    const res = await fetch(`/game/${config.game}/hints.json`, { credentials: "same-origin", signal: controller.signal });
    const data = await res.json();
    if (state.version !== version) return; // the table moved on while we asked
    state.hintData = res.ok ? { ...data, version } : { version, error: serverWords(data.error) || gettext("No hints now.") };
  } catch {
    if (controller.signal.aborted || state.version !== version) return;
    state.hintData = { version, error: gettext("The hints could not be fetched.") };
  } finally {
    if (asking && asking.controller === controller) asking = null;
  }
  render();
}
