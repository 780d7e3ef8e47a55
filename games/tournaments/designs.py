"""Schedules with no repeat meetings, built rather than searched for.

A resolvable transversal design RTD(4, q) over the field GF(q): 4q places (i, x), i the group
0-3, x in GF(q). For each slope m the q tables {(i, m*e_i + b) : i = 0..3} (b in GF(q)) seat
everyone once, and two places of different groups share exactly one table over the q rounds:
m = (x - y) / (e_i - e_j). Places of one group never meet, so for q = 4 the groups themselves
are a fifth round (the affine plane AG(2, 4): 16 players, 5 rounds, every pair once).
"""

from __future__ import annotations

from .fields import field, prime_power


def design(places: int, *, groups_round: bool = True) -> list[list[list[int]]] | None:
    """Rounds of tables of place numbers 0..places-1 (place i*q + x is (i, x)), or None when
    `places` is not 4q with q a prime power of at least 4."""
    if places % 4:
        return None
    q = places // 4
    if q < 4 or prime_power(q) is None:
        return None
    f = field(q)
    rounds = []
    for m in range(q):
        tables = []
        for b in range(q):
            tables.append([i * q + f.add(f.mul(m, i), b) for i in range(4)])
        rounds.append(tables)
    if q == 4 and groups_round:
        rounds.append([[i * q + x for x in range(q)] for i in range(4)])
    return rounds
