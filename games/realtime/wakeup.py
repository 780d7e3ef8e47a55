"""Waking this process's ticker early. The service door calls `poke` when something becomes due
sooner than the ticker would look; the ticker (timers.py) sleeps on the same event. Kept apart
from the ticker so the services, which the ticker calls, need not import it back."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from games import clock

_wake: asyncio.Event | None = None
_loop: asyncio.AbstractEventLoop | None = None
# When the sleeping ticker will look anyway (None: it is looking now). A poke about something
# due no sooner is dropped: every move used to wake it for two queries on the database thread.
_sleeps_until: datetime | None = None


def attach(loop: asyncio.AbstractEventLoop) -> None:
    """The ticker now runs in `loop` and sleeps on a fresh event."""
    global _loop, _wake
    _loop, _wake = loop, asyncio.Event()


def detach() -> None:
    global _loop, _wake
    _loop, _wake = None, None


def attached_to() -> asyncio.AbstractEventLoop | None:
    return _loop


def awake() -> None:
    """The ticker is looking now: every poke counts until it sleeps again."""
    global _sleeps_until
    _wake.clear()
    _sleeps_until = None


async def sleep(timeout: float) -> None:
    """Sleep `timeout` seconds, or until poked."""
    global _sleeps_until
    _sleeps_until = clock.now() + timedelta(seconds=timeout)
    try:
        await asyncio.wait_for(_wake.wait(), timeout)
    except TimeoutError:
        pass


def poke(due: datetime | None = None) -> None:
    """Something became due (at `due`, if given): look now rather than at the next poll, unless
    the ticker will be looking by then anyway (safe from any thread)."""
    loop, wake, planned = _loop, _wake, _sleeps_until
    if loop is None or wake is None or loop.is_closed():
        return
    if due is not None and planned is not None and due >= planned:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        wake.set()
    else:
        loop.call_soon_threadsafe(wake.set)
