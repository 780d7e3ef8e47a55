"""How a deal ends: a win, with what the scoring needs to know of it (the last tile, a
Blessing, kong on kong, a discarder liable for a cannon), or a wash-out (seed 003 §3.5)."""

from __future__ import annotations

from ..phases import OVER
from ..tiles import WIND_TOKENS, format_tiles
from .state import DealResult, DealState


class Ending(DealState):
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
