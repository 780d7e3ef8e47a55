// After a finished game's analysis, the viewer's own puzzles from it (their costliest decisions,
// docs/puzzles.md), each linked to its puzzle page and to its move here. Only the viewer's own:
// /game/<id>/own-puzzles.json answers for the requester alone. While they are being made the
// page asks again, a bounded number of times.
import { esc } from "../tiles.js";
import { gettext, listWords } from "../i18n.js";
import { themeWords } from "../puzzle_themes.js";

const EVERY_MS = 5000;
const TRIES = 120; // ten minutes

const SAID = {
  made: () => gettext("No puzzle came from your decisions in this game: wherever your choice differed from the strong bot's, the best was not clearly better."),
  making: () => gettext("Your puzzles from this game are being made: they appear here when they are ready."),
  waiting: () => gettext("Your puzzles from this game are made once its analysis is done."),
  never: () => gettext("No puzzles are made from this game (a private table, or a round whose results are still hidden)."),
  late: () => gettext("Your puzzles from this game are still being made: your player page lists them when they are ready."),
};

function listHTML(puzzles, at) {
  return `<ul class="own-game-list">${puzzles.map((p) => {
    const themes = p.themes.length ? ` <span class="muted">(${esc(listWords(themeWords(p.themes)))})</span>` : "";
    return `<li>${gettext("<a href=\"%(url)s\">Puzzle %(id)s</a>: deal %(deal)s, <a href=\"%(move)s\">the move in this replay</a>", { url: esc(p.url), id: p.id, deal: p.deal, move: esc(at(p.move + 1)) })}${themes}</li>`;
  }).join("")}</ul>`;
}

function show(section, data, at, late) {
  const some = data.puzzles.length > 0;
  const note = late ? SAID.late() : data.status === "made" && some ? "" : SAID[data.status]?.() || "";
  section.innerHTML = `<h3>${gettext("Your puzzles from this game")}</h3>
    ${some ? `<p class="muted">${gettext("Your costliest decisions here, to play again. Only you see them.")}</p>${listHTML(data.puzzles, at)}` : ""}
    ${note ? `<p class="muted own-game-note">${esc(note)}</p>` : ""}`;
  section.dataset.status = late ? "late" : data.status;
}

/** Fill a section of `box` with the viewer's own puzzles from `url`; `at(version)` is the
 * replay's address of the step where the move making `version` was faced. */
export async function loadOwnPuzzles(url, box, at) {
  const section = document.createElement("section");
  section.id = "own-game-puzzles";
  section.className = "own-game-puzzles";
  section.setAttribute("aria-live", "polite");
  box.appendChild(section);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    let response;
    try {
      response = await fetch(url, { credentials: "same-origin" });
    } catch {
      break;
    }
    if (response.status !== 200 && response.status !== 202) break;
    const data = await response.json();
    if (response.status === 200) {
      show(section, data, at, false);
      return;
    }
    show(section, data, at, attempt === TRIES - 1);
    await new Promise((r) => setTimeout(r, EVERY_MS));
  }
  if (!section.dataset.status) section.remove(); // refused or unreachable: nothing to say
}
