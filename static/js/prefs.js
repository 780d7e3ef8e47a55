// Preferences kept in this browser (localStorage): high contrast (stronger colours, larger tile
// indexes), applied here on every page; and the table's comfort switches and sound volume, read
// by the table (table/state.js) and by any page that chimes.
import { readPref, writePref } from "./stored.js";

/** The table's comfort switches: their keys in localStorage and their defaults. */
export const COMFORT = {
  autoWin: ["mahjong-auto-win", false], // declare a win whenever one is legal
  autoDiscard: ["mahjong-auto-discard", false], // a turn with nothing but discards: the drawn tile
  noCalls: ["mahjong-no-calls", false], // chow, pung and kong offers passed (a win still offered)
  showWaits: ["mahjong-show-waits", true], // the ready indicator, where the table gives it
};

export function readComfort(name) {
  const [key, fallback] = COMFORT[name];
  return readPref(key, fallback);
}

export function writeComfort(name, on) {
  writePref(COMFORT[name][0], on);
}

const VOLUME_KEY = "mahjong-volume";
const VOLUME_DEFAULT = 70;

/** The sound volume, 0 (silent) to 100, that every chime obeys. */
export function soundVolume() {
  try {
    const v = localStorage.getItem(VOLUME_KEY);
    const n = v == null ? VOLUME_DEFAULT : Number(v);
    return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : VOLUME_DEFAULT;
  } catch {
    return VOLUME_DEFAULT;
  }
}

export function setSoundVolume(n) {
  try {
    localStorage.setItem(VOLUME_KEY, String(Math.min(100, Math.max(0, Math.round(n)))));
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

const KEY = "mahjong-hc";

function apply(on) {
  document.body.classList.toggle("hc", on);
  for (const b of document.querySelectorAll(".hc-toggle")) b.setAttribute("aria-pressed", String(on));
}

let on = readPref(KEY, false);
apply(on);
document.documentElement.classList.remove("hc-pending");
for (const b of document.querySelectorAll(".hc-toggle")) {
  b.addEventListener("click", () => {
    on = !on;
    writePref(KEY, on);
    apply(on);
  });
}
