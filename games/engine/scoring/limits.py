"""Limit hands (classical.md §1.10; leagues.md §4-5), tested on the whole hand or one arrangement."""

from __future__ import annotations

from collections.abc import Sequence

from ..melds import KONG, Meld
from ..wintest import is_nine_gates_shape
from .context import HandContext
from .hand import CHOW_SET, ScoredSet
from .types import DEAD_WALL, WALL

_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates(ctx: HandContext, concealed: Sequence[int], melds: Sequence[Meld]) -> bool:
    """L14: concealed 1112345678999 of one suit, then any tile of it. BMJA's Gates of Heaven
    (leagues.md §4) is judged on the shape alone: those thirteen plus a 2-8, whichever came
    last."""
    win = ctx.win
    if melds or ctx.open_groups or win is None:
        return False
    if ctx.ruleset.nine_gates_minor_only:
        return is_nine_gates_shape(concealed, True)
    if win.tile >= 27:
        return False
    lo = win.tile - win.tile % 9
    if concealed[lo] < 3 or concealed[lo + 8] < 3:
        return False  # a cheap no for almost every hand
    before = list(concealed[lo:lo + 9])
    before[win.tile - lo] -= 1
    return tuple(before) == _NINE_GATES and sum(concealed[:34]) == 14


def _squirming_snake(ctx: HandContext, melds: Sequence[Meld]) -> bool:
    """L15 (classical, DMJL): one suit, pungs of 1 and 9, a pair of 2, 5 or 8, chows between."""
    c = ctx.counts
    if len(ctx.suits) != 1 or ctx.honours or any(m.kind == KONG for m in melds):
        return False
    lo = 9 * next(iter(ctx.suits))
    extra = [c[lo + r] - _NINE_GATES[r] for r in range(9)]
    return min(extra) == 0 and sum(extra) == 1 and extra.index(1) in (1, 4, 7)


def hand_limit(ctx: HandContext, concealed: Sequence[int], melds: Sequence[Meld],
               seat_wind: int) -> str | None:
    """A limit hand that holds whatever the arrangement, or None."""
    allowed = ctx.lookups.allowed
    for code in _how_it_went_out(ctx, melds, seat_wind):
        if code in allowed:
            return code
    if "L14" in allowed and nine_gates(ctx, concealed, melds):
        return "L14"
    rs = ctx.ruleset
    if "L15" in allowed and rs.snake == "squirming" and _squirming_snake(ctx, melds):
        return "L15"
    if ("L16" in allowed and len(ctx.suits) == 1 and not ctx.honours and ctx.self_drawn
            and not ctx.open_groups
            and all(m.kind == KONG and m.kong != "promoted" for m in melds)
            and all(m.kong != "claimed" or rs.claimed_kong_counts_concealed for m in melds)):
        return "L16"
    return None


def _how_it_went_out(ctx: HandContext, melds: Sequence[Meld], seat_wind: int):
    """The limit codes L1-L13 and L18 this hand meets, in order of precedence."""
    rs = ctx.ruleset
    win = ctx.win
    assert win is not None
    if win.blessing:
        yield "L1" if seat_wind == 0 else "L2"
    if win.source == DEAD_WALL and win.tile == 22:
        yield "L3"
    if win.source == WALL and win.last_tile and win.tile == 18:
        yield "L4"
    if win.robbed and win.tile == 1:
        yield "L5"
    if win.kong_on_kong:
        yield "L6"
    if melds and sum(1 for m in melds if m.kind == KONG) == 4:
        yield "L7"
    if ctx.all_honours:
        yield "L11"
    if ctx.all_terminals:
        yield "L12"
    if ctx.all_green:
        yield "L13"
    if (seat_wind == 0 and rs.east_consecutive_win_limit > 0
            and win.east_streak >= rs.east_consecutive_win_limit):
        yield "L18"


def arrangement_limit(ctx: HandContext, sets: Sequence[ScoredSet]) -> str | None:
    """Limit hands that depend on how the sets are read: L8, L9, L10."""
    rs = ctx.ruleset
    allowed = ctx.lookups.allowed
    chows = any([s[0] == CHOW_SET for s in sets])
    if "L8" in allowed and not chows and all([s[3] for s in sets]) and not ctx.open_groups:
        if rs.buried_treasure_one_suit:
            if len(ctx.suits) <= 1:
                return "L8"
        elif ctx.self_drawn:
            return "L8"
    honour_sets = [s[1] for s in sets if s[1] >= 27 and s[0] != CHOW_SET]
    if len(honour_sets) < 3:
        return None  # L9 takes three dragon sets, L10 four wind sets
    dragons = sum(1 for t in honour_sets if t >= 31)
    if "L9" in allowed and dragons == 3 and not (chows and rs.three_scholars_no_chow):
        return "L9"
    winds = len(honour_sets) - dragons
    if "L10" in allowed and winds == 4:
        return "L10"
    return None
