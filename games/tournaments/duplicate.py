"""Duplicate-wall rounds: every table of a round is dealt from one seed, so a starting wind
holds the same hands at every table. Pure Python.

Each table's starting winds are reordered (`vary_winds`) so that those who hold the same hands
are not the players a designed round seats in the same wind everywhere, and so that everyone's
wind counts stay level; each player's result is then compared with the others who held the same
hands."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations

from .seating import wind_counts

# order[b] = the starting wind given to whoever the seating put in wind b.
_ORDERS = tuple(permutations(range(4)))
# Table k rotated by k mod 4 (its wind w to whoever had wind w + k): the order kept on a tie.
_ROTATIONS = tuple(_ORDERS.index(tuple((b - k) % 4 for b in range(4))) for k in range(4))
_NONE = (0, 0, 0, 0)


def hand_groups(tables: Sequence[Sequence]) -> list[frozenset]:
    """A round's players who held the same hands: one group per starting wind (bots left out)."""
    return [frozenset(t[w] for t in tables if t[w] is not None) for w in range(4)]


@cache
def _rectangles(rows: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of orders for `rows` tables (at most 4) that never sends one wind of the
    seating to the same wind at two tables: the rows of a Latin rectangle (576 for four)."""
    out: list[tuple[int, ...]] = [()]
    for _ in range(rows):
        out = [
            (*chosen, i) for chosen in out for i, order in enumerate(_ORDERS)
            if all(order[b] != _ORDERS[j][b] for j in chosen for b in range(4))
        ]
    return tuple(out)


def _wind_cost(table: Sequence, order: tuple, counts: dict) -> int:
    """How much an order unlevels its players' winds: each player's cost grows fourfold with
    every game they already have in their new wind beyond their least played one, so that
    widening one player's gap weighs more than a small unevenness for several."""
    cost = 0
    for b, player in enumerate(table):
        if player is not None:
            c = counts.get(player, _NONE)
            cost += 4 ** (c[order[b]] - min(c))
    return cost


def vary_winds(tables: Sequence[Sequence], history: Sequence = ()) -> tuple[tuple, ...]:
    """Reorder each table's starting winds for a duplicate-wall round. `tables`: the round's
    seating (index = starting wind, None = bot); `history`: the earlier rounds' tables as
    played.

    Within each run of four tables no two tables send a wind of the seating to the same wind, so
    each hand group takes one player from each of the seating's wind groups (with more tables
    they are spread evenly). Among those orders: first the fewest hand groups that held the same
    hands together in an earlier round, then the most level wind counts, then table k rotated by
    k mod 4 (what a first round gets)."""
    counts = wind_counts(history)
    seen = {g for past in history for g in hand_groups(past) if g}
    held: list[list] = [[], [], [], []]  # this round's hand groups so far
    out: list[tuple] = []
    for start in range(0, len(tables), 4):
        block = [tuple(t) for t in tables[start : start + 4]]
        for t, i in zip(block, _best(block, start, held, seen, counts)):
            seated = [None] * 4
            for b, player in enumerate(t):
                seated[_ORDERS[i][b]] = player
                if player is not None:
                    held[_ORDERS[i][b]].append(player)
            out.append(tuple(seated))
    return tuple(out)


def _best(block: list[tuple], start: int, held: list[list], seen: set, counts: dict) -> tuple:
    """The orders (indices into _ORDERS) for a run of up to four tables, the first at index
    `start` of the round, after the hand groups `held` so far."""
    costs = [[_wind_cost(t, order, counts) for order in _ORDERS] for t in block]

    def key(rect: tuple[int, ...]) -> tuple[int, int, int]:
        groups = [list(g) for g in held]
        for t, i in zip(block, rect):
            for b, player in enumerate(t):
                if player is not None:
                    groups[_ORDERS[i][b]].append(player)
        again = sum(bool(g) and frozenset(g) in seen for g in groups)
        wind = sum(costs[k][i] for k, i in enumerate(rect))
        moved = sum(i != _ROTATIONS[(start + k) % 4] for k, i in enumerate(rect))
        return again, wind, moved

    return min(_rectangles(len(block)), key=key)


@dataclass(frozen=True)
class Held:
    """One player's result with one hand group: their score and how far from the group's mean."""

    table: int
    name: str
    score: int
    difference: float


@dataclass(frozen=True)
class HandGroup:
    wind: int  # the starting wind (0 East .. 3 North) that held these hands at every table
    mean: float
    held: tuple[Held, ...]  # best difference first


def compare_by_wind(results: Iterable[tuple[int, int, str, int | None]]) -> list[HandGroup]:
    """Group (table, wind, name, score) by starting wind across tables: each score and its
    difference from its group's mean. Places without a score yet are left out."""
    by_wind: dict[int, list[tuple[int, str, int]]] = {}
    for table, wind, name, score in results:
        if score is not None:
            by_wind.setdefault(wind, []).append((table, name, score))
    out = []
    for wind in sorted(by_wind):
        rows = by_wind[wind]
        mean = sum(score for _, _, score in rows) / len(rows)
        held = [Held(table, name, score, round(score - mean, 2)) for table, name, score in rows]
        held.sort(key=lambda h: (-h.score, h.table))
        out.append(HandGroup(wind, round(mean, 2), tuple(held)))
    return out
