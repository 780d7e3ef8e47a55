// Whose turn it is, what you may do now, and the buttons for it (only the legal ones).
import { esc, parseTiles, tileHTML, tileWords, tilesHTML } from "../tiles.js";
import { doesWords } from "../words.js";
import { exchangeButtonHTML, exchangePrompt } from "./exchange.js";
import { mayExchange, nothingToClaim } from "../view.js";

const KEYS = { win: "W", kong: "K", pung: "P", chow: "C", pass: "N" };

function btn(label, ai, cls = "", key = "", extra = "") {
  const k = key ? ` <kbd aria-hidden="true">${key}</kbd>` : "";
  const shortcut = key ? ` aria-keyshortcuts="${key}"` : "";
  return `<button type="button" class="act ${cls}" data-ai="${ai}"${shortcut}${extra}>${label}${k}</button>`;
}

export function promptText(ctx) {
  const v = ctx.view;
  const me = v.viewer;
  const acts = v.legal_actions || [];
  const types = new Set(acts.map((a) => a.type));
  const who = (s) => esc(ctx.seatName(s));
  if (v.phase === "game_over") return "The game is over.";
  if (v.phase === "deal_over") {
    if (types.has("ready")) return "The deal is over. Read the scores, then press <b>Next deal</b>.";
    return "The deal is over. Waiting for the others to be ready.";
  }
  if (v.phase === "claim" || v.phase === "rob") {
    const c = v.claim || {};
    const tile = esc(tileWords(c.tile));
    const whatHappened = v.phase === "rob"
      ? `${esc(doesWords(ctx, c.discarder, "add"))} ${tile} to a pung to make a kong.`
      : `${who(c.discarder)} discarded ${tile}.`;
    if (nothingToClaim(v)) return whatHappened;
    if (ctx.answered) return `${whatHappened} Your answer is in; waiting for the others.`;
    if (me != null && types.size) {
      const opts = [];
      if (types.has("win")) opts.push(v.phase === "rob" ? "rob the kong and go out" : "go out with it");
      if (!ctx.noCalls) { // "No calls" (Settings): chow, pung and kong are not offered
        if (types.has("kong")) opts.push("kong");
        if (types.has("pung")) opts.push("pung");
        if (types.has("chow")) opts.push("chow");
      }
      if (!opts.length) return `${whatHappened} No calls: passing.`;
      return `${whatHappened} You may ${opts.join(", ")}, or pass.`;
    }
    return `${whatHappened} Waiting to see whether anyone claims it.`;
  }
  if (v.phase === "exchange") return exchangePrompt(ctx);
  if (v.phase === "initial_kong" && me != null && v.turn === me) {
    return "Before play starts you may declare a concealed kong.";
  }
  if (me != null && v.turn === me && types.has("discard")) {
    const drawn = v.drawn ? `You drew <b>${esc(tileWords(v.drawn))}</b>. ` : "";
    const extra = types.has("win") ? " You can go out!" : "";
    return `${drawn}Your turn: discard a tile.${extra}`;
  }
  if (v.turn != null) return `${who(v.turn)} to play.`;
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
        out.push(btn(v.phase === "rob" ? "Rob the kong: go out" : "Mahjong: go out", i, "win primary", KEYS.win));
        break;
      case "kong":
        out.push(btn(`Kong ${tilesHTML(v.claim ? v.claim.tile : "", { cls: "mini" })}`, i, "claim", KEYS.kong));
        break;
      case "pung":
        out.push(btn(`Pung ${tilesHTML(v.claim ? v.claim.tile : "", { cls: "mini" })}`, i, "claim", KEYS.pung));
        break;
      case "chow":
        chows.push([a, i]);
        break;
      case "concealed_kong":
        out.push(btn(`Concealed kong ${tileHTML(a.tile, { cls: "mini" })}`, i, "kong-own", "", ` aria-label="Declare a concealed kong of ${esc(tileWords(a.tile))}"`));
        break;
      case "promote_kong":
        out.push(btn(`Add to pung: kong ${tileHTML(a.tile, { cls: "mini" })}`, i, "kong-own", "", ` aria-label="Add ${esc(tileWords(a.tile))} to your pung to make a kong"`));
        break;
      default:
        break;
    }
  });
  if (chows.length === 1) {
    const [a, i] = chows[0];
    out.push(btn(`Chow ${tilesHTML(a.tiles, { cls: "mini" })}`, i, "claim", KEYS.chow, ` aria-label="Chow ${esc(parseTiles(a.tiles).map(tileWords).join(", "))}"`));
  } else if (chows.length > 1) {
    const choices = chows
      .map(([a, i]) => btn(tilesHTML(a.tiles, { cls: "mini" }), i, "chow-choice", "", ` aria-label="Chow ${esc(parseTiles(a.tiles).map(tileWords).join(", "))}"`))
      .join("");
    out.push(`<span class="chow-group" role="group" aria-label="Chow: choose which">
      <button type="button" class="act claim" data-act="chow-menu" aria-expanded="${ctx.chowOpen ? "true" : "false"}" aria-keyshortcuts="C">Chow… <kbd aria-hidden="true">C</kbd></button>
      ${ctx.chowOpen ? `<span class="chow-choices">${choices}</span>` : ""}</span>`);
  }
  if (acts.some((a) => a.type === "discard" && a.call)) {
    out.push(`<button type="button" class="act toggle" data-act="original-call" aria-pressed="${ctx.originalCall ? "true" : "false"}"
      title="Declare that your hand is calling: you may not change it afterwards">Original Call</button>`);
  }
  const pass = acts.findIndex((a) => a.type === "pass");
  if (pass >= 0) out.push(btn("Pass", pass, "pass", KEYS.pass));
  // Next deal lives on the score sheet only (one button, one Tab stop).
  return out.join("");
}

export function timerHTML(ctx) {
  const t = ctx.timer;
  const v = ctx.view;
  // Nothing to decide: no countdown, only a quiet note that the others may still claim.
  if (t && t.kind === "claim" && v && (v.viewer == null || nothingToClaim(v) || ctx.answered)) {
    return '<span class="claims-wait" role="status"><i aria-hidden="true"></i>Waiting for claims</span>';
  }
  if (!t || !t.ends_ms) return "";
  // A Goulash's turn clock runs for the seats still choosing: once yours are passed, it is theirs.
  if (v && v.phase === "exchange" && !mayExchange(v)) return "";
  const left = Math.max(0, t.ends_ms - ctx.now());
  const frac = t.seconds ? Math.min(1, left / (t.seconds * 1000)) : 0;
  const secs = Math.ceil(left / 1000);
  const what = t.kind === "claim" ? "Claim window" : "Turn clock";
  return `<div class="countdown ${t.kind}" role="timer" aria-label="${what}: ${secs} seconds left">
    <span class="bar"><i style="transform:scaleX(${frac.toFixed(3)})"></i></span><span class="secs">${secs}s</span></div>`;
}
