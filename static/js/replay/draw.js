// Drawing the step shown: the table with the live table's own renderers (render/layout.js),
// the prompt line in the step's words, the scoring proof at a deal's end, the wall face up,
// the Decisions box, the table's talk so far, and the move list with the current move marked
// and kept in view.
import { tilesHTML } from "../tiles.js";
import { renderTable } from "../render/layout.js";
import { proofHTML } from "../render/proof.js";
import { moveListHTML, stepWords } from "./moves.js";
import { showDecisions } from "./decisions.js";
import { drawTalk } from "./talk.js";
import { config, controls, ctx, moveList, proofBox, root, state, wallBox, wordsCtx } from "./state.js";
import { gettext } from "../i18n.js";

// The wall face up: drawn once per deal, then each step only hides the tiles taken since.
// A ruleset without a dead wall (Shanghai) shows the one wall only.
function wallHTML(deal) {
  const count = '<b class="wd-n"></b>';
  const first = wordsCtx.looseTiles ? gettext("Dead wall (%(count)s), loose tiles first:", { count })
    : gettext("Dead wall (%(count)s), next replacement first:", { count });
  const dead = wordsCtx.deadWall ? `<p class="muted">${first}</p><div class="wall-row dead">${tilesHTML(deal.dead)}</div>` : "";
  const live = '<b class="wl-n"></b>';
  const head = wordsCtx.deadWall ? gettext("Live wall (%(count)s), next tile first:", { count: live })
    : gettext("The wall (%(count)s), next tile first:", { count: live });
  return `<p class="muted">${head}</p><div class="wall-row live">${tilesHTML(deal.live)}</div>${dead}`;
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

export function render() {
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
    showDecisions(decisionsBox, { game: config.game, seat: state.bottom, version: state.data.steps[state.at].v, next: state.data.steps[state.at + 1]?.v, person: bottom && !bottom.bot });
  }
  if (state.data.reveal && wallBox.open) updateWall(c.view);
  drawTalk(); // the table's talk up to this step, for those who sat there
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

// A finished game a person played: the strong bot's ranking at each of the bottom seat's
// decisions, beside the analysis (replay/decisions.js).
let decisionsBox = null;

export function addDecisionsBox() {
  if (!config.analysis) return;
  decisionsBox = document.createElement("details");
  decisionsBox.id = "decisions-box";
  decisionsBox.className = "analysis-box decisions-box";
  decisionsBox.open = true;
  decisionsBox.innerHTML = `<summary>${gettext("The strong bot at each decision (the seat at the bottom)")}</summary><div class="dc-body"><p class="muted">${gettext("Loading…")}</p></div>`;
  document.querySelector(".replay-side").appendChild(decisionsBox);
}
