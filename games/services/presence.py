"""Who is at the table. Each open socket of a seated player is a Connection row that its process
keeps fresh; a seat with no fresh row is absent, and after a grace period the autopilot plays for
it until its player comes back. A process that dies stops refreshing its rows, and any process's
sweep then marks those seats absent from the moment they were last seen. A spectator's socket is
a Watcher row kept and swept the same way: the table shows how many watch."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max, Q

from games import clock, conf
from games.models import ACTIVE, Connection, Game, Seat, Watcher
from games.realtime import wakeup

from . import broadcast, departures, endings, matches, schedule
from .errors import ServiceError
from .gamerow import held_seats, lock, seats, seats_changed

# This process's open sockets, by Connection id. Weak: a consumer that vanished without its
# cleanup stops being refreshed, so its row expires like a crashed process's.
_live: weakref.WeakValueDictionary[int, object] = weakref.WeakValueDictionary()
# This process's spectator sockets, by Watcher id, kept the same way.
_watching: weakref.WeakValueDictionary[int, object] = weakref.WeakValueDictionary()


@dataclass(frozen=True)
class Attendance:
    """Where a connection's user sits (`seat`: engine seat, None for a spectator or before the
    deal) and the Connection row that counts this socket at that seat (None: not counted)."""

    seat: int | None
    connection: int | None
    watcher: int | None = None  # the Watcher row counting a spectator's socket

    @property
    def counted(self) -> bool:
        return self.connection is not None


def ttl() -> timedelta:
    return timedelta(seconds=conf.get("GAMES_PRESENCE_TTL_SECONDS"))


def heartbeat_seconds() -> float:
    return conf.get("GAMES_PRESENCE_TTL_SECONDS") / 3


def seat_for(game_id: int, user) -> int | None:
    """The engine seat this user plays at this game (None: a spectator, or not dealt yet)."""
    if user is None or not user.is_authenticated:
        return None
    return held_seats(game_id, user).values_list("position", flat=True).first()


def _recount(game: Game, seat: Seat, now: datetime, gone_at: datetime | None = None) -> None:
    """Count the seat's live sockets again (under the game's lock); absent from `gone_at`."""
    live = seat.sockets.filter(seen_at__gt=now - ttl()).count()
    seat.connections = min(live, 32767)
    if live:
        seat.absent_since = None
        seat.last_seen = now
    elif seat.absent_since is None:
        seat.absent_since = gone_at or now
    seat.save(update_fields=["connections", "last_seen", "absent_since"])


def _after_presence_change(game: Game) -> None:
    seats_changed(game)
    if game.status == ACTIVE:
        due = schedule.next_due(game, matches.match_for(game), seats(game, fresh=True))
        if due != game.due_at:
            game.due_at = due
            transaction.on_commit(wakeup.poke)
    game.save(update_fields=["due_at", "seats_version"])
    broadcast.on_commit_send([broadcast.presence_message(game)])


def _attend(game_id: int, user, owner: object | None) -> Attendance:
    now = clock.now()
    with transaction.atomic():
        game = lock(game_id)
        seat = held_seats(game_id, user).first() if user.is_authenticated else None
        if seat is None:
            return Attendance(None, None)
        endings.returning(game, seat, now)  # a rated table: back too late, or to an empty one
        row = Connection.objects.create(seat=seat, seen_at=now)
        _recount(game, seat, now)
        _after_presence_change(game)
    if owner is not None:
        _live[row.pk] = owner
    return Attendance(seat.position, row.pk)


def _watch(game_id: int, owner: object | None) -> Attendance:
    """Count a spectator's socket and tell the table how many watch now."""
    with transaction.atomic():
        game = lock(game_id)
        row = Watcher.objects.create(game=game, seen_at=clock.now())
        broadcast.on_commit_send([broadcast.presence_message(game)])
    if owner is not None:
        _watching[row.pk] = owner
    return Attendance(None, None, row.pk)


def unwatch(game_id: int, watcher: int) -> None:
    """A spectator's socket closed (or its user sat down): one fewer watching."""
    _watching.pop(watcher, None)
    with transaction.atomic():
        game = lock(game_id)
        if Watcher.objects.filter(pk=watcher).delete()[0]:
            broadcast.on_commit_send([broadcast.presence_message(game)])


def connect(game_id: int, user, owner: object | None = None) -> Attendance:
    """A socket opened; `owner` (the consumer) keeps its row fresh while it lives."""
    if not Game.objects.filter(pk=game_id).exists():
        raise ServiceError("no_such_game", "There is no such game.")
    if user is None or not user.is_authenticated or not held_seats(game_id, user).exists():
        return _watch(game_id, owner)
    return _attend(game_id, user, owner)


def reattend(
    game_id: int,
    user,
    connection: int | None,
    owner: object | None = None,
    watcher: int | None = None,
) -> Attendance:
    """Look again where an open connection's user sits: seats are taken, left and drawn while
    sockets stay open. A connection not yet counted at the user's seat is counted now, so a
    player who sat down in another tab is not shown absent; one who left the seats watches."""
    seat = None
    if user is not None and user.is_authenticated:
        seat = held_seats(game_id, user).only("pk", "position").first()
    if seat is None:
        if connection is not None:
            disconnect(game_id, connection)
        if watcher is not None and Watcher.objects.filter(pk=watcher).exists():
            return Attendance(None, None, watcher)
        return _watch(game_id, owner)
    if watcher is not None:
        unwatch(game_id, watcher)
    if connection is not None and Connection.objects.filter(pk=connection, seat=seat).exists():
        return Attendance(seat.position, connection)
    if connection is not None:
        disconnect(game_id, connection)
    return _attend(game_id, user, owner)


def disconnect(game_id: int, connection: int) -> None:
    """A counted socket closed: its seat is absent from now if it was the last one."""
    _live.pop(connection, None)
    now = clock.now()
    with transaction.atomic():
        game = lock(game_id)
        row = Connection.objects.filter(pk=connection).select_related("seat").first()
        if row is None:
            return
        row.delete()
        _recount(game, row.seat, now)
        _after_presence_change(game)


def heartbeat(now: datetime | None = None) -> int:
    """Refresh this process's live sockets; returns how many rows were refreshed."""
    now = now or clock.now()
    ids = list(_live.keys())
    watching = list(_watching.keys())
    done = Connection.objects.filter(pk__in=ids).update(seen_at=now) if ids else 0
    if watching:
        done += Watcher.objects.filter(pk__in=watching).update(seen_at=now)
    return done


def sweep(now: datetime | None = None) -> list[int]:
    """Mark absent the seats whose sockets all died (their process crashed, or the socket was
    lost without a goodbye), from the moment each was last seen, and end the casual tables
    nobody has attended for long (departures). Any process may run it; it returns the games it
    changed."""
    now = now or clock.now()
    cutoff = now - ttl()
    stale = Seat.objects.filter(
        Q(sockets__seen_at__lte=cutoff) | Q(connections__gt=0, bot_level="")
    ).exclude(sockets__seen_at__gt=cutoff)
    changed = []
    for game_id in sorted(set(stale.values_list("game_id", flat=True))):
        with transaction.atomic():
            game = lock(game_id)
            for seat in game.seats.filter(bot_level=""):
                expired = seat.sockets.filter(seen_at__lte=cutoff)
                last = expired.aggregate(last=Max("seen_at"))["last"]
                if last is None and seat.connections == 0:
                    continue
                expired.delete()
                _recount(game, seat, now, gone_at=last or seat.last_seen)
            _after_presence_change(game)
            changed.append(game_id)
    # Dead rows of seats that still have a live socket change nobody's presence: just drop them.
    Connection.objects.filter(seen_at__lte=cutoff).delete()
    # Spectators' sockets that died: fewer watch at those tables.
    stale_watchers = Watcher.objects.filter(seen_at__lte=cutoff)
    for game_id in sorted(set(stale_watchers.values_list("game_id", flat=True))):
        with transaction.atomic():
            game = lock(game_id)
            Watcher.objects.filter(game=game, seen_at__lte=cutoff).delete()
            if game_id not in changed:
                broadcast.on_commit_send([broadcast.presence_message(game)])
                changed.append(game_id)
    # Rated tables someone left by staying away end early, the leaver last (endings.py).
    changed.extend(g for g in endings.end_absent(now) if g not in changed)
    # Casual tables nobody came back to end, and leave the lobby.
    changed.extend(g for g in departures.abandon_unattended(now) if g not in changed)
    return changed
