// The live table: reads the page's config, keeps one WebSocket to the game (docs/protocol.md),
// renders each view the server sends, and sends the player's actions with the version seen.
import { eventWords } from "./words.js";
import { Connection } from "./socket.js";
import { parseTiles } from "./tiles.js";
import { renderTable, renderCountdown } from "./render/layout.js";

const config = JSON.parse(document.getElementById("table-config")?.textContent || "{}");
const root = document.getElementById("table");

const state = {
  status: config.status,
  version: -1,
  view: null,
  timer: null,
  players: [{}, {}, {}, {}],
  answered: null,
  pending: false,
  originalCall: false,
  chowOpen: false,
  focusIdx: null,
  fresh: null,
  showRituals: false,
  ritualsPinned: false,
  ritualLog: { deal: null, blocks: [], bonus: [] },
  log: [],
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
    bottom: viewer ?? 0,
    players: state.players,
    playerName,
    seatName: playerName,
    activeSeats: active,
    answered: state.answered,
    originalCall: state.originalCall,
    chowOpen: state.chowOpen,
    focusIdx: state.focusIdx,
    fresh: state.fresh,
    timer: state.timer,
    now: () => Date.now(),
    showRituals: state.showRituals,
    ritualLog: state.ritualLog,
    log: state.log,
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
  if (message) showError.t = setTimeout(() => showError(null), 6000);
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
  state.showRituals = true;
  state.ritualsPinned = false;
  clearTimeout(ritualsTimer);
  const dealing = (state.ritualLog.blocks.length || 16) * 90 + 200; // the blocks' deal-in animation
  ritualsTimer = setTimeout(() => foldRituals(), dealing + RITUALS_READING_MS);
}

function foldRituals() {
  clearTimeout(ritualsTimer);
  if (!state.showRituals || state.ritualsPinned) return;
  state.showRituals = false;
  render();
}

function trackRituals(events) {
  for (const e of events) {
    if (e.type === "deal_start") {
      state.ritualLog = { deal: e.number, blocks: [], bonus: [] };
      openRituals();
    } else if (e.type === "deal_block") {
      state.ritualLog.blocks.push({ seat: e.seat, count: e.count });
    } else if (e.type === "bonus_melded" && !anyDiscards()) {
      state.ritualLog.bonus.push({ seat: e.seat, tile: e.tile });
    }
  }
}

function discardCount() {
  const v = state.view;
  return v ? v.seats.reduce((n, s) => n + parseTiles(s.discards).length, 0) : 0;
}

function anyDiscards() {
  const v = state.view;
  return !!v && v.seats.some((s) => s.discards && s.discards.length);
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
  state.version = frame.version;
  state.view = frame.view;
  state.timer = frame.timer;
  state.answered = frame.answer || null;
  state.pending = false;
  state.originalCall = false;
  if (state.view && Array.isArray(frame.events)) trackRituals(frame.events);
  // A page opened as a deal begins (the first round of discards not yet over) shows its rituals.
  if (state.view && state.view.phase === "play" && discardCount() < 4 && state.ritualLog.deal !== state.view.deal_number) {
    state.ritualLog.deal = state.view.deal_number;
    openRituals();
  }
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
  const c = ctx();
  trackRituals(events);
  state.fresh = events.some((e) => e.type === "discard") ? "discard" : null;
  for (const e of events) {
    const words = eventWords(e, c);
    if (words) {
      announce(words);
      state.log.push(words);
    }
  }
  if (state.log.length > 200) state.log.splice(0, state.log.length - 200);
  if (!(frame.view.legal_actions || []).some((a) => a.type === "discard" && a.call)) state.originalCall = false;
  render();
}

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      onState(msg);
      break;
    case "update":
      onUpdate(msg);
      break;
    case "presence":
      setPlayers(msg.seats);
      if (msg.status) state.status = msg.status;
      refreshWaitingRoom(msg);
      render();
      break;
    case "ack":
      state.pending = false;
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
  showError(null);
  conn.send({ type: "action", action: payload, version: state.version });
  if (payload.type === "discard") state.originalCall = false;
  state.chowOpen = false;
  if (state.showRituals && !state.ritualsPinned) foldRituals();
}

function legal(i) {
  return (state.view?.legal_actions || [])[Number(i)];
}

// ----------------------------------------------------------------- rendering, focus kept
function render() {
  const active = document.activeElement;
  let keep = null;
  if (active && root.contains(active)) {
    if (active.dataset.idx != null) keep = `.hand [data-idx="${active.dataset.idx}"]`;
    else if (active.dataset.act) keep = `[data-act="${active.dataset.act}"]`;
    else if (active.dataset.ai != null) keep = "hand";
  }
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
}

setInterval(() => {
  if (state.timer) renderCountdown(root, ctx());
}, 250);

// ----------------------------------------------------------------- input
root.addEventListener("click", (ev) => {
  const tile = ev.target.closest(".hand button");
  if (tile) {
    state.focusIdx = Number(tile.dataset.idx);
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
    case "show-rituals":
      clearTimeout(ritualsTimer);
      state.showRituals = !state.showRituals;
      state.ritualsPinned = state.showRituals;
      render();
      break;
    default:
      break;
  }
});

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
  if (ev.target.closest?.("input, textarea, select")) return;
  const key = ev.key.toUpperCase();
  const btn = root.querySelector(`button[aria-keyshortcuts="${key}"]`);
  if (btn) {
    ev.preventDefault();
    btn.click();
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
const conn = new Connection(config, onMessage, (up) => {
  state.connected = up;
  root.dataset.connected = up ? "1" : "0";
  if (!up) state.pending = false;
  render();
});
render();
conn.open();
