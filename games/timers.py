"""The per-process ticker: one asyncio task that makes due things happen (bots, autopilots,
turn timers, claim window closes) by calling services.tick. Every process runs one; the
deadlines live on the game rows, so a game whose process died is picked up by another."""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

from . import clock, conf
from .models import ACTIVE, Game

log = logging.getLogger(__name__)

_task: asyncio.Task | None = None
_wake: asyncio.Event | None = None
_loop: asyncio.AbstractEventLoop | None = None


def _due_games() -> tuple[list[int], float | None]:
    """Games due now, and seconds until the next one (None: nothing scheduled)."""
    now = clock.now()
    active = Game.objects.filter(status=ACTIVE, due_at__isnull=False)
    due = list(active.filter(due_at__lte=now).values_list("pk", flat=True)[:100])
    later = active.filter(due_at__gt=now).order_by("due_at").values_list("due_at", flat=True)
    nxt = later.first()
    return due, (nxt - now).total_seconds() if nxt else None


async def _run() -> None:
    from . import services

    due_games = database_sync_to_async(_due_games)
    tick = database_sync_to_async(services.tick)
    poll = conf.get("GAMES_TICK_POLL_SECONDS")
    while True:
        _wake.clear()
        try:
            due, wait = await due_games()
            for game_id in due:
                await tick(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # one bad game must not stop every other table's clock
            log.exception("ticker failed")
            due, wait = [], poll
        if due:
            continue
        timeout = poll if wait is None else min(max(wait, 0), poll)
        try:
            await asyncio.wait_for(_wake.wait(), timeout)
        except TimeoutError:
            pass


def ensure_running() -> None:
    """Start this process's ticker in the running loop (idempotent)."""
    global _task, _wake, _loop
    loop = asyncio.get_running_loop()
    if _task is not None and not _task.done() and _loop is loop:
        return
    _loop, _wake = loop, asyncio.Event()
    _task = loop.create_task(_run(), name="games-ticker")


def poke() -> None:
    """Something became due: look now rather than at the next poll (safe from any thread)."""
    loop, wake = _loop, _wake
    if loop is None or wake is None or loop.is_closed():
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        wake.set()
    else:
        loop.call_soon_threadsafe(wake.set)


async def stop() -> None:
    """Cancel the ticker (tests, and a process that is shutting down)."""
    global _task, _loop, _wake
    task, _task, _loop, _wake = _task, None, None, None
    if task is not None and not task.done():
        task.cancel()
        try:
            await task
        except (asyncio.CancelledError, Exception):
            pass
