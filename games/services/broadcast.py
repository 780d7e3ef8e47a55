"""Sending after the commit: frames are serialised once per group inside the transaction and
handed to the channel layer only when the transaction has committed.

Code on the event loop runs services through `call`: the frames its commits produce are handed
back with the result and sent from the loop, so the one database thread never waits for the
loop to send them (it used to: a hop per change, with the next move queued behind it).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import close_old_connections, connections, transaction

from games.engine import views as engine_views
from games.models import Game
from games.realtime import protocol

from . import frames, matches


async def _send_in_order(layer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


_outbox = threading.local()
_order: asyncio.Lock | None = None  # one per loop: changes go out in the order they committed
_order_loop: asyncio.AbstractEventLoop | None = None


def send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    box = getattr(_outbox, "messages", None)
    if box is not None:
        box.extend(messages)  # inside `call`: the loop sends them when the call returns
        return
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    # One hop to the event loop for all of a change's frames, not one per frame: the database
    # thread waits on the loop once per move.
    async_to_sync(_send_in_order)(layer, messages)


def _collecting(fn: Callable, args, kwargs):
    outer = getattr(_outbox, "messages", None)
    _outbox.messages = box = []
    try:
        return fn(*args, **kwargs), box, None
    except Exception as exc:  # re-raised on the loop once what did commit has been sent
        return None, box, exc
    finally:
        _outbox.messages = outer


async def send_async(messages: list[tuple[str, dict[str, Any]]]) -> None:
    global _order, _order_loop
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    loop = asyncio.get_running_loop()
    if _order is None or _order_loop is not loop:
        _order, _order_loop = asyncio.Lock(), loop
    # Calls resume in the order the database thread finished them; the lock (first come, first
    # served) keeps their frames in that order even on a layer whose sends really wait (Redis).
    async with _order:
        await _send_in_order(layer, messages)


HEALTH_CHECK_SECONDS = 1.0
_checked = threading.local()


# The live thread: a serving process runs every move, tick and socket's database work on this
# one thread of its own, apart from the thread Django runs page views on, so a slow page never
# queues a move, nor a busy table a page (issue: pages off the live thread). Without it (tests,
# management commands) the work runs where asgiref runs thread-sensitive code, as before.
_live: ThreadPoolExecutor | None = None


def use_live_thread() -> None:
    """From now on, `call` runs on this process's own live thread (the server starts it)."""
    global _live
    if _live is None:
        _live = ThreadPoolExecutor(1, thread_name_prefix="live",
                                   initializer=matches.mark_live_thread)
        matches.share_with_live_thread()


class _OnDatabaseThread(SyncToAsync):
    """Like channels' database_sync_to_async, but the connections' age and health are checked
    at most once a second (and after any database error), not twice per call: on PostgreSQL
    each check is a round trip, and a move is one call. Runs on the live thread when there is
    one."""

    def __init__(self, func: Callable) -> None:
        if _live is None:
            super().__init__(func)
        else:
            super().__init__(func, thread_sensitive=False, executor=_live)

    def thread_handler(self, loop, *args, **kwargs):
        now = time.monotonic()
        if now - getattr(_checked, "at", -HEALTH_CHECK_SECONDS) >= HEALTH_CHECK_SECONDS:
            _checked.at = now
            close_old_connections()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            if any(c.errors_occurred for c in connections.all(initialized_only=True)):
                close_old_connections()


def _on_live_thread(loop, fn: Callable, args, kwargs):
    """_OnDatabaseThread's work, on the live thread, without asgiref's per-call machinery (a
    context copied there and back, a shield, a thread-sensitivity lookup): a hop costs about a
    third less CPU, and every move is one."""
    # What asgiref's thread_handler would record: async_to_sync on this thread finds the loop.
    SyncToAsync.threadlocal.main_event_loop = loop
    SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
    SyncToAsync.threadlocal.task_context = None
    now = time.monotonic()
    if now - getattr(_checked, "at", -HEALTH_CHECK_SECONDS) >= HEALTH_CHECK_SECONDS:
        _checked.at = now
        close_old_connections()
    try:
        return _collecting(fn, args, kwargs)
    finally:
        if any(c.errors_occurred for c in connections.all(initialized_only=True)):
            close_old_connections()


def _send_when_done(job: asyncio.Future) -> None:
    if not job.cancelled() and job.exception() is None:
        job.get_loop().create_task(send_async(job.result()[1]))


async def call(fn: Callable, *args: Any, **kwargs: Any) -> Any:
    """fn(*args, **kwargs) on the database thread, then its committed changes' frames sent from
    this loop before its result is returned (or its error raised)."""
    if _live is not None:
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(_live, _on_live_thread, loop, fn, args, kwargs)
        try:
            result, messages, exc = await asyncio.shield(job)
        except asyncio.CancelledError:
            # The caller is cancelled (its socket gone, the server stopping) while the live
            # thread works: what it commits still goes out to the others at the table.
            job.add_done_callback(_send_when_done)
            raise
    else:
        result, messages, exc = await _OnDatabaseThread(_collecting)(fn, args, kwargs)
    await send_async(messages)
    if exc is not None:
        raise exc
    return result


def on_commit_send(messages: list[tuple[str, dict[str, Any]]]) -> None:
    transaction.on_commit(lambda: send_all(messages))


_text = frames.encode


def heard(group: str) -> bool:
    """Whether a frame sent to `group` may reach anyone: False only when the channel layer
    knows that no socket is in it (the in-process layer holds every socket there is; over Redis
    other processes may hold some, so every group may be heard)."""
    layer = get_channel_layer()
    # Asked of the class: Redis's pub/sub layer answers any attribute only inside an event loop.
    if getattr(type(layer), "has_members", None) is None:
        return True
    return layer.has_members(group)


def change_messages(
    game: Game, match, events, from_version: int, *, heard_only: bool = False
) -> list:
    """One private frame per seat group and one public frame for spectators (the public facts
    worked out once for all five). `heard_only`: none for a group nobody is in (a bot's seat, a
    table nobody watches), when the layer can tell (`heard`): a socket that joins later reads
    the state after joining, on the same live thread, so it misses nothing."""
    groups = [(protocol.group_for_seat(game.pk, seat), seat) for seat in range(4)]
    groups.append((protocol.group_for_spectators(game.pk), None))
    if heard_only:
        groups = [(group, seat) for group, seat in groups if heard(group)]
        if not groups:
            return []
    public = engine_views.public_view(match) if not match.is_over else None
    countdown = frames.timer(game, match)
    out = []
    for group, seat in groups:
        frame = frames.update(game, match, events, from_version, seat, public,
                              countdown=countdown)
        kind = protocol.LAYER_UPDATE if seat is not None else protocol.LAYER_PUBLIC
        out.append((group, {"type": kind, "text": _text(frame)}))
    return out


def presence_message(game: Game, notice: str | None = None) -> tuple[str, dict[str, Any]]:
    """Who sits where; `notice` (protocol.NOTICE_*) when seats changed, not just connections."""
    frame = {
        "type": protocol.S_PRESENCE,
        "game": game.pk,
        "status": game.status,
        "seats": frames.seats_info(game),
        "watching": frames.watching(game),
    }
    return (
        protocol.group_for_game(game.pk),
        {"type": protocol.LAYER_PRESENCE, "text": _text(frame), "notice": notice},
    )


def rules_message(game_id: int) -> tuple[str, dict[str, Any]]:
    """Every process with a socket at the table drops its cached Match of the game."""
    return protocol.group_for_game(game_id), {"type": protocol.LAYER_RULES, "game": game_id}


def answered_message(game: Game, seat: int, answer: dict[str, Any]) -> tuple[str, dict]:
    return answered_message_for(game.pk, game.version, seat, answer)


def answered_message_for(
    game_id: int, version: int, seat: int, answer: dict[str, Any]
) -> tuple[str, dict]:
    """Only the answering seat's own tabs learn what it answered."""
    frame = {"type": protocol.S_ANSWERED, "game": game_id, "version": version, "answer": answer}
    return (
        protocol.group_for_seat(game_id, seat),
        {"type": protocol.LAYER_ANSWERED, "text": _text(frame)},
    )
