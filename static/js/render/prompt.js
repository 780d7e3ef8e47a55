// Whose turn it is, what you may do now, and the buttons for it (only the legal ones).
import { esc, tileHTML, tileWords, tilesHTML, tilesWords } from "../tiles.js";
import { isYou } from "../words.js";
import { exchangeButtonHTML, exchangePrompt } from "./exchange.js";
import { mayExchange, nothingToClaim } from "../view.js";
import { gettext, listWords, ngettext, pgettext } from "../i18n.js";

const KEYS = { win: "W", kong: "K", pung: "P", chow: "C", pass: "N" };

function btn(label, ai, cls = "", key = "", extra = "") {
  const k = key ? ` <kbd aria-hidden="true">${key}</kbd>` : "";
  const shortcut = key ? ` aria-keyshortcuts="${key}"` : "";
  return `<button type="button" class="act ${cls}" data-ai="${ai}"${shortcut}${extra}>${label}${k}</button>`;
}

function chowLabel(a) {
  return ` aria-label="${esc(gettext("Chow %(tiles)s", { tiles: tilesWords(a.tiles) }))}"`;
}

export function promptText(ctx) {
  const v = ctx.view;
  const me = v.viewer;
  const acts = v.legal_actions || [];
  const types = new Set(acts.map((a) => a.type));
  const who = (s) => esc(ctx.seatName(s));
  if (v.phase === "game_over") return gettext("The game is over.");
  if (v.phase === "deal_over") {
    if (types.has("ready")) return gettext("The deal is over. Read the scores, then press <b>Next deal</b>.");
    return gettext("The deal is over. Waiting for the others to be ready.");
  }
  if (v.phase === "claim" || v.phase === "rob") {
    const c = v.claim || {};
    const tile = esc(tileWords(c.tile));
    const whatHappened = v.phase === "rob"
      ? isYou(ctx, c.discarder) ? gettext("You add %(tile)s to a pung to make a kong.", { tile })
        : gettext("%(name)s adds %(tile)s to a pung to make a kong.", { name: who(c.discarder), tile })
      : gettext("%(name)s discarded %(tile)s.", { name: who(c.discarder), tile });
    if (nothingToClaim(v)) return whatHappened;
    if (ctx.answered) return `${whatHappened} ${gettext("Your answer is in; waiting for the others.")}`;
    if (me != null && types.size) {
      const opts = [];
      if (types.has("win")) opts.push(v.phase === "rob" ? gettext("rob the kong and go out") : gettext("go out with it"));
      if (!ctx.noCalls) { // "No calls" (Settings): chow, pung and kong are not offered
        if (types.has("kong")) opts.push(pgettext("claim", "kong"));
        if (types.has("pung")) opts.push(pgettext("claim", "pung"));
        if (types.has("chow")) opts.push(pgettext("claim", "chow"));
      }
      if (!opts.length) return `${whatHappened} ${gettext("No calls: passing.")}`;
      return `${whatHappened} ${gettext("You may %(options)s, or pass.", { options: listWords(opts) })}`;
    }
    return `${whatHappened} ${gettext("Waiting to see whether anyone claims it.")}`;
  }
  if (v.phase === "exchange") return exchangePrompt(ctx);
  if (v.phase === "initial_kong" && me != null && v.turn === me) {
    return gettext("Before play starts you may declare a concealed kong.");
  }
  if (me != null && v.turn === me && types.has("discard")) {
    const drawn = v.drawn ? `${gettext("You drew <b>%(tile)s</b>.", { tile: esc(tileWords(v.drawn)) })} ` : "";
    const extra = types.has("win") ? ` ${gettext("You can go out!")}` : "";
    return `${drawn}${gettext("Your turn: discard a tile.")}${extra}`;
  }
  if (v.turn != null) return gettext("%(name)s to play.", { name: who(v.turn) });
  return "";
}

export function actionsHTML(ctx) {
  const v = ctx.view;
  const acts = v.legal_actions || [];
  if (ctx.answered && (v.phase === "claim" || v.phase === "rob")) return "";
  if (nothingToClaim(v)) return "";
  if (v.phase === "exchange") return exchangeButtonHTML(ctx);
  const out = [];
  const chows = [];
  const windowOpen = v.phase === "claim" || v.phase === "rob";
  acts.forEach((a, i) => {
    if (ctx.noCalls && windowOpen && ["kong", "pung", "chow"].includes(a.type)) return;
    switch (a.type) {
      case "win":
        out.push(btn(v.phase === "rob" ? gettext("Rob the kong: go out") : gettext("Mahjong: go out"), i, "win primary", KEYS.win));
        break;
      case "kong":
        out.push(btn(`${pgettext("button", "Kong")} ${tilesHTML(v.claim ? v.claim.tile : "", { cls: "mini" })}`, i, "claim", KEYS.kong));
        break;
      case "pung":
        out.push(btn(`${pgettext("button", "Pung")} ${tilesHTML(v.claim ? v.claim.tile : "", { cls: "mini" })}`, i, "claim", KEYS.pung));
        break;
      case "chow":
        chows.push([a, i]);
        break;
      case "concealed_kong":
        out.push(btn(`${pgettext("button", "Concealed kong")} ${tileHTML(a.tile, { cls: "mini" })}`, i, "kong-own", "",
          ` aria-label="${esc(gettext("Declare a concealed kong of %(tile)s", { tile: tileWords(a.tile) }))}"`));
        break;
      case "promote_kong":
        out.push(btn(`${pgettext("button", "Add to pung: kong")} ${tileHTML(a.tile, { cls: "mini" })}`, i, "kong-own", "",
          ` aria-label="${esc(gettext("Add %(tile)s to your pung to make a kong", { tile: tileWords(a.tile) }))}"`));
        break;
      default:
        break;
    }
  });
  if (chows.length === 1) {
    const [a, i] = chows[0];
    out.push(btn(`${pgettext("button", "Chow")} ${tilesHTML(a.tiles, { cls: "mini" })}`, i, "claim", KEYS.chow, chowLabel(a)));
  } else if (chows.length > 1) {
    const choices = chows
      .map(([a, i]) => btn(tilesHTML(a.tiles, { cls: "mini" }), i, "chow-choice", "", chowLabel(a)))
      .join("");
    out.push(`<span class="chow-group" role="group" aria-label="${gettext("Chow: choose which")}">
      <button type="button" class="act claim" data-act="chow-menu" aria-expanded="${ctx.chowOpen ? "true" : "false"}" aria-keyshortcuts="C">${
        pgettext("button", "Chow…")} <kbd aria-hidden="true">C</kbd></button>
      ${ctx.chowOpen ? `<span class="chow-choices">${choices}</span>` : ""}</span>`);
  }
  if (acts.some((a) => a.type === "discard" && a.call)) {
    out.push(`<button type="button" class="act toggle" data-act="original-call" aria-pressed="${ctx.originalCall ? "true" : "false"}"
      title="${gettext("Declare that your hand is calling: you may not change it afterwards")}">${gettext("Original Call")}</button>`);
  }
  const pass = acts.findIndex((a) => a.type === "pass");
  if (pass >= 0) out.push(btn(pgettext("button", "Pass"), pass, "pass", KEYS.pass));
  // Next deal lives on the score sheet only (one button, one Tab stop).
  return out.join("");
}

export function timerHTML(ctx) {
  const t = ctx.timer;
  const v = ctx.view;
  // Nothing to decide: no countdown, only a quiet note that the others may still claim.
  if (t && t.kind === "claim" && v && (v.viewer == null || nothingToClaim(v) || ctx.answered)) {
    return `<span class="claims-wait" role="status"><i aria-hidden="true"></i>${gettext("Waiting for claims")}</span>`;
  }
  if (!t || !t.ends_ms) return "";
  // A Goulash's turn clock runs for the seats still choosing: once yours are passed, it is theirs.
  if (v && v.phase === "exchange" && !mayExchange(v)) return "";
  const left = Math.max(0, t.ends_ms - ctx.now());
  const frac = t.seconds ? Math.min(1, left / (t.seconds * 1000)) : 0;
  const secs = Math.ceil(left / 1000);
  const label = t.kind === "claim" ? ngettext("Claim window: %(n)s second left", "Claim window: %(n)s seconds left", secs)
    : ngettext("Turn clock: %(n)s second left", "Turn clock: %(n)s seconds left", secs);
  return `<div class="countdown ${t.kind}" role="timer" aria-label="${label}">
    <span class="bar"><i style="transform:scaleX(${frac.toFixed(3)})"></i></span><span class="secs">${
      gettext("%(n)ss", { n: secs })}</span></div>`;
}
