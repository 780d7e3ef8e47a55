"""The Goulash's three exchanges (seed 001; classical.md §4, "Draw" row).

After the deal and the bonus replacements, before East's first discard, every player passes
three tiles face down, three times: East and West, North and South first; then East and South,
West and North; then East and North, West and South. All four choose in any order; the tiles
move when the fourth has chosen.

Reading of the rules (docs/rulesets.md): any three concealed tiles may be passed, the wild 2 of
Bamboo and tiles received in an earlier round included (nothing in the text forbids it, and a
received tile is simply part of the hand). Bonus tiles never take part: they are melded and
replaced before the exchanges, so a concealed hand holds none and none can be received.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .actions import EXCHANGE_COUNT, Action
from .tiles import tile_words

if TYPE_CHECKING:
    from .deal import Deal

ROUNDS = 3
# The partner's wind in each round, by the passer's wind (0 East, 1 South, 2 West, 3 North).
_PARTNER_WIND = (
    (2, 3, 0, 1),  # E<->W, S<->N
    (1, 0, 3, 2),  # E<->S, W<->N
    (3, 2, 1, 0),  # E<->N, S<->W
)


def partner(dealer: int, seat: int, round_: int) -> int:
    """The seat `seat` passes to (and receives from) in round `round_` (1 to 3)."""
    wind = (seat - dealer) % 4
    return (dealer + _PARTNER_WIND[round_ - 1][wind]) % 4


def partners(dealer: int, round_: int) -> list[int]:
    return [partner(dealer, s, round_) for s in range(4)]


def refusal(deal: Deal, action: Action) -> str | None:
    """Why this seat may not pass these tiles now (None: it may)."""
    if len(action.tiles) != EXCHANGE_COUNT:
        return f"choose exactly {EXCHANGE_COUNT} tiles of your hand to pass"
    hand = deal.seats[action.seat].hand
    for t, n in Counter(action.tiles).items():
        if not 0 <= t < 34 or not hand[t]:
            return f"you do not hold {tile_words(t)} to pass" if 0 <= t < 42 else "not a tile"
        if hand[t] < n:
            return f"you hold only {hand[t]} of {tile_words(t)}, not {n}"
    return None
