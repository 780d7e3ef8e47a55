"""The one door that changes a game. Views, consumers, bots, timers and admin actions call
these functions and nothing else writes games, seats or moves."""

from .departures import abandon_game, abandon_unattended, leave_game, resign_game
from .endings import answer_end, end_absent, propose_end
from .errors import ServiceError
from .lobby import (
    add_bot,
    create_game,
    leave_seat,
    open_rematch,
    player_renamed,
    start_game,
    start_if_alone,
    take_seat,
)
from .matches import match_for
from .play import Outcome, autopilot_waiting, submit_action, tick
from .presence import (
    Attendance,
    connect,
    disconnect,
    heartbeat,
    reattend,
    seat_for,
    sweep,
    unwatch,
)

__all__ = [
    "Attendance",
    "Outcome",
    "ServiceError",
    "abandon_game",
    "abandon_unattended",
    "add_bot",
    "answer_end",
    "autopilot_waiting",
    "connect",
    "create_game",
    "disconnect",
    "end_absent",
    "heartbeat",
    "leave_game",
    "leave_seat",
    "match_for",
    "open_rematch",
    "player_renamed",
    "propose_end",
    "reattend",
    "resign_game",
    "seat_for",
    "start_game",
    "start_if_alone",
    "submit_action",
    "sweep",
    "take_seat",
    "tick",
    "unwatch",
]
