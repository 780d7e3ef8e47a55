// The rituals before play (seed 000 §2.1, §2.2), told step by step with the dice as thrown.
import { esc, tileWords } from "../tiles.js";
import { throwHTML } from "./dice.js";
import { isYou, whoseWords } from "../words.js";
import { gettext, listWords, ordinal, pgettext } from "../i18n.js";

// The viewer is "You": a sentence about the viewer and one about another seat are two messages
// ("You become temporary East", "Bot Plum becomes temporary East"), chosen by the seat.
const you = (ctx, seat) => isYou(ctx, seat);

function dealtWindsHTML(ctx, s) {
  const names = (s.seat_of_chair || []).map((seat) => esc(ctx.playerName(seat)));
  return `<li><b>${gettext("Seats.")}</b> ${gettext("The four wind tiles were shuffled face down and dealt: %(names)s sit by the winds they were dealt.",
    { names: listWords(names) })}</li>`;
}

// 004 §2.1: one cast counts to who takes the top wind tile of the stack; the rest follow.
function windStackHTML(ctx, s) {
  const chairSeat = (c) => s.seat_of_chair[c];
  const chairName = (c) => esc(ctx.playerName(chairSeat(c)));
  const caster = chairSeat(s.thrower ?? 0);
  const picker = chairSeat(s.picker);
  const order = [0, 1, 2, 3].map((k) => chairName((s.picker + k) % 4));
  const winds = (s.stack || []).map((w) => esc(tileWords(w)));
  const took = listWords(order.map((name, k) => `${name} ${winds[k]}`));
  const values = { dice: throwHTML(s.throw), n: s.total, caster: chairName(s.thrower ?? 0), picker: chairName(s.picker), took };
  const threw = you(ctx, caster) ? gettext("The four wind tiles lay shuffled in a stack. You threw %(dice)s:", values)
    : gettext("The four wind tiles lay shuffled in a stack. %(caster)s threw %(dice)s:", values);
  const takes = you(ctx, picker)
    ? gettext("counting %(n)s round the table, you take the top tile and the others the next in turn (%(took)s).", values)
    : gettext("counting %(n)s round the table, %(picker)s takes the top tile and the others the next in turn (%(took)s).", values);
  return `<li><b>${gettext("Seats.")}</b> ${threw} ${takes} ${gettext("Everyone sits by the wind they took.")}</li>`;
}

// 004 §2.3: the East-wind holder casts and counts round the table to the first dealer.
function firstDealerHTML(ctx, d) {
  if (!d || !d.dice) return "";
  const values = { east: esc(ctx.playerName(d.thrower)), dealer: esc(ctx.playerName(d.dealer)), dice: throwHTML(d.dice),
    n: d.dice[0] + d.dice[1] };
  const threw = you(ctx, d.thrower) ? gettext("You, holding the East wind, threw %(dice)s:", values)
    : gettext("%(east)s, holding the East wind, threw %(dice)s:", values);
  const deals = you(ctx, d.dealer) ? gettext("counting %(n)s round the table from East, you deal first.", values)
    : gettext("counting %(n)s round the table from East, %(dealer)s deals first.", values);
  return `<li><b>${gettext("The first dealer.")}</b> ${threw} ${deals}</li>`;
}

function parityWords(word) {
  return { odd: gettext("odd"), even: gettext("even") }[word] || word;
}

function seatingHTML(ctx, s) {
  if (s && s.form === "dealt_winds") return dealtWindsHTML(ctx, s);
  if (s && s.form === "wind_stack") return windStackHTML(ctx, s);
  if (!s || !s.first_throw) return "";
  const chairSeat = (c) => (s.seat_of_chair ? s.seat_of_chair[c] : c);
  const chairName = (c) => esc(ctx.playerName(chairSeat(c)));
  const second = s.second_throw[0] + s.second_throw[1];
  const values = {
    thrower: chairName(s.thrower ?? 0), east: chairName(s.temporary_east), picker: chairName(s.picker),
    first: throwHTML(s.first_throw), n: s.first_throw[0] + s.first_throw[1], second: throwHTML(s.second_throw),
    parity: parityWords(second % 2 ? "odd" : "even"), end: parityWords(s.end),
  };
  const threw = you(ctx, chairSeat(s.thrower ?? 0)) ? gettext("You threw %(first)s:", values) : gettext("%(thrower)s threw %(first)s:", values);
  const east = chairSeat(s.temporary_east);
  const becomes = you(ctx, east) ? gettext("counting %(n)s round the table, you become temporary East.", values)
    : gettext("counting %(n)s round the table, %(east)s becomes temporary East.", values);
  const then = you(ctx, east) ? gettext("You then threw %(second)s (%(parity)s):", values)
    : gettext("%(east)s then threw %(second)s (%(parity)s):", values);
  const draws = you(ctx, chairSeat(s.picker))
    ? gettext("you draw the first wind tile from the %(end)s end, the others in turn.", values)
    : gettext("%(picker)s draws the first wind tile from the %(end)s end, the others in turn.", values);
  return `<li><b>${gettext("Seats.")}</b> ${threw} ${becomes} ${then} ${draws}</li>`;
}

function deadWallWords(f) {
  if (!f.dead_wall_stacks) return gettext("There is no dead wall: every tile may be drawn.");
  const n = f.dead_wall_stacks;
  if (f.loose_tiles) {
    return f.dead_wall_replenish
      ? gettext("That stack is lifted as the two loose tiles; the %(n)s stacks to its right are the dead wall, kept full from the tail of the wall.", { n })
      : gettext("That stack is lifted as the two loose tiles; the %(n)s stacks to its right are the dead wall.", { n });
  }
  return f.dead_wall_replenish
    ? gettext("The %(n)s stacks counted off, right of the break, are the dead wall, kept full from the tail of the wall.", { n })
    : gettext("The %(n)s stacks counted off, right of the break, are the dead wall.", { n });
}

function breakHTML(ctx, b, f) {
  if (!b || !b.dealer_throw) return "";
  const first = b.dealer_throw[0] + b.dealer_throw[1];
  const values = {
    dealer: esc(ctx.seatName(b.dealer)), breaker: esc(ctx.seatName(b.breaker)), dice: throwHTML(b.dealer_throw),
    first, total: b.total, whose: esc(whoseWords(ctx, b.breaker)),
  };
  const dealing = you(ctx, b.dealer);
  let count;
  if (b.breaker_throw && b.breaker_throw.length) {
    const opening = dealing ? gettext("You deal, and threw %(dice)s: counting %(first)s from East lands on %(whose)s wall.", values)
      : gettext("The dealer, %(dealer)s, threw %(dice)s: counting %(first)s from East lands on %(whose)s wall.", values);
    const more = { ...values, dice: throwHTML(b.breaker_throw), second: b.breaker_throw[0] + b.breaker_throw[1] };
    const threw = you(ctx, b.breaker) ? gettext("You threw %(dice)s: %(first)s + %(second)s = <b>%(total)s</b>.", more)
      : gettext("%(breaker)s threw %(dice)s: %(first)s + %(second)s = <b>%(total)s</b>.", more);
    count = `${opening} ${threw}`;
  } else if (b.recast) {
    // 004 §2.4: no new throw; the first dealer counts the cast that made him dealer.
    count = dealing
      ? gettext("You deal, and counted the throw that chose the first dealer, %(dice)s: <b>%(total)s</b> stacks along %(whose)s own wall.", values)
      : gettext("The dealer, %(dealer)s, counted the throw that chose the first dealer, %(dice)s: <b>%(total)s</b> stacks along %(whose)s own wall.", values);
  } else if (b.breaker === b.dealer) {
    count = dealing
      ? gettext("You deal, and threw %(dice)s and counted <b>%(total)s</b> stacks along %(whose)s own wall.", values)
      : gettext("The dealer, %(dealer)s, threw %(dice)s and counted <b>%(total)s</b> stacks along %(whose)s own wall.", values);
  } else {
    count = dealing
      ? gettext("You deal, and threw %(dice)s: counting %(first)s from East lands on %(whose)s wall, and <b>%(total)s</b> stacks along it.", values)
      : gettext("The dealer, %(dealer)s, threw %(dice)s: counting %(first)s from East lands on %(whose)s wall, and <b>%(total)s</b> stacks along it.", values);
  }
  return `<li><b>${gettext("Breaking the wall.")}</b> ${count} ${
    gettext("The wall is broken after the %(nth)s stack from the right end of that wall.", { nth: ordinal(b.total) })} ${deadWallWords(f)}</li>`;
}

function dealWords(f) {
  if (f.hand_size === 16) {
    return gettext("East, South, West, North four times, then East one more tile: 17 for East, 16 each for the others.");
  }
  if (f.east_final_tiles === "chan_chan") {
    return gettext("East, South, West, North three times, then East the top tiles of the next stack and of the one after next (chan-chan), and the others one each.");
  }
  return gettext("East, South, West, North three times, then East two tiles and the others one.");
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
      const wind = [pgettext("wind initial", "E"), pgettext("wind initial", "S"), pgettext("wind initial", "W"),
        pgettext("wind initial", "N")][(b.seat - dealer + 4) % 4];
      const title = isYou(ctx, b.seat) ? gettext("You take %(n)s", { n: b.count })
        : gettext("%(name)s takes %(n)s", { name: ctx.seatName(b.seat), n: b.count });
      return `<span class="block" style="--i:${i}" title="${esc(title)}">${esc(wind)}${b.count}</span>`;
    })
    .join("");
  return `<li><b>${gettext("The deal.")}</b> ${gettext("From the left of the break, in blocks of four:")} ${dealWords(f)}
      <span class="blocks">${chips}</span></li>`;
}

function bonusHTML(ctx, bonus, f) {
  if (!bonus || !bonus.length) return "";
  const lines = bonus
    .map((e, i) => {
      const tile = esc(tileWords(e.tile));
      if (!isYou(ctx, e.seat)) return gettext("%(name)s melds %(tile)s", { name: esc(ctx.seatName(e.seat)), tile });
      return i === 0 ? gettext("You meld %(tile)s", { tile }) : gettext("you meld %(tile)s", { tile });
    })
    .join(gettext("; "));
  const from = f.bonus_replacement === "dead_wall"
    ? (f.dead_wall_stacks ? gettext("each is replaced from the dead wall.") : gettext("each is replaced from the tail of the wall."))
    : gettext("each is replaced from the open end of the wall.");
  const wait = f.bonus_rounds ? ` ${gettext("A bonus tile drawn as a replacement waits until the others have drawn.")}` : "";
  return `<li><b>${gettext("Bonus tiles.")}</b> ${lines}${gettext("; ")}${from}${wait}</li>`;
}

export function ritualsHTML(ctx) {
  const r = ctx.view.rituals || {};
  const log = ctx.ritualLog || {};
  const f = { hand_size: 13, dead_wall_stacks: 7, loose_tiles: true, ...(r.forms || {}) };
  const seating = ctx.view.deal_number === 1
    ? seatingHTML(ctx, r.seating) + firstDealerHTML(ctx, r.first_dealer) : "";
  return `<aside class="rituals" id="rituals" aria-label="${gettext("Rituals of this deal")}">
    <header><h2>${gettext("Deal %(number)s: the rituals", { number: ctx.view.deal_number })}</h2>
      <button type="button" class="close" data-act="hide-rituals" aria-label="${gettext("Hide the rituals")}">×</button></header>
    <ol>${seating}${breakHTML(ctx, r.break, f)}${dealHTML(ctx, log.blocks, f)}${bonusHTML(ctx, log.bonus, f)}</ol>
  </aside>`;
}
