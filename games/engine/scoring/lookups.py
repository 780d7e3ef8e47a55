"""Per-ruleset lookups built once: the score lines every hand draws on, already worded.

A score repeats the same few dozen lines (a concealed pung of 9 Dots, Set of dragons, ...), so
they are made once per ruleset and reused; scoring a hand then appends ready tuples.
"""

from __future__ import annotations

from functools import lru_cache

from ..ruleset import Ruleset
from ..tiles import NUM_PLAYING_KINDS, is_major, tile_words
from .hand import CHOW_SET, KONG_SET, PUNG_SET
from .tables import HALF_LIMIT, NAMES, rule_name

Item = tuple[str, str, str, int]  # (rule, name, "points" | "doubles" | "limit", value)
_KIND_WORDS = ("chow", "pung", "kong")
_KINDS = range(NUM_PLAYING_KINDS)


def set_points(kind: int, tile: int, concealed: bool) -> int:
    """Exposed pung 2 (4 if major); concealed doubles it; a kong is four times a pung."""
    if kind == CHOW_SET:
        return 0
    points = 4 if is_major(tile) else 2
    if kind == KONG_SET:
        points *= 4
    return points * 2 if concealed else points


def set_line(kind: int, tile: int, pts_concealed: bool, dbl_concealed: bool) -> Item:
    """The P1 line of a pung or kong (classical.md §1.2)."""
    if kind == KONG_SET and not pts_concealed and dbl_concealed:
        label = "claimed kong"
    else:
        label = f"{'concealed' if pts_concealed else 'exposed'} {_KIND_WORDS[kind]}"
    value = set_points(kind, tile, pts_concealed)
    return ("P1", f"{label.capitalize()} of {tile_words(tile)}", "points", value)


class Lookups:
    """What scoring needs from one ruleset, worded and valued ahead of time."""

    def __init__(self, rs: Ruleset) -> None:
        self.allowed = frozenset(rs.limit_hands)
        self.names = {code: rule_name(rs, code) for code in NAMES}
        # Scored set (kind, tile, concealed for points, for doubles) -> its P1 line; a set
        # whose flags are not plain bools misses here and is worded by set_line.
        self.set_lines = {
            (kind, tile, pc, dc): set_line(kind, tile, pc, dc)
            for kind in (PUNG_SET, KONG_SET) for tile in _KINDS
            for pc in (False, True) for dc in (False, True)
        }
        self.dragon_set = [self.double("D1", 1, f" ({tile_words(t)})") for t in _KINDS]
        self.pair_dragon = [("P2", f"Pair of {tile_words(t)}", "points", 2) for t in _KINDS]
        self.pair_own = [("P2", f"Pair of own wind ({tile_words(t)})", "points", 2)
                         for t in _KINDS]
        self.pair_prevailing = [("P2", f"Pair of prevailing wind ({tile_words(t)})", "points", 2)
                                for t in _KINDS]
        self.eyes = [("M4", f"{self.names['M4']} ({tile_words(t)})", "points",
                      4 if is_major(t) else 2) for t in _KINDS]
        self.mahjong = ("M1", self.names["M1"], "points", rs.mahjong_points)
        self.self_drawn = ("M2", self.names["M2"], "points", rs.selfdraw_points)
        self.only_place = ("M3", self.names["M3"], "points", rs.only_place_points)
        self.limit_lines = {code: (code, self.names[code], "limit", limit_value(rs, code))
                            for code in NAMES}
        self.cap = ("CAP", self.names["CAP"], "limit", rs.limit)
        self.doubles = {code: self.double(code, 1) for code in NAMES}

    def double(self, code: str, n: int, detail: str = "") -> Item:
        return (code, self.names[code] + detail, "doubles", n)


def limit_value(rs: Ruleset, code: str) -> int:
    return rs.limit // 2 if code in HALF_LIMIT else rs.limit


_BY_ID: dict[int, tuple[Ruleset, Lookups]] = {}


def lookups(rs: Ruleset) -> Lookups:
    """The ruleset's lookups. Found by identity first: hashing a ruleset (some sixty fields)
    costs more than scoring a set, and the same ruleset object scores hand after hand."""
    entry = _BY_ID.get(id(rs))
    if entry is not None and entry[0] is rs:
        return entry[1]
    if len(_BY_ID) >= 64:  # rulesets made per request must not pile up
        _BY_ID.clear()
    try:
        found = _lookups_equal_to(rs)  # a ruleset rebuilt from JSON shares its twin's lookups
    except TypeError:  # an option value that cannot be hashed
        found = Lookups(rs)
    _BY_ID[id(rs)] = (rs, found)  # holding rs keeps its id from being reused
    return found


@lru_cache(maxsize=64)
def _lookups_equal_to(rs: Ruleset) -> Lookups:
    return Lookups(rs)
