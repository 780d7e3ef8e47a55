// The whole table: seats round the board, your hand and the prompt below, the move log beside.
// The board takes whatever height is left once the status, seats, prompt and hand are laid out
// (table.css), so the whole table fits the screen without scrolling.
import { esc, tileHTML, windName } from "../tiles.js";
import { boardHTML } from "./board.js";
import { seatHTML } from "./seats.js";
import { handHTML } from "./hand.js";
import { actionsHTML, promptText, timerHTML } from "./prompt.js";
import { ritualsHTML } from "./rituals.js";
import { sheetHTML } from "./sheet.js";
import { logHTML } from "./log.js";
import { hintsHTML } from "./hints.js";
import { handToolsHTML } from "./waits.js";
import { gettext, ngettext, pgettext } from "../i18n.js";

function waitingHTML(ctx) {
  if (ctx.status === "open") return ""; // the waiting room above says how the game starts
  return `<p class="muted waiting-note">${ctx.connected ? gettext("Loading the table…") : gettext("Connecting…")}</p>`;
}

function settingsHTML(ctx) {
  const toggle = (act, on, words) => `<button type="button" class="set-toggle" data-act="${act}" aria-pressed="${on}">
    <span class="knob" aria-hidden="true"></span>${words}</button>`;
  const playing = ctx.seated ? `<h3 class="set-head">${gettext("Play for me")}</h3>
    ${toggle("auto-win", !!ctx.autoWin, gettext("Auto-win: go out whenever I can"))}
    ${toggle("auto-discard", !!ctx.autoDiscard, gettext("Auto-discard the tile I draw when I can only discard"))}
    ${toggle("no-calls", !!ctx.noCalls, gettext("No calls: pass every chow, pung and kong (a win is still offered)"))}
    <h3 class="set-head">${pgettext("settings heading", "Show")}</h3>` : "";
  const waits = !ctx.seated ? ""
    : ctx.waitsOff ? `<p class="set-note waits-off">${esc(ctx.waitsOff)}</p>`
    : toggle("show-waits", !!ctx.showWaits, gettext("Ready indicator: the tiles that would let me go out"));
  const volume = ctx.volume ?? 0;
  return `<div class="table-settings" id="table-settings" role="group" aria-label="${gettext("Table settings")}">
    ${playing}${waits}
    ${toggle("mark-claims", !!ctx.markClaims, gettext("Turn each claimed tile toward the seat it came from"))}
    ${toggle("auto-rituals", !!ctx.autoRituals, gettext("Show the rituals as each deal starts"))}
    ${ctx.hintsAllowed ? toggle("hints", !!ctx.hintsOn, gettext("Show hints: what the strong bot would do, and why"))
      : ctx.hintsOff ? `<p class="set-note hints-off">${esc(ctx.hintsOff)}</p>` : ""}
    <h3 class="set-head">${gettext("Sound and alerts")}</h3>
    ${toggle("turn-sound", !!ctx.turnSound, gettext("Play a sound when it's my turn"))}
    <label class="set-range" for="set-volume"><span>${gettext("Volume")}</span>
      <input type="range" id="set-volume" data-act="volume" min="0" max="100" step="5" value="${volume}"
        aria-valuetext="${volumeWords(volume)}"><output for="set-volume">${volumeWords(volume)}</output></label>
    ${ctx.canNotify ? toggle("notify", !!ctx.notify, gettext("Notify me when it's my turn")) : ""}
  </div>`;
}

export function volumeWords(n) {
  return n ? `${n}%` : gettext("Silent");
}

function statusBarHTML(ctx) {
  const v = ctx.view;
  const w = v.wall || {};
  return `<div class="status-bar">
    <span class="sb-round">${tileHTML(v.prevailing_wind, { cls: "wind-tile" })}<span>${
      gettext("<b>%(wind)s round</b>, deal %(number)s", { wind: windName(v.prevailing_wind), number: v.deal_number })}</span></span>
    <span class="sb-wall">${ngettext("<b>%(n)s</b> tile left", "<b>%(n)s</b> tiles left", w.live ?? 0, { n: w.live ?? "?" })}</span>
    ${ctx.watching ? `<span class="sb-watching" data-watching="${ctx.watching}" title="${gettext("Spectators at this table")}">${
      ngettext("%(n)s watching", "%(n)s watching", ctx.watching)}</span>` : ""}
    <span class="sb-conn ${ctx.connected ? "on" : "off"}">${ctx.connected ? "" : gettext("Reconnecting…")}</span>
    <a class="chip-link" href="/rules/" target="_blank" rel="noopener" title="${gettext("The rules, in a new tab")}">${gettext("Rules")}</a>
    <span class="settings-wrap"><button type="button" class="chip-button" data-act="settings" aria-expanded="${ctx.settingsOpen}"${
      ctx.settingsOpen ? ' aria-controls="table-settings"' : ""}>${gettext("Settings")}</button>${ctx.settingsOpen ? settingsHTML(ctx) : ""}</span>
    <button type="button" class="chip-button" data-act="show-rituals" aria-expanded="${ctx.showRituals}"${
      ctx.showRituals ? ' aria-controls="rituals"' : ""} title="${gettext("How the seats, the wall and the deal were decided")}">${gettext("Rituals")}</button>
  </div>`;
}

// The table's parts, each drawn again only when its HTML changed: a frame rebuilds what moved
// and nothing else (the focus, the hover and any animation elsewhere are kept). A part is an
// element's content, or (where the grid places the part's own elements) the nodes between two
// comments.
const SKELETON = `
    <div class="table-grid"><!--status--><!--/-->
      <div class="opp opp-left"></div>
      <div class="opp opp-top"></div>
      <div class="opp opp-right"></div>
      <div class="board-wrap"><div class="board-box"></div></div>
    </div><!--watching--><!--/-->
    <div class="my-area">
      <div class="prompt-row">
        <p class="prompt" id="prompt"></p>
        <div class="timer-slot"></div>
        <div class="actions" role="group" aria-label="${gettext("Your actions")}"></div>
      </div><!--seat--><!--/--><!--tools--><!--/--><!--hand--><!--/-->
    </div>
    <div class="side-col"><!--rituals--><!--/--><!--hints--><!--/--><!--log--><!--/--></div><!--sheet--><!--/-->`;

const ELEMENTS = {
  opp3: ".opp-left", opp2: ".opp-top", opp1: ".opp-right", board: ".board-box", prompt: "#prompt",
  timer: ".timer-slot", actions: ".actions",
};

function parts(root) {
  if (root.__parts && root.__parts.grid.isConnected && root.contains(root.__parts.grid)) return root.__parts;
  root.innerHTML = SKELETON;
  const p = { grid: root.querySelector(".table-grid"), html: {} };
  for (const [key, sel] of Object.entries(ELEMENTS)) p[key] = root.querySelector(sel);
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  while (walk.nextNode()) if (walk.currentNode.data !== "/") p[walk.currentNode.data] = walk.currentNode;
  root.__parts = p;
  return p;
}

function put(p, key, html) {
  if (p.html[key] === html) return;
  p.html[key] = html;
  const at = p[key];
  if (at.nodeType !== Node.COMMENT_NODE) {
    at.innerHTML = html;
    return;
  }
  while (at.nextSibling && !(at.nextSibling.nodeType === Node.COMMENT_NODE && at.nextSibling.data === "/")) {
    at.nextSibling.remove();
  }
  const t = document.createElement("template");
  t.innerHTML = html;
  at.after(t.content);
}

/** Everything is drawn anew at the next renderTable (a part's elements were changed by hand). */
export function forgetDrawn(root) {
  if (root.__parts) root.__parts.html = {};
}

export function renderTable(root, ctx) {
  const v = ctx.view;
  if (!v) {
    root.__parts = null;
    root.innerHTML = waitingHTML(ctx);
    return;
  }
  const seat = (r) => (ctx.bottom + r) % 4;
  const me = v.viewer;
  root.classList.toggle("spectating", me == null);
  const p = parts(root);
  put(p, "status", statusBarHTML(ctx));
  put(p, "opp3", seatHTML(ctx, seat(3), 3));
  put(p, "opp2", seatHTML(ctx, seat(2), 2));
  put(p, "opp1", seatHTML(ctx, seat(1), 1));
  put(p, "board", boardHTML(ctx));
  put(p, "watching", me == null && ctx.status === "active" ? `<p class="watching" role="status"><b>${gettext("You are watching.")}</b> ${gettext("The players' concealed tiles stay hidden until the game ends.")}</p>` : "");
  put(p, "prompt", promptText(ctx));
  put(p, "timer", timerHTML(ctx));
  put(p, "actions", actionsHTML(ctx));
  put(p, "seat", seatHTML(ctx, me != null ? me : seat(0), 0));
  put(p, "tools", me != null ? handToolsHTML(ctx) : "");
  put(p, "hand", me != null ? handHTML(ctx) : "");
  put(p, "rituals", ctx.showRituals ? ritualsHTML(ctx) : "");
  put(p, "hints", hintsHTML(ctx));
  put(p, "log", logHTML(ctx));
  put(p, "sheet", ctx.sheet === false ? "" : sheetHTML(ctx));
}

export function renderCountdown(root, ctx) {
  if (root.__parts) put(root.__parts, "timer", timerHTML(ctx));
}
