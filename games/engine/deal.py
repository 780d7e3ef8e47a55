"""One deal as a state machine (seed 000 §2.2 for the deal, seed 003 for the play).

`legal_actions(seat)` lists what a seat may do now; `apply(action)` checks the action, changes
the state and returns the events a viewer needs. An illegal action raises a typed error and
leaves the state untouched: every check happens before the first change.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import actions as A
from . import exchange, refusals
from .actions import Action
from .analysis import is_thirteen_orphans, waits
from .errors import GameOver, IllegalAction, NotYourTurn
from .events import Event
from .melds import CLAIMED_KONG, CONCEALED_KONG, PROMOTED_KONG, Meld
from .phases import CLAIM, EXCHANGE, INITIAL_KONG, OVER, PLAY, ROB
from .rituals import WallBreak, break_by
from .rng import Rng
from .ruleset import Ruleset
from .tiles import WIND_TOKENS, all_tiles, format_tiles
from .wall import Wall
from .wintest import WILD_2B, is_mahjong, winning_tiles

# Special winning shapes that are not four sets and a pair (wintest.special_shape): BMJA's
# Wriggling Snake and these; the regular waits already know Thirteen Orphans.
_KNITTING = {"H1", "H2", "H3"}


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
    original_call: bool = False
    call_broken: bool = False
    fishing: bool = False  # 001: declared calling (one tile from Mah Jong)

    def tiles(self) -> list[int]:
        return [k for k in range(42) for _ in range(self.hand[k])]

    def concealed_count(self) -> int:
        return sum(self.hand)


class Deal:
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

        rng = Rng(seed, f"deal:{number}")
        if tiles is None:
            tiles = all_tiles(ruleset.bonus_tiles)
            rng.shuffle(tiles)
        if brk is None:
            brk = break_by(ruleset.break_form, dealer, rng)
        self.brk = brk
        self.wall = Wall(
            tiles,
            brk,
            ruleset.wall_stacks_per_side,
            ruleset.dead_wall_stacks,
            ruleset.dead_wall_replenish,
            ruleset.loose_tiles,
        )
        self._deal_tiles()

    # ----------------------------------------------------------------- rituals
    def wind_of(self, seat: int) -> int:
        return (seat - self.dealer) % 4

    def _emit(self, type_: str, data: dict, to: int | None = None, private=None, hidden=False):
        self.events.append(Event(type_, data, to, private, hidden))

    def _deal_tiles(self) -> None:
        """000 §2.2: blocks of four E, S, W, N three times; East two more, the others one."""
        rs = self.ruleset
        self._emit(
            "deal_start",
            {
                "number": self.number,
                "dealer": self.dealer,
                "prevailing_wind": WIND_TOKENS[self.prevailing_wind],
                "winds": [WIND_TOKENS[self.wind_of(s)] for s in range(4)],
                **({"goulash": True} if self.goulash else {}),
            },
        )
        self._emit("wall_built", {"stacks_per_side": rs.wall_stacks_per_side})
        brk = self.brk
        self._emit(
            "dice", {"thrower": brk.dealer, "dice": list(brk.dealer_throw), "purpose": "wall"}
        )
        if brk.breaker_throw:
            self._emit(
                "dice",
                {"thrower": brk.breaker, "dice": list(brk.breaker_throw), "purpose": "break"},
            )
        self._emit("wall_broken", {**brk.to_json(), "dead_wall": self.wall.dead_left})
        order = [(self.dealer + k) % 4 for k in range(4)]
        for _ in range(rs.hand_size // 4):
            for s in order:
                self._take(s, 4)
        rest = rs.hand_size % 4  # 13 tiles: East two more, the others one; 16: East one more
        if rest == 1 and rs.east_final_tiles == "chan_chan":
            # 000 note (chan-chan), 001: East takes the top tiles of the next stack and of the
            # one after next at once; South, West and North then take the three between.
            self.wall.leap()
        self._take(self.dealer, rest + 1)
        if rest:
            for s in order[1:]:
                self._take(s, rest)
        if rs.bonus_rounds:
            # 002: East, South, West, North replace what they hold; a bonus tile drawn as a
            # replacement waits until the others have drawn theirs.
            while any(any(self.seats[s].hand[34:]) for s in order):
                for s in order:
                    if not self._replace_bonus(s, once=True):
                        return
        else:
            # Bonus tiles melded and replaced, East first, each seat until it holds none (000).
            for s in order:
                if not self._replace_bonus(s):
                    return
        if self.goulash:
            self._start_exchange(1)
            return
        self._after_dealing()

    def _after_dealing(self) -> None:
        order = [(self.dealer + k) % 4 for k in range(4)]
        self.initial_queue = [s for s in order if self._has_quad(s)]
        self._next_initial()

    # ------------------------------------------------------- Goulash exchanges
    def _start_exchange(self, round_: int) -> None:
        self.phase = EXCHANGE
        self.turn = self.dealer
        self.exchange_round = round_
        self.exchange_chosen = {}
        self._emit(
            "exchange_round",
            {
                "round": round_,
                "rounds": exchange.ROUNDS,
                "partners": exchange.partners(self.dealer, round_),
            },
        )

    def _apply_exchange(self, action: Action) -> None:
        seat, round_ = action.seat, self.exchange_round
        self.exchange_chosen[seat] = action.tiles
        to = exchange.partner(self.dealer, seat, round_)
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
            to = exchange.partner(self.dealer, s, round_)
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
                {"seat": s, "from_seat": exchange.partner(self.dealer, s, round_),
                 "round": round_},
                s,
                {"tiles": format_tiles(received[s])},
            )
        self.exchange_chosen = {}
        if round_ < exchange.ROUNDS:
            self._start_exchange(round_ + 1)
            return
        self.exchange_round = 0
        self._emit("exchange_done", {"rounds": exchange.ROUNDS})
        self._after_dealing()

    def _give(self, seat: int, tile: int, source: str, replacement: bool = False) -> None:
        """`seat` draws `tile` from the live wall ("wall") or the dead wall."""
        st = self.seats[seat]
        st.hand[tile] += 1
        st.drawn = tile
        st.drawn_source = source
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

    def _take(self, seat: int, n: int) -> None:
        got = [self.wall.draw() for _ in range(n)]
        st = self.seats[seat]
        if seat == self.dealer:
            self.dealer_last_dealt = got[-1]
        for t in got:
            st.hand[t] += 1
        self._emit("deal_block", {"seat": seat, "count": n}, seat, {"tiles": format_tiles(got)})

    def _has_quad(self, seat: int) -> bool:
        return self.wall.can_supplement and any(c == 4 for c in self.seats[seat].hand[:34])

    def _next_initial(self) -> None:
        if self.initial_queue:
            self.phase = INITIAL_KONG
            self.turn = self.initial_queue[0]
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        self.phase = PLAY
        self.turn = self.dealer
        # East's newest tile: a replacement or loose tile he took after the deal, else the last
        # tile dealt to him, which is where a Blessing of Heaven comes from.
        east = self.seats[self.dealer]
        self.last_source = east.drawn_source if east.drawn is not None else "wall"
        self.claimed_turn = False
        self.kong_chain = 0

    def _replace_bonus(self, seat: int, once: bool = False) -> bool:
        """Meld every bonus tile in `seat`'s hand and replace it (`once`: only those held now).
        False if the deal ended."""
        st = self.seats[seat]
        while True:
            found = [t for t in range(34, 42) for _ in range(st.hand[t])]
            if not found:
                return True
            for t in found:
                st.hand[t] -= 1
                st.bonus.append(t)
                self._emit("bonus_melded", {"seat": seat, "tile": format_tiles([t])})
                if not self._draw_replacement(seat):
                    return False
            if once:
                return True

    def _draw_replacement(self, seat: int) -> bool:
        """A replacement for a bonus tile: from the open end of the live wall in the classical
        game (003 §3.2), from the dead wall where the ruleset says so."""
        if self.ruleset.bonus_replacement == "dead_wall" and self.wall.can_supplement:
            tile = self.wall.draw_loose()
            source = "dead_wall"
        elif self.wall.live_left:
            tile = self.wall.draw()
            source = "wall"
        else:
            self._washout("the last tile of the wall was a bonus tile")
            return False
        self._give(seat, tile, source, replacement=True)
        return True

    # ------------------------------------------------------------ questions
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

    def can_win(self, seat: int, counts: list[int]) -> bool:
        """The ruleset's one win test (wintest), plus what only the deal knows: a broken
        Original Call forbids going out (003 §3.5)."""
        st = self.seats[seat]
        if st.call_broken:
            return False
        if self.ruleset.must_declare_calling and not st.fishing and st.discard_count:
            return False  # 001: only a player who has declared "fishing" goes out
        return is_mahjong(self.ruleset, counts, st.melds)

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
            if seat != self.turn:
                return []
            quads = [t for t in range(34) if self.seats[seat].hand[t] == 4]
            return [Action(seat, A.CONCEALED_KONG, t) for t in quads] + [Action(seat, A.PASS)]
        if self.phase == EXCHANGE:
            # One entry stands for "any three concealed tiles" (see actions.py).
            return [] if seat in self.exchange_chosen else [Action(seat, A.EXCHANGE)]
        if seat == self.window_from or seat in self.answers:
            return []
        return self._window_options(seat)

    def _turn_actions(self, seat: int) -> list[Action]:
        st = self.seats[seat]
        hand = st.hand
        out: list[Action] = []
        kinds = [t for t in range(34) if hand[t]]
        if not self.claimed_turn:
            if self.last_source and self.can_win(seat, hand):
                out.append(Action(seat, A.WIN))
            if self.wall.can_supplement:
                for t in kinds:
                    if hand[t] == 4:
                        out.append(Action(seat, A.CONCEALED_KONG, t))
                for m in st.melds:
                    if m.kind == "pung" and hand[m.tile]:
                        out.append(Action(seat, A.PROMOTE_KONG, m.tile))
        for t in kinds:
            out.append(Action(seat, A.DISCARD, t))
        if self._may_call(seat):
            for t in kinds:
                hand[t] -= 1
                if self._calling(hand, st.melds):
                    out.append(Action(seat, A.DISCARD, t, call=True))
                hand[t] += 1
        return out

    def _calling(self, hand: list[int], melds: list[Meld]) -> bool:
        """One tile from going out, by the ruleset's win test. The table-driven regular waits
        answer "no" at once for most hands; only a hand with a regular wait, or one that could
        wait for a special shape of the ruleset, asks the win test tile by tile."""
        rs = self.ruleset
        special = rs.snake == "wriggling" or bool(_KNITTING & set(rs.limit_hands))
        wild = rs.wild_tile is not None and hand[rs.wild_tile] > 0
        if not wild and not waits(hand, rs.thirteen_orphans) and (melds or not special):
            return False
        return bool(winning_tiles(rs, hand, melds))

    def _may_call(self, seat: int) -> bool:
        st = self.seats[seat]
        return self.ruleset.original_call and st.discard_count == 0 and not st.original_call

    def _window_options(self, seat: int) -> list[Action]:
        opts = self._options.get(seat)
        if opts is None:
            opts = self._compute_options(seat)
            self._options[seat] = opts
        return opts

    def _compute_options(self, seat: int) -> list[Action]:
        tile = self.window_tile
        st = self.seats[seat]
        hand = st.hand
        out: list[Action] = []
        hand[tile] += 1
        if self.phase == ROB and self.rob_kind == CONCEALED_KONG:
            wins = (not st.call_broken and is_thirteen_orphans(hand)
                    and is_mahjong(self.ruleset, hand, st.melds))
        else:
            wins = self.can_win(seat, hand)
        hand[tile] -= 1
        if wins:
            out.append(Action(seat, A.WIN))
        if self.phase == CLAIM and tile < 34:
            if hand[tile] == 3 and self.wall.can_supplement:
                out.append(Action(seat, A.KONG))
            if hand[tile] >= 2:
                out.append(Action(seat, A.PUNG))
            if seat == (self.window_from + 1) % 4 and tile < 27 and self._chow_allowed(seat):
                r = tile % 9
                for lo in (tile - 2, tile - 1, tile):
                    if lo < tile - r or lo + 2 > tile - r + 8:
                        continue  # chows never wrap round (003 §3.4.1)
                    trio = (lo, lo + 1, lo + 2)
                    if all(hand[t] for t in trio if t != tile):
                        out.append(Action(seat, A.CHOW, tiles=trio))
        out.append(Action(seat, A.PASS))
        return out

    def _chow_allowed(self, seat: int) -> bool:
        limit = self.ruleset.max_chows
        return limit is None or sum(1 for m in self.seats[seat].melds if m.kind == "chow") < limit

    # ------------------------------------------------------------- applying
    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return the events it caused. Illegal actions change nothing."""
        if self.phase == OVER:
            raise GameOver("this deal is over")
        seat = action.seat
        if seat not in self.waiting_on():
            raise NotYourTurn(refusals.not_waiting(self, seat))
        if self.phase == EXCHANGE and action.type == A.EXCHANGE:
            why = exchange.refusal(self, action)
            if why:
                raise IllegalAction(why)
        elif action not in self.legal_actions(seat):
            raise IllegalAction(refusals.why_illegal(self, action))
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

    # Turn: discard, self-drawn win, kongs
    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        st = self.seats[seat]
        if action.type == A.WIN:
            self._finish_win(seat, self._winning_tile(seat), self.last_source)
            return
        if action.type == A.DISCARD:
            self._discard(seat, action)
            return
        self._break_call(seat)
        tile = action.tile
        if action.type == A.CONCEALED_KONG:
            st.hand[tile] -= 4
            st.melds.append(Meld("kong", (tile,) * 4, False, CONCEALED_KONG))
            self._kong_event(seat, CONCEALED_KONG, tile)
            self.kong_chain += 1
            if self._orphans_may_rob():
                self._open_window(ROB, seat, tile, CONCEALED_KONG)
            else:
                self._supplement(seat)
            return
        # promote a melded pung
        st.hand[tile] -= 1
        i = next(i for i, m in enumerate(st.melds) if m.kind == "pung" and m.tile == tile)
        old = st.melds[i]
        st.melds[i] = Meld("kong", (tile,) * 4, True, PROMOTED_KONG, old.from_seat)
        self._kong_event(seat, PROMOTED_KONG, tile)
        self.kong_chain += 1
        self._open_window(ROB, seat, tile, PROMOTED_KONG)

    def _winning_tile(self, seat: int) -> int:
        """The tile a self-drawn win is made on: the one just drawn, or for East going out on
        his dealt hand (Blessing of Heaven, 003 §3.5) the last tile dealt to him."""
        st = self.seats[seat]
        if st.drawn is not None:
            return st.drawn
        if seat == self.dealer and self.dealer_last_dealt is not None:
            if st.hand[self.dealer_last_dealt]:
                return self.dealer_last_dealt
        return next(t for t in range(34) if st.hand[t])

    def _apply_initial(self, action: Action) -> None:
        seat = action.seat
        if action.type == A.PASS:
            self.initial_queue.pop(0)
            self._next_initial()
            return
        st = self.seats[seat]
        tile = action.tile
        st.hand[tile] -= 4
        st.melds.append(Meld("kong", (tile,) * 4, False, CONCEALED_KONG))
        self._kong_event(seat, CONCEALED_KONG, tile)
        if self._orphans_may_rob():
            # 003 §3.5.1: any concealed kong, even one declared during the deal, may be robbed
            # by a player who needs its tile for Thirteen Orphans.
            self.rob_initial = True
            self._open_window(ROB, seat, tile, CONCEALED_KONG)
            return
        self._initial_loose(seat)

    def _initial_loose(self, seat: int) -> None:
        """The loose tile for a kong declared during the deal; then the next declarer."""
        self.phase = INITIAL_KONG
        self.turn = seat
        self._give(seat, self.wall.draw_loose(), "dead_wall")
        if not self._replace_bonus(seat):
            return
        if not self._has_quad(seat):
            self.initial_queue.pop(0)
        self._next_initial()

    def _orphans_may_rob(self) -> bool:
        rs = self.ruleset
        return rs.rob_concealed_kong_for_orphans and rs.thirteen_orphans

    def _break_call(self, seat: int) -> None:
        st = self.seats[seat]
        if st.original_call and not st.call_broken:
            st.call_broken = True
            self._emit("call_broken", {"seat": seat})

    def _discard(self, seat: int, action: Action) -> None:
        st = self.seats[seat]
        tile = action.tile
        if st.original_call and tile != st.drawn:
            self._break_call(seat)
        st.hand[tile] -= 1
        st.discards.append(tile)
        st.discard_count += 1
        st.drawn = None
        if action.call:
            st.original_call = True
        self.discards_made += 1
        self.last_discard = (seat, tile)
        self.seen_before = tile in self.seen
        self.seen.add(tile)
        self._emit("discard", {"seat": seat, "tile": format_tiles([tile]), "call": action.call})
        rs = self.ruleset
        if rs.must_declare_calling and not st.fishing and self._calling(st.hand, st.melds):
            # 001: a player one tile from Mah Jong must say he is "fishing"; the engine says it
            # for him, so nobody can forget it and lose a win to the rule.
            st.fishing = True
            self._emit("fishing", {"seat": seat})
        self._open_window(CLAIM, seat, tile, None)

    def _open_window(self, phase: str, seat: int, tile: int, rob_kind: str | None) -> None:
        self.phase = phase
        self._set_window(seat, tile, rob_kind)

    def _set_window(self, seat: int | None, tile: int | None, rob_kind: str | None) -> None:
        self.window_from, self.window_tile, self.rob_kind = seat, tile, rob_kind
        self.answers = {}
        self._options = {}

    # Windows: claims after a discard, robbing after a kong
    def _apply_answer(self, action: Action) -> None:
        seat = action.seat
        self.answers[seat] = action
        # The answer stays private until the window closes (no early reveal of claims).
        self._emit("answered", {"seat": seat}, seat, {"answer": action.to_json()}, hidden=True)
        if len(self.answers) < 3:
            return
        best = self._best_claim()
        if self.phase == ROB:
            self._close_rob(best)
        else:
            self._close_claim(best)

    def _best_claim(self) -> Action | None:
        order = [(self.window_from + k) % 4 for k in (1, 2, 3)]  # first in turn wins ties
        for kind in A.CLAIMS:
            for s in order:
                a = self.answers.get(s)
                if a is not None and a.type == kind:
                    return a
        return None

    def _close_claim(self, best: Action | None) -> None:
        discarder, tile = self.window_from, self.window_tile
        self._clear_window()
        if best is None:
            nxt = (discarder + 1) % 4
            if not self.wall.live_left:
                self._washout("the wall is exhausted")
                return
            self._draw_turn(nxt)
            return
        seat = best.seat
        st = self.seats[seat]
        self.seats[discarder].discards.pop()
        self.claims_made += 1
        if self.ruleset.cannon_rule and best.type != A.KONG:
            self._note_cannon(discarder, seat, tile)
        if best.type == A.WIN:
            st.hand[tile] += 1
            self._finish_win(seat, tile, "discard", discarder=discarder)
            return
        self._break_call(seat)
        if best.type == A.CHOW:
            for t in best.tiles:
                if t != tile:
                    st.hand[t] -= 1
            meld = Meld("chow", best.tiles, True, None, discarder)
        elif best.type == A.PUNG:
            st.hand[tile] -= 2
            meld = Meld("pung", (tile,) * 3, True, None, discarder)
        else:
            st.hand[tile] -= 3
            meld = Meld("kong", (tile,) * 4, True, CLAIMED_KONG, discarder)
        st.melds.append(meld)
        self._emit(
            "claim",
            {
                "seat": seat,
                "claim": best.type,
                "tile": format_tiles([tile]),
                "from_seat": discarder,
                "meld": meld.to_json(),
            },
        )
        self.turn = seat
        self.phase = PLAY
        self.kong_chain = 0
        st.drawn = None
        if best.type == A.KONG:
            self.kong_chain = 1
            self.claimed_turn = False
            self._supplement(seat)
        else:
            self.claimed_turn = True
            self.last_source = None

    def _note_cannon(self, discarder: int, claimant: int, tile: int) -> None:
        """classical.md §3.5: a dangerous discard makes its discarder liable should the claimant
        go out; a later one moves the liability."""
        from .payments import cannon_liable

        held = list(self.seats[discarder].tiles()) + [tile]
        if cannon_liable(
            self.ruleset,
            tile,
            held,
            self.seats[claimant].melds,
            self.wall.live_left,
            self.seen if self.seen_before else self.seen - {tile},
        ):
            self.liable_for[claimant] = discarder

    def _close_rob(self, best: Action | None) -> None:
        seat, tile, kind = self.window_from, self.window_tile, self.rob_kind
        initial, self.rob_initial = self.rob_initial, False
        self._clear_window()
        if best is None and initial:
            self._initial_loose(seat)
            return
        if best is None:
            self.phase = PLAY
            self.turn = seat
            self._supplement(seat)
            return
        # The kong is undone: its tile goes to the robber (003 §3.5.1).
        kst = self.seats[seat]
        i = next(i for i, m in enumerate(kst.melds) if m.kind == "kong" and m.tile == tile)
        m = kst.melds[i]
        if kind == PROMOTED_KONG:
            kst.melds[i] = Meld("pung", (tile,) * 3, True, None, m.from_seat)
        else:
            kst.melds.pop(i)
            kst.hand[tile] += 3
        self.seats[best.seat].hand[tile] += 1
        self._emit("robbed", {"seat": best.seat, "from_seat": seat, "tile": format_tiles([tile])})
        self._finish_win(best.seat, tile, "robbed_kong", discarder=seat)

    def _clear_window(self) -> None:
        self._set_window(None, None, None)

    def _draw_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = PLAY
        self.claimed_turn = False
        self.kong_chain = 0
        tile = self.wall.draw()
        self._give(seat, tile, "wall")
        if tile >= 34:
            self._replace_bonus(seat)

    def _supplement(self, seat: int) -> None:
        """A loose tile from the dead wall after a kong (003 §3.4.3)."""
        tile = self.wall.draw_loose()
        self._give(seat, tile, "dead_wall")
        if tile >= 34:
            self._replace_bonus(seat)  # the replacement's source is the one that counts

    # ------------------------------------------------------------ endings
    def _finish_win(self, seat: int, tile: int, source: str, discarder: int | None = None):
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
        self.result = DealResult(
            winner=seat,
            how={"discard": "discard", "robbed_kong": "robbed_kong"}.get(source, "self_drawn"),
            tile=tile,
            source=source,
            discarder=discarder,
            last_tile=last,
            original_call=st.original_call and not st.call_broken,
            blessing=blessing,
            kong_on_kong=source == "dead_wall" and self.kong_chain >= 2,
            liable=self.liable_for.get(seat),
            reason=f"{WIND_TOKENS[self.wind_of(seat)]} went out",
        )
        self.phase = OVER
        self._emit(
            "win",
            {"seat": seat, "tile": format_tiles([tile]), "source": source, "from_seat": discarder},
        )

    def _washout(self, reason: str) -> None:
        self.result = DealResult(winner=None, how="draw", reason=reason)
        self.phase = OVER
        self._emit("washout", {"reason": reason})
