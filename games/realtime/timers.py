"""The per-process ticker: one asyncio task that makes due things happen (bots, autopilots,
turn timers, claim window closes) by calling services.tick, and keeps presence true (refreshing
this process's sockets, sweeping those of dead processes). Every server process runs one from
the moment it starts; the deadlines live on the game rows, so a game whose process died is
picked up by another."""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

from games import clock, conf
from games.models import ACTIVE, Game
from games.realtime import wakeup
from games.services import broadcast, guests, presence, thoughts, timelimits
from games.services import tick as tick_sync
from games.thinking import pool

log = logging.getLogger(__name__)
# Guest accounts with no game are looked for this often (services/guests.py).
GUEST_SWEEP_SECONDS = 600

_task: asyncio.Task | None = None


def _due_games() -> tuple[list[int], float | None]:
    """Games due now, and seconds until the next one (None: nothing scheduled)."""
    now = clock.now()
    active = Game.objects.filter(status=ACTIVE, due_at__isnull=False)
    thinking = thoughts.awaiting()  # their answers are on the way: the ticker is poked then
    ready = active.exclude(pk__in=thinking) if thinking else active
    due = list(ready.filter(due_at__lte=now).values_list("pk", flat=True)[:100])
    later = active.filter(due_at__gt=now).order_by("due_at").values_list("due_at", flat=True)
    nxt = later.first()
    return due, (nxt - now).total_seconds() if nxt else None


def _presence() -> None:
    now = clock.now()
    presence.heartbeat(now)
    presence.sweep(now)
    timelimits.enforce_time_limits()  # tournament rounds whose time limit has passed


async def _run() -> None:
    due_games = database_sync_to_async(_due_games)
    poll = conf.get("GAMES_TICK_POLL_SECONDS")
    every = presence.heartbeat_seconds()
    last_presence = last_guests = None
    while True:
        wakeup.awake()
        try:
            now = clock.now()
            if last_presence is None or (now - last_presence).total_seconds() >= every:
                last_presence = now
                await broadcast.call(_presence)
            if last_guests is None or (now - last_guests).total_seconds() >= GUEST_SWEEP_SECONDS:
                last_guests = now
                await database_sync_to_async(guests.remove_idle_guests)()
            due, wait = await due_games()
            for game_id in due:
                await broadcast.call(tick_sync, game_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # one bad game must not stop every other table's clock
            log.exception("ticker failed")
            due, wait = [], poll
        if due:
            continue
        await wakeup.sleep(poll if wait is None else min(max(wait, 0), poll))


def ensure_running() -> None:
    """Start this process's ticker in the running loop (idempotent)."""
    global _task
    loop = asyncio.get_running_loop()
    if _task is not None and not _task.done() and wakeup.attached_to() is loop:
        return
    wakeup.attach(loop)
    _task = loop.create_task(_run(), name="games-ticker")


def start_with_server() -> None:
    """Start the ticker as soon as this process serves (Daphne's reactor starts), so bots and
    deadlines move after a restart with nobody connected. Processes that never run the reactor
    (tests, management commands) never start it this way. Called when the app loads (plain
    `daphne`) and again by mahjong_site.serve once the reactor exists; once is enough."""
    global _scheduled
    import sys

    if _scheduled or "twisted.internet.reactor" not in sys.modules:
        return
    from twisted.internet import asyncioreactor, reactor

    if isinstance(reactor, asyncioreactor.AsyncioSelectorReactor):
        _scheduled = True
        loop = reactor._asyncioEventloop
        # The reactor's start-up triggers run before its asyncio loop does: the ticker is
        # handed to the loop, to start in it once it runs.
        reactor.callWhenRunning(broadcast.use_live_thread)
        reactor.callWhenRunning(loop.call_soon, ensure_running)
        # The thinking workers start with the server and stop before it does.
        reactor.callWhenRunning(pool.start)
        reactor.addSystemEventTrigger("before", "shutdown", pool.shutdown)


_scheduled = False


async def stop() -> None:
    """Cancel the ticker (tests, and a process that is shutting down)."""
    global _task
    task, _task = _task, None
    wakeup.detach()
    if task is not None and not task.done():
        task.cancel()
        try:
            await task
        except (asyncio.CancelledError, Exception):
            pass


async def lifespan(scope, receive, send) -> None:
    """ASGI lifespan (servers that speak it, such as uvicorn): the ticker runs with the server."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            ensure_running()
            pool.start()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await stop()
            pool.shutdown()
            await send({"type": "lifespan.shutdown.complete"})
            return
