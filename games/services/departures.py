"""People leaving a game under way. A player may leave a casual game: a bot of their choosing
plays their seat on, in their name ("Bot Plum (for alice)"), and the moves before stay theirs.
In a rated game, leaving counts as placing last (services/ratings.py). A game with no person
left at it ends as abandoned, and so does a casual table nobody has attended for
GAMES_ABANDON_MINUTES (the ticker's presence sweep looks for them). Resigning a casual game
places the player last: alone with bots it ends the game there (services/endings.py), with
others a bot plays the seat on as for leaving."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from games import clock, conf
from games.models import (
    ABANDONED,
    ACTIVE,
    BOT_LEVELS,
    OPEN,
    RESIGNED,
    Connection,
    Game,
    Seat,
)
from games.realtime import protocol, wakeup

from . import audit, broadcast, endings, forfeits, matches, ratings, thoughts
from .errors import ServiceError
from .gamerow import held_seats, lock, reschedule, seats, seats_changed
from .lobby import free_bot_name

ABANDON_BATCH = 20  # tables ended per sweep at most: the rest wait for the next one


def leave_game(game_id: int, user, level: str | None = None) -> Game:
    """`user` leaves the casual game they play; a `level` bot (else the autopilot's) takes
    their seat."""
    level = level or conf.autopilot_level()
    if level not in BOT_LEVELS:
        raise ServiceError("bad_bot", f"Unknown bot level {level!r}.")
    if user is None or not user.is_authenticated:
        raise ServiceError(protocol.E_NOT_SEATED, "You are not seated at this table.")
    now = clock.now()
    with transaction.atomic():
        game = lock(game_id)
        if game.status == OPEN:
            raise ServiceError(protocol.E_NOT_STARTED, "The game has not started yet.")
        if game.status != ACTIVE:
            raise ServiceError(protocol.E_GAME_OVER, "The game is over.")
        seat = held_seats(game_id, user).first()
        if seat is None:
            raise ServiceError(protocol.E_NOT_SEATED, "You are not seated at this table.")
        if game.tournament:
            raise ServiceError(
                "tournament_table",
                "A tournament table cannot be left: withdraw from the tournament instead "
                "(a bot then plays your seat).",
            )
        _hand_over(game, seat, level, now)
        if not game.seats.filter(bot_level="").exists():
            _abandon(game, now)
            # A rated game its players abandoned is rated by the order they left in: each
            # who left counts as placed below everyone still playing (docs/ratings.md).
            ratings.rate(game)
        else:
            endings.people_changed(game)  # a proposal to end a rated game lapses
            _seats_handed_over(game)
        return game


def _hand_over(game: Game, seat: Seat, level: str, now: datetime, *also: str) -> None:
    """Under the lock: a `level` bot plays the seat on in its player's name (`also`: more of
    the seat's fields to save)."""
    seat.recorded_name = free_bot_name(game, seat.chair)
    seat.bot_level, seat.left, seat.left_at = level, True, now
    seat.connections, seat.absent_since, seat.last_seen = 0, None, now
    seat.save(update_fields=["recorded_name", "bot_level", "left", "left_at", "connections",
                             "absent_since", "last_seen", *also])
    # The leaver's sockets stop counting here; each looks its seat up again (the notice
    # below) and watches from then on.
    Connection.objects.filter(seat=seat).delete()


def resign_game(game_id: int, user, version) -> Game:
    """`user` resigns the casual game they play, at `version` (the one they saw): placed last.
    Alone with bots, the game ends now with the standing as it is (services/endings.py); with
    other people at the table, the autopilot's level of bot plays the seat on in their name, as
    for leaving, and the result they get at the end is last place, marked resigned. A rated
    game is not resigned (its people may agree to end it), nor a tournament's."""
    now = clock.now()
    with transaction.atomic():
        game, seat = endings.seated(game_id, user)
        if game.tournament:
            raise ServiceError(protocol.E_TOURNAMENT_TABLE,
                               "A tournament table cannot be resigned: withdraw from the "
                               "tournament instead (a bot then plays your seat).")
        if game.rated:
            raise ServiceError(protocol.E_RATED_TABLE,
                               "A rated game cannot be resigned: propose ending it now (the "
                               "others must agree), or leave it (counted as last place).")
        endings.check_version(game, version)
        seat.forfeit = RESIGNED
        others = game.seats.filter(bot_level="").exclude(pk=seat.pk).exists()
        if others:
            _hand_over(game, seat, conf.autopilot_level(), now, "forfeit")
            _seats_handed_over(game)
        else:
            seat.left_at = now
            seat.save(update_fields=["forfeit", "left_at"])
            endings.end_now(game, matches.match_for(game), forfeits.RESIGNED, now)
        audit.record(None, user, "resigned", game, details={
            "seat": seat.position, "version": game.version, "ended": not others})
        return game


def _seats_handed_over(game: Game) -> None:
    """Other processes read the seats again, open sockets look their seat up again, and the
    bot moves when due."""
    seats_changed(game)
    game.save(update_fields=["seats_version"])
    broadcast.on_commit_send([broadcast.presence_message(game, protocol.NOTICE_SEATS)])
    match = matches.match_for(game)
    reschedule(game, match)
    by_pos = seats(game)
    transaction.on_commit(lambda: thoughts.look_ahead(game, match, by_pos))
    transaction.on_commit(wakeup.poke)


def _abandon(game: Game, now: datetime) -> None:
    """End the game (under its lock) where it stands: no result, nothing more due."""
    game.status = ABANDONED
    game.finished = now
    game.due_at = None
    game.pending = {}
    seats_changed(game)
    game.save(update_fields=["status", "finished", "due_at", "pending", "seats_version"])
    # Every open socket gets a whole state again: the status, and no countdown left running.
    broadcast.on_commit_send([broadcast.presence_message(game, protocol.NOTICE_STARTED)])


def unattended(now: datetime):
    """Casual games under way where no person has been connected since the cutoff (a game of
    bots alone, started by no one at the table, is left to play out)."""
    cutoff = now - timedelta(minutes=conf.get("GAMES_ABANDON_MINUTES"))
    people = Seat.objects.filter(game=OuterRef("pk"), bot_level="")
    attended = people.filter(
        Q(connections__gt=0) | Q(absent_since__gt=cutoff)
        | Q(absent_since__isnull=True, last_seen__gt=cutoff)
    )
    return Game.objects.filter(status=ACTIVE, tournament=False).filter(
        Exists(people), ~Exists(attended)
    )


def abandon_unattended(now: datetime | None = None) -> list[int]:
    """End as abandoned the casual tables nobody has attended for GAMES_ABANDON_MINUTES (at
    most ABANDON_BATCH a call); returns their ids."""
    now = now or clock.now()
    ended = []
    for game_id in unattended(now).order_by("pk").values_list("pk", flat=True)[:ABANDON_BATCH]:
        with transaction.atomic():
            game = lock(game_id)
            # Looked at again under the lock: someone may have come back meanwhile.
            if unattended(now).filter(pk=game_id).exists():
                _abandon(game, now)
                # Nobody abandoned it more than the others: not rated, unless someone left a
                # rated game first (they count as placed below those who stayed, who share a
                # place), so leaving and then letting the table lapse escapes nothing.
                if game.rated and game.seats.filter(left=True).exists():
                    ratings.rate(game)
                ended.append(game_id)
    return ended


def abandon_game(game_id: int, *, by, reason: str = "") -> Game:
    """An organiser ends a stuck casual game where it stands: no result, no rating (nobody
    left it, so no order of leaving ranks the players), and a line in the audit log. A
    tournament table is not abandoned (its round could never close): its absent seats are
    handed to the autopilot instead."""
    with transaction.atomic():
        game = lock(game_id)
        if game.status != ACTIVE:
            raise ServiceError("not_live", "Only a game under way can be abandoned.")
        if game.tournament:
            raise ServiceError(
                "tournament_table",
                "A tournament table is not abandoned: settle it on its table's page (the "
                "autopilot plays the absent seats) so its round can close.",
            )
        _abandon(game, clock.now())
        audit.record(None, by, "game_abandoned", game, reason=reason,
                     details={"moves": game.version})
        return game
