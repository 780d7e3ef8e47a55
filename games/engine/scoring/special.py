"""Winning shapes that are not four sets and a pair (classical.md §1.10 L17; leagues.md §4).

Each takes the counts of a concealed 14-tile hand (no declared sets) and answers yes or no.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import is_thirteen_orphans
from ..ruleset import Ruleset
from ..tiles import MAJORS, WINDS
from .lookups import lookups


def is_wriggling_snake(c: Sequence[int]) -> bool:
    """BMJA: a pair of 1s, one each of 2-9 of the same suit, and one of each wind."""
    if any(c[w] != 1 for w in WINDS) or any(c[k] for k in (31, 32, 33)):
        return False
    for lo in (0, 9, 18):
        if c[lo] == 2 and all(c[lo + r] == 1 for r in range(1, 9)):
            return sum(c[:27]) == 10
    return False


def _knitted_pairs(c: Sequence[int], a: int, b: int) -> bool:
    return all(c[a * 9 + r] == c[b * 9 + r] for r in range(9))


def is_knitting(c: Sequence[int]) -> bool:
    """BMJA: seven pairs, each the same number in two suits; two suits only, no honours."""
    if sum(c[:34]) != 14 or any(c[27:34]):
        return False
    for a, b, other in ((0, 1, 2), (0, 2, 1), (1, 2, 0)):
        if not any(c[other * 9:other * 9 + 9]) and _knitted_pairs(c, a, b):
            return True
    return False


def is_triple_knitting(c: Sequence[int]) -> bool:
    """BMJA: four triples (one number in all three suits) and a pair of one number in two suits."""
    if sum(c[:34]) != 14 or any(c[27:34]):
        return False
    for r in range(9):
        for a, b in ((0, 1), (0, 2), (1, 2)):
            rest = list(c[:27])
            if rest[a * 9 + r] == 0 or rest[b * 9 + r] == 0:
                continue
            rest[a * 9 + r] -= 1
            rest[b * 9 + r] -= 1
            if all(rest[k] == rest[9 + k] == rest[18 + k] for k in range(9)):
                return True
    return False


def is_all_pair_honours(c: Sequence[int]) -> bool:
    """BMJA: seven pairs of terminals and honours."""
    return (sum(c[:34]) == 14 and all(c[k] % 2 == 0 for k in MAJORS)
            and sum(c[k] for k in MAJORS) == 14)


_SHAPES = {
    "L17": is_thirteen_orphans,
    "H1": is_triple_knitting,
    "H2": is_knitting,
    "H3": is_all_pair_honours,
}


def special_shape(ruleset: Ruleset, counts: Sequence[int]) -> str | None:
    """The code of the special winning shape these concealed tiles make under the ruleset."""
    allowed = lookups(ruleset).allowed
    if "L17" in allowed and ruleset.thirteen_orphans and is_thirteen_orphans(counts):
        return "L17"
    if ruleset.snake == "wriggling" and "L15" in allowed and is_wriggling_snake(counts):
        return "L15"
    for code in ("H1", "H2", "H3"):
        if code in allowed and _SHAPES[code](counts):
            return code
    return None
