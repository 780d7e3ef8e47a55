"""Typed errors. Each carries a message a player can read."""


class EngineError(Exception):
    """Base class for every error the engine raises on bad input."""

    code = "engine_error"


class NotationError(EngineError, ValueError):
    """Badly written: a tile, hand or action that cannot be read."""

    code = "bad_notation"


class IllegalAction(EngineError):
    """Well written but not allowed here and now."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class GameOver(IllegalAction):
    code = "game_over"


class RecordError(EngineError, ValueError):
    """A game record that cannot be replayed."""

    code = "bad_record"
