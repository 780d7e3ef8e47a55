// The move log: every event of the current deal this viewer saw, in words with the tiles drawn
// beside them. Rebuilt from the server's `state` frame after a reload, appended to on updates.
import { esc, parseTiles, tilesHTML } from "../tiles.js";
import { eventWords } from "../words.js";
import { gettext } from "../i18n.js";

const MAX_ENTRIES = 400;

// The tiles an event shows, when the viewer may see them.
function eventTiles(e) {
  switch (e.type) {
    case "deal_block":
    case "exchange_chosen":
    case "exchange_received":
      return e.tiles || "";
    case "claim":
      return e.meld ? e.meld.tiles : e.tile;
    case "discard":
    case "draw":
    case "bonus_melded":
    case "kong":
    case "robbed":
    case "win":
      return e.tile || "";
    default:
      return "";
  }
}

/** One log entry for an event, or null when the event says nothing worth a line. */
export function logEntry(e, ctx) {
  // The end of the deal is told by the score sheet; readiness is announced, not logged.
  if (e.type === "deal_scored" || e.type === "ready") return null;
  const words = eventWords(e, ctx);
  if (!words) return null;
  return { type: e.type, seat: e.seat ?? null, words, tiles: eventTiles(e) };
}

/** The entries for a list of events (a whole deal from a `state` frame, or one update's). */
export function logEntries(events, ctx) {
  const out = [];
  // Seed 003's random centre: nobody can read back who threw what in which order, so the log
  // keeps no discards (each is still announced as it is thrown, as at a real table).
  const centre = ctx.view && ctx.view.discard_display === "centre";
  for (const e of events || []) {
    if (centre && e.type === "discard") continue;
    const entry = logEntry(e, ctx);
    if (entry) out.push(entry);
  }
  return out;
}

export function trimLog(log) {
  if (log.length > MAX_ENTRIES) log.splice(0, log.length - MAX_ENTRIES);
  return log;
}

function entryHTML(en) {
  const tiles = parseTiles(en.tiles).length
    ? ` <span class="log-tiles" aria-hidden="true">${tilesHTML(en.tiles, { label: "", title: false })}</span>`
    : "";
  const cls = `log-${en.type}${en.type === "deal_start" ? " log-deal" : ""}`;
  return `<li class="${cls}"><span class="log-words">${esc(en.words)}</span>${tiles}</li>`;
}

/** The log panel: a disclosure that is open on wide screens and folded on small ones. */
export function logHTML(ctx) {
  const entries = ctx.log || [];
  const items = entries.map(entryHTML).join("");
  const open = ctx.logOpen ? " open" : "";
  return `<aside class="move-log" aria-label="${gettext("Moves so far")}">
    <details${open} id="move-log"><summary>${gettext("Moves")} <span class="log-count">${entries.length}</span></summary>
    <ol>${items || `<li class="muted">${gettext("Nothing yet.")}</li>`}</ol></details></aside>`;
}
