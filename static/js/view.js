// Questions about a seat's view (the server's `view`), asked alike by what draws the table
// (render/) and what handles it (table/): pure functions of the view, no DOM, no state.
import { parseTiles } from "./tiles.js";

export const EXCHANGE_COUNT = 3;

/** This seat may choose its three tiles now. */
export function mayExchange(v) {
  return !!v && v.phase === "exchange" && (v.legal_actions || []).some((a) => a.type === "exchange");
}

/** A claim window in which this seat may only pass: it is shown no buttons, only a quiet note. */
export function nothingToClaim(v) {
  if (!v || v.viewer == null || (v.phase !== "claim" && v.phase !== "rob")) return false;
  return (v.legal_actions || []).every((a) => a.type === "pass");
}

/** How many copies of each tile this seat can see: its own hand, every discard, every set shown. */
export function seenCounts(view) {
  const seen = new Map();
  const add = (text) => {
    for (const t of parseTiles(text || "")) seen.set(t, (seen.get(t) || 0) + 1);
  };
  add(view.hand);
  add(view.drawn);
  add(view.centre);
  for (const s of view.seats || []) {
    add(s.discards);
    for (const m of s.melds || []) add(m.tiles);
  }
  return seen;
}

const ONLY = { self_drawn: "self-drawn only", discard: "on a discard only" };

/** The waits with the copies left unseen: [{tile, left, only}]. */
export function waitsLeft(view, waits) {
  const seen = seenCounts(view);
  return waits.map((w) => ({ tile: w.tile, left: Math.max(0, 4 - (seen.get(w.tile) || 0)), only: w.only || null }));
}
