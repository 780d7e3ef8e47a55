"""Before the first move: creating a table, taking and leaving seats, starting."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction

from games import clock, conf
from games.access.accounts import is_guest
from games.engine.errors import NotationError
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, Ruleset, get_ruleset
from games.models import ACTIVE, BOT_LEVELS, BOT_NAMES, OPEN, Game, Seat
from games.models.bots import RATED_BOT, is_bot
from games.realtime import protocol, wakeup

from . import broadcast, gamerow, matches, schedule, thoughts
from .errors import ServiceError

RENAMED_GAMES = 50  # a renamed player's tables told at most (a guest plays a few at a time)


def create_game(
    user=None,
    ruleset_name: str = DEFAULT_RULESET,
    *,
    tournament: bool = False,
    private: bool = False,
    claim_seconds: int | None = None,
    turn_seconds: int | None = None,
    bank_seconds: int = 0,
    seed: str | None = None,
    settings: dict[str, Any] | None = None,
    rematch_of: Game | None = None,
    rated: bool = False,
    friends_only: bool = False,
) -> Game:
    """A new open table. Tournament games get a turn timer unless one is given; any table may
    have a clock: `turn_seconds` a move and a time bank of `bank_seconds` per seat per deal.
    A `rated` table seats people with accounts only (no bots, no guests). A `friends_only`
    table is a private one that the creator's friends may also find and open: a member's only
    (FRIENDS_MEMBERS)."""
    _check_clock(turn_seconds, bank_seconds)
    if rated and user is not None and is_guest(user):
        raise ServiceError("rated_guest", RATED_GUEST)
    if rated and is_bot(user):
        raise ServiceError("rated_bot", RATED_BOT)
    if friends_only and (user is None or not user.is_authenticated or is_guest(user)
                         or is_bot(user)):
        raise ServiceError("friends_members", FRIENDS_MEMBERS)
    if ruleset_name not in PLAYABLE:
        raise ServiceError("bad_ruleset", f"The ruleset {ruleset_name!r} is not playable yet.")
    ruleset = get_ruleset(ruleset_name)
    if settings:
        try:
            ruleset = Ruleset.from_json({**ruleset.to_json(), **settings})
        except (NotationError, TypeError) as exc:
            raise ServiceError("bad_ruleset", str(exc)) from None
    if turn_seconds is None and tournament:
        turn_seconds = conf.get("GAMES_TOURNAMENT_TURN_SECONDS")
    return Game.objects.create(
        ruleset_name=ruleset_name,
        ruleset=ruleset.to_json(),
        seed=seed or secrets.token_hex(16),
        created_by=user if user is not None and user.is_authenticated else None,
        tournament=tournament,
        private=private or friends_only,
        friends_only=bool(friends_only),
        invite=secrets.token_urlsafe(16) if private or friends_only else "",
        claim_seconds=claim_seconds or conf.get("GAMES_CLAIM_SECONDS"),
        turn_seconds=turn_seconds or None,
        bank_seconds=bank_seconds if turn_seconds else 0,
        rematch_of=rematch_of,
        rated=bool(rated),
    )


# The clock's bounds: seconds a move, and the bank's seconds a deal (the lobby's form offers
# less; an organiser may set a tournament's turn timer long).
MOVE_SECONDS = (1, 86400)
BANK_SECONDS = (0, 86400)


# A friends-only table's friends are the people its creator follows (docs/people.md): only a
# member follows anyone.
FRIENDS_MEMBERS = ("A friends-only table is for members: its friends are the people its creator "
                   "follows, and a guest follows nobody. Sign up (a guest keeps their games) to "
                   "open one.")
RATED_GUEST = ("Rated games are for members: sign up (a guest keeps their games) to play "
               "rated games.")


def _check_clock(turn_seconds, bank_seconds) -> None:
    for value, (least, most), what in ((turn_seconds, MOVE_SECONDS, "A move's time"),
                                       (bank_seconds, BANK_SECONDS, "The time bank")):
        if value in (None, 0) and not isinstance(value, bool):  # none
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
            raise ServiceError("bad_clock", f"{what} is {least} to {most} seconds.")
    if bank_seconds and not turn_seconds:
        raise ServiceError("bad_clock", "A time bank needs a move clock.")


def _open(game_id: int) -> Game:
    game = gamerow.lock(game_id)
    if game.status != OPEN:
        raise ServiceError("seating_closed", "Seats can only change before the game starts.")
    return game


def _free_chair(game: Game) -> int:
    taken = set(game.seats.values_list("chair", flat=True))
    for chair in range(4):
        if chair not in taken:
            return chair
    raise ServiceError("table_full", "All four seats are taken.")


def _announce(game: Game, notice: str = protocol.NOTICE_SEATS) -> None:
    gamerow.seats_changed(game)
    game.save(update_fields=["seats_version"])
    broadcast.on_commit_send([broadcast.presence_message(game, notice)])


def take_seat(game_id: int, user) -> Seat:
    if user is None or not user.is_authenticated:
        raise ServiceError(protocol.E_NOT_SEATED, "Log in (or play as a guest) to sit down.")
    with transaction.atomic():
        game = gamerow.lock(game_id)
        seat = game.seats.filter(user=user).first()
        if seat is not None:
            return seat
        if game.status != OPEN:
            raise ServiceError("seating_closed", "Seats can only change before the game starts.")
        if game.rated and is_guest(user):
            raise ServiceError("rated_guest", RATED_GUEST)
        if game.rated and is_bot(user):
            raise ServiceError("rated_bot", RATED_BOT)
        seat = Seat.objects.create(game=game, chair=_free_chair(game), user=user)
        _announce(game)
        return seat


def free_bot_name(game: Game, chair: int) -> str:
    """A bot name nobody at the table has, the chair's own if free (Seat.bot_name)."""
    taken = {s.bot_name for s in game.seats.all() if s.is_bot}
    first = (game.pk + chair) % len(BOT_NAMES)
    names = BOT_NAMES[first:] + BOT_NAMES[:first]
    return next((n for n in names if n not in taken), names[0])


def add_bot(
    game_id: int, level: str = "intermediate", *, chair: int | None = None, name: str = ""
) -> Seat:
    """A bot in `chair`, or in the first free one; `name` keeps a rematch's bot's name."""
    if level not in BOT_LEVELS:
        raise ServiceError("bad_bot", f"Unknown bot level {level!r}.")
    with transaction.atomic():
        game = _open(game_id)
        if game.rated:
            raise ServiceError("rated_bot", "A rated table is for four people: no bots.")
        if chair is None:
            chair = _free_chair(game)
        elif chair not in range(4) or game.seats.filter(chair=chair).exists():
            raise ServiceError("seat_taken", f"Seat {chair + 1} is not free.")
        seat = Seat.objects.create(game=game, chair=chair, bot_level=level,
                                   recorded_name=name or free_bot_name(game, chair))
        _announce(game)
        return seat


def leave_seat(game_id: int, user=None, *, chair: int | None = None) -> bool:
    """A player leaves, or (with `chair`) a bot is removed. A waiting room whose last person
    leaves is closed: nobody is left to start it, so the table and its bots are removed (it
    has no move to keep). Returns whether the table was closed. A tournament's table stays:
    its round seats it."""
    with transaction.atomic():
        game = _open(game_id)
        seats = game.seats.filter(chair=chair) if chair is not None else game.seats.filter(
            user=user
        )
        seats.delete()
        if not game.tournament and not game.seats.filter(bot_level="").exists():
            game.delete()
            return True
        _announce(game)
        return False


def start_if_alone(game_id: int) -> bool:
    """Deal at once a full waiting room where one person sits with three bots: nobody else's
    consent is awaited, so nobody should have to press *Start the game*. Returns whether it
    was dealt."""
    with transaction.atomic():
        game = gamerow.lock(game_id)
        if game.status != OPEN or game.tournament:
            return False
        seats = list(game.seats.all())
        if len(seats) != 4 or sum(1 for s in seats if not s.is_bot) != 1:
            return False
        start_game(game_id)
        return True


def start_game(game_id: int) -> Game:
    """Deal: the engine's seating ritual decides which chair becomes which seat."""
    now = clock.now()
    with transaction.atomic():
        game = _open(game_id)
        seats = list(game.seats.all())
        if len(seats) != 4:
            raise ServiceError("table_not_full", "Four players (or bots) are needed to start.")
        match = matches.take(game)
        for seat in seats:
            seat.position = match.seating.seat_of[seat.chair]
            if not seat.is_bot and seat.connections == 0:
                seat.absent_since = now
        Seat.objects.bulk_update(seats, ["position", "absent_since"])
        game.status = ACTIVE
        game.started = game.changed_at = game.listed_at = now
        _announce(game, protocol.NOTICE_STARTED)  # (counts the seats' change)
        game.due_at = schedule.next_due(game, match, gamerow.seats(game, fresh=True))
        game.save()
        by_pos = gamerow.seats(game)
        transaction.on_commit(lambda: thoughts.look_ahead(game, match, by_pos))
        transaction.on_commit(lambda: matches.put(game, match))  # shared from here on
        if game.due_at is not None:
            transaction.on_commit(wakeup.poke)
        return game


def open_rematch(user, game: Game, seats) -> Game:
    """The open rematch table, made by the first to ask. The old game's row is locked, so two
    players asking at once get one table."""
    with transaction.atomic():
        gamerow.lock(game.pk)
        again = game.rematches.filter(status=OPEN).first()
        if again is None:
            again = create_game(
                user, game.ruleset_name, tournament=game.tournament,
                private=game.private, claim_seconds=game.claim_seconds,
                turn_seconds=game.turn_seconds, bank_seconds=game.bank_seconds,
                settings=game.ruleset, rematch_of=game, rated=game.rated,
            )
            for s in seats:
                # The same bots, by name, in their chairs; a seat its player left stays open.
                if s.is_bot and not s.left:
                    add_bot(again.pk, s.bot_level, chair=s.chair, name=s.bot_name)
        return again


def player_renamed(user) -> int:
    """A player's name changed (a guest kept a name): the tables they sit at, waiting or under
    way, read their seats again and tell the sockets, so the table, its frames and its lists
    say the new name at once (a seat shows its account's current name). Returns how many."""
    ids = list(Game.objects.filter(status__in=[OPEN, ACTIVE], seats__user=user)
               .order_by("-pk").values_list("pk", flat=True).distinct()[:RENAMED_GAMES])
    for game_id in ids:
        with transaction.atomic():
            game = gamerow.lock(game_id)
            _announce(game)
    return len(ids)
