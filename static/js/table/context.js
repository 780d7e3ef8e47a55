// What the renderers (render/*.js) and the words (words.js) are given: the state seen from this
// page's seat, with the players' names as shown at the table.
import { windNames } from "../tiles.js";
import { config, state } from "./state.js";
import { hintsAllowed, hintsOffReason } from "./hints.js";
import { arrangedTiles, handArranged } from "./handorder.js";
import { gettext, serverWords } from "../i18n.js";

export function ctx() {
  const v = state.view;
  // After the game the view is the full review (no viewer): the player is still "You".
  const viewer = v ? (v.viewer ?? config.seat ?? null) : null;
  const playerName = (s) => {
    if (s == null) return "";
    if (s === viewer) return gettext("You");
    const p = state.players[s];
    if (!p || !p.name) return gettext("%(wind)s seat", { wind: windNames()[s] });
    // Several bots share a name: tell them apart by the order they sat down.
    const twin = state.players.some((q, k) => k !== s && q && q.name === p.name);
    return twin && p.chair != null ? `${p.name} #${p.chair + 1}` : p.name;
  };
  const active = new Set(v ? (v.phase === "play" || v.phase === "initial_kong" ? [v.turn] : v.waiting_on || []) : []);
  return {
    view: v,
    game: config.game,
    watching: state.watching,
    bottom: viewer ?? 0,
    players: state.players,
    playerName,
    seatName: playerName,
    activeSeats: active,
    answered: state.answered,
    originalCall: state.originalCall,
    chowOpen: state.chowOpen,
    exchangePicks: state.exchangePicks,
    received: state.received,
    focusIdx: state.focusIdx,
    fresh: state.fresh,
    timer: state.timer,
    now: () => Date.now(),
    showRituals: state.showRituals,
    ritualLog: state.ritualLog,
    log: state.log,
    logOpen: state.logOpen,
    markClaims: state.markClaims,
    autoRituals: state.autoRituals,
    turnSound: state.turnSound,
    // On only while the browser still allows it (the permission may be withdrawn in its settings).
    notify: state.notify && typeof Notification !== "undefined" && Notification.permission === "granted",
    canNotify: typeof Notification !== "undefined",
    settingsOpen: state.settingsOpen,
    hintsAllowed: hintsAllowed(),
    hintsOff: hintsOffReason(), // why this table has no hints switch (rated, tournament)
    hintsOn: state.hints,
    hints: state.hints && hintsAllowed() ? state.hintData : null,
    // Comfort (Settings): the switches, the ready indicator (the server's `waits`, sent only at
    // tables that give it), the hand in the player's own order.
    seated: config.seat != null,
    autoWin: state.autoWin,
    autoDiscard: state.autoDiscard,
    noCalls: state.noCalls,
    showWaits: state.showWaits,
    waitsOff: config.seat != null ? serverWords(config.ready_off || "") : "", // why this table has no indicator
    waits: state.showWaits && v && v.viewer != null ? v.waits || null : null,
    volume: state.volume,
    handTiles: v && v.viewer != null ? arrangedTiles() : null,
    handArranged: handArranged(),
    claimedTile: (owner, meld) => {
      const e = state.claims.find((c) => c.seat === owner && c.meld && c.meld.tiles === meld.tiles);
      return e ? e.tile : null;
    },
    error: state.error,
    connected: state.connected,
    status: state.status,
    replayUrl: config.replay || null,
    plotUrl: config.plot || null,
    againUrl: config.again || null,
    csrf: config.csrf || null,
    viewer,
    recordUrl: config.game != null ? `/game/${config.game}/record.json` : null,
    gameId: config.game,
  };
}
