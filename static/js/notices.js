// Challenges reach a person on whatever page of the site they have open (docs/people.md,
// "Challenges"): this module, loaded on every page of a signed-in person, asks /notices.json
// every few seconds (less often while the tab is hidden) and at once when a table page's socket
// says there is news (a `notice` frame), and shows each challenge waiting for their answer in a
// box with Accept and Decline, with the table's chime (at the volume of the table's settings)
// and, while the tab is hidden and notifications are allowed, a notification.
// The answers to their own challenges are shown once. Every word from the server is put on the
// page as text, never as markup.
import { gettext } from "./i18n.js";
import { soundVolume } from "./prefs.js";

const POLL_MS = 15000;
const HIDDEN_POLL_MS = 45000;
const CHIME = new URL("../sounds/chime.wav", import.meta.url).href;
const RUNG_KEY = "mahjong-challenges-rung"; // challenges already rung, across tabs
const LATER_KEY = "mahjong-challenges-later"; // put off in this tab

let box = null;
let timer = null;
let stopped = false;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text != null) node.textContent = text;
  return node;
}

function stored(storage, key) {
  try {
    return new Set(JSON.parse(storage.getItem(key) || "[]"));
  } catch {
    return new Set();
  }
}

function store(storage, key, set) {
  try {
    storage.setItem(key, JSON.stringify([...set].slice(-50)));
  } catch {
    /* storage refused: at worst a chime twice */
  }
}

function csrf() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

function container() {
  if (box) return box;
  const css = el("link");
  css.rel = "stylesheet";
  css.href = new URL("../css/notices.css", import.meta.url).href;
  document.head.append(css);
  box = el("aside", "notices");
  box.setAttribute("aria-label", gettext("Challenges"));
  box.setAttribute("aria-live", "polite");
  document.body.append(box);
  return box;
}

function ring() {
  const volume = soundVolume();
  if (!volume) return;
  const chime = new Audio(CHIME);
  chime.volume = volume / 100;
  chime.play()?.catch(() => {}); // before the page's first click the browser may refuse
}

function notify(text) {
  if (document.visibilityState !== "hidden") return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(text, { tag: "mahjong-challenge" });
    n.onclick = () => { window.focus(); n.close(); };
  } catch {
    /* notifications only from a service worker here */
  }
}

async function answer(id, what, card) {
  card.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  const body = new FormData();
  body.append("answer", what);
  let data = {};
  try {
    const r = await fetch(`/challenges/${id}/answer/`, {
      method: "POST", body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), Accept: "application/json" },
    });
    data = await r.json();
  } catch {
    data = { message: gettext("The answer could not be sent: try again.") };
  }
  if (data.ok && data.table) {
    window.location.assign(data.table);
    return;
  }
  card.querySelector(".notice-actions")?.remove();
  card.append(el("p", data.ok ? "notice-done" : "notice-error", data.message || ""));
  setTimeout(() => card.remove(), data.ok ? 3000 : 8000);
}

function challengeCard(c) {
  const card = el("section", "notice notice-challenge");
  card.dataset.challenge = c.id;
  const values = { name: c.from, rules: c.rules };
  let text;
  if (c.rated) {
    text = c.rules
      ? gettext("%(name)s challenges you to a rated table of %(rules)s.", values)
      : gettext("%(name)s challenges you to a rated table.", values);
  } else {
    text = c.rules
      ? gettext("%(name)s challenges you to a casual table of %(rules)s.", values)
      : gettext("%(name)s challenges you to a casual table.", values);
  }
  card.append(el("p", "notice-text", text));
  const actions = el("div", "notice-actions");
  for (const [what, label, cls] of [["accept", gettext("Accept"), "button primary"], ["decline", gettext("Decline"), "button"]]) {
    const b = el("button", cls, label);
    b.type = "button";
    b.addEventListener("click", () => answer(c.id, what, card));
    actions.append(b);
  }
  const later = el("button", "link notice-later", gettext("Later"));
  later.type = "button";
  later.addEventListener("click", () => {
    const put = stored(sessionStorage, LATER_KEY);
    put.add(c.id);
    store(sessionStorage, LATER_KEY, put);
    card.remove();
  });
  actions.append(later);
  card.append(actions);
  return { card, text };
}

function answerCard(a) {
  const card = el("section", "notice notice-answer");
  const who = { name: a.to };
  const words = {
    accepted: gettext("%(name)s accepted your challenge.", who),
    declined: gettext("%(name)s declined your challenge.", who),
    cancelled: gettext("Your challenge to %(name)s was withdrawn.", who),
    expired: gettext("%(name)s did not answer your challenge.", who),
  };
  card.append(el("p", "notice-text", words[a.status] || words.expired));
  const actions = el("div", "notice-actions");
  if (a.table && !window.location.pathname.startsWith(a.table)) {
    const go = el("a", "button primary", gettext("Go to the table"));
    go.href = a.table;
    actions.append(go);
  }
  const close = el("button", "link", gettext("Close"));
  close.type = "button";
  close.addEventListener("click", () => card.remove());
  actions.append(close);
  card.append(actions);
  return card;
}

function show(data) {
  const later = stored(sessionStorage, LATER_KEY);
  const rung = stored(localStorage, RUNG_KEY);
  if (!box && !(data.incoming || []).length && !(data.answers || []).length) return; // nothing to show
  const here = container();
  // Below the header while it is in view, so the account's links and the language chooser stay
  // reachable while a challenge waits for an answer.
  const header = document.querySelector(".site-header")?.getBoundingClientRect();
  here.style.top = `${Math.max(8, Math.round(header ? header.bottom + 8 : 8))}px`;
  const waiting = new Set();
  const fresh = [];
  for (const c of data.incoming || []) {
    waiting.add(String(c.id));
    if (later.has(c.id) || here.querySelector(`[data-challenge="${c.id}"]`)) continue;
    const { card, text } = challengeCard(c);
    here.append(card);
    if (!rung.has(c.id)) { rung.add(c.id); fresh.push(text); }
  }
  // A challenge withdrawn or answered elsewhere leaves this page too.
  here.querySelectorAll("[data-challenge]").forEach((card) => {
    if (!waiting.has(card.dataset.challenge) && card.querySelector(".notice-actions")) card.remove();
  });
  for (const a of data.answers || []) {
    here.append(answerCard(a));
    fresh.push(null);
  }
  if (fresh.length) {
    store(localStorage, RUNG_KEY, rung);
    ring();
    const first = fresh.find((t) => t);
    if (first) notify(first);
  }
}

async function poll() {
  if (stopped) return;
  try {
    const r = await fetch("/notices.json", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (r.status === 429) {
      schedule(Number(r.headers.get("Retry-After") || 60) * 1000);
      return;
    }
    const data = await r.json();
    if (!data.signed_in) { stopped = true; return; }
    show(data);
  } catch {
    /* offline for a moment: the next poll tries again */
  }
  schedule();
}

function schedule(ms) {
  clearTimeout(timer);
  timer = setTimeout(poll, ms || (document.visibilityState === "hidden" ? HIDDEN_POLL_MS : POLL_MS));
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !stopped) schedule(500);
});
// A table page's socket was told of a challenge, an answer or a withdrawal (table/frames.js):
// ask now; the poll stays, for every other page and a socket that is down.
window.addEventListener("mahjong-notice", () => {
  if (!stopped) schedule(1);
});
poll();
