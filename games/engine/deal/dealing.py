"""Dealing (seed 000 §2.2): the blocks of tiles, the bonus tiles melded and replaced (000, 002,
003 §3.2), and the concealed kongs a seat may declare before East's first discard."""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..melds import CONCEALED_KONG, Meld
from ..phases import INITIAL_KONG, PLAY, ROB
from ..tiles import WIND_TOKENS, format_tiles
from .state import DealState


class Dealing(DealState):
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
        # 002: with flowers only, East's and West's rows are 18 stacks, South's and North's 17.
        self._emit("wall_built", {"stacks_per_side": self.wall.stacks_per_side,
                                  "rows_by_wind": list(rs.wall_rows_by_wind)})
        brk = self.brk
        self._emit(
            "dice",
            {"thrower": brk.dealer, "dice": list(brk.dealer_throw), "purpose": "wall",
             **({"recast": True} if brk.recast else {})},
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
            self._start_exchange(1)  # exchange.py; it comes back to _after_dealing
            return
        self._after_dealing()

    def _after_dealing(self) -> None:
        order = [(self.dealer + k) % 4 for k in range(4)]
        self.initial_queue = [s for s in order if self._has_quad(s)]
        self._next_initial()

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

    # ------------------------------------------------------------ bonus tiles
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

    # ------------------------------------------------- kongs declared after the deal
    def _initial_actions(self, seat: int) -> list[Action]:
        quads = [t for t in range(34) if self.seats[seat].hand[t] == 4]
        return [Action(seat, A.CONCEALED_KONG, t) for t in quads] + [Action(seat, A.PASS)]

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
