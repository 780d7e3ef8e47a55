"""Duplicate-wall rounds: every table of a round is dealt from one seed, so a starting wind
holds the same hands at every table. Pure Python.

The seating is rotated between tables (table k by k mod 4) so that those who hold the same hands
are not the players a designed round seats in the same wind everywhere; each player's result is
then compared with the others who held the same hands."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def rotate_tables(tables: Sequence[Sequence]) -> tuple[tuple, ...]:
    """Table k (0-based) rotated by k mod 4: its wind w goes to whoever had wind w + k."""
    return tuple(
        tuple(t[(w + k) % 4] for w in range(4)) for k, t in enumerate(tables)
    )


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
