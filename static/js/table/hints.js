// Hints: when the switch is on (remembered) and the table allows them (not in tournament
// games), the seat's decision is weighed on the server from this seat's own view and shown
// beside the table. Fetched once per position: the version names it.
import { config, state } from "./state.js";

export function hintsAllowed() {
  return !!config.hints && config.seat != null;
}

export async function refreshHints(render) {
  const v = state.view;
  const mine = v && v.viewer != null && (v.legal_actions || []).length > 0;
  if (!state.hints || !hintsAllowed() || !mine) {
    if (state.hintData) {
      state.hintData = null;
      render();
    }
    return;
  }
  const version = state.version;
  if (state.hintData && state.hintData.version === version) return;
  state.hintData = { version, loading: true };
  render();
  try {
    const res = await fetch(`/game/${config.game}/hints.json`, { credentials: "same-origin" });
    const data = await res.json();
    if (state.version !== version) return; // the table moved on while we asked
    state.hintData = res.ok ? { ...data, version } : { version, error: data.error || "No hints now." };
  } catch {
    if (state.version !== version) return;
    state.hintData = { version, error: "The hints could not be fetched." };
  }
  render();
}
