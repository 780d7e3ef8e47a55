// Resigning a casual game, and ending a rated game early by agreement (docs/protocol.md,
// "Resigning and ending early"). The top bar's "Resign" and "End the game now" ask first
// (templates/games/table.html), then send the message at the version the page has seen; the
// box above the table shows an open proposal to end the game: the standing it would end on,
// who has accepted, who is still to answer, and Accept / Decline for a person who has not.
// The server's answers to these messages name them (`re`) and are handled here alone.
import { esc } from "../tiles.js";
import { state } from "./state.js";
import { ctx } from "./context.js";
import { toServer } from "./connection.js";
import { announce, showError } from "./announce.js";
import { CHINESE, gettext, listWords, ngettext, number } from "../i18n.js";

const KINDS = new Set(["resign", "propose_end", "answer_end"]);
const TOP_BAR = ["resign-game", "end-game", "leave-game"]; // what a seated player may do
let proposal = null; // the open proposal as the server last showed it (null: none)
let note = ""; // what just became of a proposal, in words
let sent = null; // the last message sent, sent again at the newer version if the game moved
let retried = 0;

function send(message) {
  sent = message;
  retried = 0;
  toServer(message);
}

// The others among these seats, by name, as a list in the page's language.
function others(c, seats) {
  return listWords(seats.filter((s) => s !== c.viewer).map((s) => esc(c.playerName(s))));
}

// Who has accepted the proposal, in words: this page's seat has a sentence of its own (a
// translated "you" is never put inside a sentence).
function acceptedWords(c, seats) {
  if (!seats.length) return "";
  const names = others(c, seats);
  if (!seats.includes(c.viewer)) return gettext("Accepted: %(names)s.", { names });
  return names ? gettext("Accepted: you, %(names)s.", { names }) : gettext("Accepted: you.");
}

// Who is still to answer, in words, as `acceptedWords`.
function waitingWords(c, seats) {
  if (!seats.length) return "";
  const names = others(c, seats);
  if (!seats.includes(c.viewer)) return gettext("Waiting for: %(names)s.", { names });
  return names ? gettext("Waiting for: you, %(names)s.", { names }) : gettext("Waiting for: you.");
}

// A proposal is made on the deal in play and whether it is scored yet: when either changes,
// the standing the others would agree to has changed, and it lapses (the server agrees).
function lapsed(p) {
  const v = state.view;
  return !v || state.status !== "active" || v.deal_number !== p.deal || (v.phase === "deal_over") !== p.between;
}

function proposalHTML() {
  if (!proposal) {
    return note ? `<p class="end-note"><span>${esc(note)}</span>
      <button type="button" class="end-dismiss" data-dismiss aria-label="${esc(gettext("Dismiss"))}">×</button></p>` : "";
  }
  const c = ctx();
  const me = c.viewer;
  const mine = proposal.by === me;
  const standing = [0, 1, 2, 3]
    .sort((a, b) => proposal.points[b] - proposal.points[a] || a - b)
    .map((s) => `${esc(c.playerName(s))} <b>${number(proposal.points[s])}</b>`)
    .join(" · ");
  const deals = proposal.deals;
  const terms = deals
    ? ngettext("It would end on the standing after %(n)s deal, and be rated on it: %(standing)s.",
      "It would end on the standing after %(n)s deals, and be rated on it: %(standing)s.", deals, { standing })
    : gettext("No deal has been scored yet: ending now calls the game off (no result, not rated).");
  const answers = [acceptedWords(c, proposal.accepted), waitingWords(c, proposal.waiting)]
    .filter(Boolean).join(CHINESE ? "" : " ");
  let buttons = "";
  if (me != null && proposal.waiting.includes(me)) {
    buttons = `<button type="button" class="button primary" id="accept-end" data-answer="accept">${gettext("Accept: end it now")}</button>
      <button type="button" class="button" id="decline-end" data-answer="decline">${gettext("Decline: play on")}</button>`;
  } else if (me != null && proposal.accepted.includes(me)) {
    buttons = `<button type="button" class="button" id="withdraw-end" data-answer="decline">${mine ? gettext("Withdraw the proposal") : gettext("Withdraw my acceptance: play on")}</button>`;
  }
  const title = mine
    ? gettext("You propose ending the game now")
    : gettext("%(name)s proposes ending the game now", { name: esc(c.playerName(proposal.by)) });
  return `<section class="end-proposal-box" aria-labelledby="end-proposal-title">
    <h2 id="end-proposal-title">${title}</h2>
    <p>${terms}</p>
    <p class="end-answers">${answers}</p>
    ${buttons ? `<div class="end-buttons">${buttons}</div>` : ""}
  </section>`;
}

function draw() {
  if (proposal && lapsed(proposal)) {
    proposal = null;
    note = state.status === "active" ? gettext("The proposal to end the game lapsed: the standing changed.") : "";
  }
  const box = document.getElementById("end-proposal");
  if (box) {
    const html = proposalHTML();
    if (box.innerHTML !== html) box.innerHTML = html;
  }
  // Once the game is over, or this page no longer plays a seat, there is nothing to give up.
  const seated = state.status === "active" && state.view != null && state.view.viewer != null;
  for (const id of TOP_BAR) {
    const el = document.getElementById(id);
    if (el && !seated) el.hidden = true;
  }
}

function tell(text) {
  const el = document.getElementById("resign-note");
  if (!el) return;
  el.textContent = text;
  el.hidden = !text;
  announce(text);
}

// What became of a proposal, in words; `mine`: the seat it names is this page's.
const EVENTS = {
  declined: (name, mine) => (mine
    ? gettext("You declined ending the game: it goes on.")
    : gettext("%(name)s declined ending the game: it goes on.", { name })),
  lapsed: () => gettext("The proposal to end the game lapsed: the people at the table changed."),
  ended: () => gettext("Everyone agreed: the game ends here, on the standing as it was."),
  called_off: () => gettext("Everyone agreed: the game is called off (no deal was scored: no result, not rated)."),
};

function onProposal(msg) {
  const c = ctx();
  proposal = msg.proposal || null;
  const who = msg.seat != null ? c.playerName(msg.seat) : "";
  const mine = msg.seat != null && msg.seat === c.viewer;
  note = EVENTS[msg.event] ? EVENTS[msg.event](who, mine) : "";
  if (msg.event === "proposed" && msg.seat !== c.viewer) {
    announce(gettext("%(name)s proposes ending the game now.", { name: who }));
  }
  if (note) announce(note);
}

// The answer to one of this module's messages: true if it was one (frames.js never sees it).
function onAnswer(msg) {
  if (!KINDS.has(msg.re)) return false;
  if (msg.type === "error") {
    // The game moved on since the page saw it: the player's decision stands, sent again.
    if (msg.code === "stale" && sent?.version != null && msg.version != null && retried < 3) {
      retried += 1;
      sent = { ...sent, version: msg.version };
      toServer(sent);
      return true;
    }
    sent = null;
    showError(msg.message || gettext("That was refused."));
    announce(msg.message);
    return true;
  }
  sent = null;
  if (msg.re === "resign") {
    tell(msg.status === "ended"
      ? gettext("You resigned: the game ends here, with you in last place.")
      : gettext("You resigned: a bot plays your seat on, and you are placed last. You are watching the game now."));
  } else if (msg.status === "proposed") {
    note = gettext("You proposed ending the game now: waiting for the others.");
  }
  return true;
}

function onClick(ev) {
  if (ev.target.closest?.("#end-proposal [data-dismiss]")) {
    note = "";
    draw();
    return;
  }
  const el = ev.target.closest?.("#confirm-resign, #confirm-propose-end, #end-proposal [data-answer]");
  if (!el) return;
  if (el.id === "confirm-resign") {
    send({ type: "resign", version: state.version });
  } else if (el.id === "confirm-propose-end") {
    send({ type: "propose_end", version: state.version });
  } else if (proposal) {
    send({ type: "answer_end", proposal: proposal.id, accept: el.dataset.answer === "accept" });
  }
  el.closest("details")?.removeAttribute("open");
}

/** The table's frame handler with this module's part: answers to its messages taken here,
 *  proposals and whole states noted after the table has handled them. */
export function withEndings(onMessage) {
  document.addEventListener("click", onClick);
  return (msg) => {
    if (onAnswer(msg)) return;
    if (msg.type !== "proposal") onMessage(msg);
    if (msg.type === "state") proposal = msg.proposal || null;
    if (msg.type === "proposal") onProposal(msg);
    if (msg.type === "state" || msg.type === "update" || msg.type === "proposal" || msg.type === "presence") draw();
  };
}
