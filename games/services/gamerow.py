"""A game's row and seats as every service module reads them: the row locked for a change, its
seats by engine position, the seat a user holds, its next deadline, and a submitted action read
for a seat. The one way the services lock and read a game."""

from __future__ import annotations

from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Exists, QuerySet

from games.engine.actions import Action
from games.models import Entry, Game, Move, Seat
from games.realtime import protocol

from . import schedule
from .errors import ServiceError

# What a move reads of the game row. The rest (the ruleset's JSON above all) is loaded only if
# something asks for it, such as a Match rebuilt from the moves.
LOCKED_FIELDS = (
    "id", "ruleset_name", "seed", "status", "version", "tournament", "claim_seconds",
    "turn_seconds", "bank_seconds", "bank_used", "changed_at", "due_at", "pending",
    "seats_version", "finished", "result", "rules_version", "rated",
)  # in the model's field order: Model.from_db reads a partial row in that order
_lock_plans: dict[str, tuple] = {}  # by database vendor: the lock's SQL and converters


def _lock_plan(connection) -> tuple:
    plan = _lock_plans.get(connection.vendor)
    if plan is None:
        qn = connection.ops.quote_name
        fields = [Game._meta.get_field(name) for name in LOCKED_FIELDS]
        sql = (
            f"SELECT {', '.join(qn(f.column) for f in fields)} FROM {qn(Game._meta.db_table)}"
            f" WHERE {qn(Game._meta.pk.column)} = %s"
        )
        if connection.features.has_select_for_update:
            sql += " FOR UPDATE"
        converters = []
        for f in fields:
            col = f.get_col(Game._meta.db_table)
            found = connection.ops.get_db_converters(col) + f.get_db_converters(connection)
            converters.append([(conv, col) for conv in found])
        plan = _lock_plans[connection.vendor] = (sql, [f.attname for f in fields], converters)
    return plan


def lock(game_id: int) -> Game:
    """The game row, locked until the transaction ends. The ORM compiling and iterating the
    same SELECT ... FOR UPDATE for every move cost more than running it: the SQL and the
    converters are worked out once, and the row read straight from the cursor."""
    # The connection itself: django.db.connection is a proxy that looks it up on every use.
    connection = connections[DEFAULT_DB_ALIAS]
    sql, names, converters = _lock_plan(connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        row = cursor.fetchone()
    if row is None:
        raise ServiceError("no_such_game", "There is no such game.")
    values = []
    for value, convs in zip(row, converters, strict=True):
        for conv, col in convs:
            value = conv(value, col, connection)
        values.append(value)
    return Game.from_db(connection.alias, names, values)


_seat_cache: dict[int, tuple[int, dict[int, Seat]]] = {}
_SEAT_CACHE_GAMES = 512


def seats(game: Game, fresh: bool = False) -> dict[int, Seat]:
    """The dealt seats by engine seat, read again only when game.seats_version moved (read-only:
    shared between threads)."""
    hit = None if fresh else _seat_cache.get(game.pk)
    if hit is not None and hit[0] == game.seats_version:
        return hit[1]
    found = {s.position: s for s in game.seats.all() if s.position is not None}
    if len(_seat_cache) >= _SEAT_CACHE_GAMES:
        _seat_cache.clear()
    _seat_cache[game.pk] = (game.seats_version, found)
    return found


def known_seat(game_id: int, pos: int) -> tuple[Seat, int] | None:
    """Seat `pos` as this process last read it, without the lock or a query, with the
    seats_version it was read at: whoever trusts it checks that version on the row (None: not
    read)."""
    hit = _seat_cache.get(game_id)
    seat = hit[1].get(pos) if hit is not None else None
    return (seat, hit[0]) if seat is not None else None


def seats_changed(game: Game) -> None:
    """Call under the game's lock whenever a seat row changes; the caller saves the game."""
    game.seats_version += 1


def held_seats(game_id: int, user) -> QuerySet[Seat]:
    """The user's seat at this game, unless it was taken from them: a withdrawn tournament
    player's seat, or one its player left, stays in their name (the record is theirs) but is
    a bot's."""
    withdrawn = Entry.objects.filter(user=user, withdrawn=True, places__table__game_id=game_id)
    return Seat.objects.filter(game_id=game_id, user=user, left=False).filter(~Exists(withdrawn))


def reschedule(game: Game, match) -> None:
    """Store when the game is next due (a bot's move, a timer), if that moved."""
    due = schedule.next_due(game, match, seats(game))
    if due != game.due_at:
        game.due_at = due
        game.save(update_fields=["due_at"])


def parse_action(action_json: Any, seat: int) -> Action:
    """A submitted action, read for `seat`: a frame may name its seat, but only its own."""
    if not isinstance(action_json, dict):
        raise ServiceError(protocol.E_BAD_MESSAGE, "An action must be a JSON object.")
    if "seat" in action_json:
        named = action_json["seat"]
        # `True == 1` in Python: a boolean must never pass for seat 1.
        if not isinstance(named, int) or isinstance(named, bool):
            raise ServiceError(protocol.E_BAD_MESSAGE, "An action's seat is a number from 0 to 3.")
        if named != seat:
            raise ServiceError(protocol.E_NOT_YOUR_SEAT, "You can only act for your own seat.")
    return Action.from_json({**action_json, "seat": seat})


def is_duplicate(game: Game, seat: int, action: Action, version: int) -> bool:
    move = Move.objects.filter(game=game, seq=version + 1).first()
    return move is not None and move.seat == seat and move.action == action.to_json()


def seat_of(game: Game, user) -> int:
    if user is None or not user.is_authenticated:
        raise ServiceError(protocol.E_NOT_SEATED, "Log in and take a seat to play.")
    seat = held_seats(game.pk, user).first()
    if seat is None or seat.position is None:
        raise ServiceError(protocol.E_NOT_SEATED, "You are not seated at this table.")
    return seat.position


LOST_SEAT = "This seat is no longer yours: you are watching this table now."


def holds(game: Game, user, pos: int) -> bool:
    """Under the game's lock: does `user` still play seat `pos`? A socket resolves its seat
    once, and a withdrawal hands the seat to the autopilot while the socket stays open."""
    seat = seats(game).get(pos)
    if seat is None or seat.user_id != user.pk:
        return False
    # Only a seat handed to a bot can be a withdrawn or departed player's: one query, then.
    return not (seat.is_bot and not held_seats(game.pk, user).exists())


def unlocked_seats_version(game_id: int, user, pos: int) -> int | None:
    """Whether a claim answer may skip the lock: only when this process's seats show `user`
    playing `pos` themselves. Returns the seats_version those seats were read at, for the
    unlocked statement to check on the row (another process may have changed the seat since);
    None: the locked path decides."""
    known = known_seat(game_id, pos)
    if known is None:
        return None
    seat, seats_version = known
    return seats_version if seat.user_id == user.pk and not seat.is_bot else None
