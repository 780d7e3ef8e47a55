// The replay viewer: fetches a game's steps once (games/web/pages/replay.py), then steps through
// them locally, drawing each with the live table's own renderers (render/layout.js).
import { esc, tilesHTML } from "./tiles.js";
import { renderTable } from "./render/layout.js";
import { proofHTML } from "./render/proof.js";
import { expand, hashOf, index, parseHash } from "./replay/steps.js";
import { moveListHTML, stepWords } from "./replay/moves.js";
import { dealLabel } from "./replay/deals.js";
import { analysisHTML, loadAnalysis } from "./replay/analysis.js";
import { showDecisions } from "./replay/decisions.js";

const config = JSON.parse(document.getElementById("replay-config").textContent);
const root = document.getElementById("table");
const controls = document.getElementById("replay-controls");
const moveList = document.getElementById("move-list");
const proofBox = document.getElementById("proof-box");
const wallBox = document.getElementById("wall-box");

const SPEEDS = [["0.5", 1600], ["1", 800], ["2", 400], ["4", 200]];
const state = {
  data: null, views: null, idx: null, at: 0,
  bottom: config.viewer ?? 0, playing: false, speed: "1", timer: null, showRituals: null,
  listDeal: null, links: [], current: null,
};

function playerName(s) {
  if (s == null) return "";
  if (s === config.viewer) return "You";
  const p = config.players[s] || {};
  const twin = config.players.some((q, k) => k !== s && q && q.name === p.name);
  return twin && p.chair != null ? `${p.name} #${p.chair + 1}` : p.name || `Seat ${s + 1}`;
}

// Words and proofs speak to the viewer as "You" (the table itself is drawn as a spectator's).
const wordsCtx = { view: { viewer: config.viewer }, seatName: playerName, playerName };

// The renderers' context, as the live table builds it, for the view at the current step.
function ctx() {
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

// The controls are built once; each step only updates their words and values.
function controlsHTML() {
  const seats = [0, 1, 2, 3].map((s) => `<option value="${s}"${s === state.bottom ? " selected" : ""}>${esc(playerName(s))}</option>`).join("");
  const speeds = SPEEDS.map(([k]) => `<option value="${k}"${k === state.speed ? " selected" : ""}>${k}×</option>`).join("");
  const deals = state.idx.deals.map((d) => `<option value="${d.index}">${esc(dealLabel(state.data, state.views, d, playerName))}</option>`).join("");
  const btn = (act, label, key, text) => `<button type="button" class="rc" data-rc="${act}" aria-label="${label}" title="${label} (${key})">${text}</button>`;
  return `<p class="rc-where" id="rc-where"></p>
    <p class="rc-caption" id="rc-caption" aria-live="polite"></p>
    <div class="rc-buttons" role="group" aria-label="Step through the game">
      ${btn("start", "First move", "Home", "|◀")}${btn("prev-deal", "Previous deal", "Page Up", "◀◀")}${btn("prev", "Back one move", "←", "◀")}
      <button type="button" class="rc play" data-rc="play" aria-pressed="false" title="Play or pause (Space)">Play</button>
      ${btn("next", "Forward one move", "→", "▶")}${btn("next-deal", "Next deal", "Page Down", "▶▶")}${btn("end", "Last move", "End", "▶|")}
    </div>
    <div class="rc-options">
      <label>Speed <select data-rc="speed">${speeds}</select></label>
      <label class="rc-deal">Deal <select data-rc="deal">${deals}</select></label>
      <label>Move <input data-rc="move" type="number" min="1" value="1" inputmode="numeric"></label>
      <label>At the bottom <select data-rc="bottom">${seats}</select></label>
      <a class="permalink" href="#" title="A link that opens the replay at this move">Link to this move</a>
      ${config.finished ? '<a class="rc-analyse" id="rc-analyse" href="#" title="This position on the analysis board, as the seat at the bottom saw it">Analyse this position</a>' : ""}
      <button type="button" class="rc proof-jump" data-rc="proof" hidden>Scoring proof ↓</button>
    </div>`;
}

function updateControls() {
  if (!controls.firstChild || !controls.querySelector("#rc-where")) controls.innerHTML = controlsHTML();
  const where = state.idx.where[state.at];
  const deal = state.idx.deals[where.d];
  const total = deal.last - deal.first + 1;
  const step = state.data.steps[state.at];
  controls.querySelector("#rc-where").innerHTML = `<b>Deal ${deal.number}</b>, move <b>${where.m}</b> of ${total}
      <span class="muted">· step ${state.at + 1} of ${state.views.length}</span>`;
  controls.querySelector("#rc-caption").textContent = stepWords(step, wordsCtx) || "";
  const play = controls.querySelector('[data-rc="play"]');
  play.textContent = state.playing ? "Pause" : "Play";
  play.setAttribute("aria-pressed", String(state.playing));
  // Only what changed is touched: setting a form control, even to its value, redraws it.
  const set = (el, prop, value) => { if (el[prop] !== value) el[prop] = value; };
  set(controls.querySelector('[data-rc="deal"]'), "value", String(where.d));
  const move = controls.querySelector('[data-rc="move"]');
  set(move, "max", String(total));
  if (document.activeElement !== move) set(move, "value", String(where.m));
  controls.querySelector(".permalink").setAttribute("href", hashOf(where));
  const analyse = controls.querySelector("#rc-analyse");
  // The board opens one seat's own view before the next move (docs/puzzles.md): the seat at
  // the bottom when it has a decision, else the first seat that has one.
  if (analyse) {
    const waiting = state.views[state.at].waiting_on || [];
    const seat = waiting.includes(state.bottom) ? state.bottom : (waiting[0] ?? state.bottom);
    analyse.setAttribute("href", `/analysis/?game=${config.game}&move=${step.v}&seat=${seat}`);
  }
}

// The wall face up: drawn once per deal, then each step only hides the tiles taken since.
// A ruleset without a dead wall (Shanghai) shows the one wall only.
function wallHTML(deal) {
  const first = wordsCtx.looseTiles ? "loose tiles first" : "next replacement first";
  const dead = wordsCtx.deadWall
    ? `<p class="muted">Dead wall (<b class="wd-n"></b>), ${first}:</p><div class="wall-row dead">${tilesHTML(deal.dead)}</div>`
    : "";
  return `<p class="muted">${wordsCtx.deadWall ? "Live wall" : "The wall"} (<b class="wl-n"></b>), next tile first:</p><div class="wall-row live">${tilesHTML(deal.live)}</div>${dead}`;
}

function updateWall(view) {
  const box = wallBox.querySelector(".wall-tiles");
  const d = state.idx.where[state.at].d;
  if (box.dataset.deal !== String(d)) {
    box.innerHTML = wallHTML(state.data.deals[d]);
    box.dataset.deal = String(d);
  }
  const w = view.wall;
  const live = box.querySelectorAll(".live .tile");
  const end = live.length - (w.tail_taken || 0);
  live.forEach((el, i) => el.classList.toggle("gone", i < w.live_drawn || i >= end));
  const dead = box.querySelectorAll(".dead .tile");
  const first = w.dead_drawn || 0;
  dead.forEach((el, i) => el.classList.toggle("gone", i < first || i >= first + w.dead));
  box.querySelector(".wl-n").textContent = String(Math.max(0, end - w.live_drawn));
  const deadCount = box.querySelector(".wd-n");
  if (deadCount) deadCount.textContent = String(w.dead);
}

let lastProof = null;

function render() {
  const c = ctx();
  renderTable(root, c);
  // The prompt line tells what this step did (live it tells whose turn it is).
  const prompt = root.querySelector("#prompt");
  if (prompt) prompt.textContent = stepWords(state.data.steps[state.at], wordsCtx);
  root.dataset.step = String(state.at);
  root.dataset.phase = c.view.phase;
  const d = c.view.last_deal;
  const proofKey = d && (c.view.phase === "deal_over" || c.view.phase === "game_over") ? d.number : null;
  if (proofKey !== lastProof) {
    proofBox.innerHTML = proofKey != null ? proofHTML({ ...c, view: { ...c.view, viewer: config.viewer } }, d) : "";
    lastProof = proofKey;
  }
  controls.querySelector('[data-rc="proof"]').hidden = proofKey == null;
  if (decisionsBox) {
    const bottom = config.players[state.bottom];
    showDecisions(decisionsBox, { game: config.game, seat: state.bottom, version: state.data.steps[state.at].v, person: bottom && !bottom.bot });
  }
  if (state.data.reveal && wallBox.open) updateWall(c.view);
  const d0 = state.idx.where[state.at].d;
  if (d0 !== state.listDeal) {
    state.listDeal = d0;
    moveList.innerHTML = moveListHTML(state.data, state.idx, wordsCtx, d0);
    state.links = [...moveList.querySelectorAll("a[data-step]")];
    state.current = null;
    const open = moveList.querySelector(".deal-moves.open");
    moveList.scrollTop = open ? open.offsetTop : 0;
  }
  if (state.current) state.current.removeAttribute("aria-current");
  const link = state.links[state.at - state.idx.deals[d0].first];
  state.current = link;
  if (link) {
    link.setAttribute("aria-current", "step");
    // Scroll the list only, never the page (offsetTop is within the list: it is positioned).
    const top = link.offsetTop;
    if (top < moveList.scrollTop + 30 || top + link.offsetHeight > moveList.scrollTop + moveList.clientHeight) {
      moveList.scrollTop = top - moveList.clientHeight / 2;
    }
  }
}

function go(i, { updateHash = true } = {}) {
  const n = state.views.length;
  const to = Math.max(0, Math.min(n - 1, i));
  state.stepped = to === state.at + 1; // a discard stepped onto is shown landing, as live
  state.at = to;
  state.showRituals = null;
  if (updateHash) history.replaceState(null, "", hashOf(state.idx.where[state.at]));
  // Where we are is told at once; the table is drawn at the next frame, once however many
  // steps a held-down key made meanwhile.
  root.dataset.step = String(state.at);
  root.dataset.phase = state.views[state.at].phase;
  updateControls();
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(); });
}
let frame = 0;

function dealStep(delta) {
  const where = state.idx.where[state.at];
  const deals = state.idx.deals;
  if (delta < 0 && where.m > 1) return deals[where.d].first; // to the start of this deal first
  const d = Math.max(0, Math.min(deals.length - 1, where.d + delta));
  return deals[d].first;
}

function setPlaying(on) {
  state.playing = on;
  clearInterval(state.timer);
  if (on) {
    const ms = Object.fromEntries(SPEEDS)[state.speed];
    state.timer = setInterval(() => {
      if (state.at >= state.views.length - 1) setPlaying(false);
      else go(state.at + 1);
    }, ms);
  }
  updateControls();
}

function command(act) {
  switch (act) {
    case "start": go(0); break;
    case "end": go(state.views.length - 1); break;
    case "prev": go(state.at - 1); break;
    case "next": go(state.at + 1); break;
    case "prev-deal": go(dealStep(-1)); break;
    case "next-deal": go(dealStep(1)); break;
    case "play":
      if (!state.playing && state.at >= state.views.length - 1) go(0); // play again from the start
      setPlaying(!state.playing);
      break;
    case "proof": proofBox.scrollIntoView({ behavior: "smooth", block: "start" }); break;
    default: return false;
  }
  return true;
}

controls.addEventListener("click", (ev) => {
  const b = ev.target.closest("button[data-rc]");
  if (b) command(b.dataset.rc);
  const link = ev.target.closest(".permalink");
  if (link && navigator.clipboard) {
    // The link is the page's address with this move: copy it whole, ready to share.
    ev.preventDefault();
    navigator.clipboard.writeText(location.href.split("#")[0] + link.getAttribute("href")).then(
      () => { link.textContent = "Link copied"; setTimeout(() => { link.textContent = "Link to this move"; }, 1500); },
      () => { location.hash = link.getAttribute("href"); },
    );
  }
});

controls.addEventListener("change", (ev) => {
  const el = ev.target;
  if (el.dataset.rc === "speed") {
    state.speed = el.value;
    if (state.playing) setPlaying(true);
  } else if (el.dataset.rc === "bottom") {
    state.bottom = Number(el.value);
    render();
  } else if (el.dataset.rc === "deal") {
    go(state.idx.deals[Number(el.value)].first);
  } else if (el.dataset.rc === "move") {
    const deal = state.idx.deals[state.idx.where[state.at].d];
    go(Math.min(deal.first + Math.max(1, Number(el.value) || 1) - 1, deal.last));
  }
});

root.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-act]");
  if (!b) return;
  if (b.dataset.act === "show-rituals") state.showRituals = !ctx().showRituals;
  else if (b.dataset.act === "hide-rituals") state.showRituals = false;
  else return;
  render();
});

moveList.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[href^='#d']");
  if (!a) return;
  ev.preventDefault();
  const i = a.dataset.step != null ? Number(a.dataset.step) : parseHash(a.getAttribute("href"), state.idx.deals);
  if (i != null) go(i);
});

// A miss in the Decisions box opens its position, and brings the table into view if the page
// was scrolled away from it (the box scrolls within the side, never the page).
document.getElementById("analysis-box")?.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[href^='#d']");
  if (!a || !state.idx) return;
  ev.preventDefault();
  const i = parseHash(a.getAttribute("href"), state.idx.deals);
  if (i == null) return;
  go(i);
  const box = root.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) root.scrollIntoView({ block: "nearest" });
});

const KEYS = {
  ArrowRight: "next", ArrowLeft: "prev", Home: "start", End: "end",
  PageDown: "next-deal", PageUp: "prev-deal", " ": "play",
};

document.addEventListener("keydown", (ev) => {
  if (!state.views || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.target.closest?.("input, textarea, select")) return;
  if (ev.key === " " && ev.target.closest?.("button, a")) return; // Space presses what has focus
  const act = KEYS[ev.key];
  if (!act) return;
  ev.preventDefault();
  if (act !== "play" && state.playing) setPlaying(false);
  command(act);
});

wallBox.addEventListener("toggle", () => {
  if (wallBox.open) render();
});

window.addEventListener("hashchange", () => {
  const i = parseHash(location.hash, state.idx.deals);
  if (i != null && i !== state.at) go(i, { updateHash: false });
});

// A finished game a person played: the strong bot's ranking at each of the bottom seat's
// decisions, beside the analysis (replay/decisions.js).
let decisionsBox = null;
if (config.analysis) {
  decisionsBox = document.createElement("details");
  decisionsBox.id = "decisions-box";
  decisionsBox.className = "analysis-box decisions-box";
  decisionsBox.open = true;
  decisionsBox.innerHTML = '<summary>The strong bot at each decision (the seat at the bottom)</summary><div class="dc-body"><p class="muted">Loading…</p></div>';
  document.querySelector(".replay-side").appendChild(decisionsBox);
}

async function start() {
  const response = await fetch(config.steps, { credentials: "same-origin" });
  if (!response.ok) {
    root.innerHTML = '<p class="waiting-note">The replay could not be loaded. Reload the page to try again.</p>';
    return;
  }
  state.data = await response.json();
  state.views = expand(state.data.steps);
  state.idx = index(state.data);
  const forms = (state.views[0].rituals && state.views[0].rituals.forms) || {};
  wordsCtx.deadWall = forms.dead_wall_stacks !== 0;
  wordsCtx.looseTiles = forms.loose_tiles !== false;
  wallBox.hidden = !state.data.reveal;
  // A finished game's wall is shown face up from the start where the screen has room for it.
  if (state.data.reveal && window.matchMedia("(min-width: 1100px) and (min-height: 700px)").matches) wallBox.open = true;
  // "#v<version>" (a puzzle's link): the step where the move making that version was faced.
  const version = /^#v(\d+)$/.exec(location.hash || "");
  const fromHash = version
    ? Math.max(0, state.data.steps.findLastIndex((s) => s.v < Number(version[1])))
    : parseHash(location.hash, state.idx.deals);
  // A permalink opens at its move; otherwise a finished game from its start, a running one now.
  const at = fromHash ?? (config.finished ? 0 : state.views.length - 1);
  go(at, { updateHash: fromHash != null });
  render();
  document.body.dataset.replayReady = "1";
  if (config.extras) loadExtras();
  const box = document.getElementById("analysis-box");
  if (config.analysis && box) {
    loadAnalysis(config.analysis, box, (data) => {
      box.querySelector(".analysis-body").innerHTML = analysisHTML(data, {
        steps: state.data.steps, where: state.idx.where, hashOf, playerName, viewer: config.viewer,
      });
      box.dataset.ready = "1";
    });
  }
}

// The plot and the verification line, when the page came before they were worked out.
async function loadExtras() {
  const response = await fetch(config.extras, { credentials: "same-origin" });
  if (!response.ok) return;
  const extras = await response.json();
  const v = extras.verification;
  if (v) {
    const line = document.getElementById("verification");
    line.textContent = `${v.ok ? "✓ " : ""}${v.message}`;
    line.classList.add(v.ok ? "ok" : "bad");
  }
  if (extras.plot) {
    const box = document.getElementById("replay-plot");
    box.innerHTML = extras.plot; // the server's own markup (escaped text, a drawn SVG)
    box.hidden = false;
  }
}

start();
