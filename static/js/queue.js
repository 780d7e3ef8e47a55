// The queue's page (/queue/): ask every few seconds, which keeps this person in the queue; show
// how the wait goes; once seated, chime, change the tab's title and go to the table. Leaving the
// page leaves the queue (a beacon as it closes; the server drops an entry nobody refreshes).
import { gettext } from "./i18n.js";
import { readPref } from "./stored.js";
import { soundVolume } from "./prefs.js";

const config = JSON.parse(document.getElementById("queue-config").textContent);
const box = document.getElementById("queue-wait");
const SITE = document.title.split(" · ").pop();
let done = false;
let timer = null;

function setText(id, words) {
  const el = document.getElementById(id);
  if (el) el.textContent = words;
}

// The wait is over, one way or the other: no more asking, and no leave button or spinner.
function endWait(state) {
  done = true;
  clearTimeout(timer);
  box.dataset.state = state;
  for (const el of box.querySelectorAll("#queue-leave, .queue-spinner, #queue-bots")) {
    el.hidden = true;
  }
}

function botsWords(s) {
  if (s.rated) return null; // the page's own words stand
  if (s.bots_in == null) return gettext("Only people: you are seated when three others ask.");
  if (s.bots_in <= 0) return gettext("Bots fill the table now.");
  return gettext("Bots fill the table in %(seconds)s s if nobody else comes.", { seconds: s.bots_in });
}

function showWaiting(s) {
  const values = { waiting: s.waiting, waited: s.waited };
  setText(
    "queue-line",
    s.waiting > 1
      ? gettext("%(waiting)s of 4 waiting, you included. You have waited %(waited)s s.", values)
      : gettext("%(waiting)s of 4 waiting. You have waited %(waited)s s.", values),
  );
  const bots = botsWords(s);
  if (bots) setText("queue-bots", bots);
  document.title = `${gettext("Finding a game (%(waiting)s/4)", { waiting: s.waiting })} · ${SITE}`;
}

function chime() {
  if (!readPref("mahjong-turn-sound", true) || !soundVolume()) return; // off, or the volume at 0
  try {
    // Refused before the person has clicked on the site (autoplay rules): the title still tells.
    const sound = new Audio(config.chime);
    sound.volume = soundVolume() / 100;
    sound.play()?.catch(() => {});
  } catch {
    /* no audio here */
  }
}

function seated(s) {
  endWait("seated");
  document.title = `● ${gettext("Table %(number)s is ready", { number: s.game })} · ${SITE}`;
  setText("queue-title", gettext("Your table is ready"));
  const line = document.getElementById("queue-line");
  const link = document.createElement("a");
  link.href = s.url;
  link.id = "queue-table";
  link.textContent = gettext("Table %(number)s", { number: s.game });
  line.replaceChildren(link, gettext(": %(title)s. Taking you there…", { title: s.title }));
  chime();
  try {
    // The table's page then signals its start too (static/js/table/signal.js).
    sessionStorage.setItem(`mahjong-started-${s.game}`, "1");
  } catch {
    /* storage refused */
  }
  setTimeout(() => location.assign(s.url), config.go_after);
}

function stopped(s) {
  endWait("none");
  document.title = `${gettext("Not waiting")} · ${SITE}`;
  setText("queue-title", gettext("You are not waiting for a game"));
  const line = document.getElementById("queue-line");
  const again = document.createElement("a");
  again.href = location.pathname;
  again.textContent = gettext("Find a game");
  line.replaceChildren(`${s.reason || gettext("You left the queue.")} `, again);
}

async function poll() {
  timer = null;
  if (done) return;
  try {
    const r = await fetch(config.poll, {
      method: "POST",
      headers: { "X-CSRFToken": config.csrf, Accept: "application/json" },
      credentials: "same-origin",
    });
    if (r.ok) {
      const s = await r.json();
      if (s.state === "seated") return seated(s);
      if (s.state !== "waiting") return stopped(s);
      showWaiting(s);
    }
  } catch {
    /* offline for a moment: ask again */
  }
  if (!done) timer = setTimeout(poll, config.every);
}

function goodbye() {
  if (done) return;
  const body = new FormData();
  body.append("csrfmiddlewaretoken", config.csrf);
  body.append("beacon", "1");
  navigator.sendBeacon(config.leave, body);
}

window.addEventListener("pagehide", goodbye);
// Back from the browser's page cache: the goodbye left the queue, and the next answer says so.
window.addEventListener("pageshow", (e) => {
  if (e.persisted && !done) {
    clearTimeout(timer);
    poll();
  }
});
document.getElementById("queue-leave")?.addEventListener("submit", () => {
  done = true; // the button says goodbye itself
});

if (config.status?.state === "seated") seated({ ...config.status, url: config.table });
else poll();
