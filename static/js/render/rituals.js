// The rituals before play (seed 000 §2.1, §2.2), told step by step with the dice as thrown.
import { esc, tileWords, WIND_NAMES } from "../tiles.js";
import { throwHTML } from "./dice.js";
import { isYou } from "../words.js";

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

function dealtWindsHTML(ctx, s) {
  const names = (s.seat_of_chair || []).map((seat) => esc(ctx.playerName(seat)));
  return `<li><b>Seats.</b> The four wind tiles were shuffled face down and dealt:
      ${names.join(", ")} sit by the winds they were dealt.</li>`;
}

// 004 §2.1: one cast counts to who takes the top wind tile of the stack; the rest follow.
function windStackHTML(ctx, s) {
  const chairName = (c) => esc(ctx.playerName(s.seat_of_chair[c]));
  const caster = chairName(s.thrower ?? 0);
  const picker = chairName(s.picker);
  const order = [0, 1, 2, 3].map((k) => chairName((s.picker + k) % 4));
  const winds = (s.stack || []).map((w) => esc(tileWords(w)));
  const took = order.map((name, k) => `${name} ${winds[k]}`).join(", ");
  return `<li><b>Seats.</b> The four wind tiles lay shuffled in a stack. ${subject(caster, true)}
      threw ${throwHTML(s.throw)}: counting ${s.total} round the table, ${subject(picker)}
      ${verb(picker, "take", "takes")} the top tile and the others the next in turn (${took}).
      Everyone sits by the wind they took.</li>`;
}

// 004 §2.3: the East-wind holder casts and counts round the table to the first dealer.
function firstDealerHTML(ctx, d) {
  if (!d || !d.dice) return "";
  const east = esc(ctx.playerName(d.thrower));
  const dealer = esc(ctx.playerName(d.dealer));
  const total = d.dice[0] + d.dice[1];
  return `<li><b>The first dealer.</b> ${subject(east, true)}, holding the East wind,
      threw ${throwHTML(d.dice)}: counting ${total} round the table from East,
      ${subject(dealer)} ${verb(dealer, "deal", "deals")} first.</li>`;
}

function seatingHTML(ctx, s) {
  if (s && s.form === "dealt_winds") return dealtWindsHTML(ctx, s);
  if (s && s.form === "wind_stack") return windStackHTML(ctx, s);
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

function deadWallWords(f) {
  if (!f.dead_wall_stacks) return "There is no dead wall: every tile may be drawn.";
  const kept = f.dead_wall_replenish ? ", kept full from the tail of the wall" : "";
  if (f.loose_tiles) {
    return `That stack is lifted as the two loose tiles; the ${
      f.dead_wall_stacks} stacks to its right are the dead wall${kept}.`;
  }
  return `The ${f.dead_wall_stacks} stacks counted off, right of the break, are the dead wall${kept}.`;
}

function breakHTML(ctx, b, f) {
  if (!b || !b.dealer_throw) return "";
  const first = b.dealer_throw[0] + b.dealer_throw[1];
  const breaker = esc(ctx.seatName(b.breaker));
  const dealer = esc(ctx.seatName(b.dealer));
  const opening = dealer === YOU ? "You deal, and threw" : `The dealer, ${dealer}, threw`;
  let count;
  if (b.breaker_throw && b.breaker_throw.length) {
    count = `${opening} ${throwHTML(b.dealer_throw)}: counting ${first} from East lands on ${possessive(breaker)} wall.
      ${subject(breaker, true)} threw ${throwHTML(b.breaker_throw)}: ${first} + ${
        b.breaker_throw[0] + b.breaker_throw[1]} = <b>${b.total}</b>.`;
  } else if (b.recast) {
    // 004 §2.4: no new throw; the first dealer counts the cast that made him dealer.
    const who = dealer === YOU ? "You deal, and counted" : `The dealer, ${dealer}, counted`;
    count = `${who} the throw that chose the first dealer, ${throwHTML(b.dealer_throw)}:
      <b>${b.total}</b> stacks along ${possessive(breaker)} own wall.`;
  } else if (b.breaker === b.dealer) {
    count = `${opening} ${throwHTML(b.dealer_throw)} and counted <b>${b.total}</b> stacks
      along ${possessive(breaker)} own wall.`;
  } else {
    count = `${opening} ${throwHTML(b.dealer_throw)}: counting ${first} from East lands on ${possessive(breaker)} wall,
      and <b>${b.total}</b> stacks along it.`;
  }
  return `<li><b>Breaking the wall.</b> ${count} The wall is broken after the
      ${ordinal(b.total)} stack from the right end of that wall. ${deadWallWords(f)}</li>`;
}

function dealWords(f) {
  if (f.hand_size === 16) {
    return "East, South, West, North four times, then East one more tile: 17 for East, 16 each for the others.";
  }
  if (f.east_final_tiles === "chan_chan") {
    return "East, South, West, North three times, then East the top tiles of the next stack and of the one after next (chan-chan), and the others one each.";
  }
  return "East, South, West, North three times, then East two tiles and the others one.";
}

function dealHTML(ctx, blocks, f) {
  const view = ctx.view;
  const dealer = view.dealer;
  const rounds = f.hand_size === 16 ? 16 : 12;
  const tail = f.hand_size === 16
    ? [{ seat: dealer, count: 1 }]
    : [{ seat: dealer, count: 2 }, ...[1, 2, 3].map((k) => ({ seat: (dealer + k) % 4, count: 1 }))];
  const seq = blocks && blocks.length
    ? blocks
    : [...Array(rounds)].map((_, i) => ({ seat: (dealer + (i % 4)) % 4, count: 4 })).concat(tail);
  const chips = seq
    .map((b, i) => {
      const wind = WIND_NAMES[(b.seat - dealer + 4) % 4][0];
      return `<span class="block" style="--i:${i}" title="${esc(ctx.seatName(b.seat))} ${isYou(ctx, b.seat) ? "take" : "takes"} ${b.count}">${wind}${b.count}</span>`;
    })
    .join("");
  return `<li><b>The deal.</b> From the left of the break, in blocks of four: ${dealWords(f)}
      <span class="blocks">${chips}</span></li>`;
}

function bonusHTML(ctx, bonus, f) {
  if (!bonus || !bonus.length) return "";
  const lines = bonus
    .map((e, i) => `${subject(esc(ctx.seatName(e.seat)), i === 0)} ${isYou(ctx, e.seat) ? "meld" : "melds"} ${esc(tileWords(e.tile))}`)
    .join("; ");
  const from = f.bonus_replacement === "dead_wall"
    ? (f.dead_wall_stacks ? "from the dead wall" : "from the tail of the wall")
    : "from the open end of the wall";
  const wait = f.bonus_rounds ? " A bonus tile drawn as a replacement waits until the others have drawn." : "";
  return `<li><b>Bonus tiles.</b> ${lines}; each is replaced ${from}.${wait}</li>`;
}

export function ritualsHTML(ctx) {
  const r = ctx.view.rituals || {};
  const log = ctx.ritualLog || {};
  const f = { hand_size: 13, dead_wall_stacks: 7, loose_tiles: true, ...(r.forms || {}) };
  const seating = ctx.view.deal_number === 1
    ? seatingHTML(ctx, r.seating) + firstDealerHTML(ctx, r.first_dealer) : "";
  return `<aside class="rituals" id="rituals" aria-label="Rituals of this deal">
    <header><h2>Deal ${ctx.view.deal_number}: the rituals</h2>
      <button type="button" class="close" data-act="hide-rituals" aria-label="Hide the rituals">×</button></header>
    <ol>${seating}${breakHTML(ctx, r.break, f)}${dealHTML(ctx, log.blocks, f)}${bonusHTML(ctx, log.bonus, f)}</ol>
  </aside>`;
}
