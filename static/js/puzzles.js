// The puzzle page: draw the position, take an answer (a tile or a button), send it, then show
// every candidate's figures, the margin and the simulation, and where it came from.
import { actionWords, candidatesHTML, distinct, handHTML, otherChoicesHTML, positionHTML } from "./puzzles_position.js";
import { esc } from "./tiles.js";
import { gettext, listWords, serverWords } from "./i18n.js";
import { themeWords } from "./puzzle_themes.js";

const config = JSON.parse(document.getElementById("puzzle-config").textContent);
const view = config.view;
const actions = distinct(view.legal_actions || []);
const offered = view.claim && view.claim.tile;
let answered = false;

function draw() {
  document.getElementById("position").innerHTML = positionHTML(view) + handHTML(view, actions, !answered);
  document.getElementById("choices").innerHTML = answered ? "" : otherChoicesHTML(view, actions);
}

async function answer(action) {
  if (answered) return;
  answered = true;
  draw();
  const verdict = document.getElementById("verdict");
  verdict.textContent = gettext("Checking…");
  const res = await fetch(config.answer_url, {
    method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": config.csrf },
    body: JSON.stringify({ action }),
  });
  const data = await res.json();
  if (!res.ok) {
    verdict.textContent = serverWords(data.error) || gettext("The answer was refused.");
    answered = false;
    draw();
    return;
  }
  const rating = data.rated
    ? gettext(" Your puzzle rating: %(before)s → %(after)s (%(change)s).", { before: data.rating_before, after: data.rating, change: `${data.change >= 0 ? "+" : ""}${data.change}` }) : "";
  verdict.className = `verdict ${data.correct ? "right" : "wrong"}`;
  const best = actionWords(data.solution, offered);
  verdict.textContent = (data.correct
    ? gettext("Right: %(best)s is best.", { best })
    : gettext("Not the best: you chose to %(mine)s; the best is to %(best)s.", { mine: actionWords(action, offered), best })) + rating;
  const mine = document.getElementById("my-rating");
  if (mine && data.rated) mine.textContent = data.rating;
  const sim = data.simulation || {};
  const simText = sim.n
    ? gettext("In %(n)s deals of the unseen tiles dealt anew and played on by the bots, the best gained %(mean)s points more on average than the second (95%% interval %(low)s to %(high)s); it went out %(best_out)s times against %(second_out)s.", sim)
    : gettext("This position was not simulated.");
  const ex = document.getElementById("explanation");
  ex.hidden = false;
  const lead = gettext("The best leads the second by %(margin)s expected points and %(pct)s%% chance of going out.", { margin: data.margin, pct: Math.round(100 * data.margin_chance) });
  ex.innerHTML = `<p>${lead} ${esc(simText)}</p>
    <p class="muted">${gettext("Themes: %(themes)s", { themes: esc(listWords(themeWords(data.themes))) })}</p>
    ${candidatesHTML(data.candidates, { offered, mark: action })}
    <p>${data.replay ? `<a id="replay-link" href="${esc(data.replay)}">${gettext("This move in its game's replay")}</a> · ` : ""}
      <a id="analyse-link" href="${esc(config.analyse_url)}">${gettext("Analyse this position")}</a> ·
      <a id="next-puzzle" class="button small" href="${esc(config.next_url)}">${gettext("Next puzzle")}</a></p>`;
}

document.getElementById("puzzle").addEventListener("click", (e) => {
  const b = e.target.closest("[data-choice]");
  if (b) answer(actions[Number(b.dataset.choice)]);
});
draw();
