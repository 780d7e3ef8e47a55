"""Bot decisions for the door, thought out in the workers (games/thinking) and applied when due.

A decision is asked for as its decision point opens (`look_ahead`, after the change that opened
it commits), so the bot's delay (GAMES_BOT_DELAY_MS) runs while it thinks; when the seat is due,
the ticker's `services.tick` takes the answer (`decision`). An answer is keyed by the game's
version: one that arrives after the game moved on is never applied (the new point is asked
for anew), and the door checks the action against the legal ones as it would a person's.

Levels that only apply a rule of thumb (random, beginner) and choices with one legal action
are made where they are asked: they cost less than the message to a worker. With no workers
(GAMES_THINK_WORKERS = 0), and in a process that does not serve (a shell, a management
command), every decision is made where it is asked.

Several processes: the process that made a change asks for what it opened. Another process
finding that seat due leaves it to the first for HANDOFF past its due time, then asks itself
(the first may have died); a duplicate answer finds the game moved on and is dropped.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from datetime import datetime, timedelta
from functools import partial

from games import conf
from games.engine import bots
from games.engine.actions import EXCHANGE, Action
from games.engine.brain.levels import STYLES
from games.engine.views import seat_view
from games.models import Game, Seat
from games.realtime import wakeup
from games.thinking import jobs, pool

log = logging.getLogger(__name__)

HANDOFF = timedelta(seconds=2)
# How long the ticker leaves a game whose answer is being thought out before looking again.
AWAIT_SECONDS = 1.0
# An answer asked for this long ago that has not come (a worker stuck, a job lost) is given up:
# the rule of thumb decides, so no table waits on a worker for ever.
GIVE_UP_SECONDS = 20.0
_KEPT = 4096  # answers and changes remembered at most (a bound, not a working size)
_FAILED = object()
_MISSING = object()

_lock = threading.Lock()
_answers: OrderedDict[tuple, object] = OrderedDict()  # (game, version, seat, level) -> json
_asked: dict[tuple, float] = {}  # key -> monotonic time asked
_ours: OrderedDict[int, int] = OrderedDict()  # game -> the version this process committed
_awaiting: dict[int, float] = {}  # game -> monotonic time the ticker may look again


def level_of(seat: Seat) -> str:
    return seat.bot_level or conf.autopilot_level()


def _thought(match, pos: int, level: str) -> bool:
    """Whether this decision is one for a worker (in a serving process: a shell or a management
    command decides where it asks, having no ticker to take an answer later)."""
    if not pool.workers() or not pool.serving() or level not in STYLES:
        return False
    legal = match.legal_actions(pos)
    return len(legal) > 1 and legal[0].type != EXCHANGE


def _ask(key: tuple, match, pos: int, level: str) -> None:
    with _lock:
        if key in _asked or key in _answers:
            return
        _asked[key] = time.monotonic()
    view = seat_view(match, pos)
    future = pool.submit(jobs.weigh, view, match.ruleset, level, conf.get("GAMES_THINK_EXTRA_MS"))
    future.add_done_callback(partial(_arrived, key))


def _arrived(key: tuple, future: Future) -> None:
    if future.cancelled():  # the pool is shutting down
        with _lock:
            _asked.pop(key, None)
        return
    try:
        answer = future.result()
    except Exception:  # the rule of thumb decides instead (decision)
        log.exception("a bot's decision for game %s failed in its worker", key[0])
        answer = _FAILED
    with _lock:
        _asked.pop(key, None)
        _answers[key] = answer
        while len(_answers) > _KEPT:
            _answers.popitem(last=False)
        _awaiting.pop(key[0], None)
    wakeup.poke()


def look_ahead(game: Game, match, seats: dict[int, Seat]) -> None:
    """After a change to `game` commits in this process: ask the workers now for the decisions
    it opened that a bot (or the autopilot of a person away) will make."""
    with _lock:
        _ours[game.pk] = game.version
        _ours.move_to_end(game.pk)
        while len(_ours) > _KEPT:
            _ours.popitem(last=False)
    if match.is_over or not pool.workers() or not pool.serving():
        return  # only a serving process asks ahead: a shell's answers would reach no ticker
    for pos in match.waiting_on():
        seat = seats.get(pos)
        if seat is None or str(pos) in game.pending:
            continue
        if seat.is_bot or seat.connections == 0:
            level = level_of(seat)
            if _thought(match, pos, level):
                _ask((game.pk, game.version, pos, level), match, pos, level)


def decision(game: Game, match, seat: Seat, due: datetime, now: datetime) -> Action | None:
    """The action for the waiting `seat`, due at `due`: None while the workers think it out
    (the ticker is poked when the answer arrives)."""
    pos, level = seat.position, level_of(seat)
    if not _thought(match, pos, level):
        return bots.choose(match, pos, level)
    key = (game.pk, game.version, pos, level)
    with _lock:
        answer = _answers.pop(key, _MISSING)
        asked_at = _asked.get(key)
        ours = _ours.get(game.pk) == game.version
        if asked_at is not None and time.monotonic() - asked_at > GIVE_UP_SECONDS:
            del _asked[key]
            answer = _FAILED  # decided below as a failed answer is
            log.warning("no answer from the workers for game %s at move %s after %.0f s: the "
                        "rule of thumb decides", game.pk, game.version, GIVE_UP_SECONDS)
    if answer is not _MISSING:
        if isinstance(answer, dict):
            action = Action.from_json(answer)
            if action in match.legal_actions(pos):
                return action
        return bots.choose(match, pos, "beginner")
    if asked_at is None:
        if not ours and now < due + HANDOFF:
            _wait(game.pk, (due + HANDOFF - now).total_seconds())
            return None
        _ask(key, match, pos, level)
    _wait(game.pk, AWAIT_SECONDS)
    return None


def decide_now(match, pos: int, level: str) -> Action:
    """The level's action for `pos` now, waiting for a worker if it takes one (an organiser's
    action, never the ticker's: the ticker does not wait)."""
    if not _thought(match, pos, level):
        return bots.choose(match, pos, level)
    answer = pool.submit(jobs.weigh, seat_view(match, pos), match.ruleset, level).result()
    if answer is not None and Action.from_json(answer) in match.legal_actions(pos):
        return Action.from_json(answer)
    return bots.choose(match, pos, "beginner")  # the level had no opinion: its rule of thumb


def _wait(game_id: int, seconds: float) -> None:
    with _lock:
        _awaiting[game_id] = time.monotonic() + seconds


def asking(game_id: int, version: int) -> bool:
    """Whether an answer for `game_id` at `version` is being thought out here."""
    with _lock:
        return any(k[0] == game_id and k[1] == version for k in _asked)


def awaiting() -> list[int]:
    """Games the ticker leaves be for now: their answers are being thought out."""
    now = time.monotonic()
    with _lock:
        for game_id in [g for g, until in _awaiting.items() if until <= now]:
            del _awaiting[game_id]
        return list(_awaiting)


def forget_all() -> None:
    """Tests: a fresh process's memory."""
    with _lock:
        _answers.clear()
        _asked.clear()
        _ours.clear()
        _awaiting.clear()
