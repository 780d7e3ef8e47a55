"""Bots are just players: they choose among `legal_actions` like anyone else.

  random        - any legal action, uniformly (the simulator's player)
  beginner      - goes out whenever it can; claims only what brings it nearer to going out;
  (greedy)        discards the tile that leaves the fewest tiles from calling (shanten),
                  breaking ties by keeping tiles that many others could join;
                  in a Goulash's exchanges passes the tiles least likely to make a pung (below).
                  "greedy" is its older name, kept for saved games and records.
  intermediate  - speed and value: weighs every legal action with the evaluator (brain/) by
                  its chance of going out times what the hand would score, by the best of its
                  plans (any shape, all pungs, one suit), under the ruleset's own win shape and
                  scoring (a Hong Kong table's minimum faan included)
  strong        - intermediate plus defence (a discard's danger and the cost of dealing in)
                  and a lookahead two draws deep on the discard
The evaluator's levels read only the seat's view (brain/knowledge.py), never the deal.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import actions as A
from .actions import Action
from .analysis import shanten
from .brain import knowledge_for
from .brain.levels import STYLES, decide
from .tiles import is_major

if TYPE_CHECKING:
    from .deal import Deal
    from .match import Match

LEVELS = ("random", "greedy", "beginner", "intermediate", "strong")


def _usefulness(counts: list[int], t: int) -> int:
    """How well a tile fits its neighbours: pairs and near-sequences keep a tile."""
    if t >= 34:
        return -10
    score = 3 * (counts[t] - 1)
    if t < 27:
        r = t % 9
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 8 and counts[t + d]:
                score += 2 if abs(d) == 1 else 1
        score += 1 if 2 <= r <= 6 else 0
    return score


def exchange_tiles(
    deal: Deal, seat: int, level: str = "greedy", rng: random.Random | None = None
) -> tuple[int, ...]:
    """Three concealed tiles to pass in a Goulash exchange (001; classical.md §4).

    A Goulash has no chows and its 2 of Bamboo is wild, so only pungs, kongs and the pair
    matter: keep the wild, then sets and pairs, then single honours and terminals (they score
    more as pungs, the seat's own wind, the prevailing wind and the dragons most); pass single
    simples first, which without chows have nothing to grow into but a pung."""
    counts = list(deal.seats[seat].hand)
    if level == "random":
        held = [t for t in range(34) for _ in range(counts[t])]
        return tuple(sorted((rng or random.Random()).sample(held, A.EXCHANGE_COUNT)))
    wild = deal.ruleset.wild_tile
    valued = {31, 32, 33, 27 + deal.wind_of(seat), 27 + deal.prevailing_wind}

    def keep(t: int) -> tuple:
        return (t == wild, min(counts[t], 3), t in valued, is_major(t), t)

    passed = []
    for _ in range(A.EXCHANGE_COUNT):
        t = min((t for t in range(34) if counts[t]), key=keep)
        counts[t] -= 1
        passed.append(t)
    return tuple(sorted(passed))


def choose(match: Match, seat: int, level: str = "greedy", rng: random.Random | None = None,
           ties: random.Random | None = None):
    """The level's action for `seat`. `ties`: break the level's ties (and near-ties) with this
    generator instead of by the order of the actions (the arena's calibration uses it to make a
    level differ from its copies without being weaker)."""
    legal = match.legal_actions(seat)
    if not legal:
        return None
    if ties is not None:
        legal = list(legal)
        ties.shuffle(legal)
    if legal[0].type == A.EXCHANGE:  # offered as "any three tiles": the bot names them
        return Action(seat, A.EXCHANGE, tiles=exchange_tiles(match.deal, seat, level, rng))
    if level == "random":
        return (rng or random.Random()).choice(legal)
    if level in STYLES:
        if len(legal) == 1:
            return legal[0]
        chosen = decide(knowledge_for(match, seat), level, ties)
        if chosen in legal:
            return chosen
    return _greedy(match, seat, legal)


def _greedy(match: Match, seat: int, legal: list[Action]) -> Action:
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    for kind in (A.WIN, A.READY):
        if kind in by_type:
            return by_type[kind][0]
    deal = match.deal
    st = deal.seats[seat]
    hand = list(st.hand)
    if A.DISCARD in by_type:
        # Declare kongs (they score, and a loose tile replaces the fourth).
        for kind in (A.CONCEALED_KONG, A.PROMOTE_KONG):
            if kind in by_type and not st.original_call:
                return by_type[kind][0]
        if st.original_call and st.drawn is not None:
            keep = [a for a in by_type[A.DISCARD] if a.tile == st.drawn and not a.call]
            if keep:
                return keep[0]
        best = None
        wild = deal.ruleset.wild_tile  # a Goulash's wild 2 of Bamboo is kept (classical.md §4)
        for a in by_type[A.DISCARD]:
            hand[a.tile] -= 1
            key = (a.tile == wild, shanten(hand), _usefulness(hand, a.tile), not a.call)
            hand[a.tile] += 1
            if best is None or key < best[0]:
                best = (key, a)
        return best[1]
    if A.CONCEALED_KONG in by_type:  # after the deal (000 §2.2)
        return by_type[A.CONCEALED_KONG][0]
    # A claim window: claim only what lowers the shanten number.
    tile = deal.window_tile
    if tile is not None and not st.original_call:
        if A.KONG in by_type:
            return by_type[A.KONG][0]
        now = shanten(hand)
        for kind in (A.PUNG, A.CHOW):
            for a in by_type.get(kind, []):
                after = list(hand)
                used = [t for t in a.tiles if t != tile] if kind == A.CHOW else [tile, tile]
                for t in used:
                    after[t] -= 1
                best_after = min(_after_discard(after, d) for d in range(34) if after[d])
                if best_after < now:
                    return a
    return by_type[A.PASS][0]


def _after_discard(counts: list[int], t: int) -> int:
    counts[t] -= 1
    s = shanten(counts)
    counts[t] += 1
    return s
