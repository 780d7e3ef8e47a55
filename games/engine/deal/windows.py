"""The windows (seed 003 §3.4, §3.5.1): after a discard the others may claim it (win > kong >
pung > chow, first in turn winning ties; a chow only from the player on one's left), after a
kong they may rob it. Every answer stays private until the third has come; then the best claim
or rob is carried out. classical.md §3.5: a dangerous discard claimed makes its discarder liable.
"""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..analysis import is_thirteen_orphans
from ..melds import CLAIMED_KONG, CONCEALED_KONG, PROMOTED_KONG, Meld
from ..payments import cannon_liable
from ..phases import CLAIM, PLAY, ROB
from ..tiles import format_tiles
from ..wintest import is_mahjong
from .state import DealState


class Windows(DealState):
    # ------------------------------------------------------------ what a seat may answer
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
            source = "robbed_kong" if self.phase == ROB else "discard"
            wins = self.can_win(seat, hand, tile, source, self.window_from)
        hand[tile] -= 1
        if wins:
            out.append(Action(seat, A.WIN))
        if self.phase == CLAIM and tile < 34:
            if hand[tile] == 3 and self.wall.can_supplement:
                out.append(Action(seat, A.KONG))
            if hand[tile] >= 2:
                out.append(Action(seat, A.PUNG))
            if seat == (self.window_from + 1) % 4 and tile < 27 and self.chow_allowed(seat):
                r = tile % 9
                for lo in (tile - 2, tile - 1, tile):
                    if lo < tile - r or lo + 2 > tile - r + 8:
                        continue  # chows never wrap round (003 §3.4.1)
                    trio = (lo, lo + 1, lo + 2)
                    if all(hand[t] for t in trio if t != tile):
                        out.append(Action(seat, A.CHOW, tiles=trio))
        out.append(Action(seat, A.PASS))
        return out

    # ------------------------------------------------------------ opening and answering
    def _open_window(self, phase: str, seat: int, tile: int, rob_kind: str | None) -> None:
        self.phase = phase
        self._set_window(seat, tile, rob_kind)

    def _set_window(self, seat: int | None, tile: int | None, rob_kind: str | None) -> None:
        self.window_from, self.window_tile, self.rob_kind = seat, tile, rob_kind
        self.answers = {}
        self._options = {}

    def ask_window_again(self) -> None:
        """Every seat's answer and options forgotten, the window still open: for a position whose
        hidden hands were dealt anew (a puzzle's simulation), where they no longer hold."""
        self.answers = {}
        self._options = {}

    def _clear_window(self) -> None:
        self._set_window(None, None, None)

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

    # ------------------------------------------------------------ closing
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
        if self.ruleset.responsibility and meld.kind != "chow":
            self._note_responsibility(discarder, seat, tile)
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

    def _note_responsibility(self, discarder: int, claimant: int, tile: int) -> None:
        """Hong Kong 包: a discard claimed for a player's third dragon set or fourth wind set
        makes its discarder pay for everyone should that player go out."""
        sets = [m.tile for m in self.seats[claimant].melds if m.kind != "chow"]
        group = range(31, 34) if tile >= 31 else range(27, 31) if tile >= 27 else None
        if group is not None and sum(1 for t in sets if t in group) == len(group):
            self.liable_for[claimant] = discarder

    def _note_cannon(self, discarder: int, claimant: int, tile: int) -> None:
        """classical.md §3.5: a dangerous discard makes its discarder liable should the claimant
        go out; a later one moves the liability."""
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
