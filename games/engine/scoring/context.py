"""Facts about a hand that do not depend on how its concealed tiles are arranged."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from ..ruleset import Ruleset
from ..tiles import FLOWERS, HONOURS, SEASONS, TERMINALS, WINDS, bonus_seat, tile_words
from .lookups import Item, lookups
from .types import DEAD_WALL, WinInfo

_GREEN = frozenset((1, 2, 3, 5, 7, 32))  # b2 b3 b4 b6 b8 and the green dragon
_TERMINALS = frozenset(TERMINALS)
_MAJORS = frozenset(TERMINALS + HONOURS)
_PLAYING = range(34)


class HandContext:
    """What every arrangement of one hand shares (classical.md §1.1, §1.4, §1.7 W4-W6)."""

    __slots__ = (
        "ruleset", "lookups", "own_wind", "prevailing", "win", "counts", "bonus_points",
        "bonus_doubles", "bonus_items", "suits", "honours", "all_majors", "all_honours",
        "all_terminals", "all_green", "self_drawn", "selfdraw_points", "open_groups", "bonus",
    )

    def __init__(self, ruleset: Ruleset, counts: Sequence[int], bonus: Sequence[int],
                 seat_wind: int, prevailing_wind: int, win: WinInfo | None) -> None:
        self.ruleset = ruleset
        self.lookups = lookups(ruleset)
        self.own_wind = WINDS[seat_wind]
        self.prevailing = WINDS[prevailing_wind]
        self.win = win
        self.counts = counts
        self.open_groups = False  # a pair or knitted group laid out exposed (groups.py)
        self.bonus = bonus
        self._describe_tiles(counts)
        self.self_drawn = win is not None and win.self_drawn
        self.selfdraw_points = self.self_drawn and (
            win.source != DEAD_WALL or ruleset.selfdraw_points_on_loose  # type: ignore[union-attr]
        )
        self.bonus_items: list[Item] = []
        self.bonus_points = 0
        self.bonus_doubles = 0
        if bonus:
            self._score_bonus(ruleset, bonus, seat_wind)

    def _describe_tiles(self, counts: Sequence[int]) -> None:
        held = list(compress(_PLAYING, counts))  # the kinds held, in order
        self.suits = {s for s in (0, 1, 2) if any(counts[9 * s:9 * s + 9])}
        self.honours = any(counts[27:34])
        self.all_honours = bool(held) and held[0] >= 27
        self.all_terminals = bool(held) and _TERMINALS.issuperset(held)
        self.all_majors = bool(held) and _MAJORS.issuperset(held)
        self.all_green = bool(held) and _GREEN.issuperset(held)

    def _score_bonus(self, rs: Ruleset, bonus: Sequence[int], seat_wind: int) -> None:
        """classical.md §1.4 (4 points a tile) and §1.6 D9-D11; leagues.md §2-3 for BMJA."""
        names = self.lookups.names
        items = self.bonus_items
        for t in sorted(bonus):
            items.append(("P3", tile_words(t), "points", 4))
        self.bonus_points = 4 * len(bonus)
        own = [t for t in bonus if bonus_seat(t) == seat_wind]
        doubles = 0
        if rs.own_bonus_doubles == "each":
            for t in sorted(own):
                items.append(("D9", f"{names['D9']}: {tile_words(t)}", "doubles", 1))
                doubles += 1
        elif len(own) == 2:
            items.append(("D9", names["D9"], "doubles", 1))
            doubles += 1
        elif own and rs.bonus_tiles == "flowers":
            # Flowers only (002): the own flower is all of a seat's own bonus tiles in play, so
            # it alone takes the double for "own flower and own season" (docs/scoring.md).
            items.append(("D9", f"Own flower: {tile_words(own[0])}", "doubles", 1))
            doubles += 1
        held = set(bonus)
        if held.issuperset(FLOWERS):
            items.append(("D10", names["D10"], "doubles", rs.bouquet_doubles))
            doubles += rs.bouquet_doubles
        if held.issuperset(SEASONS):
            items.append(("D11", names["D11"], "doubles", rs.bouquet_doubles))
            doubles += rs.bouquet_doubles
        self.bonus_doubles = doubles
