"""What a deal holds, and the small helpers every phase of it uses.

`DealState` is the base of each phase's class (see the package's docstring): it sets every
attribute of a deal and answers the questions any phase may ask (whose move it is, whether a
seat may go out or chow). The phases change the state; this module only keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action
from ..events import Event
from ..melds import Meld
from ..phases import CLAIM, EXCHANGE, INITIAL_KONG, OVER, PLAY, ROB
from ..rituals import WallBreak
from ..ruleset import Ruleset
from ..scoring import score_hand
from ..scoring.hongkong import short_of_minimum as hand_short_of_minimum
from ..scoring.types import win_info
from ..tiles import WIND_TOKENS, format_tiles
from ..wall import Wall
from ..wintest import WILD_2B, is_mahjong


@dataclass
class DealResult:
    winner: int | None  # None: a draw (wash-out)
    how: str  # self_drawn | discard | robbed_kong | draw
    tile: int | None = None
    source: str | None = None  # wall | dead_wall | discard | robbed_kong
    discarder: int | None = None
    last_tile: bool = False
    original_call: bool = False
    blessing: bool = False
    kong_on_kong: bool = False
    bonus_replacement: bool = False  # the winning tile replaced a flower or season
    reason: str = ""
    liable: int | None = None  # a discarder who let off a cannon pays for everyone

    def to_json(self) -> dict:
        data = {"winner": self.winner, "how": self.how, "reason": self.reason}
        if self.winner is not None:
            data.update(
                tile=format_tiles([self.tile]),
                source=self.source,
                discarder=self.discarder,
                last_tile=self.last_tile,
                original_call=self.original_call,
                blessing=self.blessing,
                kong_on_kong=self.kong_on_kong,
                liable=self.liable,
            )
            if self.bonus_replacement:
                data["bonus_replacement"] = True
        return data


@dataclass
class SeatState:
    hand: list[int] = field(default_factory=lambda: [0] * 42)  # concealed tile counts
    melds: list[Meld] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)  # unclaimed discards, in order
    discard_count: int = 0  # all discards made, claimed or not
    drawn: int | None = None  # the tile just drawn (shown apart), if any
    drawn_source: str | None = None  # where `drawn` came from: wall | dead_wall
    drawn_replacement: bool = False  # `drawn` replaced a bonus tile
    original_call: bool = False
    call_broken: bool = False
    fishing: bool = False  # 001: declared calling (one tile from Mah Jong)

    def tiles(self) -> list[int]:
        return [k for k in range(42) for _ in range(self.hand[k])]

    def concealed_count(self) -> int:
        return sum(self.hand)


class DealState:
    """Every attribute of one deal, set before the wall is built (`Deal.__init__` builds it and
    deals). `dealer` is the seat that is East for this deal; seats keep their numbers for the
    whole game and their winds rotate: the wind of seat s is (s - dealer) % 4.
    """

    brk: WallBreak
    wall: Wall

    def __init__(
        self,
        ruleset: Ruleset,
        dealer: int = 0,
        prevailing_wind: int = 0,
        number: int = 1,
        goulash: bool = False,
    ) -> None:
        self.goulash = goulash
        if goulash:  # 001 (classical.md §4): no chows in a Goulash and the 2 of Bamboo is wild,
            ruleset = ruleset.replace(max_chows=0, wild_tile=WILD_2B)  # in play and the win test
        self.ruleset = ruleset
        self.dealer = dealer
        self.prevailing_wind = prevailing_wind
        self.number = number
        self.seats = [SeatState() for _ in range(4)]
        self.events: list[Event] = []
        self.phase = PLAY
        self.turn = dealer
        self.result: DealResult | None = None
        # Claim and rob windows: seat -> the answer given so far
        self.window_tile: int | None = None
        self.window_from: int | None = None
        self.answers: dict[int, Action] = {}
        self._options: dict[int, list[Action]] = {}
        self.rob_kind: str | None = None
        # Turn context
        self.claimed_turn = False  # the turn began by claiming a chow/pung: no kongs, no win
        self.last_source: str | None = None  # how `turn` got its last tile: wall | dead_wall
        self.kong_chain = 0
        self.discards_made = 0
        self.claims_made = 0
        self.last_discard: tuple[int, int] | None = None
        self.initial_queue: list[int] = []
        self.seen: set[int] = set()  # kinds discarded so far this deal
        self.seen_before = False  # whether the open window's tile had been discarded before
        self.liable_for: dict[int, int] = {}  # claimant -> discarder who let off a cannon
        self._turn_cache: tuple[int, list[Action]] | None = None
        self.dealer_last_dealt: int | None = None  # East's 14th tile, if he goes out on his deal
        self.rob_initial = False  # the open rob window is for a kong declared after the deal
        # A Goulash's exchanges (001): the round under way (0: none), the tiles each seat has
        # chosen to pass in it, and what each received in the last round done.
        self.exchange_round = 0
        self.exchange_chosen: dict[int, tuple[int, ...]] = {}
        self.exchange_received: dict[int, tuple[int, ...]] = {}

    # ------------------------------------------------------------ questions
    def wind_of(self, seat: int) -> int:
        return (seat - self.dealer) % 4

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def waiting_on(self) -> list[int]:
        if self.phase in (PLAY, INITIAL_KONG):
            return [self.turn]
        if self.phase == EXCHANGE:
            return [s for s in range(4) if s not in self.exchange_chosen]
        if self.phase in (CLAIM, ROB):
            return [s for s in range(4) if s != self.window_from and s not in self.answers]
        return []

    def can_win(self, seat: int, counts: list[int], tile: int, source: str,
                discarder: int | None = None) -> bool:
        """The ruleset's one win test (wintest), plus what only the deal knows: a broken
        Original Call forbids going out (003 §3.5), and a table's minimum faan."""
        st = self.seats[seat]
        if st.call_broken:
            return False
        if self.ruleset.must_declare_calling and not st.fishing and st.discard_count:
            return False  # 001: only a player who has declared "fishing" goes out
        if not is_mahjong(self.ruleset, counts, st.melds):
            return False
        return self.short_of_minimum(seat, counts, tile, source, discarder) is None

    def win_result(self, seat: int, tile: int, source: str,
                   discarder: int | None = None) -> DealResult:
        """What a win by `seat` on `tile` from `source` would be, as the scoring reads it."""
        st = self.seats[seat]
        live_empty = self.wall.live_left == 0
        if source == "discard":
            blessing = self.discards_made == 1 and discarder == self.dealer
            last = live_empty
        elif source == "robbed_kong":
            blessing = False
            last = False
        else:
            blessing = seat == self.dealer and self.discards_made == 0 and self.claims_made == 0
            last = source == "wall" and live_empty
        return DealResult(
            winner=seat,
            how={"discard": "discard", "robbed_kong": "robbed_kong"}.get(source, "self_drawn"),
            tile=tile,
            source=source,
            discarder=discarder,
            last_tile=last,
            original_call=st.original_call and not st.call_broken,
            blessing=blessing,
            kong_on_kong=source == "dead_wall" and self.kong_chain >= 2,
            bonus_replacement=(source in ("wall", "dead_wall") and st.drawn == tile
                               and st.drawn_replacement),
            liable=self.liable_for.get(seat),
            reason=f"{WIND_TOKENS[self.wind_of(seat)]} went out",
        )

    def winning_tile(self, seat: int) -> int:
        """The tile a self-drawn win is made on: the one just drawn, or for East going out on
        his dealt hand (Blessing of Heaven, 003 §3.5) the last tile dealt to him."""
        st = self.seats[seat]
        if st.drawn is not None:
            return st.drawn
        if seat == self.dealer and self.dealer_last_dealt is not None:
            if st.hand[self.dealer_last_dealt]:
                return self.dealer_last_dealt
        return next(t for t in range(34) if st.hand[t])

    def short_of_minimum(self, seat: int, counts: list[int], tile: int, source: str,
                         discarder: int | None = None) -> int | None:
        """The faan of this winning hand, the bonus tiles' aside, if it is below the table's
        minimum to go out (Hong Kong tables ask 1 or 3), else None. Scored as the deal's end
        will score it."""
        rs = self.ruleset
        if not rs.min_faan or rs.scoring != "hongkong":
            return None
        st = self.seats[seat]
        score = score_hand(
            rs, concealed=[k for k in range(42) for _ in range(counts[k])], melds=list(st.melds),
            bonus=list(st.bonus), seat_wind=self.wind_of(seat),
            prevailing_wind=self.prevailing_wind,
            win=win_info(self.win_result(seat, tile, source, discarder)))
        return hand_short_of_minimum(rs, score)

    def chow_allowed(self, seat: int) -> bool:
        """Whether the ruleset's limit on chows (none in a Goulash) leaves `seat` another."""
        limit = self.ruleset.max_chows
        return limit is None or sum(1 for m in self.seats[seat].melds if m.kind == "chow") < limit

    def _orphans_may_rob(self) -> bool:
        rs = self.ruleset
        return rs.rob_concealed_kong_for_orphans and rs.thirteen_orphans

    # ------------------------------------------------------------ events
    def _emit(self, type_: str, data: dict, to: int | None = None, private=None, hidden=False):
        self.events.append(Event(type_, data, to, private, hidden))

    def _give(self, seat: int, tile: int, source: str, replacement: bool = False) -> None:
        """`seat` draws `tile` from the live wall ("wall") or the dead wall."""
        st = self.seats[seat]
        st.hand[tile] += 1
        st.drawn = tile
        st.drawn_source = source
        st.drawn_replacement = replacement
        self.last_source = source
        self._draw_event(seat, tile, source, replacement)

    def _draw_event(self, seat: int, tile: int, source: str, replacement: bool = False) -> None:
        data = {
            "seat": seat,
            "source": source,
            "live": self.wall.live_left,
            "dead": self.wall.dead_left,
        }
        if replacement:
            data["replacement"] = True
        self._emit("draw", data, seat, {"tile": format_tiles([tile])})

    def _kong_event(self, seat: int, kind: str, tile: int) -> None:
        self._emit("kong", {"seat": seat, "kind": kind, "tile": format_tiles([tile])})

    def _break_call(self, seat: int) -> None:
        st = self.seats[seat]
        if st.original_call and not st.call_broken:
            st.call_broken = True
            self._emit("call_broken", {"seat": seat})
