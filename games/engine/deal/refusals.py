"""Why an action is refused, in a player's words (seed 003 rules)."""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..melds import CONCEALED_KONG
from ..phases import CLAIM, EXCHANGE, INITIAL_KONG, PLAY, ROB
from ..tiles import tile_words
from ..wintest import refusal
from .state import DealState


def not_waiting(deal: DealState, seat: int) -> str:
    if deal.phase == EXCHANGE:
        return "you have already chosen the tiles to pass this round; waiting for the others"
    if deal.phase in (CLAIM, ROB) and seat == deal.window_from:
        return "you cannot claim your own tile"
    if deal.phase in (CLAIM, ROB) and seat in deal.answers:
        return "you have already answered this discard"
    # No seat numbers: a player knows the others by name, which only the table can say.
    return "it is not your turn: waiting for another player"


def _no_more_kongs(deal: DealState) -> str:
    if deal.wall.untouchable:  # 004 §2.5: the live wall is empty, the tail is never drawn
        return f"only the {deal.wall.dead_left} untouchable tiles are left: no more kongs"
    return "the dead wall is exhausted: no more kongs"


def why_illegal(deal: DealState, action: Action) -> str:
    kind = action.type
    st = deal.seats[action.seat]
    if deal.phase == EXCHANGE:
        return "first pass three tiles: the Goulash exchanges come before play"
    if kind == A.EXCHANGE:
        return "tiles are exchanged only before play begins in a Goulash deal"
    if kind == A.DISCARD:
        if deal.phase != PLAY:
            return "you can only discard on your own turn"
        if action.tile is None or action.tile >= 42 or not st.hand[action.tile]:
            return (
                f"you do not hold {tile_words(action.tile)}"
                if action.tile is not None
                else "name the tile to discard"
            )
        if action.call:
            if not deal.ruleset.original_call:
                return "this ruleset has no Original Call"
            if st.discard_count:
                return "an Original Call is declared with your first discard only"
            return "an Original Call needs a calling hand after the discard"
    if kind == A.CHOW:
        if deal.phase != CLAIM:
            return "you can only chow a discard"
        if action.seat != (deal.window_from + 1) % 4:
            return "you can only chow from the player on your left"
        if not deal.chow_allowed(action.seat):
            return "you may not make another chow in this ruleset"
        return "those tiles do not make a chow with the discard from your hand"
    if kind == A.PUNG:
        return (
            "you need two matching tiles in your hand to pung"
            if deal.phase == CLAIM
            else "you can only pung a discard"
        )
    if kind == A.KONG:
        if deal.phase == CLAIM:
            if not deal.wall.can_supplement:
                return _no_more_kongs(deal)
            return "you need three matching tiles in your hand to claim a kong"
        return "to declare a kong on your turn, say which kind"
    if kind == A.WIN:
        if st.call_broken:
            return "you broke your Original Call and cannot go out this deal"
        if deal.phase == PLAY and deal.claimed_turn:
            return "you cannot go out after claiming a tile for a set: claim it to go out"
        if deal.phase == ROB and deal.rob_kind == CONCEALED_KONG:
            return "a concealed kong can only be robbed to complete Thirteen Orphans"
        if deal.ruleset.must_declare_calling and not st.fishing and st.discard_count:
            return "you have not declared fishing (calling), so you cannot go out yet"
        counts = list(st.hand)
        if deal.phase in (CLAIM, ROB) and deal.window_tile is not None:
            counts[deal.window_tile] += 1
        why = refusal(deal.ruleset, counts, st.melds)
        if why:
            return f"your hand is not complete: {why}"
        if deal.phase in (CLAIM, ROB):
            tile, source = deal.window_tile, "discard" if deal.phase == CLAIM else "robbed_kong"
        else:
            tile, source = deal.winning_tile(action.seat), deal.last_source or "wall"
        faan = deal.short_of_minimum(action.seat, counts, tile, source, deal.window_from)
        if faan is not None:
            return (f"your hand is worth {faan} faan without its flowers, and this table asks "
                    f"{deal.ruleset.min_faan} to go out")
        return "your hand is not complete"
    if kind in (A.CONCEALED_KONG, A.PROMOTE_KONG):
        if deal.phase != PLAY and deal.phase != INITIAL_KONG:
            return "you can only declare a kong on your own turn"
        if deal.claimed_turn:
            return "you cannot declare a kong after claiming a chow or pung"
        if not deal.wall.can_supplement:
            return _no_more_kongs(deal)
        if kind == A.CONCEALED_KONG:
            return f"you do not hold four {tile_words(action.tile)}"
        return f"you have no melded pung of {tile_words(action.tile)} and that tile in hand"
    if kind == A.PASS:
        return "there is nothing to pass on: it is your turn to discard"
    if kind == A.READY:
        return "the deal is still being played"
    return "that is not allowed now"
