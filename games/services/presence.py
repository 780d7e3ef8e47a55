"""Who is at the table. A seat with no open connection is absent; after a grace period the
autopilot plays for it until its player comes back."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F

from games import clock
from games.models import ACTIVE, Game, Seat

from . import broadcast, matches, schedule
from .errors import ServiceError
from .play import _lock, _seats


@dataclass(frozen=True)
class Attendance:
    """Where a connection's user sits (`seat`: engine seat, None for a spectator or before the
    deal) and whether this connection is counted among that seat's connections."""

    seat: int | None
    counted: bool


def seat_for(game_id: int, user) -> int | None:
    """The engine seat this user plays at this game (None: a spectator, or not dealt yet)."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Seat.objects.filter(game_id=game_id, user=user).values_list("position", flat=True).first()
    )


def _mark(game_id: int, user, delta: int) -> Seat | None:
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
        return seat


def _attend(game_id: int, user) -> Attendance:
    seat = _mark(game_id, user, +1)
    return Attendance(seat.position if seat else None, seat is not None)


def connect(game_id: int, user) -> Attendance:
    if not Game.objects.filter(pk=game_id).exists():
        raise ServiceError("no_such_game", "There is no such game.")
    return _attend(game_id, user)


def reattend(game_id: int, user, counted: bool) -> Attendance:
    """Look again where an open connection's user sits: seats are taken, left and drawn while
    sockets stay open. A connection not yet counted at the user's seat is counted now, so a
    player who sat down in another tab is not shown absent."""
    if user is None or not user.is_authenticated:
        return Attendance(None, False)
    rows = Seat.objects.filter(game_id=game_id, user=user).values_list("position", flat=True)
    if not rows.exists():
        return Attendance(None, False)
    if counted:
        return Attendance(rows.first(), True)
    return _attend(game_id, user)


def disconnect(game_id: int, user) -> None:
    """A counted connection closed (only those: a spectator's socket never added one)."""
    _mark(game_id, user, -1)
