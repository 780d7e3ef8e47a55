"""Points and doubles every hand scores from its sets and pairs (classical.md §1.2, §1.3, §1.6)."""

from __future__ import annotations

from .context import HandContext, Item
from .hand import CHOW_SET, ScoredSet
from .lookups import set_line


def pair_items(ctx: HandContext, pair: int, items: list[Item]) -> int:
    """classical.md §1.3: dragon 2, own wind 2, prevailing wind 2 (a double wind adds both)."""
    if pair < 27:
        return 0
    lk = ctx.lookups
    points = 0
    if pair >= 31:
        items.append(lk.pair_dragon[pair])
        points += 2
    if pair == ctx.own_wind:
        items.append(lk.pair_own[pair])
        points += 2
    if pair == ctx.prevailing:
        items.append(lk.pair_prevailing[pair])
        points += 2
    return points


def hand_items(ctx: HandContext, sets: list[ScoredSet], pairs: list[int], pair_points: bool,
               items: list[Item]) -> tuple[int, int]:
    """Basic points and the doubles for all hands; returns (points, doubles)."""
    rs = ctx.ruleset
    lk = ctx.lookups
    set_lines = lk.set_lines
    points = ctx.bonus_points
    doubles = ctx.bonus_doubles
    dragon_sets = wind_sets = concealed_pungs = 0
    for scored in sets:
        if scored[0] == CHOW_SET:
            continue
        line = set_lines.get(scored) or set_line(*scored)
        points += line[3]
        items.append(line)
        if scored[3]:
            concealed_pungs += 1
        tile = scored[1]
        if tile >= 31:
            dragon_sets += 1
            items.append(lk.dragon_set[tile])
            doubles += 1
        elif tile >= 27:
            wind_sets += 1
            if tile == ctx.own_wind:
                items.append(lk.doubles["D2"])
                doubles += 1
            if tile == ctx.prevailing:
                items.append(lk.doubles["D3"])
                doubles += 1
    if pair_points:
        for pair in pairs:
            points += pair_items(ctx, pair, items)
    if rs.honour_set_doubles and (dragon_sets >= 2 or wind_sets >= 3):
        doubles += _honour_sets(ctx, dragon_sets, wind_sets, pairs, items)
    if rs.three_concealed_pungs and concealed_pungs >= 3:
        items.append(lk.doubles["D8"])
        doubles += 1
    items.extend(ctx.bonus_items)
    return points, doubles


def _honour_sets(ctx: HandContext, dragon_sets: int, wind_sets: int, pairs: list[int],
                 items: list[Item]) -> int:
    """D4-D7: three dragons and four winds, little (with the pair) or big."""
    lk = ctx.lookups
    doubles = 0
    if dragon_sets == 3:
        items.append(lk.double("D5", 2))
        doubles += 2
    elif dragon_sets == 2 and any(p >= 31 for p in pairs):
        items.append(lk.doubles["D4"])
        doubles += 1
    if wind_sets == 4:
        items.append(lk.double("D7", 2))
        doubles += 2
    elif wind_sets == 3 and any(27 <= p < 31 for p in pairs):
        items.append(lk.doubles["D6"])
        doubles += 1
    return doubles
