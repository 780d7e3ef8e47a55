// Each event in words, for the live region and the move log. Returns null for events that are
// not worth saying aloud (their effect is told by a neighbouring event).
import { tileWords, tilesWords, parseTiles } from "./tiles.js";

const CLAIM_VERB = { chow: "chows", pung: "pungs", kong: "kongs" };
const KONG_KIND = { concealed: "a concealed kong", promoted: "a promoted kong", claimed: "a kong" };

function ordinalSuffix(n) {
  const v = n % 100;
  return ["th", "st", "nd", "rd"][(v - 20) % 10] || ["th", "st", "nd", "rd"][v] || "th";
}

/** The seat this page plays (still "You" in the review shown once the game is over). */
export function isYou(ctx, s) {
  return s != null && s === (ctx.viewer ?? ctx.view?.viewer);
}

/** "your" for this page's seat, else "Bot Plum's"; capitalised to start a sentence. */
export function whoseWords(ctx, s, capital = false) {
  if (isYou(ctx, s)) return capital ? "Your" : "your";
  return `${ctx.seatName(s)}'s`;
}

/** A seat and its verb: "You go" / "Bot Plum goes" (the third person given where not +s). */
export function doesWords(ctx, s, verb, third = `${verb}s`) {
  return `${ctx.seatName(s)} ${isYou(ctx, s) ? verb : third}`;
}

const CLAIM_NOUN = { win: "win", kong: "kong", pung: "pung", chow: "chow" };
const CLAIM_RANK = ["win", "kong", "pung", "chow"]; // seed 003 §3.4: highest first

/** Why another seat's claim took the discard this seat claimed too (seed 003 §3.4), or null
 *  when theirs does not outrank it. A robbed kong is a win against a win. */
export function outrankedWords(ctx, seat, theirs, mine) {
  const a = CLAIM_RANK.indexOf(theirs);
  const b = CLAIM_RANK.indexOf(mine);
  if (a < 0 || b < 0 || a > b) return null;
  if (a < b) return `${whoseWords(ctx, seat, true)} ${CLAIM_NOUN[theirs]} outranks your ${CLAIM_NOUN[mine]}.`;
  // Equal claims: the first in turn after the discarder takes the tile.
  const what = theirs === "win" ? "claimed the win" : `claimed a ${CLAIM_NOUN[theirs]}`;
  return `${ctx.seatName(seat)} (earlier in turn) also ${what}.`;
}

export function eventWords(e, ctx) {
  const who = (s) => ctx.seatName(s);
  const you = (s) => isYou(ctx, s);
  const whose = (s) => whoseWords(ctx, s);
  switch (e.type) {
    case "seating":
      return `Seats drawn with the wind tiles: ${
        [0, 1, 2, 3].map((s) => `${who(s)} ${["East", "South", "West", "North"][s]}`).join(", ")}.`;
    case "wall_built": {
      const rows = e.rows_by_wind || [];
      if (rows.length === 4 && rows[0] !== rows[1]) {
        // Seed 002, flowers only: East's and West's rows are longer than South's and North's.
        return `The wall is built: East's and West's sides of ${rows[0]} stacks of two, South's and North's of ${rows[1]}.`;
      }
      return `The wall is built: four sides of ${e.stacks_per_side} stacks of two.`;
    }
    case "deal_start":
      return `Deal ${e.number}${e.goulash ? " (a Goulash: no chows, and the 2 of Bamboo is wild)" : ""} begins. ${doesWords(ctx, e.dealer, "deal")}.`;
    case "fishing":
      return `${doesWords(ctx, e.seat, "are", "is")} fishing: one tile from Mah Jong.`;
    case "dice": {
      const sum = e.dice[0] + e.dice[1];
      return `${doesWords(ctx, e.thrower, "throw")} ${e.dice[0]} and ${e.dice[1]}: ${sum}.`;
    }
    case "wall_broken":
      return `The wall is broken at the ${e.total}${ordinalSuffix(e.total)} stack of ${whose(e.breaker)} wall.`;
    case "deal_block":
      if (!e.tiles) return null;
      return parseTiles(e.tiles).length === 1 ? "You take a tile." : `You take ${parseTiles(e.tiles).length} tiles.`;
    case "bonus_melded":
      return `${doesWords(ctx, e.seat, "meld")} ${tileWords(e.tile)} and take${you(e.seat) ? "" : "s"} a replacement.`;
    case "draw": {
      // With no dead wall (Shanghai) a replacement comes from the far end of the wall itself.
      const tail = ctx.view && ctx.view.wall && ctx.view.wall.dead_stacks === 0;
      if (e.tile) {
        const from = e.source !== "dead_wall" ? "" : tail ? " from the tail of the wall" : " from the dead wall";
        return `You draw ${tileWords(e.tile)}${from}.`;
      }
      if (e.source !== "dead_wall") return null;
      return tail
        ? `${doesWords(ctx, e.seat, "take")} a replacement from the tail of the wall.`
        : `${doesWords(ctx, e.seat, "take")} a loose tile.`;
    }
    case "discard":
      return `${doesWords(ctx, e.seat, "discard")} ${tileWords(e.tile)}${e.call ? " with an Original Call" : ""}.`;
    case "claim":
      return `${doesWords(ctx, e.seat, e.claim, CLAIM_VERB[e.claim] || e.claim)} ${
        e.claim === "chow" && e.meld ? tilesWords(e.meld.tiles) : tileWords(e.tile)} from ${who(e.from_seat)}.`;
    case "kong":
      return `${doesWords(ctx, e.seat, "declare")} ${KONG_KIND[e.kind] || "a kong"} of ${tileWords(e.tile)}.`;
    case "robbed":
      return `${doesWords(ctx, e.seat, "rob")} the kong of ${tileWords(e.tile)} from ${who(e.from_seat)}!`;
    case "call_broken":
      return `${whoseWords(ctx, e.seat, true)} Original Call is broken.`;
    case "win": {
      const how = e.source === "discard" ? ` on ${whose(e.from_seat)} discard` : e.from_seat != null ? "" : " self-drawn";
      return `${doesWords(ctx, e.seat, "go", "goes")} out with ${tileWords(e.tile)}${how}!`;
    }
    case "washout":
      return "The wall is exhausted: the deal is a draw.";
    case "deal_scored":
      return e.game_over ? "The game is over." : "The deal is scored.";
    case "exchange_round":
      return `Goulash exchange, round ${e.round} of ${e.rounds}: everyone passes 3 tiles face down.`;
    case "exchange_chosen":
      // Who else has chosen shows on their seats; the log keeps only your own choice.
      // (A review after the game shows every seat's tiles.)
      return e.tiles ? `${doesWords(ctx, e.seat, "pass", "passes")} ${tilesWords(e.tiles)} to ${who(e.to_seat)}.` : null;
    case "exchange_received":
      return e.tiles ? `${doesWords(ctx, e.seat, "receive")} ${tilesWords(e.tiles)} from ${who(e.from_seat)}.` : null;
    case "exchange_done":
      return "The exchanges are over: play begins.";
    case "ready":
      return you(e.seat) ? null : `${who(e.seat)} is ready for the next deal.`;
    default:
      return null;
  }
}
