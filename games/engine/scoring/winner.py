"""What only the winner scores: winning points (classical.md §1.5) and doubles (§1.7)."""

from __future__ import annotations

from .context import HandContext, Item
from .hand import CHOW_SET, ScoredSet
from .types import DEAD_WALL, DISCARD, WALL

PAIR = -1  # the winning tile completed the pair


def winner_items(ctx: HandContext, sets: list[ScoredSet], pair: int, completed: int,
                 only_place: bool, items: list[Item]) -> tuple[int, int]:
    """`completed`: index in `sets` of the set the winning tile finished, or PAIR."""
    rs = ctx.ruleset
    lk = ctx.lookups
    points = rs.mahjong_points
    items.append(lk.mahjong)
    if ctx.selfdraw_points and rs.selfdraw_points:
        items.append(lk.self_drawn)
        points += rs.selfdraw_points
    if only_place and rs.only_place_points:
        items.append(lk.only_place)
        points += rs.only_place_points
    if completed == PAIR and rs.fishing_eyes:
        line = lk.eyes[pair]
        items.append(line)
        points += line[3]
    return points, _set_doubles(ctx, sets, pair, items) + _hand_doubles(ctx, items)


def _set_doubles(ctx: HandContext, sets: list[ScoredSet], pair: int, items: list[Item]) -> int:
    """W1-W5: the doubles that depend on how the tiles are read."""
    rs = ctx.ruleset
    doubles = ctx.lookups.doubles
    n = 0
    chows = [s[0] for s in sets].count(CHOW_SET)
    if (rs.zero_point_double and chows == len(sets) and pair < 31
            and pair != ctx.own_wind and pair != ctx.prevailing):
        items.append(doubles["W1"])
        n += 1
    if chows == 0:
        items.append(doubles["W2"])
        n += 1
    if ctx.self_drawn and all([s[3] for s in sets]) and not ctx.open_groups:
        items.append(doubles["W3"])
        n += 1
    if len(ctx.suits) == 1:
        colour = _colour(ctx, chows)
        if colour:
            items.append(ctx.lookups.double(*colour))
            n += colour[1]
    return n


def _colour(ctx: HandContext, chows: int) -> tuple[str, int] | None:
    """W4 one suit with honours, W5 one suit only (BMJA Purity: and no chows)."""
    rs = ctx.ruleset
    if ctx.honours:
        return ("W4", rs.false_colour_doubles) if rs.false_colour_doubles else None
    if rs.true_colour_doubles:
        return ("W5", rs.true_colour_doubles)
    if rs.purity_doubles and chows == 0:
        return ("W5", rs.purity_doubles)
    return None


def _hand_doubles(ctx: HandContext, items: list[Item]) -> int:
    """W6-W12: doubles of the whole hand and of how it went out."""
    rs = ctx.ruleset
    win = ctx.win
    assert win is not None
    doubles = ctx.lookups.doubles
    n = 0
    if ctx.all_majors:
        items.append(doubles["W6"])
        n += 1
    if ctx.all_honours and rs.roof_off:
        items.append(ctx.lookups.double("W7", 2))
        n += 2
    if win.source == DEAD_WALL and rs.loose_tile_double:
        # A loose tile is any tile from the dead wall: a kong's, or a flower's replacement
        # where bonus tiles are replaced from there (seed 002; classical.md §1.7 W8, §1.10 L3).
        items.append(doubles["W8"])
        n += 1
    if win.last_tile:
        if win.source == WALL:
            items.append(doubles["W9"])
            n += 1
        elif win.source == DISCARD:
            items.append(doubles["W10"])
            n += 1
    if win.robbed:
        items.append(doubles["W11"])
        n += 1
    if win.original_call:
        items.append(doubles["W12"])
        n += 1
    return n
