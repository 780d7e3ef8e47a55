"""A seat's turn (seed 003 §3.4, §3.5): what it may do, the discard (with an Original Call and
001's "fishing"), a self-drawn win, the concealed and promoted kongs, and the draws that begin a
turn: from the live wall, or a loose tile from the dead wall after a kong (003 §3.4.3)."""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..analysis import waits
from ..melds import CONCEALED_KONG, PROMOTED_KONG, Meld
from ..phases import CLAIM, PLAY, ROB
from ..tiles import format_tiles
from ..wintest import winning_tiles
from .state import DealState

# Special winning shapes that are not four sets and a pair (wintest.special_shape): BMJA's
# Wriggling Snake and these; the regular waits already know Thirteen Orphans.
_KNITTING = {"H1", "H2", "H3"}


class Turns(DealState):
    # ------------------------------------------------------------ what a turn may do
    def _turn_actions(self, seat: int) -> list[Action]:
        st = self.seats[seat]
        hand = st.hand
        out: list[Action] = []
        kinds = [t for t in range(34) if hand[t]]
        if not self.claimed_turn:
            if self.last_source and self.can_win(seat, hand, self.winning_tile(seat),
                                                 self.last_source):
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

    # ------------------------------------------------------------ playing a turn
    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        st = self.seats[seat]
        if action.type == A.WIN:
            self._finish_win(seat, self.winning_tile(seat), self.last_source)
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

    # ------------------------------------------------------------ draws
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
