"""Hints at the table: for the seat's decision now, every candidate weighed by the strong bot's
evaluator from that seat's own view (engine/brain), and why a complete-looking hand is not a
win. Off in tournament and rated games: the server refuses to compute them there."""

from __future__ import annotations

import asyncio
from typing import Any

from django.core.cache import cache

from games.engine import actions as A
from games.engine.brain.whynot import why_not_win
from games.engine.views import seat_view
from games.models import ACTIVE, Game
from games.realtime import protocol
from games.thinking import jobs, pool

from . import broadcast
from .errors import ServiceError
from .matches import match_for

NOT_CHOICES = {A.READY, A.EXCHANGE}
SHOWN = 8  # candidates sent at most: a hand has at most 15 discards, a window a few claims


def hints_off(game: Game) -> str | None:
    """Why the table gives no hints (tournament and rated games), or None."""
    if game.tournament:
        return "Hints are off in tournament games."
    if game.rated:
        return "Hints are off in rated games."
    return None


def _prepare(game_id: int, user) -> tuple[str, dict[str, Any] | None, dict[str, Any] | None]:
    """On the database thread: the cache key, the hints if kept, else what the worker needs."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise ServiceError("no_such_game", "There is no such game.")
    off = hints_off(game)
    if off:
        raise ServiceError("hints_off", off)
    if game.status != ACTIVE:
        raise ServiceError("not_active", "Hints are given only while the game is played.")
    seat = None
    if user is not None and user.is_authenticated:
        seat = game.seats.filter(user=user, left=False).first()
    if seat is None or seat.position is None:
        raise ServiceError(protocol.E_NOT_SEATED, "Only a player at this table gets its hints.")
    key = f"hints:{game.pk}:{seat.position}:{game.version}"
    found = cache.get(key)
    if found is not None:
        return key, found, None
    match = match_for(game)
    pos = seat.position
    # The Ready at a deal's end and a Goulash's exchange are no choice the evaluator weighs:
    # rated as a discard they would read as nonsense, so they get no candidates.
    choice = any(a.type not in NOT_CHOICES for a in match.legal_actions(pos))
    base = {"version": match.version, "seat": pos, "candidates": [],
            "why_not_win": why_not_win(match.deal, pos)}
    job = {"view": seat_view(match, pos), "ruleset": match.ruleset} if choice else None
    return key, base, job


_inflight: dict[str, asyncio.Future] = {}


async def hints_for(game_id: int, user) -> dict[str, Any]:
    """The hints of `user`'s seat at game `game_id`, as it stands. Bounded: one evaluation per
    seat and version, kept in the cache, whatever the number of requests; the evaluation runs
    in a worker (games/thinking), never on the thread that applies moves."""
    key, found, job = await broadcast.call(_prepare, game_id, user)
    if job is None:
        if found is not None and key not in _inflight:
            await cache.aset(key, found, 300)
        return found
    running = _inflight.get(key)
    if running is None:
        running = _inflight[key] = asyncio.wrap_future(
            pool.submit(jobs.candidates, job["view"], job["ruleset"], SHOWN))
        running.add_done_callback(lambda _: _inflight.pop(key, None))
        found["candidates"] = await asyncio.shield(running)
        await cache.aset(key, found, 300)
        return found
    found["candidates"] = await asyncio.shield(running)
    return found
