// The table's talk in a finished game's replay (docs/people.md, "Talk in the replay"): only for
// those who sat at the table, whose page's config names /game/<id>/replay/talk.json (the access
// policy's TALK decides; anyone else's page has no box and the route refuses them). Fetched once
// after the steps; each line is placed at the step where it was said (the first step showing the
// game's version then), a spectator's line held during a deal at that deal's end, as the
// players heard it. The box shows what was said up to the step shown, the newest last, each line
// linked to its move. Every word anyone typed is put on the page as text, never as markup.
import { esc } from "../tiles.js";
import { talkLineWords } from "../words.js";
import { config, playerName, state } from "./state.js";
import { gettext, ngettext } from "../i18n.js";

let box = null;
let talk = null; // {lines (each with `at`: its step), total, truncated}
let shown = -1; // how many lines the box shows

export function addTalkBox() {
  if (!config.talk) return;
  box = document.createElement("details");
  box.id = "replay-talk";
  box.className = "analysis-box replay-talk";
  box.open = true;
  box.innerHTML = `<summary>${gettext("Table talk")}</summary>
    <ol class="replay-talk-log" aria-label="${gettext("Table talk")}"></ol>
    <p class="muted replay-talk-note" hidden></p>`;
  const moves = document.getElementById("move-list");
  moves.after(box);
}

/** The step where a line is heard in the replay. */
function anchor(line) {
  if (line.held && line.deal != null) {
    const deal = state.idx.deals.find((d) => d.number === line.deal);
    if (deal) return deal.last;
  }
  const steps = state.data.steps;
  let lo = 0;
  let hi = steps.length - 1;
  while (lo < hi) { // the last step at or before the line's version
    const mid = (lo + hi + 1) >> 1;
    if (steps[mid].v <= line.v) lo = mid;
    else hi = mid - 1;
  }
  // A deal's rituals are steps at one version: a line said then is shown from the first of them
  // (one said before the game started, from the first step).
  while (lo > 0 && steps[lo - 1].v === steps[lo].v) lo -= 1;
  return lo;
}

export async function loadTalk() {
  if (!box) return;
  let data = null;
  try {
    const response = await fetch(config.talk, { credentials: "same-origin" });
    if (response.ok) data = await response.json();
  } catch {
    data = null;
  }
  if (!data) {
    box.querySelector(".replay-talk-log").hidden = true;
    note(gettext("The table's talk could not be loaded."));
    return;
  }
  const lines = data.lines.map((line) => ({ ...line, at: anchor(line) }));
  lines.sort((a, b) => a.at - b.at || a.id - b.id);
  talk = { ...data, lines };
  box.dataset.ready = "1";
  drawTalk();
}

function note(text) {
  const p = box.querySelector(".replay-talk-note");
  p.textContent = text;
  p.hidden = !text;
}

// The viewer's account, as the header names it: their lines said before the seats were drawn
// (no seat yet) are theirs too.
const me = document.querySelector(".who-am-i")?.textContent?.trim() || null;

function speaker(line) {
  if (line.channel === "spectators") return gettext("%(name)s (watching)", { name: line.name });
  if ((line.seat != null && line.seat === config.viewer) || (me && line.by === me)) return gettext("You");
  return line.seat != null ? playerName(line.seat) : line.name;
}

function entry(line) {
  const where = state.idx.where[line.at];
  const deal = state.idx.deals[where.d];
  const at = gettext("Deal %(deal)s, move %(move)s", { deal: deal.number, move: where.m });
  const held = line.held ? gettext(" (during the deal)") : "";
  return `<li class="talk-entry talk-${esc(line.channel)}${line.kind === "text" ? " talk-free" : ""}" data-id="${Number(line.id)}">`
    + `<a class="replay-talk-at" href="#d${where.d + 1}m${where.m}">${esc(at)}</a> `
    + `<b class="talk-name">${esc(speaker(line))}</b>${esc(gettext(": "))}<span class="talk-words">${esc(talkLineWords(line))}</span>`
    + `${held ? `<span class="talk-when">${esc(held)}</span>` : ""}</li>`;
}

/** The lines said up to the step shown; called as each step is drawn. */
export function drawTalk() {
  if (!box || !talk) return;
  let count = 0;
  while (count < talk.lines.length && talk.lines[count].at <= state.at) count += 1;
  if (count === shown) return;
  shown = count;
  const log = box.querySelector(".replay-talk-log");
  log.innerHTML = count ? talk.lines.slice(0, count).map(entry).join("")
    : `<li class="muted">${esc(gettext("Nothing said yet."))}</li>`;
  log.scrollTop = log.scrollHeight;
  box.scrollTop = box.scrollHeight;
  const later = talk.lines.length - count;
  const notes = [];
  if (later) notes.push(ngettext("%(n)s more line is said later in the game.", "%(n)s more lines are said later in the game.", later));
  if (talk.truncated) notes.push(gettext("Only the newest %(kept)s of the %(total)s lines said are kept here.", { kept: talk.lines.length, total: talk.total }));
  note(notes.join(" "));
}
