// Telling the player the table waits on them: a soft chime, the tab's title and, while the tab is
// hidden and they allowed it, a notification. Once per decision point: a turn, a discard this
// seat can claim, a table that has just started.
import { tileWords } from "../tiles.js";
import { mayExchange } from "../view.js";
import { nothingToClaim } from "../view.js";
import { config, root, state } from "./state.js";
import { gettext } from "../i18n.js";

const BASE_TITLE = document.title;
const SITE = BASE_TITLE.split(" · ").pop();
const TITLES = { turn: `● ${gettext("Your turn")} — ${SITE}`, claim: `● ${gettext("Claim?")} — ${SITE}` };
const STARTED_KEY = `mahjong-started-${config.game}`;
const CHIME = new URL("../../sounds/chime.wav", import.meta.url).href;

let chime = null;
let owedBefore = null;
let claimSignalled = -1; // a claim window keeps its version until it closes

/** What this page's seat owes now: "claim" (a discard it may claim), "turn", or null. */
function owed(v, answered) {
  if (!v || v.viewer == null) return null;
  const acts = v.legal_actions || [];
  if (v.phase === "claim" || v.phase === "rob") return acts.length && !answered && !nothingToClaim(v) ? "claim" : null;
  if (v.phase === "exchange") return mayExchange(v) ? "turn" : null;
  if ((v.phase === "play" || v.phase === "initial_kong") && v.turn === v.viewer && acts.length) return "turn";
  return null;
}

// The waiting room reloads itself: for a new start, or for a seat taken while the game may start
// before the reloaded page is drawn. Whichever it is, a table drawn next has just started.
export function noteLeavingWaitingRoom() {
  try {
    sessionStorage.setItem(STARTED_KEY, "1");
  } catch {
    /* storage refused: the start goes unsignalled */
  }
}

// A waiting room drawn again: the game has not started yet, so the note waits for the next reload.
export function forgetLeavingWaitingRoom() {
  takeStarted();
}

function takeStarted() {
  try {
    const was = sessionStorage.getItem(STARTED_KEY) === "1";
    sessionStorage.removeItem(STARTED_KEY);
    return was;
  } catch {
    return false;
  }
}

function notifyWords(kind) {
  if (kind === "claim") {
    const c = state.view.claim || {};
    return state.view.phase === "rob" ? gettext("You can rob the kong of %(tile)s", { tile: tileWords(c.tile) })
      : gettext("You can claim %(tile)s", { tile: tileWords(c.tile) });
  }
  return kind === "start" ? gettext("Table %(number)s has started", { number: config.game })
    : gettext("Your turn at table %(number)s", { number: config.game });
}

function notify(kind) {
  if (document.visibilityState !== "hidden" || !state.notify) return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(notifyWords(kind), { tag: `mahjong-table-${config.game}` });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    /* a browser that allows notifications only from a service worker */
  }
}

function play() {
  if (!state.volume) return; // the volume at 0: silent
  chime = chime || new Audio(CHIME);
  chime.volume = state.volume / 100;
  chime.currentTime = 0;
  // Refused before the page has had a click (autoplay rules): the title still tells.
  chime.play()?.catch(() => {});
}

function ring() {
  if (state.turnSound) play();
}

function signal(kind) {
  root.dataset.signal = `${kind} ${state.version}`;
  ring();
  notify(kind);
}

/** The chime at the volume just chosen, so the player hears what it will be. */
export function previewChime() {
  play();
}

/** After each frame: signal a decision point newly owed by this seat, and keep the title.
 * `quiet`: a comfort switch makes the move for the player (comfort.js), so nothing rings. */
export function signalTurn(events = [], quiet = false) {
  const v = state.view;
  const now = owed(v, state.answered);
  const started = v && v.viewer != null && takeStarted();
  // The turn that a claim of this seat's own made is no news to it.
  const ownClaim = events.some((e) => e.type === "claim" && e.seat === v?.viewer);
  const fresh = now === "claim" ? claimSignalled !== state.version : now === "turn" && owedBefore !== "turn" && !ownClaim;
  if (now === "claim") claimSignalled = state.version;
  if (fresh && !quiet) signal(now);
  else if (started) signal("start");
  owedBefore = now;
  document.title = TITLES[now] || BASE_TITLE;
}
