"""Points and doubles every hand scores from its sets and pairs (classical.md §1.2, §1.3, §1.6)."""

from __future__ import annotations

from ..tiles import is_major, tile_words
from .context import HandContext, Item
from .hand import CHOW_SET, KONG_SET, ScoredSet
from .tables import rule_name

_KIND_WORDS = ("chow", "pung", "kong")


def set_points(kind: int, tile: int, concealed: bool) -> int:
    """Exposed pung 2 (4 if major); concealed doubles it; a kong is four times a pung."""
    if kind == CHOW_SET:
        return 0
    points = 4 if is_major(tile) else 2
    if kind == KONG_SET:
        points *= 4
    return points * 2 if concealed else points


def pair_items(ctx: HandContext, pair: int, items: list[Item]) -> int:
    """classical.md §1.3: dragon 2, own wind 2, prevailing wind 2 (a double wind adds both)."""
    points = 0
    words = tile_words(pair)
    if pair >= 31:
        items.append(("P2", f"Pair of {words}", "points", 2))
        points += 2
    if pair == ctx.own_wind:
        items.append(("P2", f"Pair of own wind ({words})", "points", 2))
        points += 2
    if pair == ctx.prevailing:
        items.append(("P2", f"Pair of prevailing wind ({words})", "points", 2))
        points += 2
    return points


def hand_items(ctx: HandContext, sets: list[ScoredSet], pairs: list[int], pair_points: bool,
               items: list[Item]) -> tuple[int, int]:
    """Basic points and the doubles for all hands; returns (points, doubles)."""
    rs = ctx.ruleset
    points = ctx.bonus_points
    doubles = ctx.bonus_doubles
    dragon_sets = wind_sets = concealed_pungs = 0
    for kind, tile, pts_concealed, dbl_concealed in sets:
        if kind == CHOW_SET:
            continue
        value = set_points(kind, tile, pts_concealed)
        points += value
        if kind == KONG_SET and not pts_concealed and dbl_concealed:
            label = "claimed kong"
        else:
            label = f"{'concealed' if pts_concealed else 'exposed'} {_KIND_WORDS[kind]}"
        items.append(("P1", f"{label.capitalize()} of {tile_words(tile)}", "points", value))
        if dbl_concealed:
            concealed_pungs += 1
        if tile >= 31:
            dragon_sets += 1
            items.append(("D1", f"{rule_name(rs, 'D1')} ({tile_words(tile)})", "doubles", 1))
            doubles += 1
        elif tile >= 27:
            wind_sets += 1
            if tile == ctx.own_wind:
                items.append(("D2", rule_name(rs, "D2"), "doubles", 1))
                doubles += 1
            if tile == ctx.prevailing:
                items.append(("D3", rule_name(rs, "D3"), "doubles", 1))
                doubles += 1
    if pair_points:
        for pair in pairs:
            points += pair_items(ctx, pair, items)
    if rs.honour_set_doubles:
        dragon_pair = any(p >= 31 for p in pairs)
        wind_pair = any(27 <= p < 31 for p in pairs)
        if dragon_sets == 3:
            items.append(("D5", rule_name(rs, "D5"), "doubles", 2))
            doubles += 2
        elif dragon_sets == 2 and dragon_pair:
            items.append(("D4", rule_name(rs, "D4"), "doubles", 1))
            doubles += 1
        if wind_sets == 4:
            items.append(("D7", rule_name(rs, "D7"), "doubles", 2))
            doubles += 2
        elif wind_sets == 3 and wind_pair:
            items.append(("D6", rule_name(rs, "D6"), "doubles", 1))
            doubles += 1
    if rs.three_concealed_pungs and concealed_pungs >= 3:
        items.append(("D8", rule_name(rs, "D8"), "doubles", 1))
        doubles += 1
    items.extend(ctx.bonus_items)
    return points, doubles
