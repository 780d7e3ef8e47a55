"""A Goulash's wild 2 of Bamboo at scoring time (classical.md §4 "Draw" row, seed 001).

The winner's wilds score as the tiles they stand for, in the reading that scores most (the
same rule as for any hand with several readings, §1.1); the win test's readings are the ones
tried (wintest.wild_readings), so a hand play accepts always scores as won. A loser's 2 of
Bamboo counts as itself. This module lists the candidates; score.resolve_wilds scores each and
keeps the best.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..melds import Meld
from ..ruleset import Ruleset
from ..wintest import wild_readings
from .types import WinInfo

WildOptions = list[tuple[list[int], WinInfo | None]]


def wild_options(rs: Ruleset, *, concealed: list[int], melds: Sequence[Meld],
                 win: WinInfo | None) -> tuple[Ruleset, WildOptions]:
    """The ruleset without the wild, and the (concealed tiles, winning tile) the hand may be
    scored as: the hand as held first, then each reading with its wilds replaced by what they
    stand for. A single option needs no scoring to choose it."""
    wild = rs.wild_tile
    if wild is None:
        return rs, [(concealed, win)]
    plain = rs.replace(wild_tile=None)
    if win is None or wild not in concealed:
        return plain, [(concealed, win)]
    counts = [0] * 34
    for t in concealed:
        if t < 34:
            counts[t] += 1
    natural = list(counts)
    natural[wild] = 0
    rest = [t for t in concealed if t != wild]
    options: WildOptions = [(concealed, win)]
    for reading in wild_readings(rs, counts, melds):
        added = [k for k in range(34) for _ in range(reading[k] - natural[k])]
        wins = [win] if win.tile != wild else [
            dataclasses.replace(win, tile=k) for k in sorted(set(added))]
        options += [(rest + added, w) for w in wins]
    return plain, options
