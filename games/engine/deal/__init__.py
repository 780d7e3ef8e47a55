"""One deal as a state machine (seed 000 §2.2 for the deal, seed 003 for the play).

`legal_actions(seat)` lists what a seat may do now; `apply(action)` checks the action, changes
the state and returns the events a viewer needs. An illegal action raises a typed error and
leaves the state untouched: every check happens before the first change.

`Deal` joins one class per phase; each derives from `DealState` and the phases call one another
through `self`, so no module of this package imports another phase:

  state.py     the deal's attributes, `DealResult`, `SeatState`, and what every phase asks or
               does (whose move it is, `can_win`, `chow_allowed`, emitting events, a draw)
  dealing.py   the wall dealt in blocks (000 §2.2), bonus tiles melded and replaced (000, 002,
               003 §3.2), and the concealed kongs declared after the deal (000 §2.2, 003 §3.5.1)
  exchange.py  a Goulash's three rounds of passing three tiles (001; classical.md §4)
  turns.py     a turn: what it may do, the discard, Original Call and "fishing" (001), a
               self-drawn win, concealed and promoted kongs, the draws and loose tiles
               (003 §3.4, §3.5)
  windows.py   the claim window after a discard and the rob window after a kong: each seat's
               options, the answers, the best claim, closing the window (003 §3.4, §3.5.1), and
               a cannon's liability (classical.md §3.5)
  ending.py    a win and what it was made on, or a wash-out (003 §3.5)
  refusals.py  why an action is refused, in a player's words

This module builds the wall and deals (`Deal.__init__`), and dispatches `legal_actions` and
`apply` to the phase under way. The phases themselves are named in `engine/phases.py`.
"""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..errors import GameOver, IllegalAction, NotYourTurn
from ..events import Event
from ..phases import EXCHANGE, INITIAL_KONG, OVER, PLAY
from ..rituals import WallBreak, break_by
from ..rng import Rng
from ..ruleset import Ruleset
from ..tiles import all_tiles
from ..wall import Wall
from .dealing import Dealing
from .ending import Ending
from .exchange import Exchange, refusal
from .refusals import not_waiting, why_illegal
from .state import DealResult, DealState, SeatState
from .turns import Turns
from .windows import Windows

__all__ = ["Deal", "DealResult", "DealState", "SeatState"]


class Deal(Dealing, Exchange, Turns, Windows, Ending):
    """One deal from the break of the wall to a win or a draw.

    `dealer` is the seat that is East for this deal; seats keep their numbers for the whole game
    and their winds rotate: the wind of seat s is (s - dealer) % 4.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seed: str,
        dealer: int = 0,
        prevailing_wind: int = 0,
        number: int = 1,
        brk: WallBreak | None = None,
        tiles: list[int] | None = None,
        goulash: bool = False,
    ) -> None:
        super().__init__(ruleset, dealer, prevailing_wind, number, goulash)
        ruleset = self.ruleset  # a Goulash's own (no chows, a wild tile)
        rng = Rng(seed, f"deal:{number}")
        if tiles is None:
            tiles = all_tiles(ruleset.bonus_kinds)
            rng.shuffle(tiles)
        if brk is None:
            brk = break_by(ruleset.break_form, dealer, rng)
        self.brk = brk
        self.wall = Wall(
            tiles,
            brk,
            ruleset.wall_rows(dealer),
            ruleset.dead_wall_stacks,
            ruleset.dead_wall_replenish,
            ruleset.loose_tiles,
            ruleset.untouchable_tail,
        )
        self._deal_tiles()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == PLAY:
            if seat != self.turn:
                return []
            key = len(self.events)  # every change of state emits an event
            if self._turn_cache is None or self._turn_cache[0] != key:
                self._turn_cache = (key, self._turn_actions(seat))
            return self._turn_cache[1]
        if self.phase == INITIAL_KONG:
            return self._initial_actions(seat) if seat == self.turn else []
        if self.phase == EXCHANGE:
            return self._exchange_actions(seat)
        if seat == self.window_from or seat in self.answers:
            return []
        return self._window_options(seat)

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return the events it caused. Illegal actions change nothing."""
        if self.phase == OVER:
            raise GameOver("this deal is over")
        why = A.malformed(action)
        if why:
            raise IllegalAction(why)
        seat = action.seat
        if seat not in self.waiting_on():
            raise NotYourTurn(not_waiting(self, seat))
        if self.phase == EXCHANGE and action.type == A.EXCHANGE:
            why = refusal(self, action)
            if why:
                raise IllegalAction(why)
        elif action not in self.legal_actions(seat):
            raise IllegalAction(why_illegal(self, action))
        start = len(self.events)
        if self.phase == EXCHANGE:
            self._apply_exchange(action)
        elif self.phase == PLAY:
            self._apply_turn(action)
        elif self.phase == INITIAL_KONG:
            self._apply_initial(action)
        else:
            self._apply_answer(action)
        return self.events[start:]
