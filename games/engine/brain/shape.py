"""How far a hand is from going out under a ruleset's win shape.

`shanten(rules, counts, melds)`: -1 complete, 0 calling, n tiles from calling. With no chow limit
it is analysis.shanten (Thirteen Orphans only where the ruleset plays it); with a limit (BMJA's one
chow, a Goulash's none) chows are counted, concealed and declared together, by distance vectors
over (chows, sets, pair) per part of the hand, kept once computed. A Goulash's wild 2 of Bamboo
fills any one missing tile. The same vectors give the distance of a plan: all pungs
(`pung_shanten`) or one suit with honours (`suit_shanten`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .. import analysis
from ..analysis import MAX_SETS
from ..analysis import shanten as regular_shanten
from ..melds import CHOW, Meld
from ..ruleset import Ruleset
from ..tiles import ORPHANS

INF = 99
_ORPHAN_SET = frozenset(ORPHANS)
WIDTH = 2 * MAX_SETS + 2  # index 2 * sets + pair

_PUNG_PART: dict[bytes, tuple[int, ...]] = {}
_CHOW_PART: dict[tuple[bytes, int], tuple[tuple[int, ...], ...]] = {}
# Vectors are interned as small ints, so combining two parts is one lookup once seen.
_VECTORS: list[tuple[tuple[int, ...], ...]] = []
_IDS: dict[tuple[tuple[int, ...], ...], int] = {}
_SUIT_IDS: dict[tuple[bytes, int], int] = {}
_HONOUR_IDS: dict[bytes, int] = {}
_COMBINED: dict[tuple[int, int, int, int], int] = {}


def pung_part(key: bytes) -> tuple[int, ...]:
    """Fewest tiles to add for j pungs and p pairs of distinct kinds within one part."""
    got = _PUNG_PART.get(key)
    if got is not None:
        return got
    f = [INF] * WIDTH
    f[0] = 0
    for h in key:
        g = list(f)
        pung, pair = max(0, 3 - h), max(0, 2 - h)
        for idx in range(WIDTH):
            v = f[idx]
            if v >= INF:
                continue
            if idx + 2 < WIDTH and v + pung < g[idx + 2]:
                g[idx + 2] = v + pung
            if not idx & 1 and v + pair < g[idx + 1]:
                g[idx + 1] = v + pair
        f = g
    got = _PUNG_PART[key] = tuple(f)
    return got


def chow_part(key: bytes, chows: int) -> tuple[tuple[int, ...], ...]:
    """A suit's vectors by the most chows it may hold (0..chows): fewest tiles to add."""
    got = _CHOW_PART.get((key, chows))
    if got is not None:
        return got
    if chows == 0:
        got = (pung_part(key),)
    else:
        below = chow_part(key, chows - 1)
        best = list(below[-1])
        for lo in range(7):
            trio = key[lo:lo + 3]
            if not any(trio):
                continue  # a chow wholly missing costs what a wholly missing pung does
            add = sum(1 for h in trio if h == 0)
            rest = bytearray(key)
            for i in range(lo, lo + 3):
                if rest[i]:
                    rest[i] -= 1
            sub = chow_part(bytes(rest), chows - 1)[-1]
            for idx in range(WIDTH - 2):
                v = sub[idx] + add
                if v < best[idx + 2]:
                    best[idx + 2] = v
        got = (*below, tuple(best))
    _CHOW_PART[(key, chows)] = got
    return got


def _intern(v: tuple[tuple[int, ...], ...]) -> int:
    vid = _IDS.get(v)
    if vid is None:
        vid = _IDS[v] = len(_VECTORS)
        _VECTORS.append(v)
    return vid


def _combine(a: int, b: int, sets: int, limit: int) -> int:
    """Two parts together (interned vectors by the most chows used, at most `limit`), for
    hands needing at most `sets` sets."""
    code = (a, b, sets, limit)
    got = _COMBINED.get(code)
    if got is not None:
        return got
    va, vb = _VECTORS[a], _VECTORS[b]
    top = 2 * sets + 2
    rows = min(len(va) + len(vb) - 1, limit + 1)
    out = [[INF] * WIDTH for _ in range(rows)]
    for ca, fa in enumerate(va):
        for cb, fb in enumerate(vb):
            if ca + cb >= rows:
                continue
            row = out[ca + cb]
            for i in range(top):
                x = fa[i]
                if x >= INF:
                    continue
                odd = i & 1
                for k in range(top - i):
                    if odd and k & 1:
                        continue
                    y = x + fb[k]
                    if y < row[i + k]:
                        row[i + k] = y
    got = _COMBINED[code] = _intern(tuple(tuple(r) for r in out))
    return got


def _cost(counts: Sequence[int], sets: int, chows: int, suits: Sequence[int] = (0, 1, 2),
          honours: bool = True) -> int:
    """Fewest tiles to add for `sets` sets and a pair from these parts, at most `chows` chows."""
    parts = [_suit_id(bytes(counts[9 * x:9 * x + 9]), min(chows, sets)) for x in suits]
    if honours:
        parts.append(_honour_id(bytes(counts[27:34])))
    acc = parts[0]
    for p in parts[1:]:
        acc = _combine(acc, p, sets, chows)
    return min(v[2 * sets + 1] for v in _VECTORS[acc][:chows + 1])


def _sets(counts: Sequence[int]) -> int | None:
    """The sets a hand of these tiles needs besides its pair (None: 3k tiles are no hand)."""
    n = sum(counts[:34])
    return None if n % 3 == 0 else (n - 1) // 3


def _suit_id(key: bytes, chows: int) -> int:
    vid = _SUIT_IDS.get((key, chows))
    if vid is None:
        vid = _SUIT_IDS[(key, chows)] = _intern(chow_part(key, chows))
    return vid


def _honour_id(key: bytes) -> int:
    vid = _HONOUR_IDS.get(key)
    if vid is None:
        vid = _HONOUR_IDS[key] = _intern((pung_part(key),))
    return vid


def chows_left(rules: Ruleset, melds: Sequence[Meld]) -> int | None:
    """How many more chows the hand may hold under the ruleset's limit (None: no limit)."""
    if rules.max_chows is None:
        return None
    return max(0, rules.max_chows - sum(1 for m in melds if m.kind == CHOW))


def _orphans(counts: Sequence[int]) -> int:
    kinds = sum(1 for k in ORPHANS if counts[k])
    pair = 1 if any(counts[k] > 1 for k in ORPHANS) else 0
    return 13 - kinds - pair


def shanten(rules: Ruleset, counts: Sequence[int], melds: Sequence[Meld] = ()) -> int:
    """Tiles from calling under the ruleset's win shape (see the module's docstring). A hand
    whose size is no hand's (3k tiles) is reported as far away (8)."""
    c = list(counts[:34])
    n = sum(c)
    sets = _sets(c)
    if sets is None or n > 3 * MAX_SETS + 2:
        return 8
    wild = rules.wild_tile
    wilds = 0
    if wild is not None and c[wild]:
        wilds = c[wild]
        c[wild] = 0
    limit = chows_left(rules, melds)
    orphans = rules.thirteen_orphans and not melds and n in (13, 14)
    if limit is None and not wilds:
        return regular_shanten(c, orphans)
    best = max(0, _cost(c, sets, 4 if limit is None else limit) - wilds) - 1
    if orphans:
        best = min(best, _orphans(c) - wilds)
    return best


def pung_shanten(counts: Sequence[int], melds: Sequence[Meld] = ()) -> int:
    """Tiles from calling for a hand of pungs only (its declared chows make it impossible)."""
    if any(m.kind == CHOW for m in melds):
        return 8
    sets = _sets(counts)
    return 8 if sets is None else _cost(counts, sets, 0) - 1


def suit_shanten(counts: Sequence[int], suit: int, melds: Sequence[Meld] = (),
                 honours: bool = True, chows: int | None = None) -> int:
    """Tiles from calling for a hand of one suit (with honours if `honours`): every tile of the
    other suits must go. A declared set outside the plan makes it impossible (8)."""
    for m in melds:
        t = m.tile
        if (t < 27 and t // 9 != suit) or (t >= 27 and not honours):
            return 8
    sets = _sets(counts)
    if sets is None:
        return 8
    return _cost(counts, sets, 4 if chows is None else chows, (suit,), honours) - 1


# ---- one tile more or less, for each of many kinds ------------------------------------------
# Weighing a hand asks the same question for every kind: how far would it be with one tile of
# that kind more (or less)? Only the changed kind's part differs, so the other parts are
# combined once per part and each answer is one lookup and one combination.


def shanten_each(rules: Ruleset, counts: Sequence[int], melds: Sequence[Meld],
                 kinds: Sequence[int], delta: int = 1) -> list[int]:
    """`shanten(rules, counts ± one of t, melds)` for each t in `kinds` (`delta` +1 or -1;
    the caller keeps each count within 0..4)."""
    c = list(counts[:34])
    n = sum(c) + delta
    sets = None if n % 3 == 0 else (n - 1) // 3
    if sets is None or n > 3 * MAX_SETS + 2 or rules.wild_tile is not None:
        return [_one(rules, c, melds, t, delta) for t in kinds]
    limit = chows_left(rules, melds)
    how = _regular_parts(sets) if limit is None else _limited_parts(sets, limit)
    out = [x - 1 for x in _each(c, kinds, delta, how)]
    if rules.thirteen_orphans and not melds and n in (13, 14):
        # As `shanten` does (the regular reading replaced only when it is not calling, for
        # a hand with no chow limit), from the orphans held less or more the one tile.
        held = sum(1 for k in ORPHANS if c[k])
        pairs = sum(1 for k in ORPHANS if c[k] > 1)
        for i, t in enumerate(kinds):
            if (out[i] > 0 or limit is not None) and t in _ORPHAN_SET:
                was, now = c[t], c[t] + delta
                kinds_now = held + (now > 0) - (was > 0)
                pairs_now = pairs + (now > 1) - (was > 1)
                out[i] = min(out[i], 13 - kinds_now - (1 if pairs_now else 0))
            elif out[i] > 0 or limit is not None:
                out[i] = min(out[i], 13 - held - (1 if pairs else 0))
    return out


def pung_shanten_each(counts: Sequence[int], melds: Sequence[Meld],
                      kinds: Sequence[int]) -> list[int]:
    """`pung_shanten(counts + one of t, melds)` for each t in `kinds`."""
    sets = _sets_after(counts)
    if sets is None or any(m.kind == CHOW for m in melds):
        return [8] * len(kinds)
    return [x - 1 for x in _each(list(counts[:34]), kinds, 1, _limited_parts(sets, 0))]


def suit_shanten_each(counts: Sequence[int], suit: int, melds: Sequence[Meld],
                      kinds: Sequence[int], chows: int | None = None) -> list[int]:
    """`suit_shanten(counts + one of t, suit, melds, True, chows)` for each t in `kinds`."""
    sets = _sets_after(counts)
    if sets is None or any(m.tile < 27 and m.tile // 9 != suit for m in melds):
        return [8] * len(kinds)
    limit = 4 if chows is None else chows
    return [x - 1 for x in _each(list(counts[:34]), kinds, 1,
                                  _limited_parts(sets, limit, (suit, 3)))]


def _sets_after(counts: Sequence[int]) -> int | None:
    n = sum(counts[:34]) + 1
    return None if n % 3 == 0 else (n - 1) // 3


def _one(rules: Ruleset, c: list[int], melds: Sequence[Meld], t: int, delta: int) -> int:
    c[t] += delta
    got = shanten(rules, c, melds)
    c[t] -= delta
    return got


class _Parts(NamedTuple):
    """How a hand is measured: its parts (0-2 the suits, 3 the honours), each part's interned
    vector, how two combine, and the cost a combined vector gives (kept by its id in `read`)."""

    parts: tuple[int, ...]
    part_id: Callable[[int, bytes], int]
    combine: Callable[[int, int], int]
    cost: Callable[[int], int]
    read: dict[int, int]


_READ: dict[tuple, dict[int, int]] = {}


def _regular_parts(sets: int) -> _Parts:
    index = 2 * sets + 1
    return _Parts((0, 1, 2, 3), analysis.part_vector_id,
                  lambda a, b: analysis.combine_vectors(a, b, sets),
                  lambda v: analysis.vector(v)[index], _READ.setdefault(("regular", sets), {}))


def _limited_parts(sets: int, chows: int, parts: tuple[int, ...] = (0, 1, 2, 3)) -> _Parts:
    def part_id(x: int, key: bytes) -> int:
        return _suit_id(key, min(chows, sets)) if x < 3 else _honour_id(key)

    index = 2 * sets + 1
    return _Parts(parts, part_id, lambda a, b: _combine(a, b, sets, chows),
                  lambda v: min(row[index] for row in _VECTORS[v][:chows + 1]),
                  _READ.setdefault(("limited", sets, chows), {}))


def _each(c: list[int], kinds: Sequence[int], delta: int, how: _Parts) -> list[int]:
    """The cost (fewest tiles to add) of `c` with one tile of each kind more or less; a kind
    outside the measured parts leaves it as it is. The parts combine in the order `_cost` and
    `analysis.shanten` use, the changed part last (combining is associative and commutative:
    a min-plus product)."""
    part_id, combine, cost, read = how.part_id, how.combine, how.cost, how.read
    ids = {x: part_id(x, bytes(c[9 * x:9 * x + (9 if x < 3 else 7)])) for x in how.parts}
    rest: dict[int | None, int | None] = {}
    out = []
    for t in kinds:
        x: int | None = t // 9 if t < 27 else 3
        if x not in ids:
            x = None
        if x not in rest:
            acc = None
            for y in how.parts:
                if y != x:
                    acc = ids[y] if acc is None else combine(acc, ids[y])
            rest[x] = acc
        acc = rest[x]
        if x is not None:
            lo = 9 * x
            c[t] += delta
            part = part_id(x, bytes(c[lo:lo + (9 if x < 3 else 7)]))
            c[t] -= delta
            acc = part if acc is None else combine(acc, part)
        got = read.get(acc)
        if got is None:
            got = read[acc] = cost(acc)
        out.append(got)
    return out
