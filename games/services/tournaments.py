"""Running a tournament through the service door: registration, check-in, seating a round
and starting its games (in one step, or seated ahead so that seats may be swapped), handing absent players' seats to
the autopilot. A table's result is recorded by places.py when its game finishes; the standings
are read by standings.py."""

from __future__ import annotations

import secrets
from collections import defaultdict

from django.db import transaction

from games import clock
from games.models import (
    ACTIVE,
    FINISHED,
    PLAYING,
    RUNNING,
    SEATED,
    WITHDRAW_BOT,
    Entry,
    Game,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from games.realtime import protocol, wakeup
from games.tournaments.duplicate import vary_winds
from games.tournaments.seating import seat_round

from . import audit, broadcast, matches, notices, ratings, results, timelimits
from .errors import ServiceError
from .gamerow import lock as lock_game
from .gamerow import reschedule, seats_changed
from .standings import compute_standings
from .tables import start_table


def _lock(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise ServiceError("no_such_tournament", "There is no such tournament.") from None


def find_entry(entry_id: int) -> Entry:
    """An entry with its tournament and player, or a refusal."""
    entry = Entry.objects.select_related("tournament", "user").filter(pk=entry_id).first()
    if entry is None:
        raise ServiceError("no_such_entry", "There is no such player in the tournament.")
    return entry


# ------------------------------------------------------------------ registration
def set_registration(tournament_id: int, open_: bool, *, by=None) -> Tournament:
    with transaction.atomic():
        t = _lock(tournament_id)
        if open_ and t.status == FINISHED:
            raise ServiceError("tournament_over", "The tournament is over.")
        if t.registration_open != open_:
            t.registration_open = open_
            t.save(update_fields=["registration_open"])
            audit.record(t.pk, by, "registration_opened" if open_ else "registration_closed", t)
        return t


def register(tournament_id: int, user) -> Entry:
    if user is None or not user.is_authenticated:
        raise ServiceError("not_logged_in", "Log in to register.")
    with transaction.atomic():
        t = _lock(tournament_id)
        entry = t.entries.filter(user=user).first()
        if entry is not None and not entry.withdrawn:
            return entry
        if not t.registration_open:
            raise ServiceError("registration_closed", "Registration is closed.")
        if entry is not None:
            entry.withdrawn = False
            entry.save(update_fields=["withdrawn"])
            return entry
        return Entry.objects.create(tournament=t, user=user)


def withdraw(entry_id: int, *, by=None, reason: str = "") -> Entry:
    """The player leaves: a game they are playing goes on with a bot in their seat; later rounds
    seat a bot in their place or leave them out, as the tournament says. `by`: the organiser
    who withdrew them (written to the audit log), or None when the player withdrew."""
    with transaction.atomic():
        entry = find_entry(entry_id)
        _lock(entry.tournament_id)
        entry.withdrawn = True
        entry.save(update_fields=["withdrawn"])
        audit.record(entry.tournament_id, by, "withdrawal", entry,
                     details={"player": str(entry), "by_player": by is None}, reason=reason)
        if entry.user_id is None:
            return entry  # a bot plays a named player's seats already
        live = Game.objects.filter(
            status=ACTIVE, tournament_table__places__entry=entry
        ).values_list("pk", flat=True)
        for game_id in live:
            _hand_to_bot(game_id, entry.user, entry.tournament.bot_level)
        return entry


def _hand_to_bot(game_id: int, user, level: str) -> None:
    game = lock_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        return
    if not seat.is_bot:
        seat.bot_level = level
        seat.left_at = clock.now()  # a rated table ranks them below those who play on
        seat.save(update_fields=["bot_level", "left_at"])
    # Even a seat the autopilot already played: the player's open sockets must let go of it.
    _reschedule(game)


def _reschedule(game: Game) -> None:
    """After handing seats to the autopilot: other processes re-read the seats, open sockets
    look their seat up again (a withdrawn player's become a spectator's), and the bot moves
    when due."""
    seats_changed(game)
    game.save(update_fields=["seats_version"])
    broadcast.on_commit_send([broadcast.presence_message(game, protocol.NOTICE_SEATS)])
    reschedule(game, matches.match_for(game))
    transaction.on_commit(wakeup.poke)


def autopilot_absent(table_id: int) -> int:
    """Settle a stuck table: every human seat with nobody connected is played by the autopilot
    from now on. Returns how many seats were handed over."""
    table = Table.objects.select_related("round__tournament").get(pk=table_id)
    if table.game_id is None:
        return 0
    level = table.round.tournament.bot_level
    with transaction.atomic():
        game = lock_game(table.game_id)
        if game.status != ACTIVE:
            return 0
        absent = [s for s in game.seats.all() if not s.is_bot and s.connections == 0]
        now = clock.now()
        for seat in absent:
            seat.bot_level, seat.left_at = level, now
            seat.save(update_fields=["bot_level", "left_at"])
        if absent:
            _reschedule(game)
        return len(absent)


# ------------------------------------------------------------------ check-in
def next_round_number(t: Tournament) -> int:
    """The round check-in is for: the one seated ahead (it applies when it starts), else the
    one after the last."""
    last = t.round_set.order_by("-number").values_list("number", "status").first()
    if last is None:
        return 1
    return last[0] if last[1] == SEATED else last[0] + 1


def check_in(entry_id: int, *, by=None) -> Entry:
    """The player is here for the next round (they pressed I'm here, or `by` the organiser
    ticked them). Refused when the tournament does not use check-in or has no round left."""
    with transaction.atomic():
        entry = find_entry(entry_id)
        t = _lock(entry.tournament_id)
        if not t.check_in:
            raise ServiceError("no_check_in", "This tournament does not use check-in.")
        if t.status == FINISHED:
            raise ServiceError("tournament_over", "The tournament is over.")
        if entry.withdrawn:
            raise ServiceError("withdrawn", f"{entry} has withdrawn.")
        number = next_round_number(t)
        if number > t.rounds:
            raise ServiceError("no_more_rounds", f"All {t.rounds} rounds have been played.")
        if entry.checked_in_for != number:
            entry.checked_in_for = number
            entry.save(update_fields=["checked_in_for"])
            audit.record(t.pk, by or entry.user, "check_in", entry,
                         details={"player": str(entry), "round": number,
                                  "by_player": by is None})
        return entry


def is_checked_in(t: Tournament, entry: Entry | None) -> bool:
    return entry is not None and entry.checked_in_for == next_round_number(t)


# ------------------------------------------------------------------ rounds
def _entrants(t: Tournament) -> list[Entry]:
    entries = list(t.entries.select_related("user").order_by("pk"))
    if t.withdrawal == WITHDRAW_BOT:
        return entries  # a withdrawn player's place is kept and played by a bot
    return [e for e in entries if not e.withdrawn]


def _history(t: Tournament) -> list[list[tuple]]:
    rounds: dict[int, dict[int, list]] = defaultdict(dict)
    places = TableSeat.objects.filter(table__round__tournament=t).values_list(
        "table__round__number", "table__number", "wind", "entry_id"
    )
    for number, table, wind, entry_id in places:
        rounds[number].setdefault(table, [None] * 4)[wind] = entry_id
    return [[tuple(rounds[n][k]) for k in sorted(rounds[n])] for n in sorted(rounds)]


def seat_next_round(tournament_id: int, *, by=None) -> Round:
    """Seat the next round without starting it: its tables and places, no games yet, so that
    the organiser may swap players (swaps.py) and print the slips first. Check-in applies when
    it starts. Registration closes with the first round."""
    with transaction.atomic():
        t = _lock(tournament_id)
        rnd = _seat(t, _next_number(t), set())
        audit.record(t.pk, by, "round_seated", rnd,
                     details={"round": rnd.number, "tables": rnd.tables.count()})
        return rnd


def start_next_round(tournament_id: int, *, by=None) -> Round:
    """Start the seated round, or seat the next round and start it in one step."""
    with transaction.atomic():
        t = _lock(tournament_id)
        rnd = t.round_set.filter(status=SEATED).first()
        if rnd is None:
            number = _next_number(t)
            rnd = _seat(t, number, _no_shows(t, _entrants(t), number, by))
        else:
            _absent_at_start(t, rnd, by)
        return _start(t, rnd, by)


def start_seated_round(tournament_id: int, *, by=None) -> Round:
    """Start the round seated ahead (refused when none is)."""
    with transaction.atomic():
        t = _lock(tournament_id)
        if not t.round_set.filter(status=SEATED).exists():
            raise ServiceError("no_seated_round", "No round is seated: seat the next round first.")
        return start_next_round(tournament_id, by=by)


def _next_number(t: Tournament) -> int:
    if t.status == FINISHED:
        raise ServiceError("tournament_over", "The tournament is over.")
    last = t.round_set.order_by("-number").first()
    if last is not None and last.is_seated:
        raise ServiceError(
            "round_seated", f"Round {last.number} is seated already: start it first.")
    if last is not None and not last.is_finished:
        raise ServiceError("round_playing", f"Round {last.number} is still being played.")
    number = last.number + 1 if last else 1
    if number > t.rounds:
        raise ServiceError("no_more_rounds", f"All {t.rounds} rounds have been played.")
    return number


def _seat(t: Tournament, number: int, absent: set[int]) -> Round:
    """The round's tables and places (no games). A withdrawn player's or a no-show's place is
    left to a bot and scores for nobody."""
    entrants = _entrants(t)
    if t.no_show != WITHDRAW_BOT:
        entrants = [e for e in entrants if e.pk not in absent]  # they sit this round out
    if sum(not e.withdrawn and e.pk not in absent for e in entrants) < 2:
        raise ServiceError("too_few_players", "At least two players are needed.")
    by_id = {e.pk: e for e in entrants}
    history = _history(t)
    standings = None
    if t.swiss and history:
        standings = [row.entry.pk for row in compute_standings(t).rows if row.entry.pk in by_id]
    try:
        seating = seat_round(list(by_id), history, seed=t.seed, fill=t.fill, standings=standings)
    except ValueError as exc:
        raise ServiceError("cannot_seat", str(exc)) from None
    tables, seed = seating.tables, ""
    if t.duplicate_walls:
        tables, seed = vary_winds(tables, history), secrets.token_hex(16)
    rnd = Round.objects.create(tournament=t, number=number, status=SEATED, seed=seed)
    for k, order in enumerate(tables, start=1):
        table = Table.objects.create(round=rnd, number=k)
        entries = [by_id.get(p) for p in order]
        TableSeat.objects.bulk_create(
            TableSeat(table=table, wind=w, entry=None if _out(e, absent) else e,
                      stood_in_for=e if _out(e, absent) else None)
            for w, e in enumerate(entries)
        )
    t.status = RUNNING
    t.registration_open = False
    t.save(update_fields=["status", "registration_open"])
    return rnd


def _out(entry: Entry | None, absent: set[int]) -> bool:
    return entry is not None and (entry.withdrawn or entry.pk in absent)


def _absent_at_start(t: Tournament, rnd: Round, by) -> None:
    """A round seated ahead starts: who withdrew since, or has not checked in, leaves their
    place to a bot (the tables are set, so nobody sits out)."""
    places = list(TableSeat.objects.filter(table__round=rnd, entry__isnull=False)
                  .select_related("entry__user"))
    absent = _no_shows(t, [p.entry for p in places], rnd.number, by, seated=True)
    gone = [p for p in places if _out(p.entry, absent)]
    for p in gone:
        p.entry, p.stood_in_for = None, p.entry
    TableSeat.objects.bulk_update(gone, ["entry", "stood_in_for"])
    if len(places) - len(gone) < 2:
        raise ServiceError("too_few_players", "At least two players are needed.")


def _start(t: Tournament, rnd: Round, by) -> Round:
    for table in rnd.tables.order_by("number"):
        start_table(t, table, seed=rnd.seed or None)
    rnd.status = PLAYING
    rnd.started = clock.now()
    rnd.deadline = timelimits.deadline_for(t)
    rnd.save(update_fields=["status", "started", "deadline"])
    notices.after_round_starts(rnd.pk)
    audit.record(t.pk, by, "round_started", rnd,
                 details={"round": rnd.number, "tables": rnd.tables.count()})
    return rnd


def _no_shows(
    t: Tournament, entrants: list[Entry], number: int, by, *, seated: bool = False
) -> set[int]:
    """With check-in: the players who have not checked in for this round. A bot plays their
    seat (scoring for nobody, as for a withdrawn player) or they sit out, as the tournament
    says (a round seated ahead: a bot); each is written to the audit log."""
    if not t.check_in:
        return set()
    absent = {e.pk for e in entrants if not e.withdrawn and e.checked_in_for != number}
    bot = seated or t.no_show == WITHDRAW_BOT
    for e in entrants:
        if e.pk in absent:
            audit.record(t.pk, by, "no_show", e, details={
                "player": str(e), "round": number, "replaced_by": "bot" if bot else "sits out"})
    return absent


def close_round(round_id: int, *, by=None) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round_id)
        if rnd.is_seated:
            raise ServiceError("round_not_started", f"Round {rnd.number} has not started yet.")
        unfinished = rnd.tables.exclude(game__status=FINISHED).values_list("number", flat=True)
        if unfinished:
            numbers = ", ".join(str(n) for n in unfinished)
            raise ServiceError(
                "tables_playing",
                f"Table(s) {numbers} of round {rnd.number} are still playing: settle them first.",
            )
        if not rnd.is_finished:
            rnd.status = FINISHED
            rnd.finished = clock.now()
            rnd.save(update_fields=["status", "finished"])
            results.count_round(rnd)
            ratings.rate_round(rnd)
            audit.record(rnd.tournament_id, by, "round_closed", rnd, details={"round": rnd.number})
        return rnd


def finish(tournament_id: int, *, by=None) -> Tournament:
    with transaction.atomic():
        t = _lock(tournament_id)
        if t.round_set.filter(status=SEATED).exists():
            raise ServiceError("round_seated", "A round is seated: start it first.")
        if t.round_set.filter(status=PLAYING).exists():
            raise ServiceError("round_playing", "A round is still being played.")
        t.status = FINISHED
        t.registration_open = False
        t.save(update_fields=["status", "registration_open"])
        audit.record(t.pk, by, "finished", t)
        return t
