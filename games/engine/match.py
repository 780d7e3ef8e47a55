"""A whole game (seed 003 §3.3): four rounds with the prevailing wind E, S, W, N; the deal
stays after an East win or a draw and passes counterclockwise otherwise; everyone starts with
2,000 points and the total never changes.

A match is a pure function of (ruleset, seed, actions): `Match.replay(record)` rebuilds it.
What a seat, a spectator or a reviewer may see of it is worked out in views.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import ENGINE_VERSION
from . import actions as A
from .actions import Action
from .deal import Deal
from .errors import GameOver, IllegalAction, NotYourTurn, RecordError
from .events import Event
from .phases import CLAIM, EXCHANGE, INITIAL_KONG, PLAY, ROB
from .rituals import Seating, WallBreak, first_dealer, seating_for
from .ruleset import Ruleset, get_ruleset
from .settle import DealSummary, summarise_deal

RECORD_FORMAT = "mahjong-record/1"
_PHASES = {
    PLAY: "play",
    INITIAL_KONG: "initial_kong",
    CLAIM: "claim",
    ROB: "rob",
    EXCHANGE: "exchange",
}


@dataclass
class Standing:
    seat: int
    points: int
    place: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "points": self.points, "place": self.place}


@dataclass
class MatchState:
    points: list[int]
    dealer: int = 0
    prevailing_wind: int = 0
    deal_number: int = 1
    east_streak: int = 0
    first_dealer: int = 0  # the round changes when this seat deals again
    goulash: bool = False  # the next deal is a Goulash (001, after a wash-out)
    over: bool = False
    history: list[DealSummary] = field(default_factory=list)


def dealer_stays(ruleset: Ruleset, winner: int | None, dealer: int, streak: int):
    """(whether East keeps the deal, East's run of wins carried into the next deal).

    003 §3.3: East keeps the deal whenever he wins, and after a draw. classical.md §3.6: his
    13th win in a row is the L18 limit hand; a league that rotates after it (DMJL after 9,
    Bradfield after 13) passes the deal, the others keep it and start counting afresh, so the
    limit is scored on the 13th, 26th, ... win in a row and never on every win after it.
    """
    if winner is None:
        return ruleset.dealer_keeps_on_draw, 0  # a draw is not a win: the run ends
    if winner != dealer:
        return False, 0
    limit = ruleset.east_consecutive_win_limit
    if limit and streak >= limit:
        return not ruleset.east_run_rotates, 0
    return True, streak


class Match:
    deal_class = Deal  # the replay viewer deals with a subclass that records each ritual

    def __init__(self, ruleset: Ruleset, seed: str, seating: Seating | None = None) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.seating = seating or seating_for(ruleset.seating_form, seed)
        self.state = MatchState(points=[ruleset.starting_points] * 4)
        ritual = [Event("seating", self.seating.to_json())]
        self.first_dealer_throw: tuple[int, int] | None = None
        if ruleset.first_dealer_by_dice:
            dealer, throw = first_dealer(seed)
            self.first_dealer_throw = throw
            self.state.dealer = self.state.first_dealer = dealer
            ritual.append(
                Event("dice", {"thrower": 0, "dice": list(throw), "purpose": "first_dealer"})
            )
        self.actions: list[Action] = []
        self.ready: set[int] = set()
        self.deal = self._new_deal()
        self.initial_events: list[Event] = [*ritual, *self.deal.events]

    # ------------------------------------------------------------ building
    @classmethod
    def new(cls, ruleset: Ruleset | str = "chinese-classical", seed: str = "") -> Match:
        if isinstance(ruleset, str):
            ruleset = get_ruleset(ruleset)
        return cls(ruleset, seed)

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Match:
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record (expected format {RECORD_FORMAT!r})")
        rs = record.get("ruleset")
        ruleset = get_ruleset(rs) if isinstance(rs, str) else Ruleset.from_json(rs)
        match = cls(ruleset, str(record.get("seed", "")))
        for i, data in enumerate(record.get("actions", [])):
            try:
                match.apply(Action.from_json(data))
            except IllegalAction as e:
                raise RecordError(f"action {i + 1} cannot be replayed: {e}") from e
        return match

    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "engine_version": ENGINE_VERSION,
            "ruleset": self.ruleset.to_json(),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }

    def _new_deal(self) -> Deal:
        st = self.state
        brk = None
        if st.deal_number == 1 and self.ruleset.first_break_own_wall and self.seating.second_throw:
            # 002 note: the first East breaks his own wall by the last throw of the seating.
            brk = WallBreak(st.dealer, self.seating.second_throw, st.dealer, ())
        elif (st.deal_number == 1 and self.ruleset.first_break_by_dealer_cast
              and self.first_dealer_throw is not None):
            # 004 §2.4: "counts the stacks ... according to the total number of dots on the dice
            # cast, in this case five": the cast that chose him, counted on his own wall.
            brk = WallBreak(st.dealer, self.first_dealer_throw, st.dealer, (), recast=True)
        return self.deal_class(
            self.ruleset,
            self.seed,
            st.dealer,
            st.prevailing_wind,
            number=st.deal_number,
            brk=brk,
            goulash=st.goulash,
        )

    # ------------------------------------------------------------ questions
    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def phase(self) -> str:
        if self.state.over:
            return "game_over"
        if self.deal.is_over:
            return "deal_over"
        return _PHASES[self.deal.phase]

    def waiting_on(self) -> list[int]:
        if self.state.over:
            return []
        if self.deal.is_over:
            return [s for s in range(4) if s not in self.ready]
        return self.deal.waiting_on()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.state.over:
            return []
        if self.deal.is_over:
            return [] if seat in self.ready else [Action(seat, A.READY)]
        return self.deal.legal_actions(seat)

    def standings(self) -> list[Standing]:
        order = sorted(range(4), key=lambda s: (-self.state.points[s], s))
        out = []
        for i, s in enumerate(order):
            place = i + 1
            if i and self.state.points[s] == self.state.points[order[i - 1]]:
                place = out[-1].place
            out.append(Standing(s, self.state.points[s], place))
        return out

    @property
    def points(self) -> list[int]:
        return list(self.state.points)

    @property
    def history(self) -> list[DealSummary]:
        return self.state.history

    # ------------------------------------------------------------- applying
    def apply(self, action: Action) -> list[Event]:
        if self.state.over:
            raise GameOver("the game is over")
        if not isinstance(action, Action):
            raise IllegalAction("not an action")
        why = A.malformed(action)
        if why:
            raise IllegalAction(why)
        if self.deal.is_over:
            events = self._apply_ready(action)
        else:
            events = list(self.deal.apply(action))
            if self.deal.is_over:
                events.append(self._finish_deal())
        self.actions.append(action)
        return events

    def _apply_ready(self, action: Action) -> list[Event]:
        if action.type != A.READY:
            raise IllegalAction("the deal is over: say you are ready for the next one")
        if action.seat in self.ready:
            raise NotYourTurn("you are already ready; waiting for the others")
        self.ready.add(action.seat)
        events = [Event("ready", {"seat": action.seat})]
        if len(self.ready) == 4:
            self.ready = set()
            self.deal = self._new_deal()
            events.extend(self.deal.events)
        return events

    def _finish_deal(self) -> Event:
        st = self.state
        deal = self.deal
        result = deal.result
        dealer_won = result.winner == deal.dealer
        streak = st.east_streak + 1 if dealer_won else 0
        summary = summarise_deal(deal, st.deal_number, streak)
        st.history.append(summary)
        for s in range(4):
            st.points[s] += summary.deltas[s]
        keep, st.east_streak = dealer_stays(self.ruleset, result.winner, deal.dealer, streak)
        # 001: a wash-out is followed by a Goulash with the same East; the deal passes after it.
        st.goulash = result.winner is None and self.ruleset.goulash_after_washout
        if deal.goulash:
            keep = False
        elif st.goulash:
            keep = True
        if not keep:
            st.east_streak = 0
            st.dealer = (st.dealer + 1) % 4
            if st.dealer == st.first_dealer:  # the round's first East deals again
                st.prevailing_wind += 1
        st.deal_number += 1
        if st.prevailing_wind >= self.ruleset.rounds:
            st.over = True
            st.prevailing_wind = self.ruleset.rounds - 1
        if self.ruleset.max_deals and len(st.history) >= self.ruleset.max_deals:
            st.over = True  # a set number of deals, as a tournament table may play
        data = summary.to_json()
        data["points"] = list(st.points)
        data["game_over"] = st.over
        if st.over:
            data["standings"] = [x.to_json() for x in self.standings()]
        return Event("deal_scored", data)
