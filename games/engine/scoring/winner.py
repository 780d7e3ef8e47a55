"""What only the winner scores: winning points (classical.md §1.5) and doubles (§1.7)."""

from __future__ import annotations

from ..tiles import is_major, tile_words
from .context import HandContext, Item
from .hand import CHOW_SET, ScoredSet
from .tables import rule_name
from .types import DEAD_WALL, DISCARD, WALL

PAIR = -1  # the winning tile completed the pair


def winner_items(ctx: HandContext, sets: list[ScoredSet], pair: int, completed: int,
                 only_place: bool, items: list[Item]) -> tuple[int, int]:
    """`completed`: index in `sets` of the set the winning tile finished, or PAIR."""
    rs = ctx.ruleset
    win = ctx.win
    assert win is not None
    points = rs.mahjong_points
    items.append(("M1", rule_name(rs, "M1"), "points", points))
    if ctx.selfdraw_points and rs.selfdraw_points:
        items.append(("M2", rule_name(rs, "M2"), "points", rs.selfdraw_points))
        points += rs.selfdraw_points
    if only_place and rs.only_place_points:
        items.append(("M3", rule_name(rs, "M3"), "points", rs.only_place_points))
        points += rs.only_place_points
    if completed == PAIR and rs.fishing_eyes:
        value = 4 if is_major(pair) else 2
        items.append(("M4", f"{rule_name(rs, 'M4')} ({tile_words(pair)})", "points", value))
        points += value

    doubles = 0

    def double(code: str, n: int = 1) -> None:
        nonlocal doubles
        items.append((code, rule_name(rs, code), "doubles", n))
        doubles += n

    chows = sum(1 for s in sets if s[0] == CHOW_SET)
    if (rs.zero_point_double and chows == 4 and pair < 31
            and pair != ctx.own_wind and pair != ctx.prevailing):
        double("W1")
    if chows == 0:
        double("W2")
    if ctx.self_drawn and all(s[3] for s in sets):
        double("W3")
    if len(ctx.suits) == 1:
        if ctx.honours:
            if rs.false_colour_doubles:
                double("W4", rs.false_colour_doubles)
        elif rs.true_colour_doubles:
            double("W5", rs.true_colour_doubles)
        elif rs.purity_doubles and chows == 0:
            double("W5", rs.purity_doubles)
    if ctx.all_majors:
        double("W6")
    if ctx.all_honours and rs.roof_off:
        double("W7", 2)
    if win.source == DEAD_WALL and rs.loose_tile_double:
        double("W8")
    if win.last_tile and win.source == WALL:
        double("W9")
    if win.last_tile and win.source == DISCARD:
        double("W10")
    if win.robbed:
        double("W11")
    if win.original_call:
        double("W12")
    return points, doubles
