"""How a scored hand splits into its sets and pair: the reading the score was made from.

A winner's score keeps the reading it was made from (HandScore.reading, scoring/score.py), and
this lays it out: the declared sets as declared, then the reading's pungs, chows and pair, with
the group the winning tile completed marked (and shown exposed when a discard completed it). A
special shape is shown whole with its rule. A winner whose score keeps no reading (a Hong Kong
hand, or a reading past the chow limit that is not Nine Gates) is shown unsplit: `sets` holds
the declared sets only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .melds import Meld
from .ruleset import Ruleset
from .scoring.hand import count_tiles
from .scoring.special import special_shape
from .scoring.types import SELF_DRAWN, HandScore, WinInfo
from .scoring.winner import PAIR
from .tiles import format_tiles


def _declared(melds: Sequence[Meld]) -> list[dict[str, Any]]:
    return [
        {
            "kind": m.kind,
            "tiles": format_tiles(m.tiles),
            "declared": True,
            "concealed": not m.exposed,
            "winning": False,
        }
        for m in melds
    ]


def _group(kind: str, tiles: Sequence[int], concealed: bool, winning: bool) -> dict[str, Any]:
    return {"kind": kind, "tiles": format_tiles(tiles), "declared": False,
            "concealed": concealed, "winning": winning}


def arrangement(ruleset: Ruleset, *, concealed: list[int], melds: list[Meld], bonus: list[int],
                win: WinInfo | None, score: HandScore) -> dict[str, Any]:
    """{"sets": [...], "rest": tiles in no set, "special": a special shape's rule or None}."""
    counts, _ = count_tiles(concealed, melds, bonus)
    sets = _declared(melds)
    if win is None or not score.won:
        return _losing(counts, sets)
    shape = None if melds else special_shape(ruleset, counts)
    if shape is not None:
        return {"sets": sets, "rest": format_tiles(concealed), "special": shape}
    reading = score.reading
    if reading is None:
        return {"sets": sets, "rest": format_tiles(concealed), "special": None}
    completed = reading.completed
    exposes = win.source not in SELF_DRAWN
    for i, t in enumerate(reading.pungs):
        sets.append(_group("pung", (t,) * 3, not (exposes and completed == i), completed == i))
    n = len(reading.pungs)
    for i, t in enumerate(reading.chows):
        won = completed == n + i
        sets.append(_group("chow", (t, t + 1, t + 2), not (exposes and won), won))
    sets.append(_group("pair", (reading.pair,) * 2, True, completed == PAIR))
    return {"sets": sets, "rest": "", "special": None}


def _losing(counts: list[int], sets: list[dict[str, Any]]) -> dict[str, Any]:
    """As a losing hand is scored (classical.md §1.1): pungs and pairs as held, the rest loose."""
    rest = []
    for kind, n in enumerate(counts):
        if n >= 3:
            sets.append(_group("pung", (kind,) * n, True, False))
        elif n == 2:
            sets.append(_group("pair", (kind,) * 2, True, False))
        else:
            rest.extend([kind] * n)
    return {"sets": sets, "rest": format_tiles(rest), "special": None}
