// The table's client state, shared by every module of the table (one mutable object, imported
// live), with the page's config and the element the table is drawn in.
import { readPref } from "../stored.js";
import { readComfort, soundVolume } from "../prefs.js";

export const config = JSON.parse(document.getElementById("table-config")?.textContent || "{}");
export const root = document.getElementById("table");

export const state = {
  status: config.status,
  version: -1,
  view: null,
  timer: null,
  players: [{}, {}, {}, {}],
  watching: 0, // how many spectators' sockets are open at this table
  answered: null,
  pending: false,
  originalCall: false,
  chowOpen: false,
  // A Goulash exchange: the places in the hand chosen to pass (for the round named by the key),
  // and the tiles just received, marked in the hand for a moment.
  exchangePicks: [],
  exchangeKey: null,
  received: [],
  focusIdx: null,
  fresh: null,
  showRituals: false,
  ritualsPinned: false,
  ritualLog: { deal: null, blocks: [], bonus: [] },
  log: [],
  claims: [], // this deal's claim events: which tile of each exposed set was claimed
  markClaims: readPref("mahjong-mark-claims", true),
  autoRituals: readPref("mahjong-auto-rituals", true),
  turnSound: readPref("mahjong-turn-sound", true),
  notify: readPref("mahjong-notify", false), // asked of the browser only by a click on its switch
  settingsOpen: false,
  hints: readPref("mahjong-hints", false), // the hints switch (tables that allow them)
  hintData: null, // this position's hints as fetched: {version, candidates, why_not_win}
  // Comfort switches (prefs.js): moves made for the player (table/comfort.js), and what is shown.
  autoWin: readComfort("autoWin"),
  autoDiscard: readComfort("autoDiscard"),
  noCalls: readComfort("noCalls"),
  showWaits: readComfort("showWaits"), // the ready indicator (tables that give it)
  volume: soundVolume(), // 0-100: the chime's volume; 0 is silent
  // The player's own arrangement of the hand this deal (table/handorder.js): tile tokens, or
  // null for the sorted order.
  handOrder: null,
  handOrderKey: null,
  holdRender: false, // a drag under way (a tile, the volume slider): frames drawn when it ends
  renderOwed: false,
  // The log starts open where there is room for it beside the table, folded on small screens.
  logOpen: window.matchMedia("(min-width: 1100px)").matches,
  error: null,
  connected: false,
};
