"""Who is at the table. A seat with no open connection is absent; after a grace period the
autopilot plays for it until its player comes back."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from games import clock
from games.models import ACTIVE, Game, Seat

from . import broadcast, matches, schedule
from .errors import ServiceError
from .play import _lock, _seats


def seat_for(game_id: int, user) -> int | None:
    """The engine seat this user plays at this game (None: a spectator, or not dealt yet)."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Seat.objects.filter(game_id=game_id, user=user).values_list("position", flat=True).first()
    )


def _mark(game_id: int, user, delta: int) -> int | None:
    now = clock.now()
    with transaction.atomic():
        game = _lock(game_id)
        seat = game.seats.filter(user=user).first() if user.is_authenticated else None
        if seat is None:
            return None
        Seat.objects.filter(pk=seat.pk).update(connections=F("connections") + delta)
        seat.refresh_from_db()
        if seat.connections < 0:
            seat.connections = 0
        seat.last_seen = now
        seat.absent_since = None if seat.connections else now
        seat.save(update_fields=["connections", "last_seen", "absent_since"])
        if game.status == ACTIVE:
            due = schedule.next_due(game, matches.match_for(game), _seats(game))
            if due != game.due_at:
                game.due_at = due
                game.save(update_fields=["due_at"])
                from games import timers

                transaction.on_commit(timers.poke)
        broadcast.on_commit_send([broadcast.presence_message(game)])
        return seat.position


def connect(game_id: int, user) -> int | None:
    if not Game.objects.filter(pk=game_id).exists():
        raise ServiceError("no_such_game", "There is no such game.")
    return _mark(game_id, user, +1)


def disconnect(game_id: int, user) -> None:
    _mark(game_id, user, -1)
