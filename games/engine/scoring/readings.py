"""A winning hand's readings (its sets and pair) and the winning tile's place in them (§1.1, §1.5).

Used by the classical scoring (score.py), whose score keeps the reading it chose for the proof
of the score (arrangement.py) to lay out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import decompositions, waits
from ..melds import Meld
from ..ruleset import Ruleset
from ..tiles import NUM_PLAYING_KINDS
from .hand import CHOW_SET, PUNG_SET, ScoredSet
from .winner import PAIR

# A reading's concealed sets, made once: (kind, tile, concealed for points, for doubles).
CONCEALED_PUNGS = tuple((PUNG_SET, t, True, True) for t in range(NUM_PLAYING_KINDS))
CONCEALED_CHOWS = tuple((CHOW_SET, t, True, True) for t in range(NUM_PLAYING_KINDS))


def legal_readings(rs: Ruleset, counts: list[int], melds: Sequence[Meld],
                   unlimited: bool = False) -> list:
    readings = decompositions(counts)
    if rs.max_chows is not None and not unlimited:
        meld_chows = sum(1 for m in melds if m.kind == "chow")
        readings = [d for d in readings if len(d.chows) + meld_chows <= rs.max_chows]
    return readings


def only_place(counts: list[int], all_counts: Sequence[int], tile: int, rs: Ruleset,
               readings: Sequence = ()) -> bool:
    """§1.5: the winning tile was the only kind that could complete the hand. A kind whose four
    tiles the player already shows is no chance at all."""
    if any(another_chance(reading, tile, all_counts) for reading in readings):
        return False  # settled without listing every wait
    before = list(counts)
    before[tile] -= 1
    chances = [k for k in waits(before, rs.thirteen_orphans)
               if all_counts[k] - (k == tile) < 4]
    return chances == [tile]


def another_chance(reading, tile: int, all_counts: Sequence[int]) -> bool:
    """A second kind, not all shown, that completes this reading in the winning tile's stead:
    the far end of a chow the tile finished at one end, or the pair when it finished a pung."""
    for first in reading.chows:
        if tile == first and first % 9 < 6 and all_counts[first + 3] < 4:
            return True
        if tile == first + 2 and first % 9 > 0 and all_counts[first - 1] < 4:
            return True
    return tile in reading.pungs and all_counts[reading.pair] < 4


def completions(reading, sets: list[ScoredSet], tile: int):
    """Each group of this reading that the winning tile may have completed, with its tiles."""
    if reading.pair == tile:
        yield PAIR, (tile, tile)
    seen = set()
    for i, (kind, first, _, _) in enumerate(sets):
        if kind == CHOW_SET:
            if first <= tile <= first + 2 and (kind, first) not in seen:
                seen.add((kind, first))
                yield i, (first, first + 1, first + 2)
        elif first == tile and (kind, first) not in seen:
            seen.add((kind, first))
            yield i, (tile, tile, tile)
