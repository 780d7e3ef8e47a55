"""The last step of every score: a hand's total and its score lines as a HandScore (§1.8, §1.9).

Shared by the classical scoring (score.py) and the Hong Kong faan scoring (hongkong.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ruleset import Ruleset
from .lookups import Item, limit_value
from .types import HandScore, Reading, ScoreItem


def finish(rs: Ruleset, won: bool, points: int, doubles: int, limit: str | None,
           items: Sequence[Item], reason: str | None = None,
           reading: Reading | None = None) -> HandScore:
    return HandScore(won, points, doubles, limit, total(rs, points, doubles, limit),
                     score_items(items), reason, reading)


# Score lines recur hand after hand and ScoreItem is frozen, so equal lines share one object.
_SCORE_ITEMS: dict[Item, ScoreItem] = {}


def score_items(items: Sequence[Item]) -> tuple[ScoreItem, ...]:
    known = _SCORE_ITEMS
    out = []
    for item in items:
        score_item = known.get(item)
        if score_item is None:
            if len(known) >= 4096:  # bonus and limit wordings vary; keep the memo bounded
                known.clear()
            score_item = known[item] = ScoreItem(*item)
        out.append(score_item)
    return tuple(out)


def total(rs: Ruleset, points: int, doubles: int, limit: str | None) -> int:
    """Points x 2^doubles, rounded per the ruleset (§1.8), capped unless the roof is off (§1.9)."""
    if rs.rounding == "up10_before":
        points = -(-points // 10) * 10
    score = points << doubles
    if rs.rounding == "nearest10_after":
        score = (score + 5) // 10 * 10
    if limit is not None:
        value = limit_value(rs, limit)
        return max(value, score) if rs.roof_off else value
    return score if rs.roof_off else min(score, rs.limit)
