// What this seat is told about its own answers to a discard: a claim another seat's claim beat
// (who took the tile and why theirs outranks, seed 003 §3.4), and the pass the server gave for
// it when it had nothing to claim. Built from its own answer and the public claim and win events only.
import { outrankedWords } from "../words.js";
import { nothingToClaim } from "../view.js";
import { state } from "./state.js";
import { announce } from "./announce.js";
import { gettext } from "../i18n.js";

const CLAIM_TYPES = new Set(["win", "kong", "pung", "chow"]);
const TAKEN = new Set(["claim", "win", "robbed"]);

const box = document.createElement("div");
box.className = "claim-notice";
box.id = "claim-notice";
box.setAttribute("aria-hidden", "true"); // the live region says it once
document.body.appendChild(box);

let mine = null; // { kind, from, tile }: this seat's claim in the window open now
let passNoted = null; // the deal whose log already says that the table passes for you
let hideTimer = null;

/** This seat answered the window open now (sent, or resent in a state frame after a reload). */
export function noteAnswer(answer) {
  const v = state.view;
  const c = v && (v.phase === "claim" || v.phase === "rob") ? v.claim : null;
  mine = c && answer && CLAIM_TYPES.has(answer.type) ? { kind: answer.type, from: c.discarder, tile: c.tile } : null;
}

/** The claim was refused: it did not stand in the window. */
export function forgetAnswer() {
  mine = null;
}

function showNotice(words) {
  box.textContent = words;
  box.classList.add("shown");
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => box.classList.remove("shown"), 6000);
}

/** An update's events: if another seat took the tile this seat claimed, say why. */
export function explainLostClaim(events, ctx) {
  if (!mine) return;
  const claim = mine;
  const taken = events.find((e) => TAKEN.has(e.type) && e.from_seat === claim.from);
  const v = state.view;
  if (taken || !v || (v.phase !== "claim" && v.phase !== "rob")) mine = null;
  if (!taken || taken.seat === ctx.viewer) return;
  const theirs = taken.type === "claim" ? taken.claim : "win";
  const words = outrankedWords(ctx, taken.seat, theirs, claim.kind);
  if (!words) return;
  announce(words);
  state.log.push({ type: "lost-claim", seat: taken.seat, words, tiles: "" });
  showNotice(words);
}

/** An update's events: this seat's pass given by the server (it had nothing to claim, so it was
 * offered nothing) goes in the log, once a deal, quietly. `before`: the view the update replaces. */
export function notePassGiven(events, before) {
  const me = state.view?.viewer;
  if (me == null) return;
  const given = events.some((e) => e.type === "answered" && e.seat === me && e.answer?.type === "pass");
  const offered = before && (before.phase === "claim" || before.phase === "rob") && !nothingToClaim(before);
  if (given && !offered) notePassedForYou();
}

function notePassedForYou() {
  const deal = state.view?.deal_number;
  if (passNoted === deal) return;
  passNoted = deal;
  state.log.push({ type: "note", seat: null, words: gettext("Passed: nothing to claim (the table passes for you whenever you cannot claim)."), tiles: "" });
}
