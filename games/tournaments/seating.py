"""Seating a tournament round: tables of four so that players meet as few repeat opponents as
possible and play each starting seat wind as evenly as possible. Pure Python, deterministic
given the seed.

Where a design exists for the field size (4q places, q a prime power >= 4: 16, 20, 28, 32,
36, 44, 52, 64, ...) its rounds are used while the history still follows it: zero repeats for
q rounds (5 for 16 players). Otherwise, or once the design is used up or broken (a withdrawal),
a seeded local search minimises the repeat meetings (pairs seated together who met before) and,
among equal counts, prefers pairs who met fewer times, so repeats are few and spread. Bots
(fill "bots") are spread as thinly as their number allows; with fill "sitout" the players who
sat out least sit out. Swiss: from round 2 the search also keeps tables close in the standings
(repeats still count first).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from .designs import design

BOTS, SITOUT = "bots", "sitout"
Player = Hashable
Table = tuple  # four players (None: a bot), index = starting seat wind (0 East, 1 S, 2 W, 3 N)

# Repeats first by far; in a Swiss round the standings come before level winds.
_REPEAT, _SPREAD, _BOT, _RANK = 100_000, 10, 50, 10
_WIND = 5
_ATTEMPTS = 24


@dataclass(frozen=True)
class RoundSeating:
    tables: tuple[Table, ...]
    sitting_out: tuple = ()
    designed: bool = False  # taken from a design (no repeats by construction)


def seat_round(
    players: Sequence[Player],
    history: Sequence[Sequence[Sequence[Player | None]]] = (),
    *,
    seed: str = "",
    fill: str = BOTS,
    standings: Sequence[Player] | None = None,
) -> RoundSeating:
    """Seat the next round. `players`: who plays this round, in a stable order; `history`: the
    earlier rounds' tables (index = starting wind, None = bot); `standings`: best first, for a
    Swiss round."""
    if fill not in (BOTS, SITOUT):
        raise ValueError(f"fill must be {BOTS!r} or {SITOUT!r}, not {fill!r}")
    players = list(players)
    if len(set(players)) != len(players) or None in players:
        raise ValueError("players must be distinct and not None")
    if len(players) < 4 and (fill == SITOUT or not players):
        raise ValueError("at least four players are needed (or one with bots)")
    rng = random.Random(f"{seed}|round {len(history) + 1}")
    swiss = bool(standings) and bool(history)
    planned = None if swiss or fill == SITOUT else _from_design(players, history, seed)
    if planned is not None:
        tables, ordered = planned
        if not ordered:
            return RoundSeating(_assign_winds(tables, history, rng), (), True)
        return RoundSeating(tuple(sorted(tables, key=_key)), (), True)
    out: list = []
    if fill == SITOUT and len(players) % 4:
        out = _sitting_out(players, history, len(players) % 4, rng)
    seated = [p for p in players if p not in out]
    slots: list = seated + [None] * (-len(seated) % 4)
    rank = None
    if swiss:  # anyone missing from the standings counts as last
        rank = {p: len(standings) for p in players} | {p: i for i, p in enumerate(standings)}
    winds = wind_counts(history)
    tables = _search(slots, _meetings(history), _bot_meetings(history), winds, rng, rank)
    return RoundSeating(_assign_winds(tables, history, rng), tuple(out), False)


# ------------------------------------------------------------------ designs
def _from_design(players: list, history, seed: str) -> tuple[list, bool] | None:
    """The design's next round while the history follows it, and whether its winds are set."""
    places = len(players) + (-len(players) % 4)
    bots = places - len(players)
    rounds = design(places, groups_round=bots <= 1)
    if rounds is None or len(history) >= len(rounds):
        return None
    q = places // 4
    order = random.Random(f"{seed}|design").sample(players, len(players))
    # Bots take places 0.. of group 0, so no two bots ever share a table.
    who = [None] * bots + order
    # Slope rounds in a seeded order; the groups round (q = 4) last, so that the first four
    # rounds give everyone each wind once.
    slopes = [r for r in rounds if len({p // q for p in r[0]}) == 4]
    random.Random(f"{seed}|design order").shuffle(slopes)
    rounds = slopes + [r for r in rounds if len({p // q for p in r[0]}) < 4]
    plan = [[[who[p] for p in table] for table in r] for r in rounds]
    for past, planned in zip(history, plan):
        if _as_sets(past) != _as_sets(planned):
            return None
    k = len(history)
    tables = rounds[k]
    if len({p // q for p in tables[0]}) < 4:
        return plan[k], False  # the groups round: its winds are chosen like a searched round's
    # One player of each group per table: group i starts in wind (i + k) % 4, so every four
    # design rounds everyone plays each wind once.
    return [
        tuple(who[next(p for p in t if p // q == (w - k) % 4)] for w in range(4))
        for t in tables
    ], True


def _as_sets(tables) -> set[frozenset]:
    return {frozenset(p for p in t if p is not None) for t in tables}


# ------------------------------------------------------------------ search
def _meetings(history) -> Counter:
    met: Counter = Counter()
    for tables in history:
        for t in tables:
            for a, b in combinations([p for p in t if p is not None], 2):
                met[frozenset((a, b))] += 1
    return met


def _bot_meetings(history) -> Counter:
    had: Counter = Counter()
    for tables in history:
        for t in tables:
            bots = sum(1 for p in t if p is None)
            for p in t:
                if p is not None:
                    had[p] += bots
    return had


def _sitting_out(players, history, count, rng) -> list:
    played = Counter(p for tables in history for t in tables for p in t if p is not None)
    order = players[:]
    rng.shuffle(order)
    order.sort(key=lambda p: len(history) - played[p])  # who sat out least sits out now
    return order[:count]


def _search(slots, met, bot_met, winds, rng, rank) -> list[list]:
    def pair(a, b) -> float:
        if a is None and b is None:
            return 10 * _REPEAT
        if a is None or b is None:
            k = bot_met[a if b is None else b]
            return _BOT * (k * k + 2 * k)
        k = met[frozenset((a, b))]
        cost = _REPEAT + _SPREAD * k * k if k else 0
        if rank is not None:
            cost += _RANK * abs(rank[a] - rank[b])
        return cost

    memo: dict = {}

    def cost(t) -> float:
        key = tuple(sorted(t, key=str))
        if key not in memo:
            pairs = sum(pair(a, b) for a, b in combinations(t, 2))
            memo[key] = pairs + _WIND * _wind_cost(key, winds, _ORDERS)[0]
        return memo[key]

    n = len(slots) // 4
    if rank is not None:
        start = sorted(slots, key=lambda p: len(slots) if p is None else rank[p])
        # Bots spread one to a table, from the bottom of the standings up.
        bots = [i for i, p in enumerate(start) if p is None]
        humans = [p for p in start if p is not None]
        start = humans[:]
        for k, _ in enumerate(bots):
            start.insert(len(start) - 4 * k, None)
    else:
        start = slots[:]
        rng.shuffle(start)
    tables = [start[4 * i : 4 * i + 4] for i in range(n)]
    best, best_cost = [t[:] for t in tables], sum(map(cost, tables))
    stale = 0
    for attempt in range(_ATTEMPTS):
        if attempt % 4 == 3 and rank is None:  # now and then a fresh start
            rng.shuffle(start)
            tables = [start[4 * i : 4 * i + 4] for i in range(n)]
        elif attempt:  # kick: a few random swaps out of the best local minimum
            tables = [t[:] for t in best]
            for _ in range(max(2, n // 2)):
                _swap_random(tables, rng)
        _descend(tables, cost)
        total = sum(map(cost, tables))
        stale += 1
        if total < best_cost:
            best, best_cost, stale = [t[:] for t in tables], total, 0
        repeats = sum(pair(a, b) for t in best for a, b in combinations(t, 2))
        if n < 2 or (repeats < _SPREAD and stale >= 3):
            break  # no repeat left to remove; the winds are as level as a few tries make them
    return best


def _swap_random(tables, rng) -> None:
    a, b = rng.sample(range(len(tables)), 2)
    i, j = rng.randrange(4), rng.randrange(4)
    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]


def _descend(tables, cost) -> None:
    """Swap players between tables while any swap lowers the cost."""
    costs = [cost(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            ta, tb = tables[a], tables[b]
            for i in range(4):
                for j in range(4):
                    if ta[i] == tb[j]:
                        continue
                    ta[i], tb[j] = tb[j], ta[i]
                    ca, cb = cost(ta), cost(tb)
                    if ca + cb < costs[a] + costs[b] - 1e-9:
                        costs[a], costs[b] = ca, cb
                        improved = True
                    else:
                        ta[i], tb[j] = tb[j], ta[i]


# ------------------------------------------------------------------ winds
def wind_counts(history) -> dict:
    counts: dict = {}
    for tables in history:
        for t in tables:
            for w, p in enumerate(t):
                if p is not None:
                    counts.setdefault(p, [0, 0, 0, 0])[w] += 1
    return counts


_ORDERS = list(permutations(range(4)))


def _wind_cost(t, counts, orders) -> tuple[int, tuple]:
    """The least sum of squared wind counts this table can leave, and the order that does."""
    best = None
    for o in orders:
        c = sum(
            (counts.get(t[o[w]], _NONE)[w] + 1) ** 2 for w in range(4) if t[o[w]] is not None
        )
        if best is None or c < best[0]:
            best = (c, o)
    return best


_NONE = (0, 0, 0, 0)


def _assign_winds(tables, history, rng) -> tuple[Table, ...]:
    """Each table's order (the starting winds) so that everyone's wind counts stay level."""
    counts = wind_counts(history)
    orders = _ORDERS[:]
    out = []
    for t in tables:
        rng.shuffle(orders)
        _, best = _wind_cost(t, counts, orders)
        out.append(tuple(t[best[w]] for w in range(4)))
    out.sort(key=_key)
    return tuple(out)


def _key(t) -> list[str]:
    return [str(p) for p in t]


# ------------------------------------------------------------------ figures
def repeat_meetings(history) -> int:
    """How many times, over all rounds, two players met who had met before."""
    return sum(k - 1 for k in _meetings(history).values() if k > 1)


def wind_spread(history) -> int:
    """The largest gap, over players, between the wind they played most and least often."""
    return max((max(c) - min(c) for c in wind_counts(history).values()), default=0)


def schedule(players, rounds: int, *, seed: str = "", fill: str = BOTS) -> list[tuple[Table, ...]]:
    """A whole tournament with no withdrawals and no Swiss: `rounds` rounds seated in turn."""
    history: list = []
    for _ in range(rounds):
        history.append(seat_round(players, history, seed=seed, fill=fill).tables)
    return history
