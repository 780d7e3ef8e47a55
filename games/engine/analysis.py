"""Hand analysis: can these concealed tiles go out, and what do they wait on.

Counts are arrays indexed by tile kind (see tiles.py); only kinds 0..33 form sets.
A hand with n declared sets must show 14 - 3n concealed tiles (kongs count as one set).
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import ORPHANS


def _sets_only(c: list[int], i: int) -> bool:
    """Can counts c (from kind i on) be split wholly into pungs and chows?"""
    while i < 34 and c[i] == 0:
        i += 1
    if i >= 34:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, i)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    if sum(counts[:34]) != 14:
        return False
    pair = False
    for k in ORPHANS:
        n = counts[k]
        if n == 0 or n > 2:
            return False
        if n == 2:
            pair = True
    return pair


def is_standard_win(counts: Sequence[int]) -> bool:
    """Sets and exactly one pair (seed 003 §3.1)."""
    total = sum(counts[:34])
    if total % 3 != 2:
        return False
    c = list(counts[:34])
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets_only(c, 0)
            c[k] += 2
            if ok:
                return True
    return False


def is_winning(counts: Sequence[int], thirteen_orphans: bool = True) -> bool:
    return is_standard_win(counts) or (thirteen_orphans and is_thirteen_orphans(counts))


def waits(counts: Sequence[int], thirteen_orphans: bool = True) -> list[int]:
    """The tile kinds that would complete this calling hand (a fifth copy is never a wait)."""
    c = list(counts[:34])
    out = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_winning(c, thirteen_orphans):
            out.append(k)
        c[k] -= 1
    return out
