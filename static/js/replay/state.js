// The replay's shared state (one mutable object, imported live by every part), the page's
// config and elements, the players' names as the replay says them, and ctx(): the renderers'
// context for the step shown.
import { gettext } from "../i18n.js";
export const config = JSON.parse(document.getElementById("replay-config").textContent);
export const root = document.getElementById("table");
export const controls = document.getElementById("replay-controls");
export const moveList = document.getElementById("move-list");
export const proofBox = document.getElementById("proof-box");
export const wallBox = document.getElementById("wall-box");

export const SPEEDS = [["0.5", 1600], ["1", 800], ["2", 400], ["4", 200]];
export const state = {
  data: null, views: null, idx: null, at: 0,
  bottom: config.viewer ?? 0, playing: false, speed: "1", timer: null, showRituals: null,
  listDeal: null, links: [], current: null,
};

export function playerName(s) {
  if (s == null) return "";
  if (s === config.viewer) return gettext("You");
  const p = config.players[s] || {};
  const twin = config.players.some((q, k) => k !== s && q && q.name === p.name);
  return twin && p.chair != null ? `${p.name} #${p.chair + 1}` : p.name || gettext("Seat %(number)s", { number: s + 1 });
}

// Words and proofs speak to the viewer as "You" (the table itself is drawn as a spectator's).
export const wordsCtx = { view: { viewer: config.viewer }, seatName: playerName, playerName };

// The renderers' context, as the live table builds it, for the view at the current step.
export function ctx() {
  const step = state.data.steps[state.at];
  // While the tiles are dealt nobody is to play yet: say so by naming no one.
  const view = step.r ? { ...state.views[state.at], turn: null } : state.views[state.at];
  const active = new Set(view.phase === "play" || view.phase === "initial_kong" ? [view.turn] : view.waiting_on || []);
  return {
    view, bottom: state.bottom, players: config.players.map((p) => ({ ...p, connected: true })),
    playerName, seatName: playerName, activeSeats: step.r ? new Set() : active,
    answered: null, originalCall: false, chowOpen: false, focusIdx: null, timer: null,
    fresh: state.stepped && step.e.some((e) => e.type === "discard") ? "discard" : null,
    now: () => Date.now(), showRituals: state.showRituals ?? step.r, ritualLog: ritualLog(),
    log: [], error: null, connected: true, status: config.finished ? "finished" : "active",
    sheet: false, gameId: config.game,
  };
}

// What the rituals panel tells: the blocks dealt and bonus tiles melded so far in this deal.
function ritualLog() {
  const where = state.idx.where[state.at];
  const deal = state.idx.deals[where.d];
  const log = { deal: deal.number, blocks: [], bonus: [] };
  for (let i = deal.first; i <= state.at; i++) {
    const step = state.data.steps[i];
    if (!step.r) break;
    for (const e of step.e) {
      if (e.type === "deal_block") log.blocks.push({ seat: e.seat, count: e.count });
      if (e.type === "bonus_melded") log.bonus.push({ seat: e.seat, tile: e.tile });
    }
  }
  return log;
}
