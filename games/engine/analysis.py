"""Hand analysis: can these concealed tiles go out, what do they wait on, how far are they.

Counts are arrays indexed by tile kind (see tiles.py); only kinds 0..33 form sets.
A hand with n declared sets shows 14 - 3n concealed tiles when complete (a kong is one set);
a 16-tile hand (seed 002: five sets and a pair) shows 17 - 3n. Everything here works for both.

The fast path works on four independent parts: the three suits and the honours. Each part's
counts, written as bytes, key precomputed tables, so a question about a whole hand is a few
dictionary lookups instead of a search:
  _STATUS[key]  part splits wholly into sets (0) or into sets and one pair (1)
  _WAITS[key]   bitmask of kinds (within the part) whose addition makes the part split
Shanten uses per-part distance vectors (fewest tiles to add for j sets and p pairs), computed
by a small dynamic programme the first time a part is seen and kept (a suit of up to 14 tiles
is read from suit_table's precomputed file instead); combining parts is then a lookup too.
A hand whose parts were all seen before costs four dictionary lookups.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import suit_table
from .tiles import ORPHANS

_PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_SUIT_SETS = [("pung", i) for i in range(9)] + [("chow", i) for i in range(7)]
_HONOUR_SETS = [("pung", i) for i in range(7)]
_INF = 99
MAX_SETS = 5  # a 16-tile hand (seed 002) is five sets and a pair
_VEC = 2 * MAX_SETS + 2  # distance vectors: index 2 * sets + pairs


def _build_tables() -> tuple[dict[bytes, int], ...]:
    """Every way a part can be sets (at most five) plus at most one pair, within 4 of a kind.

    Built level by level: the parts of n + 1 sets are those of n sets with one more set added,
    so each distinct part is met once per set shape rather than once per choice of sets.
    """

    def complete(width: int, sets: list[tuple[str, int]]) -> dict[bytes, int]:
        shapes = [(i, i, i) if kind == "pung" else (i, i + 1, i + 2) for kind, i in sets]
        out: dict[bytes, int] = {}
        level = {bytes(width)}
        for n in range(MAX_SETS + 1):
            for key in level:
                out[key] = 0
                arr = bytearray(key)
                for i in range(width):
                    if arr[i] <= 2:
                        arr[i] += 2
                        out[bytes(arr)] = 1
                        arr[i] -= 2
            if n == MAX_SETS:
                break
            bigger = set()
            for key in level:
                arr = bytearray(key)
                for a, b, c in shapes:
                    arr[a] += 1
                    arr[b] += 1
                    arr[c] += 1
                    if arr[a] <= 4 and arr[b] <= 4 and arr[c] <= 4:
                        bigger.add(bytes(arr))
                    arr[a] -= 1
                    arr[b] -= 1
                    arr[c] -= 1
            level = bigger
        return out

    def waits_of(status: dict[bytes, int]) -> dict[bytes, int]:
        out: dict[bytes, int] = {}
        for key in status:
            if sum(key) > 14:
                continue  # a wait of a 16-tile hand's long part: found when first asked
            arr = bytearray(key)
            for i, n in enumerate(key):
                if n:
                    arr[i] -= 1
                    k = bytes(arr)
                    out[k] = out.get(k, 0) | (1 << i)
                    arr[i] += 1
        return out

    suit = complete(9, _SUIT_SETS)
    honours = complete(7, _HONOUR_SETS)
    return suit, waits_of(suit), honours, waits_of(honours)


_SUIT_STATUS, _SUIT_WAITS, _HONOUR_STATUS, _HONOUR_WAITS = _build_tables()
# Suit parts that Thirteen Orphans allows: only the 1 and the 9, once or twice each.
_ORPHAN_SUIT = frozenset(
    bytes([a, 0, 0, 0, 0, 0, 0, 0, b]) for a in range(3) for b in range(3)
)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    if bytes(counts[0:9]) not in _ORPHAN_SUIT or sum(counts[:34]) != 14:
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
    """Sets and exactly one pair (seed 003 §3.1; seed 002: five sets), up to 17 tiles."""
    return _splits_whole(_part_keys(counts))


def is_winning(counts: Sequence[int], thirteen_orphans: bool = True) -> bool:
    st = _SUIT_STATUS
    key = bytes(counts[0:9])
    a = st.get(key)
    if a is not None:
        b = st.get(bytes(counts[9:18]))
        if b is not None:
            c = st.get(bytes(counts[18:27]))
            if c is not None:
                d = _HONOUR_STATUS.get(bytes(counts[27:34]))
                if d is not None and a + b + c + d == 1:
                    return True
    return thirteen_orphans and key in _ORPHAN_SUIT and is_thirteen_orphans(counts)


def _orphan_waits(counts: Sequence[int]) -> list[int]:
    if sum(counts[:34]) != 13 or any(counts[k] > 2 for k in ORPHANS):
        return []
    if sum(counts[k] for k in ORPHANS) != 13:
        return []
    missing = [k for k in ORPHANS if counts[k] == 0]
    if not missing:
        return list(ORPHANS)
    return missing if len(missing) == 1 else []


def waits(counts: Sequence[int], thirteen_orphans: bool = True) -> list[int]:
    """The tile kinds that would complete this calling hand (a fifth copy is never a wait)."""
    keys = [bytes(counts[lo:hi]) for lo, hi, _ in _PARTS]
    stats = [_SUIT_STATUS.get(keys[0]), _SUIT_STATUS.get(keys[1]), _SUIT_STATUS.get(keys[2]),
             _HONOUR_STATUS.get(keys[3])]
    broken = sum(1 for s in stats if s is None)
    pairs = sum(s for s in stats if s is not None)
    out: list[int] = []
    if broken <= 1:
        for p, (lo, _hi, is_suit) in enumerate(_PARTS):
            s = stats[p]
            if broken and s is not None:
                continue  # the one broken part must take the tile
            other_pairs = pairs - (s or 0)
            if other_pairs > 1:
                continue
            size = sum(keys[p])
            # Adding a tile to a part of 3k+1 tiles makes its pair; to 3k+2, a set.
            if (size % 3 == 1) != (other_pairs == 0) or size % 3 == 0:
                continue
            if size < 14:
                mask = (_SUIT_WAITS if is_suit else _HONOUR_WAITS).get(keys[p], 0)
            else:
                mask = _long_waits(keys[p], is_suit)
            i = 0
            while mask:
                if mask & 1:
                    out.append(lo + i)
                mask >>= 1
                i += 1
    if thirteen_orphans and keys[0] in _ORPHAN_SUIT:
        out = sorted(set(out) | set(_orphan_waits(counts)))
    return out


def _long_waits(key: bytes, is_suit: bool) -> int:
    """The waits mask of a part of 14 or more tiles (only 16-tile hands have one), kept."""
    table = _SUIT_WAITS if is_suit else _HONOUR_WAITS
    mask = table.get(key)
    if mask is None:
        status = _SUIT_STATUS if is_suit else _HONOUR_STATUS
        arr = bytearray(key)
        mask = 0
        for i in range(len(arr)):
            if arr[i] < 4:
                arr[i] += 1
                if bytes(arr) in status:
                    mask |= 1 << i
                arr[i] -= 1
        table[key] = mask
    return mask


# ---- shanten -------------------------------------------------------------------------------


def suit_distance(key: bytes) -> tuple[int, ...]:
    """Fewest tiles to add so this suit holds j sets and p pairs: index 2*j + p.

    A dynamic programme over the ranks; the state is (sets begun, pair taken, chows begun one
    rank back, chows begun two ranks back). Three equal chows are three pungs, so at most two
    chows begin on one rank. Targets never need a fifth copy of a kind. Only sets and pairs
    that touch a held tile are searched: one made wholly of missing tiles costs 3 (a pair 2)
    wherever it goes, and a hand of at most 17 tiles always leaves an untouched kind for it.
    """
    cur = {(0, 0, 0, 0): 0}
    for i in range(9):
        h = key[i]
        near = h + (key[i + 1] if i < 8 else 0) + (key[i + 2] if i < 7 else 0)
        reach = sum(key[: i + 3])  # a set begun by rank i uses held tiles up to rank i + 2
        max_a = 2 if i <= 6 and near else 0
        max_b = 1 if h else 0
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (j, p, c1, c2), v in cur.items():
            if v > 2 * j + p:
                continue  # some set lacks all its tiles: one wholly missing, added below, is as good
            pending = c1 + c2
            top_a = max_a if max_a < MAX_SETS - j else MAX_SETS - j
            for a in range(top_a + 1):
                if j + a > reach:
                    break
                for b in range(max_b + 1 if j + a < MAX_SETS and j + a < reach else 1):
                    for q in (0, 1) if p == 0 and h else (0,):
                        t = pending + a + 3 * b + 2 * q
                        if t > 4:
                            break
                        cost = v + (t - h if t > h else 0)
                        s = (j + a + b, p + q, a, c1)
                        if cost < nxt.get(s, _INF):
                            nxt[s] = cost
        cur = nxt
    g = [_INF] * _VEC
    for (j, p, _c1, _c2), v in cur.items():
        if v < g[2 * j + p]:
            g[2 * j + p] = v
    # Add sets and a pair made wholly of missing tiles.
    f = [_INF] * _VEC
    for idx, v in enumerate(g):
        if v >= _INF:
            continue
        j, p = divmod(idx, 2)
        for j2 in range(j, MAX_SETS + 1):
            for p2 in range(p, 2):
                c = v + 3 * (j2 - j) + 2 * (p2 - p)
                if c < f[2 * j2 + p2]:
                    f[2 * j2 + p2] = c
    return tuple(f)


def _honour_distance(key: tuple[int, ...]) -> tuple[int, ...]:
    f = [_INF] * _VEC
    f[0] = 0
    for h in key:
        g = [_INF] * _VEC
        for idx, v in enumerate(f):
            if v >= _INF:
                continue
            j, p = divmod(idx, 2)
            if v < g[idx]:
                g[idx] = v
            if j < MAX_SETS:
                c = v + max(0, 3 - h)
                if c < g[idx + 2]:
                    g[idx + 2] = c
            if p == 0:
                c = v + max(0, 2 - h)
                if c < g[idx + 1]:
                    g[idx + 1] = c
        f = g
    return tuple(f)


# Distance vectors are interned as small ints, so combining two parts is one dict lookup
# once that pair of vectors has been seen.
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_IDS: dict[tuple[int, ...], int] = {}
_SUIT_DIST: dict[bytes, int] = {}
_HONOUR_DIST: dict[bytes, int] = {}
_COMBINED: dict[int, int] = {}


def _intern(f: tuple[int, ...]) -> int:
    vid = _VECTOR_IDS.get(f)
    if vid is None:
        vid = _VECTOR_IDS[f] = len(_VECTORS)
        _VECTORS.append(f)
    return vid


def _suit_dist(key: bytes) -> int:
    vid = _SUIT_DIST.get(key)
    if vid is None:
        rev = key[::-1]  # a suit read backwards has the same distances
        vid = _SUIT_DIST.get(rev)
        if vid is None:
            f = suit_table.lookup(key)
            vid = _intern(suit_distance(key) if f is None else f)
            _SUIT_DIST[rev] = vid
        _SUIT_DIST[key] = vid
    return vid


def _honour_dist(key: bytes) -> int:
    vid = _HONOUR_DIST.get(key)
    if vid is None:
        vid = _HONOUR_DIST[key] = _intern(_honour_distance(tuple(sorted(key))))
    return vid


def _combine(a: int, b: int, m: int) -> int:
    """The interned vector of two parts together, for hands needing at most m sets."""
    code = (a << 24) | (b << 3) | m
    vid = _COMBINED.get(code)
    if vid is not None:
        return vid
    f, g = _VECTORS[a], _VECTORS[b]
    out = [_INF] * _VEC
    for i in range(2 * m + 2):
        x = f[i]
        if x >= _INF:
            continue
        j1, p1 = i >> 1, i & 1
        for j2 in range(m - j1 + 1):
            base = 2 * (j1 + j2)
            y = g[2 * j2]
            if x + y < out[base + p1]:
                out[base + p1] = x + y
            if not p1:
                y = g[2 * j2 + 1]
                if x + y < out[base + 1]:
                    out[base + 1] = x + y
    vid = _COMBINED[code] = _intern(tuple(out))
    return vid


def part_vector_id(part: int, key: bytes) -> int:
    """The interned distance vector of one part of a hand (0-2 a suit's nine counts, 3 the
    honours' seven), for callers that measure many hands differing in one part."""
    return _suit_dist(key) if part < 3 else _honour_dist(key)


def combine_vectors(a: int, b: int, m: int) -> int:
    """Two interned part vectors together, for hands needing at most m sets."""
    return _combine(a, b, m)


def vector(vid: int) -> tuple[int, ...]:
    """An interned vector: index 2 * sets + pair, the fewest tiles to add for them."""
    return _VECTORS[vid]


def shanten(counts: Sequence[int], thirteen_orphans: bool = True) -> int:
    """Tiles from calling: -1 complete, 0 calling, n more (regular hands and Thirteen Orphans).

    Exact: the fewest tiles to exchange (or draw) for a complete hand, minus one.
    """
    n = sum(counts[:34])
    if n % 3 == 0 or n > 3 * MAX_SETS + 2:
        raise ValueError(f"a hand to analyse has 3k+1 or 3k+2 tiles up to {3 * MAX_SETS + 2}, "
                         f"not {n}")
    m = (n - 1) // 3
    v = _combine(_suit_dist(bytes(counts[0:9])), _suit_dist(bytes(counts[9:18])), m)
    v = _combine(v, _suit_dist(bytes(counts[18:27])), m)
    v = _combine(v, _honour_dist(bytes(counts[27:34])), m)
    best = _VECTORS[v][2 * m + 1] - 1
    if thirteen_orphans and n in (13, 14) and best > 0:
        kinds = 0
        pair = 0
        for k in ORPHANS:
            c = counts[k]
            if c:
                kinds += 1
                if c > 1:
                    pair = 1
        best = min(best, 13 - kinds - pair)
    return best


# ---- decompositions ------------------------------------------------------------------------


class Decomposition(NamedTuple):
    """One way to read complete concealed tiles: a pair plus pungs and chows (first tiles)."""

    pair: int
    pungs: tuple[int, ...]
    chows: tuple[int, ...]


_PART_SPLITS: dict[tuple[int, bytes], tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]] = {}


def _split_part(lo: int, key: bytes, is_suit: bool) -> tuple:
    """All (pair or -1, pungs, chows) readings of one part, in absolute tile kinds."""
    cached = _PART_SPLITS.get((lo, key))
    if cached is not None:
        return cached
    c = list(key)
    out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

    def sets(i: int, pair: int, pungs: list[int], chows: list[int]) -> None:
        while i < len(c) and c[i] == 0:
            i += 1
        if i == len(c):
            out.append((pair, tuple(pungs), tuple(chows)))
            return
        if c[i] >= 3:
            c[i] -= 3
            pungs.append(lo + i)
            sets(i, pair, pungs, chows)
            pungs.pop()
            c[i] += 3
        if is_suit and i <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            chows.append(lo + i)
            sets(i, pair, pungs, chows)
            chows.pop()
            for k in (i, i + 1, i + 2):
                c[k] += 1

    if sum(c) % 3 == 2:
        for k in range(len(c)):
            if c[k] >= 2:
                c[k] -= 2
                sets(0, lo + k, [], [])
                c[k] += 2
    else:
        sets(0, -1, [], [])
    result = tuple(dict.fromkeys(out))  # equal readings found by different paths count once
    _PART_SPLITS[(lo, key)] = result
    return result


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every reading of complete concealed tiles as sets and one pair ([] if there is none)."""
    try:
        keys = _part_keys(counts)
    except (TypeError, ValueError):  # a count no byte holds: fail, or not, as is_standard_win does
        if not is_standard_win(counts):
            return []
        raise
    if not _splits_whole(keys):
        return []
    readings: list[tuple[int, tuple[int, ...], tuple[int, ...]]] | None = None
    for part, key in enumerate(keys):
        if key == _EMPTY_KEYS[part]:
            continue  # an empty part reads one way, as nothing
        lo, _hi, is_suit = _PARTS[part]
        splits = _split_part(lo, key, is_suit)
        if readings is None:
            readings = list(splits)
        else:
            readings = [
                (pair if pair >= 0 else p2, pungs + pu, chows + ch)
                for pair, pungs, chows in readings
                for p2, pu, ch in splits
            ]
    return [Decomposition(*reading) for reading in readings or ()]


_EMPTY_KEYS = tuple(bytes(hi - lo) for lo, hi, _ in _PARTS)


def _part_keys(counts: Sequence[int]) -> tuple[bytes, bytes, bytes, bytes]:
    """The four parts' counts as bytes (one conversion when counts are the playing kinds)."""
    whole = bytes(counts) if len(counts) == 34 else bytes(counts[:34])
    return whole[0:9], whole[9:18], whole[18:27], whole[27:34]


def _splits_whole(keys: Sequence[bytes]) -> bool:
    """is_standard_win on the four part keys."""
    st = _SUIT_STATUS
    a, b, c = st.get(keys[0]), st.get(keys[1]), st.get(keys[2])
    d = _HONOUR_STATUS.get(keys[3])
    return None not in (a, b, c, d) and a + b + c + d == 1  # type: ignore[operator]
