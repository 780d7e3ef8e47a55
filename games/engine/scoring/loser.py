"""BMJA (leagues.md §6): a loser one tile from a limit hand scores a fraction of the limit."""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import decompositions
from ..melds import CHOW, Meld
from ..ruleset import Ruleset
from ..wintest import complete_size, special_shape, winning_tiles
from .context import HandContext
from .hand import CHOW_SET, PUNG_SET, meld_set
from .limits import arrangement_limit, hand_limit
from .tables import CALLING_FOR
from .types import WinInfo


def calling_limit(rs: Ruleset, counts: list[int], melds: Sequence[Meld],
                  ctx: HandContext) -> tuple[str, int, int] | None:
    """(code, value, doubles) of the best hand this loser is calling for, or None.

    Every tile the ruleset's win test accepts is tried, special shapes included (Knitting,
    Triple Knitting, All Pair Honours, Wriggling Snake, Gates of Heaven, Thirteen Orphans).
    Limit hands count as if the tile were self-drawn from the wall; Purity gives 3 doubles.
    """
    if sum(counts) != complete_size(rs, melds) - 1:
        return None
    best: tuple[str, int, int] | None = None
    declared = [meld_set(m, rs) for m in melds]
    limit = rs.max_chows
    declared_chows = sum(1 for m in melds if m.kind == CHOW)
    for tile in winning_tiles(rs, counts, melds):
        full = list(counts)
        full[tile] += 1
        all_counts = list(ctx.counts)
        all_counts[tile] += 1
        view = HandContext(rs, all_counts, (), ctx.own_wind - 27, ctx.prevailing - 27,
                           WinInfo(tile=tile, source="wall"))
        codes = []
        if not melds:
            codes.append(special_shape(rs, full))
        codes.append(hand_limit(view, full, melds, ctx.own_wind - 27))
        purity = False
        for reading in decompositions(full):
            if limit is not None and len(reading.chows) + declared_chows > limit:
                continue  # a reading the chow limit forbids is no way to go out
            sets = declared + [(PUNG_SET, t, True, True) for t in reading.pungs]
            sets += [(CHOW_SET, t, True, True) for t in reading.chows]
            codes.append(arrangement_limit(view, sets))
            purity = purity or (len(view.suits) == 1 and not view.honours
                                and all(s[0] != CHOW_SET for s in sets))
        for code in codes:
            if code in CALLING_FOR:
                num, den = CALLING_FOR[code]
                value = rs.limit * num // den
                if best is None or best[2] or value > best[1]:
                    best = (code, value, 0)
        if purity and best is None and rs.purity_doubles:
            best = ("W5", 0, rs.purity_doubles)
    return best
