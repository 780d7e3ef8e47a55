// What a person may do about someone's talk at the table (docs/people.md, "Moderation"): the
// speaker's name in the talk log is a button opening a small menu: mute them, block them, report
// the line (with a reason, sent to staff with the lines around it), or open their page. A mute
// or block hides their lines at once, here and in the log; the server stops sending them too
// (the socket drops them from the next connection on). table/talk.js asks `heard` of every line
// and lets `decorate` mark each entry.
import { config } from "./table/state.js";
import { gettext } from "./i18n.js";

const talk = config.talk || {};
const unheard = new Set(); // muted or blocked on this page
const me = document.querySelector(".who-am-i")?.textContent?.trim() || null;
let menu = null;

// This module's looks, for the table page (the menu lies inside the talk box).
const css = el("link");
css.rel = "stylesheet";
css.href = new URL("../css/people.css", import.meta.url).href;
document.head.append(css);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text != null) node.textContent = text;
  return node;
}

function csrf() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/** Whether this page still shows lines of this speaker. */
export function heard(line) {
  return !(line && line.by && unheard.has(line.by));
}

/** A log entry of someone else's line: its name opens the menu. */
export function decorate(li, line) {
  if (!line.by) return;
  li.dataset.by = line.by;
  if (!talk.signed_in || line.by === me) return;
  const name = li.querySelector(".talk-name");
  if (!name) return;
  const b = el("button", "talk-who", name.textContent);
  b.type = "button";
  b.setAttribute("aria-haspopup", "true");
  b.title = gettext("Mute, block or report %(name)s", { name: line.by });
  b.addEventListener("click", (e) => { e.stopPropagation(); open(b, line); });
  name.replaceChildren(b); // the name stays the entry's <b class="talk-name">
}

function close() {
  if (!menu) return;
  const back = menu.opener;
  menu.remove();
  menu = null;
  back?.focus();
}

async function post(url, fields) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  try {
    const r = await fetch(url, { method: "POST", body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), Accept: "application/json" } });
    return await r.json();
  } catch {
    return { message: gettext("That could not be sent: try again.") };
  }
}

function said(text, ok) {
  if (!menu) return;
  menu.replaceChildren(el("p", ok ? "talk-menu-done" : "talk-menu-error", text));
  menu.querySelector("p").setAttribute("role", "status");
  if (ok) setTimeout(close, 3500);
}

function hide(name) {
  unheard.add(name);
  document.querySelectorAll("#talk .talk-log li[data-by]").forEach((li) => {
    if (li.dataset.by === name) li.remove();
  });
}

async function relation(action, name) {
  const data = await post(`/u/${encodeURIComponent(name)}/relation/`, { action });
  if (data.ok) hide(name);
  said(data.message || "", !!data.ok);
}

function reportForm(line) {
  const form = el("form", "talk-report");
  const label = el("label", null, gettext("Why"));
  const pick = el("select");
  pick.name = "reason";
  pick.id = "talk-report-reason";
  label.htmlFor = pick.id;
  for (const [value, words] of talk.report_reasons || []) {
    const o = el("option", null, words.charAt(0).toUpperCase() + words.slice(1));
    o.value = value;
    pick.append(o);
  }
  const note = el("input");
  const happened = gettext("What happened (optional)");
  Object.assign(note, { name: "note", maxLength: 500, placeholder: happened, autocomplete: "off" });
  note.setAttribute("aria-label", happened);
  const send = el("button", "button", gettext("Send to staff"));
  send.type = "submit";
  form.append(label, pick, note, send);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    send.disabled = true;
    const data = await post(`/talk/${line.id}/report/`, { reason: pick.value, note: note.value });
    said(data.message || "", !!data.ok);
  });
  return form;
}

function open(button, line) {
  close();
  menu = el("li", "talk-menu");
  menu.opener = button;
  menu.setAttribute("role", "group");
  menu.setAttribute("aria-label", gettext("About %(name)s", { name: line.by }));
  const items = [
    [gettext("Mute %(name)s", { name: line.by }), () => relation("mute", line.by)],
    [gettext("Block %(name)s", { name: line.by }), () => relation("block", line.by)],
    [gettext("Report this line…"), () => { menu.replaceChildren(reportForm(line)); menu.querySelector("select").focus(); }],
  ];
  for (const [text, act] of items) {
    const b = el("button", "talk-menu-item", text);
    b.type = "button";
    b.addEventListener("click", (e) => { e.stopPropagation(); act(); });
    menu.append(b);
  }
  const page = el("a", "talk-menu-item", gettext("%(name)s's page", { name: line.by }));
  page.href = `/u/${encodeURIComponent(line.by)}/`;
  page.target = "_blank";
  page.rel = "noopener";
  menu.append(page);
  menu.addEventListener("click", (e) => e.stopPropagation());
  menu.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } });
  button.closest("li").after(menu);
  menu.querySelector("button").focus();
}

document.addEventListener("click", (e) => { if (menu && !menu.contains(e.target)) close(); });
