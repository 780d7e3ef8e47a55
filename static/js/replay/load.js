// Loading: the game's steps, fetched once (games/web/pages/replay.py) and rebuilt into a view
// per step, then the first step shown (a permalink's, or a puzzle's "#v<version>"); the
// analysis when there is one, then the viewer's own puzzles from the game; the table's talk for
// those who sat there; and the plot and verification line when they came later.
import { expand, hashOf, index, parseHash } from "./steps.js";
import { analysisHTML, loadAnalysis, stepBefore } from "./analysis.js";
import { loadOwnPuzzles } from "./own_puzzles.js";
import { loadTalk } from "./talk.js";
import { config, playerName, root, state, wallBox, wordsCtx } from "./state.js";
import { render } from "./draw.js";
import { go } from "./navigate.js";
import { gettext, gettext_noop, serverWords } from "../i18n.js";

// The verification line the server words in English (games/engine/record.py), said here in the
// page's language when it is this one.
gettext_noop("verified: the seed matches its commitment and replays to these results");

export async function start() {
  const response = await fetch(config.steps, { credentials: "same-origin" });
  if (!response.ok) {
    root.innerHTML = `<p class="waiting-note">${gettext("The replay could not be loaded. Reload the page to try again.")}</p>`;
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
  if (config.talk) loadTalk();
  const box = document.getElementById("analysis-box");
  if (config.analysis && box) {
    loadAnalysis(config.analysis, box, (data) => {
      box.querySelector(".analysis-body").innerHTML = analysisHTML(data, {
        steps: state.data.steps, where: state.idx.where, hashOf, playerName, viewer: config.viewer,
      });
      box.dataset.ready = "1";
      // After the analysis, the viewer's own puzzles from the game (their seat's, theirs only).
      if (config.own_puzzles) {
        loadOwnPuzzles(config.own_puzzles, box, (v) => hashOf(state.idx.where[stepBefore(state.data.steps, v)]));
      }
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
    line.textContent = `${v.ok ? "✓ " : ""}${serverWords(v.message)}`;
    line.classList.add(v.ok ? "ok" : "bad");
  }
  if (extras.plot) {
    const box = document.getElementById("replay-plot");
    box.innerHTML = extras.plot; // the server's own markup (escaped text, a drawn SVG)
    box.hidden = false;
  }
}
