// The live table: reads the page's config, keeps one WebSocket to the game (docs/protocol.md),
// renders each view the server sends, and sends the player's actions with the version seen.
import { eventWords } from "./words.js";
import { Connection } from "./socket.js";
import { parseTiles } from "./tiles.js";
import { renderTable, renderCountdown } from "./render/layout.js";
import { nothingToClaim } from "./render/prompt.js";
import { EXCHANGE_COUNT, mayExchange } from "./render/exchange.js";
import { logEntries, trimLog } from "./render/log.js";

// Table settings kept in this browser.
function readPref(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v == null ? fallback : v === "1";
  } catch {
    return fallback;
  }
}

function writePref(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

const config = JSON.parse(document.getElementById("table-config")?.textContent || "{}");
const root = document.getElementById("table");

const state = {
  status: config.status,
  version: -1,
  view: null,
  timer: null,
  players: [{}, {}, {}, {}],
  watching: 0, // how many spectators' sockets are open at this table
  answered: null,
  pending: false,
  originalCall: false,
  chowOpen: false,
  // A Goulash exchange: the places in the hand chosen to pass (for the round named by the key),
  // and the tiles just received, marked in the hand for a moment.
  exchangePicks: [],
  exchangeKey: null,
  received: [],
  focusIdx: null,
  fresh: null,
  showRituals: false,
  ritualsPinned: false,
  ritualLog: { deal: null, blocks: [], bonus: [] },
  log: [],
  claims: [], // this deal's claim events: which tile of each exposed set was claimed
  markClaims: readPref("mahjong-mark-claims", true),
  autoRituals: readPref("mahjong-auto-rituals", true),
  settingsOpen: false,
  // The log starts open where there is room for it beside the table, folded on small screens.
  logOpen: window.matchMedia("(min-width: 1100px)").matches,
  error: null,
  connected: false,
};

// ----------------------------------------------------------------- context for the renderers
function ctx() {
  const v = state.view;
  // After the game the view is the full review (no viewer): the player is still "You".
  const viewer = v ? (v.viewer ?? config.seat ?? null) : null;
  const playerName = (s) => {
    if (s == null) return "";
    if (s === viewer) return "You";
    const p = state.players[s];
    if (!p || !p.name) return ["East", "South", "West", "North"][s] + " seat";
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
    settingsOpen: state.settingsOpen,
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

// ----------------------------------------------------------------- announcing
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

function announce(text) {
  if (!text) return;
  const p = document.createElement("p");
  p.textContent = text;
  live.appendChild(p);
  while (live.childNodes.length > 6) live.removeChild(live.firstChild);
}

function showError(message) {
  state.error = message;
  alertBox.textContent = message || "";
  alertBox.classList.toggle("shown", !!message);
  clearTimeout(showError.t);
  if (message) showError.t = setTimeout(() => showError(null), 3500);
}

// A refusal answers one attempt: once the table moves on it no longer applies, so it fades.
function fadeRefusal() {
  if (!state.error) return;
  alertBox.classList.add("fading");
  clearTimeout(showError.t);
  showError.t = setTimeout(() => {
    alertBox.classList.remove("fading");
    showError(null);
  }, 400);
}

// A seat that can only pass is shown no buttons. Where other people sit at the table the pass
// is sent for it, so that nobody waits out a window on a seat that had nothing to decide (alone
// with bots, the server already passes for it).
let autoPassed = -1;
function passIfNothingToClaim() {
  const v = state.view;
  if (!nothingToClaim(v) || state.answered || autoPassed === state.version) return;
  const humans = state.players.filter((p) => p && p.name && !p.bot).length;
  if (humans <= 1) return;
  const i = (v.legal_actions || []).findIndex((a) => a.type === "pass");
  if (i < 0) return;
  autoPassed = state.version;
  state.quiet = true;
  send(v.legal_actions[i]);
}

// A new exchange round (or none) starts with nothing chosen.
function syncExchange() {
  const v = state.view;
  const key = v && v.phase === "exchange" && v.exchange ? `${v.deal_number}:${v.exchange.round}` : null;
  if (key !== state.exchangeKey) {
    state.exchangeKey = key;
    state.exchangePicks = [];
  }
}

const RECEIVED_MARK_MS = 4000;
let receivedTimer = null;

function markReceived(events) {
  const mine = events.filter((e) => e.type === "exchange_received" && e.tiles);
  if (!mine.length) return;
  state.received = parseTiles(mine[mine.length - 1].tiles);
  clearTimeout(receivedTimer);
  receivedTimer = setTimeout(() => {
    state.received = [];
    render();
  }, RECEIVED_MARK_MS);
}

function toggleExchangePick(idx) {
  const picks = state.exchangePicks;
  const at = picks.indexOf(idx);
  if (at >= 0) {
    picks.splice(at, 1);
  } else if (picks.length >= EXCHANGE_COUNT) {
    showError(`You have chosen ${EXCHANGE_COUNT} tiles: click one of them to put it back first.`);
    announce(`You have already chosen ${EXCHANGE_COUNT} tiles.`);
    return;
  } else {
    picks.push(idx);
  }
  showError(null);
  render();
}

function sendExchange() {
  const v = state.view;
  if (!mayExchange(v)) return;
  if (state.exchangePicks.length !== EXCHANGE_COUNT) {
    showError(`Choose ${EXCHANGE_COUNT} tiles in your hand to pass (${state.exchangePicks.length} chosen so far).`);
    return;
  }
  const tiles = [...root.querySelectorAll(".hand button")];
  const chosen = state.exchangePicks.map((i) => tiles[i]?.dataset.tile).filter(Boolean);
  if (chosen.length !== EXCHANGE_COUNT) return;
  send({ type: "exchange", tiles: chosen.join(" ") });
}

// ----------------------------------------------------------------- applying server frames
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

// The rituals panel opens by itself when a deal starts, stays while the deal is shown being
// dealt and a moment after, then folds away into the status bar's "Rituals" button (or at once
// when the player makes a move). Opened from that button, it stays until closed.
const RITUALS_READING_MS = 4000;
let ritualsTimer = null;

function openRituals() {
  if (!state.autoRituals) return; // the player chose to skip them (Settings)
  // Only while a deal is being played: a page opened on a score sheet does not replay them.
  const phase = state.view ? state.view.phase : "";
  if (phase === "deal_over" || phase === "game_over") return;
  state.showRituals = true;
  state.ritualsPinned = false;
  state.ritualsShownFor = state.view ? state.view.deal_number : null; // once a deal, not per reload
  clearTimeout(ritualsTimer);
  // The count to the break, then the deal stack by stack on the board (table.css, .rituals-on).
  const dealing = 1600 + 28 * 90 + 400;
  ritualsTimer = setTimeout(() => foldRituals(), dealing + RITUALS_READING_MS);
}

function foldRituals() {
  clearTimeout(ritualsTimer);
  if (!state.showRituals || state.ritualsPinned) return;
  state.showRituals = false;
  render();
}

function trackRituals(events, mayOpen = true) {
  for (const e of events) {
    if (e.type === "claim") state.claims.push(e);
    if (e.type === "deal_start") {
      state.ritualLog = { deal: e.number, blocks: [], bonus: [] };
      state.claims = [];
      if (mayOpen) openRituals();
    } else if (e.type === "deal_block") {
      state.ritualLog.blocks.push({ seat: e.seat, count: e.count });
    } else if (e.type === "bonus_melded" && !anyDiscards()) {
      state.ritualLog.bonus.push({ seat: e.seat, tile: e.tile });
    }
  }
}

function discardCount() {
  const v = state.view;
  if (!v) return 0;
  return v.seats.reduce((n, s) => n + parseTiles(s.discards).length, 0) + parseTiles(v.centre || "").length;
}

function anyDiscards() {
  const v = state.view;
  return !!v && (v.seats.some((s) => s.discards && s.discards.length) || !!(v.centre && v.centre.length));
}

// The waiting room is drawn by the server; when its seats or status change, draw it again,
// but never while one of its forms is being sent (a reload would drop the answer, and with it
// the session cookie of a guest who just sat down).
let submitting = false;
document.addEventListener("submit", () => {
  submitting = true;
});

function refreshWaitingRoom(frame) {
  const room = document.querySelector(".waiting-room");
  if (!room || submitting) return;
  const seated = (frame.seats || []).length;
  if (frame.status !== "open" || String(seated) !== room.dataset.seated) location.reload();
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-copy]");
  if (!b) return;
  const input = document.querySelector(b.dataset.copy);
  input.select();
  navigator.clipboard?.writeText(input.value).then(() => { b.textContent = "Copied"; }, () => {});
});

function onState(frame) {
  if (frame.status !== "open" && document.querySelector(".waiting-room")) {
    if (!submitting) location.reload();
    return;
  }
  state.status = frame.status;
  if (frame.seats) setPlayers(frame.seats);
  if (typeof frame.watching === "number") state.watching = frame.watching;
  state.version = frame.version;
  state.view = frame.view;
  state.timer = frame.timer;
  state.answered = frame.answer || null;
  state.pending = false;
  state.originalCall = false;
  syncExchange();
  if (state.view && Array.isArray(frame.events)) {
    state.claims = [];
    // A whole deal resent (a reload, a sync): its rituals open only if it has barely begun (below).
    trackRituals(frame.events, false);
    // The server sends the whole deal so far: the log is rebuilt from it, as it was seen live.
    state.log = trimLog(logEntries(frame.events, ctx()));
  }
  fadeRefusal();
  // A page opened as a deal begins (the first round of discards not yet over) shows its rituals.
  const v = state.view;
  if (v && (v.phase === "play" || v.phase === "initial_kong") && discardCount() < 4 && state.ritualsShownFor !== v.deal_number) {
    openRituals();
  }
  render();
  passIfNothingToClaim();
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
    conn.send({ type: "sync" });
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
  for (const [k, e] of events.entries()) {
    const words = eventWords(e, c);
    if (words) announce(words);
    if (k >= Math.max(0, fresh)) state.log.push(...logEntries([e], c));
  }
  trimLog(state.log);
  if (!(frame.view.legal_actions || []).some((a) => a.type === "discard" && a.call)) state.originalCall = false;
  render();
  passIfNothingToClaim();
}

function onMessage(msg) {
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
      state.quiet = false;
      state.retried = 0;
      if (msg.status === "answered") {
        state.answered = state.lastSent || true;
        render();
      }
      break;
    case "answered":
      state.answered = msg.answer || true;
      render();
      break;
    case "error":
      state.pending = false;
      if (state.quiet) {
        // The pass sent for a seat with nothing to claim came too late: nothing to tell.
        state.quiet = false;
        conn.send({ type: "sync" });
        break;
      }
      // Exchanges are chosen by all four at once: another seat's choice may have moved the
      // game on since this one was made; the same tiles are still ours to pass, so send again.
      if (msg.code === "stale" && state.lastSent?.type === "exchange" && mayExchange(state.view) && msg.version != null && msg.version > state.version && (state.retried || 0) < 3) {
        state.retried = (state.retried || 0) + 1;
        state.pending = true;
        conn.send({ type: "action", action: state.lastSent, version: msg.version });
        break;
      }
      showError(msg.message || "That was refused.");
      announce(msg.message);
      if (msg.code === "stale" || msg.code === "not_your_turn") conn.send({ type: "sync" });
      render();
      break;
    default:
      break;
  }
}

// ----------------------------------------------------------------- sending actions
function send(action) {
  if (state.pending) return;
  const v = state.view;
  if (!v) return;
  const payload = { ...action };
  if (payload.seat == null) payload.seat = v.viewer;
  state.pending = true;
  state.lastSent = payload;
  if (!(payload.type === "pass" && state.quiet)) state.quiet = false;
  showError(null);
  conn.send({ type: "action", action: payload, version: state.version });
  if (payload.type === "discard") state.originalCall = false;
  state.chowOpen = false;
  // A move folds the rituals away; the pass sent for a seat with nothing to claim is no move.
  if (state.showRituals && !state.ritualsPinned && !state.quiet) foldRituals();
}

function legal(i) {
  return (state.view?.legal_actions || [])[Number(i)];
}

// ----------------------------------------------------------------- rendering, focus kept
function render() {
  const active = document.activeElement;
  let keep = null;
  if (active && root.contains(active)) {
    if (active.closest(".sheet")) keep = active.matches(".act.ready") ? ".sheet .act.ready" : null;
    else if (active.dataset.idx != null) keep = `.hand [data-idx="${active.dataset.idx}"]`;
    else if (active.dataset.act) keep = `[data-act="${active.dataset.act}"]`;
    else if (active.dataset.ai != null) keep = "hand";
  }
  const sheetBefore = !!root.querySelector(".sheet");
  renderTable(root, ctx());
  const v = state.view;
  root.dataset.phase = v ? v.phase : state.status || "";
  root.dataset.version = String(state.version);
  root.dataset.legal = v ? [...new Set((v.legal_actions || []).map((a) => a.type))].join(" ") : "";
  state.fresh = null;
  if (keep) {
    let el = keep === "hand" ? null : root.querySelector(keep);
    if (!el) el = root.querySelector('.hand [tabindex="0"]') || root.querySelector(".actions button");
    if (!el && keep.startsWith(".hand")) el = root.querySelector(".hand button:last-child");
    if (el) el.focus({ preventScroll: true });
  }
  // The score sheet takes the focus when it opens (its Next deal, else its title), and gives it
  // back to the hand when the next deal starts.
  const sheet = root.querySelector(".sheet");
  if (sheet && !sheetBefore) {
    (sheet.querySelector(".act.ready") || sheet.querySelector("h2")).focus({ preventScroll: true });
  } else if (sheet && !sheet.contains(document.activeElement) && !root.contains(document.activeElement)) {
    const ready = sheet.querySelector(".act.ready");
    if (ready && document.activeElement === document.body) ready.focus({ preventScroll: true });
  } else if (!sheet && sheetBefore) {
    const el = root.querySelector('.hand [tabindex="0"]') || root.querySelector(".hand button");
    if (el) el.focus({ preventScroll: true });
  }
}

setInterval(() => {
  if (state.timer) renderCountdown(root, ctx());
}, 250);

// ----------------------------------------------------------------- input
root.addEventListener("click", (ev) => {
  const tile = ev.target.closest(".hand button");
  if (tile) {
    state.focusIdx = Number(tile.dataset.idx);
    if (mayExchange(state.view)) {
      if (!state.pending) toggleExchangePick(Number(tile.dataset.idx));
      return;
    }
    if (tile.getAttribute("aria-disabled") === "true") {
      const v = state.view;
      const mine = v && v.turn === v.viewer && v.phase === "play";
      showError(mine && state.originalCall
        ? "With an Original Call you may discard only a tile that keeps your hand calling."
        : mine ? "You cannot discard that tile now." : "It is not your turn to discard.");
      return;
    }
    const t = tile.dataset.tile;
    const a = (state.view.legal_actions || []).find(
      (x) => x.type === "discard" && x.tile === t && !!x.call === !!state.originalCall,
    );
    if (a) send(a);
    return;
  }
  const btn = ev.target.closest("button");
  if (!btn || !root.contains(btn)) return;
  if (btn.dataset.ai != null) {
    const a = legal(btn.dataset.ai);
    if (a) send(a);
    return;
  }
  switch (btn.dataset.act) {
    case "exchange":
      sendExchange();
      break;
    case "chow-menu":
      state.chowOpen = !state.chowOpen;
      render();
      root.querySelector(".chow-choices button")?.focus();
      break;
    case "original-call":
      state.originalCall = !state.originalCall;
      render();
      break;
    case "hide-rituals":
      clearTimeout(ritualsTimer);
      state.showRituals = false;
      state.ritualsPinned = false;
      render();
      root.querySelector('[data-act="show-rituals"]')?.focus();
      break;
    case "settings":
      state.settingsOpen = !state.settingsOpen;
      render();
      break;
    case "mark-claims":
      state.markClaims = !state.markClaims;
      writePref("mahjong-mark-claims", state.markClaims);
      render();
      break;
    case "auto-rituals":
      state.autoRituals = !state.autoRituals;
      writePref("mahjong-auto-rituals", state.autoRituals);
      render();
      break;
    case "show-rituals":
      clearTimeout(ritualsTimer);
      state.showRituals = !state.showRituals;
      state.ritualsPinned = state.showRituals;
      render();
      // Below the wide layout the account lies under the table: bring it into view.
      if (state.showRituals) root.querySelector(".rituals")?.scrollIntoView({ block: "nearest" });
      break;
    default:
      break;
  }
});

// A click anywhere else closes the settings panel.
document.addEventListener("click", (ev) => {
  if (state.settingsOpen && !ev.target.closest?.(".settings-wrap")) {
    state.settingsOpen = false;
    render();
  }
});

// The log's fold is kept across redraws (toggle does not bubble: listen while capturing).
root.addEventListener("toggle", (ev) => {
  if (ev.target.id === "move-log") state.logOpen = ev.target.open;
}, true);

root.addEventListener("keydown", (ev) => {
  const tile = ev.target.closest?.(".hand button");
  if (tile) {
    const tiles = [...root.querySelectorAll(".hand button")];
    let i = tiles.indexOf(tile);
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") i = Math.min(tiles.length - 1, i + 1);
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") i = Math.max(0, i - 1);
    else if (ev.key === "Home") i = 0;
    else if (ev.key === "End") i = tiles.length - 1;
    else return;
    ev.preventDefault();
    tiles.forEach((b, k) => b.setAttribute("tabindex", k === i ? "0" : "-1"));
    state.focusIdx = i;
    tiles[i].focus();
  }
});

document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  // Any key skips the rituals shown at a deal's start (not when opened on purpose).
  if (state.showRituals && !state.ritualsPinned && !["Shift", "Tab"].includes(ev.key)) foldRituals();
  if (ev.target.closest?.("input, textarea, select")) return;
  const key = ev.key.toUpperCase();
  const btn = root.querySelector(`button[aria-keyshortcuts="${key}"]`);
  if (btn) {
    ev.preventDefault();
    btn.click();
  } else if (ev.key === "Escape" && state.settingsOpen) {
    state.settingsOpen = false;
    render();
    root.querySelector('[data-act="settings"]')?.focus();
  } else if (ev.key === "Escape" && state.chowOpen) {
    state.chowOpen = false;
    render();
  } else if (ev.key === "Escape" && state.showRituals) {
    clearTimeout(ritualsTimer);
    state.showRituals = false;
    state.ritualsPinned = false;
    render();
  }
});

// ----------------------------------------------------------------- start
// After several failed attempts in a row the page stops reconnecting and says so.
function showConnectionLost(attempts) {
  if (document.getElementById("connection-lost")) return;
  const box = document.createElement("div");
  box.id = "connection-lost";
  box.className = "connection-lost";
  box.setAttribute("role", "alert");
  box.innerHTML = `<p><b>The table cannot be reached.</b> ${attempts} attempts to connect failed in a row.
    Check your connection, then reload the page.</p>
    <button type="button" class="button primary">Reload</button>`;
  box.querySelector("button").addEventListener("click", () => location.reload());
  document.body.appendChild(box);
  box.querySelector("button").focus();
}

const conn = new Connection(config, onMessage, (up) => {
  state.connected = up;
  root.dataset.connected = up ? "1" : "0";
  if (!up) state.pending = false;
  render();
}, showConnectionLost);
render();
conn.open();
