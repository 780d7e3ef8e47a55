"""How a deal ends: a win, with what the scoring needs to know of it (the last tile, a
Blessing, kong on kong, a discarder liable for a cannon), or a wash-out (seed 003 §3.5)."""

from __future__ import annotations

from ..phases import OVER
from ..tiles import format_tiles
from .state import DealResult, DealState


class Ending(DealState):
    def _finish_win(self, seat: int, tile: int, source: str, discarder: int | None = None):
        self.result = self.win_result(seat, tile, source, discarder)
        self.phase = OVER
        self._emit(
            "win",
            {"seat": seat, "tile": format_tiles([tile]), "source": source, "from_seat": discarder},
        )

    def _washout(self, reason: str) -> None:
        self.result = DealResult(winner=None, how="draw", reason=reason)
        self.phase = OVER
        self._emit("washout", {"reason": reason})
