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

from .. import actions as A
from ..actions import EXCHANGE_COUNT, Action
from ..phases import EXCHANGE
from ..tiles import format_tiles, tile_words
from .state import DealState

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


def refusal(deal: DealState, action: Action) -> str | None:
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


class Exchange(DealState):
    def _exchange_actions(self, seat: int) -> list[Action]:
        # One entry stands for "any three concealed tiles" (see actions.py).
        return [] if seat in self.exchange_chosen else [Action(seat, A.EXCHANGE)]

    def _start_exchange(self, round_: int) -> None:
        self.phase = EXCHANGE
        self.turn = self.dealer
        self.exchange_round = round_
        self.exchange_chosen = {}
        self._emit(
            "exchange_round",
            {
                "round": round_,
                "rounds": ROUNDS,
                "partners": partners(self.dealer, round_),
            },
        )

    def _apply_exchange(self, action: Action) -> None:
        seat, round_ = action.seat, self.exchange_round
        self.exchange_chosen[seat] = action.tiles
        to = partner(self.dealer, seat, round_)
        # Others learn only that this seat has chosen; the tiles are its own business.
        self._emit(
            "exchange_chosen",
            {"seat": seat, "round": round_},
            seat,
            {"tiles": format_tiles(action.tiles), "to_seat": to},
        )
        if len(self.exchange_chosen) < 4:
            return
        for s, tiles in self.exchange_chosen.items():
            for t in tiles:
                self.seats[s].hand[t] -= 1
        received = {}
        for s, tiles in self.exchange_chosen.items():
            to = partner(self.dealer, s, round_)
            for t in tiles:
                self.seats[to].hand[t] += 1
            received[to] = tiles
        self.exchange_received = received
        for s in range(4):
            st = self.seats[s]
            if st.drawn is not None and not st.hand[st.drawn]:
                st.drawn = None  # a replacement tile passed on is no longer "just drawn"
            self._emit(
                "exchange_received",
                {"seat": s, "from_seat": partner(self.dealer, s, round_), "round": round_},
                s,
                {"tiles": format_tiles(received[s])},
            )
        self.exchange_chosen = {}
        if round_ < ROUNDS:
            self._start_exchange(round_ + 1)
            return
        self.exchange_round = 0
        self._emit("exchange_done", {"rounds": ROUNDS})
        self._after_dealing()  # dealing.py: the kongs declared after the deal, then play
