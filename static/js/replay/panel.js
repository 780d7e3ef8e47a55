// The replay's controls (where we are, the step's words, the buttons, speed, deal, move, the
// seat at the bottom, the links): built once; each step only updates their words and values.
import { esc } from "../tiles.js";
import { hashOf } from "./steps.js";
import { stepWords } from "./moves.js";
import { dealLabel } from "./deals.js";
import { SPEEDS, config, controls, playerName, state, wordsCtx } from "./state.js";
import { gettext } from "../i18n.js";

function controlsHTML() {
  const seats = [0, 1, 2, 3].map((s) => `<option value="${s}"${s === state.bottom ? " selected" : ""}>${esc(playerName(s))}</option>`).join("");
  const speeds = SPEEDS.map(([k]) => `<option value="${k}"${k === state.speed ? " selected" : ""}>${k}×</option>`).join("");
  const deals = state.idx.deals.map((d) => `<option value="${d.index}">${esc(dealLabel(state.data, state.views, d, playerName))}</option>`).join("");
  const btn = (act, label, key, text) => `<button type="button" class="rc" data-rc="${act}" aria-label="${label}" title="${gettext("%(action)s (%(key)s)", { action: label, key })}">${text}</button>`;
  return `<p class="rc-where" id="rc-where"></p>
    <p class="rc-caption" id="rc-caption" aria-live="polite"></p>
    <div class="rc-buttons" role="group" aria-label="${gettext("Step through the game")}">
      ${btn("start", gettext("First move"), "Home", "|◀")}${btn("prev-deal", gettext("Previous deal"), "Page Up", "◀◀")}${btn("prev", gettext("Back one move"), "←", "◀")}
      <button type="button" class="rc play" data-rc="play" aria-pressed="false" title="${gettext("Play or pause (Space)")}">${gettext("Play")}</button>
      ${btn("next", gettext("Forward one move"), "→", "▶")}${btn("next-deal", gettext("Next deal"), "Page Down", "▶▶")}${btn("end", gettext("Last move"), "End", "▶|")}
    </div>
    <div class="rc-options">
      <label>${gettext("Speed")} <select data-rc="speed">${speeds}</select></label>
      <label class="rc-deal">${gettext("Deal")} <select data-rc="deal">${deals}</select></label>
      <label>${gettext("Move")} <input data-rc="move" type="number" min="1" value="1" inputmode="numeric"></label>
      <label>${gettext("At the bottom")} <select data-rc="bottom">${seats}</select></label>
      <a class="permalink" href="#" title="${gettext("A link that opens the replay at this move")}">${gettext("Link to this move")}</a>
      ${config.finished ? `<a class="rc-analyse" id="rc-analyse" href="#" title="${gettext("This position on the analysis board, as the seat at the bottom saw it")}">${gettext("Analyse this position")}</a>` : ""}
      <button type="button" class="rc proof-jump" data-rc="proof" hidden>${gettext("Scoring proof ↓")}</button>
    </div>`;
}

export function updateControls() {
  if (!controls.firstChild || !controls.querySelector("#rc-where")) controls.innerHTML = controlsHTML();
  const where = state.idx.where[state.at];
  const deal = state.idx.deals[where.d];
  const total = deal.last - deal.first + 1;
  const step = state.data.steps[state.at];
  controls.querySelector("#rc-where").innerHTML = `${gettext("<b>Deal %(number)s</b>, move <b>%(move)s</b> of %(total)s", { number: deal.number, move: where.m, total })}
      <span class="muted">${gettext("· step %(step)s of %(steps)s", { step: state.at + 1, steps: state.views.length })}</span>`;
  controls.querySelector("#rc-caption").textContent = stepWords(step, wordsCtx) || "";
  const play = controls.querySelector('[data-rc="play"]');
  play.textContent = state.playing ? gettext("Pause") : gettext("Play");
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
  // the bottom when it has a decision, else the first seat that has one (the server knows which
  // seats only pass, so it chooses).
  if (analyse) {
    // Nobody decides while the tiles are dealt or once a deal is over: no position to weigh.
    const phase = state.views[state.at]?.phase;
    analyse.hidden = !!step.r || phase === "deal_over" || phase === "game_over";
    analyse.setAttribute("href", `/analysis/?game=${config.game}&move=${step.v}&seat=${state.bottom}`);
  }
}
