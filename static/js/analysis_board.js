// The analysis board: the form is the position; the address keeps it. Clicked tiles go to the
// chosen field; "Analyse" writes the address and asks the server to weigh every legal action.
import { actionWords, candidatesHTML, handHTML, positionHTML } from "./puzzles_position.js";
import { esc } from "./tiles.js";
import { gettext, serverWords } from "./i18n.js";

const config = JSON.parse(document.getElementById("board-config").textContent);
const form = document.getElementById("board");
const errorBox = document.getElementById("board-error");
const result = document.getElementById("board-result");
const ONE_TILE = new Set(["drawn", "claim", "rob"]); // a click replaces these fields' tile

function query() {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (String(v).trim()) params.set(k, String(v).trim());
  return params;
}

async function analyse(push) {
  const params = query();
  if (push) history.replaceState(null, "", `${location.pathname}?${params}`);
  if (!params.get("hand")) { result.innerHTML = ""; return; }
  result.innerHTML = `<p class="muted">${gettext("Weighing…")}</p>`;
  const res = await fetch(`${config.weigh_url}?${params}`, { headers: { Accept: "application/json" } });
  const data = await res.json();
  if (!res.ok) {
    errorBox.hidden = false;
    errorBox.textContent = serverWords(data.error) || gettext("The position could not be read.");
    result.innerHTML = "";
    return;
  }
  errorBox.hidden = true;
  const offered = data.view.claim && data.view.claim.tile;
  const rob = data.view.phase === "rob";
  const bot = data.bot ? `<p id="bot-choice">${gettext("The strong bot would <b>%(action)s</b>.", { action: esc(actionWords(data.bot, offered, rob)) })}</p>` : "";
  result.innerHTML = `${positionHTML(data.view)}${handHTML(data.view, [], false)}
    ${bot}${candidatesHTML(data.candidates, { offered, bot: data.bot, rob })}`;
}

form.addEventListener("submit", (e) => { e.preventDefault(); analyse(true); });
form.querySelector(".palette").addEventListener("click", (e) => {
  const b = e.target.closest("[data-tile]");
  if (!b) return;
  const field = document.getElementById(document.getElementById("target").value);
  field.value = ONE_TILE.has(field.id) ? b.dataset.tile : `${field.value} ${b.dataset.tile}`.trim();
});
document.getElementById("clear").addEventListener("click", () => {
  for (const id of ["hand", "drawn", "melds", "claim", "rob"]) document.getElementById(id).value = "";
});
analyse(false);
