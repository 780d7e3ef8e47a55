"""How a scored hand splits into its sets and pair: the reading the score was made from.

The winner's score is the best of every reading of the hand (scoring/score.py). This walks the
same readings (scoring/readings.py) with the same scoring functions and keeps the one whose
lines and total are the very ones the engine chose, so the proof a player sees is the engine's
own; should scoring ever choose differently, the hand is shown unsplit (`sets` holds the
declared sets only) rather than with a split that does not match its score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .melds import Meld
from .ruleset import Ruleset
from .scoring.context import HandContext
from .scoring.hand import count_tiles, meld_set
from .scoring.limits import arrangement_limit, hand_limit, nine_gates
from .scoring.points import hand_items
from .scoring.readings import (
    CONCEALED_CHOWS,
    CONCEALED_PUNGS,
    completions,
    legal_readings,
    only_place,
)
from .scoring.special import special_shape
from .scoring.totals import total
from .scoring.types import SELF_DRAWN, HandScore, WinInfo
from .scoring.winner import PAIR, winner_items
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
                seat_wind: int, prevailing_wind: int, win: WinInfo | None,
                score: HandScore) -> dict[str, Any]:
    """{"sets": [...], "rest": tiles in no set, "special": a special shape's rule or None}."""
    counts, all_counts = count_tiles(concealed, melds, bonus)
    sets = _declared(melds)
    if win is None or not score.won:
        return _losing(counts, sets)
    ctx = HandContext(ruleset, all_counts, bonus, seat_wind, prevailing_wind, win)
    shape = None if melds else special_shape(ruleset, counts)
    if shape is not None:
        return {"sets": sets, "rest": format_tiles(concealed), "special": shape}
    chosen = _chosen_reading(ruleset, ctx, counts, melds, win, seat_wind, score)
    if chosen is None:
        return {"sets": sets, "rest": format_tiles(concealed), "special": None}
    reading, completed = chosen
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


def _chosen_reading(rs: Ruleset, ctx: HandContext, counts: list[int], melds: Sequence[Meld],
                    win: WinInfo, seat_wind: int, score: HandScore):
    """The (reading, completed group) whose score is the one given; completed indexes the
    reading's pungs then chows, or is PAIR."""
    unlimited = "L14" in ctx.lookups.allowed and nine_gates(ctx, counts, melds)
    readings = legal_readings(rs, counts, melds, unlimited)
    limit = hand_limit(ctx, counts, melds, seat_wind)
    is_only_place = bool(rs.only_place_points) and only_place(counts, ctx.counts, win.tile, rs,
                                                              readings)
    declared = [meld_set(m, rs) for m in melds]
    exposes = win.source not in SELF_DRAWN
    wanted = tuple(sorted(win.set)) if win.set else None
    best = None
    for reading in readings:
        concealed_sets = [CONCEALED_PUNGS[t] for t in reading.pungs]
        concealed_sets += [CONCEALED_CHOWS[t] for t in reading.chows]
        for completed, group in completions(reading, concealed_sets, win.tile):
            if wanted is not None and group != wanted:
                continue
            sets = declared + list(concealed_sets)
            at = completed
            if completed != PAIR:
                at = completed + len(declared)
                if exposes:
                    kind, tile, _, _ = concealed_sets[completed]
                    sets[at] = (kind, tile, False, False)
            items: list = []
            points, doubles = hand_items(ctx, sets, [reading.pair], True, items)
            wp, wd = winner_items(ctx, sets, reading.pair, at, is_only_place, items)
            points += wp
            doubles += wd
            code = limit or arrangement_limit(ctx, sets)
            key = (total(rs, points, doubles, code), points << doubles)
            if best is None or key > best[0]:
                best = (key, reading, completed, points, doubles, code)
    if best is None:
        return None
    _, reading, completed, points, doubles, code = best
    if (points, doubles, code) != (score.points, score.doubles, score.limit):
        return None
    return reading, completed
