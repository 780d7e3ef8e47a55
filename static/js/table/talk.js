// Table talk (docs/protocol.md, "Table talk"): a small "Talk" box in a corner of the table with
// the canned lines as buttons and, only where the table allows free text, a text field (where it
// does not, the reason instead). What is said is shown for a moment beside the speaker's seat and
// kept in the box's log, which screen readers hear as it grows. A canned line closes the box (a
// quick reaction), as Escape does; on a phone the open box lies over the top of the table, so the
// hand below stays in reach. The server sends each line in a
// `talk` frame, and the recent ones in every `state`; the page sends only a canned line's id
// or the text typed. Every word anyone typed is put on the page as text, never as markup.
import { config, state } from "./state.js";
import { toServer } from "./connection.js";
import { decorate, heard } from "../people.js";
import { cannedWords, talkLineWords as lineWords } from "../words.js";
import { gettext, ngettext, pgettext, serverWords } from "../i18n.js";

const talk = config.talk || null;

const KEPT = 100; // lines the log keeps
const BUBBLE_MS = 6000;
let box = null;
let log = null;
let note = null;
let unread = 0;
const bubbles = new Map(); // seat -> its bubble element

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text != null) node.textContent = text;
  return node;
}

function showNote(text) {
  note.textContent = text || "";
  note.hidden = !text;
}

function build() {
  box = el("details", "talk");
  box.id = "talk";
  const summary = el("summary", "talk-summary");
  summary.append(el("span", null, gettext("Talk")), el("span", "talk-unread"));
  box.append(summary);
  const panel = el("div", "talk-panel");
  log = el("ol", "talk-log");
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  log.setAttribute("aria-label", gettext("Table talk"));
  log.dataset.empty = gettext("Nothing said yet.");
  panel.append(log);
  note = el("p", "talk-note");
  note.setAttribute("role", "status");
  note.hidden = true;
  if (!talk.signed_in) {
    panel.append(el("p", "talk-off", gettext("Sign in to talk at the table.")));
  } else {
    const lines = el("div", "talk-canned");
    lines.setAttribute("role", "group");
    lines.setAttribute("aria-label", pgettext("talk", "Say"));
    for (const { code, text } of talk.lines) {
      const b = el("button", "talk-line", cannedWords(code, text));
      b.type = "button";
      b.dataset.code = code;
      lines.append(b);
    }
    panel.append(lines);
    if (talk.free_text_off) {
      panel.append(el("p", "talk-off", serverWords(talk.free_text_off)));
    } else {
      const form = el("form", "talk-form");
      const label = el("label", "sr-only", gettext("Say something"));
      label.htmlFor = "talk-text";
      const input = el("input");
      Object.assign(input, { id: "talk-text", type: "text", maxLength: talk.max, autocomplete: "off" });
      input.placeholder = gettext("Say something");
      const send = el("button", "button talk-send", gettext("Send"));
      send.type = "submit";
      form.append(label, input, send);
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        toServer({ type: "talk", text });
        input.value = "";
      });
      panel.append(form);
    }
  }
  panel.append(note);
  box.append(panel);
  box.addEventListener("click", (e) => {
    const b = e.target.closest("button.talk-line");
    if (!b) return;
    toServer({ type: "talk", code: b.dataset.code });
    box.open = false; // a quick reaction: the table is back in view at once
  });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && box.open) { box.open = false; box.querySelector("summary").focus(); }
  });
  box.addEventListener("toggle", () => {
    if (box.open) { unread = 0; drawUnread(); log.scrollTop = log.scrollHeight; }
  });
  (document.getElementById("talk-box") || document.body).append(box);
}

function drawUnread() {
  const badge = box.querySelector(".talk-unread");
  badge.textContent = unread ? String(unread) : "";
  badge.setAttribute("aria-label", unread ? ngettext("%(n)s new", "%(n)s new", unread) : "");
}

function who(line) {
  if (line.channel === "spectators") return gettext("%(name)s (watching)", { name: line.name });
  return line.seat != null && line.seat === state.view?.viewer ? gettext("You") : line.name;
}

function entry(line) {
  const li = el("li", `talk-entry talk-${line.channel}${line.kind === "text" ? " talk-free" : ""}`);
  li.dataset.id = line.id;
  li.append(el("b", "talk-name", who(line)), document.createTextNode(gettext(": ")), el("span", "talk-words", lineWords(line)));
  if (line.released) li.append(el("span", "talk-when", gettext(" (during the deal)")));
  decorate(li, line); // the name opens mute, block and report (people.js)
  return li;
}

// The line beside its speaker's seat for a moment (a spectator's is in the log only). Only seen:
// the log already tells a screen reader.
function bubble(line) {
  if (line.seat == null || line.channel !== "players") return;
  const seatEl = document.querySelector(`#table section.seat[data-seat="${line.seat}"]`);
  if (!seatEl) return;
  bubbles.get(line.seat)?.remove();
  const b = el("div", "talk-bubble", lineWords(line));
  b.setAttribute("aria-hidden", "true");
  document.body.append(b);
  const r = seatEl.getBoundingClientRect();
  const w = b.offsetWidth;
  const left = Math.max(4, Math.min(window.innerWidth - w - 4, r.left + r.width / 2 - w / 2));
  const top = Math.max(4, r.top - b.offsetHeight - 6);
  Object.assign(b.style, { left: `${left}px`, top: `${top}px` });
  bubbles.set(line.seat, b);
  setTimeout(() => { b.remove(); if (bubbles.get(line.seat) === b) bubbles.delete(line.seat); }, BUBBLE_MS);
}

function trim() {
  while (log.children.length > KEPT) log.firstElementChild.remove();
}

export function onTalk(frame) {
  if (!box) return;
  const lines = (Array.isArray(frame.lines) ? frame.lines : []).filter(heard);
  if (frame.recent) {
    // The table's recent talk after a whole state: the log is rebuilt quietly.
    log.setAttribute("aria-live", "off");
    log.replaceChildren(...lines.map(entry));
    setTimeout(() => log.setAttribute("aria-live", "polite"), 0);
  } else {
    for (const line of lines) {
      if (log.querySelector(`[data-id="${line.id}"]`)) continue;
      log.append(entry({ ...line, released: frame.released }));
      if (!frame.released) bubble(line);
      if (!box.open && !(line.seat != null && line.seat === state.view?.viewer)) unread += 1;
    }
    trim();
    drawUnread();
  }
  log.scrollTop = log.scrollHeight;
}

// The table's frames pass through here: talk frames and the answers to talk are this module's.
export function withTalk(onMessage) {
  if (talk) build();
  return (msg) => {
    if (msg.type === "talk") return onTalk(msg);
    if (msg.type === "state" && Array.isArray(msg.talk)) onTalk({ lines: msg.talk, recent: true });
    if (msg.type === "error" && msg.re === "talk") {
      if (box) { box.open = true; showNote(msg.message); setTimeout(() => showNote(""), 6000); }
      return undefined;
    }
    return onMessage(msg);
  };
}
