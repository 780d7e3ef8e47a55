"""What one seat knows: built from its seat view (views.seat_view) and the ruleset, nothing else.

The evaluator never reads a Deal: no other hand, no wall order, no seed. `Knowledge.from_view`
takes the JSON-able dict a player's browser receives, so a hint shown there and a bot's choice
rest on the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..match import Match
from ..melds import Meld
from ..ruleset import Ruleset
from ..tiles import NUM_PLAYING_KINDS, WIND_TOKENS, counts_of, parse_tiles
from ..views import seat_view
from ..wintest import WILD_2B


@dataclass(frozen=True)
class SeatInfo:
    """What everyone can see of one seat."""

    seat: int
    wind: int
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]
    bonus: tuple[int, ...]
    concealed: int
    fishing: bool
    original_call: bool
    call_broken: bool
    points: int


@dataclass(frozen=True)
class Knowledge:
    """One seat's facts at one moment. `hand` counts its concealed tiles by kind (the drawn tile
    included); `visible` counts every tile of a kind this seat can see: its own hand, every
    discard, every declared set."""

    rules: Ruleset
    seat: int
    phase: str
    hand: tuple[int, ...]
    drawn: int | None
    seats: tuple[SeatInfo, ...]
    prevailing_wind: int
    dealer: int
    live_left: int
    claim_tile: int | None
    claim_from: int | None
    claim_kind: str | None
    legal: tuple[Action, ...]
    visible: tuple[int, ...]
    discarded_kinds: frozenset[int]
    discard_total: int

    # ------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: dict[str, Any], ruleset: Ruleset) -> Knowledge:
        seat = view["viewer"]
        rules = ruleset
        if view.get("goulash"):  # a Goulash (001): no chows, the 2 of Bamboo wild
            rules = ruleset.replace(max_chows=0, wild_tile=WILD_2B)
        hand = counts_of(parse_tiles(view.get("hand") or ""))
        drawn = None
        if view.get("drawn"):
            drawn = parse_tiles(view["drawn"])[0]
            hand[drawn] += 1
        seats = []
        visible = [0] * NUM_PLAYING_KINDS
        kinds: set[int] = set()
        discard_total = 0
        for data in view["seats"]:
            melds = tuple(Meld.from_json(m) for m in data["melds"])
            discards = tuple(parse_tiles(data.get("discards") or ""))
            seats.append(SeatInfo(
                seat=data["seat"], wind=WIND_TOKENS.index(data["wind"]), melds=melds,
                discards=discards, bonus=tuple(parse_tiles(data.get("bonus") or "")),
                concealed=data["concealed"], fishing=bool(data.get("fishing")),
                original_call=bool(data.get("original_call")),
                call_broken=bool(data.get("call_broken")), points=data.get("points", 0)))
            for t in discards:
                visible[t] += 1
                kinds.add(t)
            discard_total += len(discards)
            for m in melds:
                for t in m.tiles:
                    if t < NUM_PLAYING_KINDS:
                        visible[t] += 1
                if m.from_seat is not None:
                    discard_total += 1
                    if m.kind != "chow":
                        kinds.add(m.tile)
        for t in parse_tiles(view.get("centre") or ""):  # 003 §3.3: the pool, order hidden
            visible[t] += 1
            kinds.add(t)
            discard_total += 1
        for t in range(NUM_PLAYING_KINDS):
            visible[t] = min(4, visible[t] + hand[t])
        claim = view.get("claim") or {}
        claim_tile = parse_tiles(claim["tile"])[0] if claim.get("tile") else None
        wall = view.get("wall") or {}
        legal = tuple(Action.from_json(a) for a in view.get("legal_actions", []))
        return cls(
            rules=rules, seat=seat, phase=view.get("phase", ""), hand=tuple(hand), drawn=drawn,
            seats=tuple(seats), prevailing_wind=WIND_TOKENS.index(view["prevailing_wind"]),
            dealer=view["dealer"], live_left=int(wall.get("live", 0)), claim_tile=claim_tile,
            claim_from=claim.get("discarder"), claim_kind=claim.get("kind"), legal=legal,
            visible=tuple(visible), discarded_kinds=frozenset(kinds), discard_total=discard_total)

    # ------------------------------------------------------------ questions
    @property
    def me(self) -> SeatInfo:
        return self.seats[self.seat]

    @property
    def seat_wind(self) -> int:
        return self.me.wind

    @property
    def opponents(self) -> list[SeatInfo]:
        return [s for s in self.seats if s.seat != self.seat]

    def unseen(self, t: int) -> int:
        """Copies of kind `t` this seat cannot see: in the wall or in other hands."""
        return 4 - self.visible[t] if t < NUM_PLAYING_KINDS else 0

    @property
    def unseen_total(self) -> int:
        return sum(4 - v for v in self.visible)

    @property
    def turns_left(self) -> float:
        """This seat's draws still to come from the live wall, roughly."""
        return self.live_left / 4

    def valued_honours(self, wind: int | None = None) -> dict[int, int]:
        """Honour kinds whose pung doubles the hand of a seat (this one, or the one whose wind
        is `wind`), and how many times (a double wind counts twice): the dragons, the seat's
        own wind and the prevailing wind."""
        out = {31: 1, 32: 1, 33: 1}
        for w in (27 + (self.seat_wind if wind is None else wind), 27 + self.prevailing_wind):
            out[w] = out.get(w, 0) + 1
        return out


def knowledge_for(match: Match, seat: int) -> Knowledge:
    """What `seat` knows now, read from its seat view only."""
    return Knowledge.from_view(seat_view(match, seat), match.ruleset)
