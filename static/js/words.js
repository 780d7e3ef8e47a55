// Each event in words, for the live region and the move log, in the page's language (the
// djangojs catalogue, static/js/i18n.js). Returns null for events that are not worth saying aloud
// (their effect is told by a neighbouring event). A sentence about this page's seat and one about
// another seat are two messages: English says "You discard", "Bot Plum discards".
import { tileWords, tilesWords, parseTiles, windNames } from "./tiles.js";
import { gettext, ngettext, pgettext, listWords, ordinal } from "./i18n.js";

/** The seat this page plays (still "You" in the review shown once the game is over). */
export function isYou(ctx, s) {
  return s != null && s === (ctx.viewer ?? ctx.view?.viewer);
}

/** "your" for this page's seat, else "Bot Plum's"; capitalised to start a sentence. */
export function whoseWords(ctx, s, capital = false) {
  if (isYou(ctx, s)) return capital ? gettext("Your") : gettext("your");
  return gettext("%(name)s's", { name: ctx.seatName(s) });
}

/** A seat and its verb: "You go" / "Bot Plum goes" (the third person given where not +s).
 *  English only: a translated sentence is one message per person (`said`). */
export function doesWords(ctx, s, verb, third = `${verb}s`) {
  return `${ctx.seatName(s)} ${isYou(ctx, s) ? verb : third}`;
}

/** One of two messages: `mine` when seat `s` is this page's, else `theirs`, given %(name)s. */
export function said(ctx, s, mine, theirs, values = {}) {
  return isYou(ctx, s) ? mine(values) : theirs({ name: ctx.seatName(s), ...values });
}

// The canned lines of table talk in the reader's language, by the code that travels (the
// server's English `text` is shown for a code this page does not know): the live table's talk
// box (table/talk.js) and the replay's (replay/talk.js).
export function cannedWords(code, english) {
  const words = {
    hello: pgettext("talk", "Hello!"),
    good_luck: pgettext("talk", "Good luck!"),
    well_played: pgettext("talk", "Well played!"),
    nice_hand: pgettext("talk", "Nice hand!"),
    thanks: pgettext("talk", "Thanks!"),
    sorry: pgettext("talk", "Sorry!"),
    thinking: pgettext("talk", "Thinking…"),
    oops: pgettext("talk", "Oops!"),
  };
  return words[code] || english;
}

/** What a line of talk says on this page: a canned line in the reader's language, free text as
 * typed. */
export function talkLineWords(line) {
  return line.kind !== "text" && line.code ? cannedWords(line.code, line.text) : line.text;
}

const CLAIM_RANK = ["win", "kong", "pung", "chow"]; // seed 003 §3.4: highest first

function claimNoun(kind) {
  return { win: pgettext("claim", "win"), kong: pgettext("claim", "kong"), pung: pgettext("claim", "pung"),
    chow: pgettext("claim", "chow") }[kind] || kind;
}

/** Why another seat's claim took the discard this seat claimed too (seed 003 §3.4), or null
 *  when theirs does not outrank it. A robbed kong is a win against a win. */
export function outrankedWords(ctx, seat, theirs, mine) {
  const a = CLAIM_RANK.indexOf(theirs);
  const b = CLAIM_RANK.indexOf(mine);
  if (a < 0 || b < 0 || a > b) return null;
  const name = ctx.seatName(seat);
  if (a < b) {
    return gettext("%(name)s's %(theirs)s outranks your %(mine)s.",
      { name, theirs: claimNoun(theirs), mine: claimNoun(mine) });
  }
  // Equal claims: the first in turn after the discarder takes the tile.
  if (theirs === "win") return gettext("%(name)s (earlier in turn) also claimed the win.", { name });
  return gettext("%(name)s (earlier in turn) also claimed a %(claim)s.", { name, claim: claimNoun(theirs) });
}

function claimWords(ctx, e) {
  const values = { tiles: e.claim === "chow" && e.meld ? tilesWords(e.meld.tiles) : tileWords(e.tile),
    from: ctx.seatName(e.from_seat) };
  switch (e.claim) {
    case "chow":
      return said(ctx, e.seat, (v) => gettext("You chow %(tiles)s from %(from)s.", v),
        (v) => gettext("%(name)s chows %(tiles)s from %(from)s.", v), values);
    case "pung":
      return said(ctx, e.seat, (v) => gettext("You pung %(tiles)s from %(from)s.", v),
        (v) => gettext("%(name)s pungs %(tiles)s from %(from)s.", v), values);
    case "kong":
      return said(ctx, e.seat, (v) => gettext("You kong %(tiles)s from %(from)s.", v),
        (v) => gettext("%(name)s kongs %(tiles)s from %(from)s.", v), values);
    default:
      return said(ctx, e.seat, (v) => gettext("You claim %(tiles)s from %(from)s.", v),
        (v) => gettext("%(name)s claims %(tiles)s from %(from)s.", v), values);
  }
}

function kongWords(ctx, e) {
  const values = { tile: tileWords(e.tile) };
  if (e.kind === "concealed") {
    return said(ctx, e.seat, (v) => gettext("You declare a concealed kong of %(tile)s.", v),
      (v) => gettext("%(name)s declares a concealed kong of %(tile)s.", v), values);
  }
  if (e.kind === "promoted") {
    return said(ctx, e.seat, (v) => gettext("You declare a promoted kong of %(tile)s.", v),
      (v) => gettext("%(name)s declares a promoted kong of %(tile)s.", v), values);
  }
  return said(ctx, e.seat, (v) => gettext("You declare a kong of %(tile)s.", v),
    (v) => gettext("%(name)s declares a kong of %(tile)s.", v), values);
}

function winWords(ctx, e) {
  const values = { tile: tileWords(e.tile) };
  if (e.source === "discard") {
    values.whose = whoseWords(ctx, e.from_seat);
    return said(ctx, e.seat, (v) => gettext("You go out with %(tile)s on %(whose)s discard!", v),
      (v) => gettext("%(name)s goes out with %(tile)s on %(whose)s discard!", v), values);
  }
  if (e.from_seat != null) {
    return said(ctx, e.seat, (v) => gettext("You go out with %(tile)s!", v),
      (v) => gettext("%(name)s goes out with %(tile)s!", v), values);
  }
  return said(ctx, e.seat, (v) => gettext("You go out with %(tile)s self-drawn!", v),
    (v) => gettext("%(name)s goes out with %(tile)s self-drawn!", v), values);
}

function drawWords(ctx, e) {
  // With no dead wall (Shanghai) a replacement comes from the far end of the wall itself.
  const tail = ctx.view && ctx.view.wall && ctx.view.wall.dead_stacks === 0;
  if (e.tile) {
    const tile = tileWords(e.tile);
    if (e.source !== "dead_wall") return gettext("You draw %(tile)s.", { tile });
    return tail ? gettext("You draw %(tile)s from the tail of the wall.", { tile })
      : gettext("You draw %(tile)s from the dead wall.", { tile });
  }
  if (e.source !== "dead_wall") return null;
  return tail
    ? said(ctx, e.seat, () => gettext("You take a replacement from the tail of the wall."),
      (v) => gettext("%(name)s takes a replacement from the tail of the wall.", v))
    : said(ctx, e.seat, () => gettext("You take a loose tile."), (v) => gettext("%(name)s takes a loose tile.", v));
}

export function eventWords(e, ctx) {
  const who = (s) => ctx.seatName(s);
  const you = (s) => isYou(ctx, s);
  switch (e.type) {
    case "seating": {
      const winds = windNames();
      const seat = (s) => gettext("%(name)s %(wind)s", { name: who(s), wind: winds[s] });
      return gettext("Seats drawn with the wind tiles: %(seats)s.", {
        seats: listWords([0, 1, 2, 3].map(seat)) });
    }
    case "wall_built": {
      const rows = e.rows_by_wind || [];
      if (rows.length === 4 && rows[0] !== rows[1]) {
        // Seed 002, flowers only: East's and West's rows are longer than South's and North's.
        return gettext("The wall is built: East's and West's sides of %(long)s stacks of two, South's and North's of %(short)s.",
          { long: rows[0], short: rows[1] });
      }
      return gettext("The wall is built: four sides of %(n)s stacks of two.", { n: e.stacks_per_side });
    }
    case "deal_start": {
      const begins = e.goulash
        ? gettext("Deal %(number)s (a Goulash: no chows, and the 2 of Bamboo is wild) begins.", { number: e.number })
        : gettext("Deal %(number)s begins.", { number: e.number });
      const deals = said(ctx, e.dealer, () => gettext("You deal."), (v) => gettext("%(name)s deals.", v));
      return `${begins} ${deals}`;
    }
    case "fishing":
      return said(ctx, e.seat, () => gettext("You are fishing: one tile from Mah Jong."),
        (v) => gettext("%(name)s is fishing: one tile from Mah Jong.", v));
    case "dice": {
      const values = { a: e.dice[0], b: e.dice[1], sum: e.dice[0] + e.dice[1] };
      return said(ctx, e.thrower, (v) => gettext("You throw %(a)s and %(b)s: %(sum)s.", v),
        (v) => gettext("%(name)s throws %(a)s and %(b)s: %(sum)s.", v), values);
    }
    case "wall_broken":
      return said(ctx, e.breaker, () => gettext("The wall is broken at the %(nth)s stack of your wall.", { nth: ordinal(e.total) }),
        (v) => gettext("The wall is broken at the %(nth)s stack of %(name)s's wall.", { ...v, nth: ordinal(e.total) }));
    case "deal_block": {
      if (!e.tiles) return null;
      const n = parseTiles(e.tiles).length;
      return ngettext("You take a tile.", "You take %(n)s tiles.", n);
    }
    case "bonus_melded":
      return said(ctx, e.seat, (v) => gettext("You meld %(tile)s and take a replacement.", v),
        (v) => gettext("%(name)s melds %(tile)s and takes a replacement.", v), { tile: tileWords(e.tile) });
    case "draw":
      return drawWords(ctx, e);
    case "discard": {
      const values = { tile: tileWords(e.tile) };
      if (e.call) {
        return said(ctx, e.seat, (v) => gettext("You discard %(tile)s with an Original Call.", v),
          (v) => gettext("%(name)s discards %(tile)s with an Original Call.", v), values);
      }
      return said(ctx, e.seat, (v) => gettext("You discard %(tile)s.", v),
        (v) => gettext("%(name)s discards %(tile)s.", v), values);
    }
    case "claim":
      return claimWords(ctx, e);
    case "kong":
      return kongWords(ctx, e);
    case "robbed":
      return said(ctx, e.seat, (v) => gettext("You rob the kong of %(tile)s from %(from)s!", v),
        (v) => gettext("%(name)s robs the kong of %(tile)s from %(from)s!", v),
        { tile: tileWords(e.tile), from: who(e.from_seat) });
    case "call_broken":
      return said(ctx, e.seat, () => gettext("Your Original Call is broken."),
        (v) => gettext("%(name)s's Original Call is broken.", v));
    case "win":
      return winWords(ctx, e);
    case "washout":
      return gettext("The wall is exhausted: the deal is a draw.");
    case "deal_scored":
      return e.game_over ? gettext("The game is over.") : gettext("The deal is scored.");
    case "exchange_round":
      return gettext("Goulash exchange, round %(round)s of %(rounds)s: everyone passes 3 tiles face down.",
        { round: e.round, rounds: e.rounds });
    case "exchange_chosen":
      // Who else has chosen shows on their seats; the log keeps only your own choice.
      // (A review after the game shows every seat's tiles.)
      if (!e.tiles) return null;
      return said(ctx, e.seat, (v) => gettext("You pass %(tiles)s to %(to)s.", v),
        (v) => gettext("%(name)s passes %(tiles)s to %(to)s.", v), { tiles: tilesWords(e.tiles), to: who(e.to_seat) });
    case "exchange_received":
      if (!e.tiles) return null;
      return said(ctx, e.seat, (v) => gettext("You receive %(tiles)s from %(from)s.", v),
        (v) => gettext("%(name)s receives %(tiles)s from %(from)s.", v), { tiles: tilesWords(e.tiles), from: who(e.from_seat) });
    case "exchange_done":
      return gettext("The exchanges are over: play begins.");
    case "ready":
      return you(e.seat) ? null : gettext("%(name)s is ready for the next deal.", { name: who(e.seat) });
    default:
      return null;
  }
}
