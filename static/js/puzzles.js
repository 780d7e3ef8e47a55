// The puzzle page: draw the position, take an answer (a tile or a button), send it, then show
// every candidate's figures, the margin and the simulation, and where it came from.
import { actionWords, candidatesHTML, distinct, handHTML, otherChoicesHTML, positionHTML } from "./puzzles_position.js";
import { esc } from "./tiles.js";

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
  verdict.textContent = "Checking…";
  const res = await fetch(config.answer_url, {
    method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": config.csrf },
    body: JSON.stringify({ action }),
  });
  const data = await res.json();
  if (!res.ok) {
    verdict.textContent = data.error || "The answer was refused.";
    answered = false;
    draw();
    return;
  }
  const rating = data.rated
    ? ` Your puzzle rating: ${data.rating_before} → ${data.rating} (${data.change >= 0 ? "+" : ""}${data.change}).` : "";
  verdict.className = `verdict ${data.correct ? "right" : "wrong"}`;
  verdict.textContent = data.correct
    ? `Right: ${actionWords(data.solution, offered)} is best.${rating}`
    : `Not the best: you chose to ${actionWords(action, offered)}; the best is to ${actionWords(data.solution, offered)}.${rating}`;
  const mine = document.getElementById("my-rating");
  if (mine && data.rated) mine.textContent = data.rating;
  const sim = data.simulation || {};
  const simText = sim.n
    ? `In ${sim.n} deals of the unseen tiles dealt anew and played on by the bots, the best gained ${sim.mean} points more on average than the second (95% interval ${sim.low} to ${sim.high}); it went out ${sim.best_out} times against ${sim.second_out}.`
    : "This position was not simulated.";
  const ex = document.getElementById("explanation");
  ex.hidden = false;
  ex.innerHTML = `<p>The best leads the second by ${data.margin} expected points and ${Math.round(100 * data.margin_chance)}% chance of going out. ${esc(simText)}</p>
    <p class="muted">Themes: ${esc((data.themes || []).join(", "))}</p>
    ${candidatesHTML(data.candidates, { offered, mark: action })}
    <p>${data.replay ? `<a id="replay-link" href="${esc(data.replay)}">This move in its game's replay</a> · ` : ""}
      <a id="analyse-link" href="${esc(config.analyse_url)}">Analyse this position</a> ·
      <a id="next-puzzle" class="button small" href="${esc(config.next_url)}">Next puzzle</a></p>`;
}

document.getElementById("puzzle").addEventListener("click", (e) => {
  const b = e.target.closest("[data-choice]");
  if (b) answer(actions[Number(b.dataset.choice)]);
});
draw();
