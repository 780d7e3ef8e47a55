// The rituals before play (seed 000 §2.1, §2.2), told step by step with the dice as thrown.
import { esc, tileWords, WIND_NAMES } from "../tiles.js";
import { throwHTML } from "./dice.js";

// The viewer is "You": sentences read naturally either way ("you become", "Bot Plum becomes").
const YOU = "You";
const subject = (name, start) => (name === YOU ? (start ? "You" : "you") : name);
const verb = (name, base, third) => (name === YOU ? base : third);
const possessive = (name) => (name === YOU ? "your" : `${name}'s`);

function ordinal(n) {
  const v = n % 100;
  const suffix = ["th", "st", "nd", "rd"][(v - 20) % 10] || ["th", "st", "nd", "rd"][v] || "th";
  return `${n}${suffix}`;
}

function seatingHTML(ctx, s) {
  if (!s || !s.first_throw) return "";
  const chairName = (c) => {
    const seat = s.seat_of_chair ? s.seat_of_chair[c] : c;
    return esc(ctx.playerName(seat));
  };
  const first = s.first_throw[0] + s.first_throw[1];
  const second = s.second_throw[0] + s.second_throw[1];
  const east = chairName(s.temporary_east);
  const picker = chairName(s.picker);
  return `<li><b>Seats.</b> ${subject(chairName(s.thrower ?? 0), true)} threw ${throwHTML(s.first_throw)}:
      counting ${first} round the table, ${subject(east)} ${verb(east, "become", "becomes")} temporary East.
      ${subject(east, true)} then threw ${throwHTML(s.second_throw)} (${second % 2 ? "odd" : "even"}):
      ${subject(picker)} ${verb(picker, "draw", "draws")} the first wind tile from the ${s.end} end, the others in turn.</li>`;
}

function breakHTML(ctx, b) {
  if (!b || !b.dealer_throw) return "";
  const first = b.dealer_throw[0] + b.dealer_throw[1];
  const breaker = esc(ctx.seatName(b.breaker));
  const dealer = esc(ctx.seatName(b.dealer));
  const opening = dealer === YOU ? "You deal, and threw" : `The dealer, ${dealer}, threw`;
  return `<li><b>Breaking the wall.</b> ${opening}
      ${throwHTML(b.dealer_throw)}: counting ${first} from East lands on ${possessive(breaker)} wall.
      ${subject(breaker, true)} threw ${throwHTML(b.breaker_throw)}: ${first} + ${
        b.breaker_throw[0] + b.breaker_throw[1]} = <b>${b.total}</b>. The ${ordinal(b.total)} stack from the right
      end of that wall is lifted as the two loose tiles; the 7 stacks to its right are the dead wall.</li>`;
}

function dealHTML(ctx, blocks) {
  const view = ctx.view;
  const dealer = view.dealer;
  const seq = blocks && blocks.length
    ? blocks
    : [...Array(12)].map((_, i) => ({ seat: (dealer + (i % 4)) % 4, count: 4 }))
        .concat([{ seat: dealer, count: 2 }, ...[1, 2, 3].map((k) => ({ seat: (dealer + k) % 4, count: 1 }))]);
  const chips = seq
    .map((b, i) => {
      const wind = WIND_NAMES[(b.seat - dealer + 4) % 4][0];
      return `<span class="block" style="--i:${i}" title="${esc(ctx.seatName(b.seat))} ${b.seat === view.viewer ? "take" : "takes"} ${b.count}">${wind}${b.count}</span>`;
    })
    .join("");
  return `<li><b>The deal.</b> From the left of the break, in blocks of four: East, South, West, North
      three times, then East two tiles and the others one. <span class="blocks">${chips}</span></li>`;
}

function bonusHTML(ctx, bonus) {
  if (!bonus || !bonus.length) return "";
  const lines = bonus
    .map((e, i) => `${subject(esc(ctx.seatName(e.seat)), i === 0)} ${e.seat === ctx.view.viewer ? "meld" : "melds"} ${esc(tileWords(e.tile))}`)
    .join("; ");
  return `<li><b>Bonus tiles.</b> ${lines}; each is replaced from the open end of the wall.</li>`;
}

export function ritualsHTML(ctx) {
  const r = ctx.view.rituals || {};
  const log = ctx.ritualLog || {};
  const seating = ctx.view.deal_number === 1 ? seatingHTML(ctx, r.seating) : "";
  return `<aside class="rituals" id="rituals" aria-label="Rituals of this deal">
    <header><h2>Deal ${ctx.view.deal_number}: the rituals</h2>
      <button type="button" class="close" data-act="hide-rituals" aria-label="Hide the rituals">×</button></header>
    <ol>${seating}${breakHTML(ctx, r.break)}${dealHTML(ctx, log.blocks)}${bonusHTML(ctx, log.bonus)}</ol>
  </aside>`;
}
