"""A finished game's analysis (engine/brain/review.py): worked out once, in the background after
the game ends or when first asked for, and kept (models.Analysis).

One thread per process sends the games queued to it to the thinking workers (games/thinking),
one at a time, so analysis never takes more than one worker from the tables; a full queue drops the newest game, which is then
analysed when someone first asks for it. Several processes may race on one game: the first
row stored wins and the others' work is let go.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction

from games.engine.ruleset import Ruleset
from games.models import FINISHED, Analysis, Game, Seat
from games.thinking import jobs, pool

log = logging.getLogger(__name__)

QUEUE_SIZE = 64
_queue: queue.Queue[int] = queue.Queue(QUEUE_SIZE)
_queued: set[int] = set()
_guard = threading.Lock()
_worker: threading.Thread | None = None


def people(seats: Iterable[Seat]) -> list[int]:
    """The positions played by persons (a seat a person left is counted as theirs): the
    decisions worth weighing."""
    return sorted(s.position for s in seats
                  if s.position is not None and (not s.bot_level or s.left))


def stored(game: Game) -> dict[str, Any] | None:
    return Analysis.objects.filter(game=game).values_list("data", flat=True).first()


def analyse(game_id: int) -> dict[str, Any] | None:
    """Work the game's analysis out and keep it; None if the game is not finished."""
    game = Game.objects.filter(pk=game_id, status=FINISHED).first()
    if game is None:
        return None
    found = stored(game)
    if found is not None:
        return found
    actions = list(game.moves.order_by("seq").values_list("action", flat=True)[: game.version])
    # Weighed in a worker process (games/thinking): this thread only waits for the figures.
    data = pool.submit(jobs.review, Ruleset.from_json(game.ruleset), game.seed, actions,
                       people(game.seats.all())).result()
    try:
        with transaction.atomic():
            Analysis.objects.create(game=game, data=data)
    except IntegrityError:  # another process stored it first
        return stored(game)
    return data


def analysis_or_start(game: Game) -> dict[str, Any] | None:
    """The stored analysis, else None with its work queued (or, where the setting asks, done
    now: tests)."""
    found = stored(game)
    if found is not None or game.status != FINISHED:
        return found
    if getattr(settings, "GAMES_ANALYSIS_INLINE", False):
        return analyse(game.pk)
    start(game.pk)
    return None


def start(game_id: int) -> None:
    """Queue a finished game for the background worker (started on first use; the setting
    GAMES_ANALYSIS_WORKER = False turns it off: tests)."""
    global _worker
    if not getattr(settings, "GAMES_ANALYSIS_WORKER", True):
        return
    with _guard:
        if game_id in _queued:
            return
        try:
            _queue.put_nowait(game_id)
        except queue.Full:
            return
        _queued.add(game_id)
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="game-analysis", daemon=True)
            _worker.start()


def _work() -> None:
    while True:
        game_id = _queue.get()
        try:
            analyse(game_id)
        except pool.Stopping:  # the process is exiting (a command's end): the game is left
            return
        except Exception:  # one bad game must not stop the worker
            log.exception("analysing game %s failed", game_id)
        finally:
            with _guard:
                _queued.discard(game_id)
            close_old_connections()
