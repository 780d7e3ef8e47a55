""""Why can't I win?": a hand complete in shape (sets and a pair, with the tile just drawn or
the discard on offer) that the ruleset still refuses as a win, and the refusal's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from ..actions import Action
from ..analysis import is_standard_win
from ..deal.refusals import why_illegal
from ..phases import CLAIM, PLAY, ROB

if TYPE_CHECKING:
    from ..deal import Deal


def why_not_win(deal: Deal, seat: int) -> str | None:
    """The reason a complete-looking hand is not a win for `seat` now, or None (no such hand,
    or it may go out). Reads only the seat's own tiles and the tile on offer."""
    if deal.is_over or any(a.type == A.WIN for a in deal.legal_actions(seat)):
        return None
    counts = list(deal.seats[seat].hand[:34])
    if deal.phase in (CLAIM, ROB) and deal.window_tile is not None and seat != deal.window_from:
        counts[deal.window_tile] += 1
    elif not (deal.phase == PLAY and deal.turn == seat):
        return None
    if sum(counts) % 3 != 2 or not is_standard_win(counts):
        return None
    return why_illegal(deal, Action(seat, A.WIN))
