// Each event in words, for the live region and the move log. Returns null for events that are
// not worth saying aloud (their effect is told by a neighbouring event).
import { tileWords, tilesWords, parseTiles } from "./tiles.js";

const CLAIM_VERB = { chow: "chows", pung: "pungs", kong: "kongs" };
const KONG_KIND = { concealed: "a concealed kong", promoted: "a promoted kong", claimed: "a kong" };

function ordinalSuffix(n) {
  const v = n % 100;
  return ["th", "st", "nd", "rd"][(v - 20) % 10] || ["th", "st", "nd", "rd"][v] || "th";
}

export function eventWords(e, ctx) {
  const who = (s) => ctx.seatName(s);
  const you = (s) => s === ctx.view?.viewer;
  const whose = (s) => (you(s) ? "your" : `${who(s)}'s`);
  switch (e.type) {
    case "seating":
      return `Seats drawn with the wind tiles: ${
        [0, 1, 2, 3].map((s) => `${who(s)} ${["East", "South", "West", "North"][s]}`).join(", ")}.`;
    case "wall_built":
      return `The wall is built: four sides of ${e.stacks_per_side} stacks of two.`;
    case "deal_start":
      return `Deal ${e.number}${e.goulash ? " (a Goulash: no chows, and the 2 of Bamboo is wild)" : ""} begins. ${who(e.dealer)} deal${you(e.dealer) ? "" : "s"}.`;
    case "fishing":
      return `${who(e.seat)} ${you(e.seat) ? "are" : "is"} fishing: one tile from Mah Jong.`;
    case "dice": {
      const sum = e.dice[0] + e.dice[1];
      return `${who(e.thrower)} throw${you(e.thrower) ? "" : "s"} ${e.dice[0]} and ${e.dice[1]}: ${sum}.`;
    }
    case "wall_broken":
      return `The wall is broken at the ${e.total}${ordinalSuffix(e.total)} stack of ${whose(e.breaker)} wall.`;
    case "deal_block":
      if (!e.tiles) return null;
      return parseTiles(e.tiles).length === 1 ? "You take a tile." : `You take ${parseTiles(e.tiles).length} tiles.`;
    case "bonus_melded":
      return `${who(e.seat)} meld${you(e.seat) ? "" : "s"} ${tileWords(e.tile)} and take${you(e.seat) ? "" : "s"} a replacement.`;
    case "draw":
      if (e.tile) return `You draw ${tileWords(e.tile)}${e.source === "dead_wall" ? " from the dead wall" : ""}.`;
      return e.source === "dead_wall" ? `${who(e.seat)} takes a loose tile.` : null;
    case "discard":
      return `${who(e.seat)} discard${you(e.seat) ? "" : "s"} ${tileWords(e.tile)}${e.call ? " with an Original Call" : ""}.`;
    case "claim":
      return `${who(e.seat)} ${you(e.seat) ? e.claim : CLAIM_VERB[e.claim] || e.claim} ${
        e.claim === "chow" && e.meld ? tilesWords(e.meld.tiles) : tileWords(e.tile)} from ${who(e.from_seat)}.`;
    case "kong":
      return `${who(e.seat)} declare${you(e.seat) ? "" : "s"} ${KONG_KIND[e.kind] || "a kong"} of ${tileWords(e.tile)}.`;
    case "robbed":
      return `${who(e.seat)} rob${you(e.seat) ? "" : "s"} the kong of ${tileWords(e.tile)} from ${who(e.from_seat)}!`;
    case "call_broken":
      return `${you(e.seat) ? "Your" : `${who(e.seat)}'s`} Original Call is broken.`;
    case "win": {
      const how = e.source === "discard" ? ` on ${whose(e.from_seat)} discard` : e.from_seat != null ? "" : " self-drawn";
      return `${who(e.seat)} go${you(e.seat) ? "" : "es"} out with ${tileWords(e.tile)}${how}!`;
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
      return e.tiles ? `${who(e.seat)} pass${you(e.seat) ? "" : "es"} ${tilesWords(e.tiles)} to ${who(e.to_seat)}.` : null;
    case "exchange_received":
      return e.tiles ? `${who(e.seat)} receive${you(e.seat) ? "" : "s"} ${tilesWords(e.tiles)} from ${who(e.from_seat)}.` : null;
    case "exchange_done":
      return "The exchanges are over: play begins.";
    case "ready":
      return you(e.seat) ? null : `${who(e.seat)} is ready for the next deal.`;
    default:
      return null;
  }
}
