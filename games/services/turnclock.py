"""A table's clock: `turn_seconds` for each move, and on a turn (`play`) also what is left of
the seat's time bank (`bank_seconds` a deal). Only time beyond the move time is taken from the
bank; a new deal fills every bank again. Claim windows keep their own length (claim_seconds)."""

from __future__ import annotations

from datetime import datetime, timedelta

from games.engine.phases import PLAY
from games.models import Game


def bank_left_ms(game: Game, pos: int) -> int:
    """What seat `pos` has left of its bank this deal, in ms."""
    if not game.bank_seconds:
        return 0
    used = game.bank_used[pos] if pos < len(game.bank_used or []) else 0
    return max(0, game.bank_seconds * 1000 - used)


def allowance(game: Game, phase: str, pos: int) -> timedelta | None:
    """How long seat `pos` has for the decision it owes, from the last move (None: no clock).
    Between deals and in a Goulash's exchanges (several seats at once) only the move time."""
    if not game.turn_seconds:
        return None
    bank = bank_left_ms(game, pos) if phase == PLAY else 0
    return timedelta(seconds=game.turn_seconds, milliseconds=bank)


def spend(game: Game, pos: int, now: datetime) -> None:
    """Seat `pos` just made its move of a turn: take from its bank the time beyond the move time
    (the caller saves the row)."""
    if not game.bank_seconds or not game.turn_seconds or game.changed_at is None:
        return
    over = now - game.changed_at - timedelta(seconds=game.turn_seconds)
    ms = int(over.total_seconds() * 1000)
    if ms <= 0:
        return
    used = list(game.bank_used or []) + [0] * (4 - len(game.bank_used or []))
    used[pos] = min(game.bank_seconds * 1000, used[pos] + ms)
    game.bank_used = used


def new_deal(game: Game) -> None:
    """A deal began: every seat's bank is full again."""
    if game.bank_used:
        game.bank_used = []
