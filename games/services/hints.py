"""Hints at the table: for the seat's decision now, every candidate weighed by the strong bot's
evaluator from that seat's own view (engine/brain), and why a complete-looking hand is not a
win. Off in tournament and rated games: the server refuses to compute them there."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games import protocol
from games.engine import actions as A
from games.engine.brain.evaluate import evaluate
from games.engine.brain.knowledge import knowledge_for
from games.engine.brain.whynot import why_not_win
from games.models import ACTIVE, Game

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


def hints_for(game_id: int, user) -> dict[str, Any]:
    """The hints of `user`'s seat at game `game_id`, as it stands. Bounded: one evaluation per
    seat and version, kept in the cache, whatever the number of requests."""
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
    if found is None:
        found = _compute(game, seat.position)
        cache.set(key, found, 300)
    return found


def _compute(game: Game, seat: int) -> dict[str, Any]:
    match = match_for(game)
    # The Ready at a deal's end and a Goulash's exchange are no choice the evaluator weighs:
    # rated as a discard they would read as nonsense, so they get no candidates.
    choice = any(a.type not in NOT_CHOICES for a in match.legal_actions(seat))
    candidates = evaluate(knowledge_for(match, seat)) if choice else []
    return {
        "version": match.version,
        "seat": seat,
        "candidates": [c.to_json() for c in candidates[:SHOWN]],
        "why_not_win": why_not_win(match.deal, seat),
    }
