"""Running a tournament through the service door: registration, seating and starting a round's
games, handing absent players' seats to the autopilot, standings. A table's result is recorded
by places.py when its game finishes."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction

from games import clock, protocol, results, wakeup
from games.accounts import is_guest
from games.engine.rituals import random_seating
from games.models import (
    ACTIVE,
    FINISHED,
    RUNNING,
    WITHDRAW_BOT,
    Entry,
    Game,
    Penalty,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from games.tournaments.seating import seat_round

from . import audit, broadcast, lobby, matches, notices, ratings, timelimits
from .errors import ServiceError
from .gamerow import lock as lock_game
from .gamerow import reschedule, seats_changed


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
def set_registration(tournament_id: int, open_: bool) -> Tournament:
    with transaction.atomic():
        t = _lock(tournament_id)
        if open_ and t.status == FINISHED:
            raise ServiceError("tournament_over", "The tournament is over.")
        t.registration_open = open_
        t.save(update_fields=["registration_open"])
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
    last = t.round_set.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


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


def start_next_round(tournament_id: int, *, by=None) -> Round:
    """Seat the next round and start its games. Registration closes with the first round."""
    with transaction.atomic():
        t = _lock(tournament_id)
        if t.status == FINISHED:
            raise ServiceError("tournament_over", "The tournament is over.")
        last = t.round_set.order_by("-number").first()
        if last is not None and not last.is_finished:
            raise ServiceError(
                "round_playing", f"Round {last.number} is still being played."
            )
        number = last.number + 1 if last else 1
        if number > t.rounds:
            raise ServiceError("no_more_rounds", f"All {t.rounds} rounds have been played.")
        entrants = _entrants(t)
        absent = _no_shows(t, entrants, number, by)
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
            seating = seat_round(
                list(by_id), history, seed=t.seed, fill=t.fill, standings=standings
            )
        except ValueError as exc:
            raise ServiceError("cannot_seat", str(exc)) from None
        rnd = Round.objects.create(
            tournament=t, number=number, deadline=timelimits.deadline_for(t))
        for i, order in enumerate(seating.tables, start=1):
            _start_table(t, rnd, i, [by_id.get(p) for p in order], absent)
        t.status = RUNNING
        t.registration_open = False
        t.save(update_fields=["status", "registration_open"])
        notices.after_round_starts(rnd.pk)
        audit.record(t.pk, by, "round_started", rnd,
                     details={"round": number, "tables": len(seating.tables)})
        return rnd


def _no_shows(t: Tournament, entrants: list[Entry], number: int, by) -> set[int]:
    """With check-in: the players who have not checked in for this round. A bot plays their
    seat (scoring for nobody, as for a withdrawn player) or they sit out, as the tournament
    says; each is written to the audit log."""
    if not t.check_in:
        return set()
    absent = {e.pk for e in entrants if not e.withdrawn and e.checked_in_for != number}
    for e in entrants:
        if e.pk in absent:
            audit.record(t.pk, by, "no_show", e, details={
                "player": str(e), "round": number,
                "replaced_by": "bot" if t.no_show == WITHDRAW_BOT else "sits out"})
    return absent


def _start_table(
    t: Tournament, rnd: Round, number: int, order: list[Entry | None], absent: set[int]
) -> None:
    # A withdrawn player's or a no-show's place is played by a bot and scores for nobody.
    order = [None if e is not None and (e.withdrawn or e.pk in absent) else e for e in order]
    settings = dict(t.settings or {})
    if t.deals_per_table:
        settings["max_deals"] = t.deals_per_table
    people = [e.user for e in order if e is not None]
    game = lobby.create_game(
        None,
        t.ruleset_name,
        tournament=True,
        claim_seconds=t.claim_seconds,
        turn_seconds=t.turn_seconds,
        settings=settings,
        # A rated tournament's table is rated when four members sit at it (no bot, no guest).
        rated=t.rated and len(people) == 4 and not any(is_guest(u) for u in people),
    )
    table = Table.objects.create(round=rnd, number=number, game=game)
    TableSeat.objects.bulk_create(
        TableSeat(table=table, wind=w, entry=e) for w, e in enumerate(order)
    )
    # The seating ritual of the game's seed decides which chair draws which wind; fill the
    # chairs so that each player starts in the wind the tournament seating chose.
    seat_of = random_seating(game.seed).seat_of
    for chair in range(4):
        entry = order[seat_of[chair]]
        if entry is None:
            lobby.add_bot(game.pk, t.bot_level, chair=chair)
        else:
            seat = lobby.take_seat(game.pk, entry.user)
            assert seat.chair == chair, "chairs are filled in order"
    lobby.start_game(game.pk)


def close_round(round_id: int, *, by=None) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round_id)
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
        if t.round_set.exclude(status=FINISHED).exists():
            raise ServiceError("round_playing", "A round is still being played.")
        t.status = FINISHED
        t.registration_open = False
        t.save(update_fields=["status", "registration_open"])
        audit.record(t.pk, by, "finished", t)
        return t


# ------------------------------------------------------------------ standings
@dataclass
class Row:
    entry: Entry
    table_points: float = 0.0
    score: int = 0
    games: int = 0
    rank: int = 0
    adjustment: float = 0.0  # table points from penalties (negative) and bonuses (positive)
    by_round: list[float] = field(default_factory=list)  # cumulative table points

    @property
    def name(self) -> str:
        return self.entry.user.username


@dataclass
class Standings:
    rows: list[Row]
    rounds: list[int]  # the rounds counted


def visible_rounds(t: Tournament, public: bool) -> list[int]:
    numbers = t.round_set.order_by("number").values_list("number", "status")
    if public and t.hide_scores:
        return [n for n, status in numbers if status == FINISHED]
    return [n for n, _ in numbers]


def compute_standings(
    t: Tournament, *, public: bool = False, upto: int | None = None
) -> Standings:
    """Ordered by table points, then score, then head-to-head among the players still tied.
    `public`: with hidden scores, only rounds whose every table has finished count; `upto`: the
    standings as they were after that round."""
    rounds = [n for n in visible_rounds(t, public) if upto is None or n <= upto]
    rows = {e.pk: Row(e) for e in t.entries.select_related("user")}
    gained: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    results = TableSeat.objects.filter(
        table__round__tournament=t, table__round__number__in=rounds, entry__isnull=False,
        place__isnull=False,
    ).values_list("entry_id", "table_id", "table__round__number", "place", "score", "table_points")
    by_table: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for entry_id, table_id, number, place, score, tp in results:
        row = rows[entry_id]
        row.table_points += tp
        row.score += score
        row.games += 1
        gained[entry_id][number] += tp
        by_table[table_id].append((entry_id, place))
    for penalty in penalties_counted(t, rounds):
        row = rows[penalty.entry_id]
        row.table_points += penalty.table_points
        row.adjustment += penalty.table_points
        row.score += penalty.score
        # A penalty at a table counts in that table's round; one for the whole tournament, in
        # the latest round counted.
        number = penalty.table.round.number if penalty.table_id else (rounds[-1] if rounds else 0)
        gained[penalty.entry_id][number] += penalty.table_points
    for row in rows.values():
        total = 0.0
        for n in rounds:
            total += gained[row.entry.pk][n]
            row.by_round.append(round(total, 2))
    key = {pk: (-round(r.table_points, 6), -r.score) for pk, r in rows.items()}
    ordered = sorted(rows.values(), key=lambda r: (key[r.entry.pk], r.entry.pk))
    out: list[Row] = []
    i = 0
    while i < len(ordered):
        group = [r for r in ordered[i:] if key[r.entry.pk] == key[ordered[i].entry.pk]]
        wins = _head_to_head(group, by_table)
        for r in group:
            key[r.entry.pk] += (-wins[r.entry.pk],)
        out.extend(sorted(group, key=lambda r: (key[r.entry.pk], r.entry.pk)))
        i += len(group)
    for k, row in enumerate(out):
        prev = out[k - 1] if k else None
        same = prev is not None and key[prev.entry.pk] == key[row.entry.pk]
        row.rank = prev.rank if same else k + 1
    return Standings(out, rounds)


def penalties_counted(t: Tournament, rounds: list[int]) -> list[Penalty]:
    """The penalties and bonuses that count with these rounds: those given at a table of one of
    them, and those for the tournament as a whole (once a round counts)."""
    if not rounds:
        return []
    return [
        p for p in t.penalties.select_related("entry__user", "table__round").order_by("created", "pk")
        if p.table_id is None or p.table.round.number in rounds
    ]


def _head_to_head(group: list[Row], by_table) -> dict[int, int]:
    """Among tied players: how often each placed above, less below, the others of the group at
    the tables they shared."""
    ids = {r.entry.pk for r in group}
    wins: dict[int, int] = defaultdict(int)
    for seated in by_table.values():
        mine = [(e, p) for e, p in seated if e in ids]
        for e, p in mine:
            wins[e] += sum((p < q) - (p > q) for f, q in mine if f != e)
    return wins


# ------------------------------------------------------------------ ranking and exports
def ranking(t: Tournament, *, public: bool = False) -> list[Row]:
    """The standings of the players who played at least one table, ranked among themselves:
    tied players (same table points, score and head-to-head) share the rank of the first of them."""
    played = [r for r in compute_standings(t, public=public).rows if r.games]
    first_of: dict[int, int] = {}
    for k, row in enumerate(played, start=1):
        first_of.setdefault(row.rank, k)
    for row in played:
        row.rank = first_of[row.rank]
    return played


def mers_points(rank: int, players: int) -> float:
    """MERS-style result points: 1000 for the first, 0 for the last, evenly between."""
    if players <= 1:
        return 1000.0
    return round(1000 * (players - rank) / (players - 1), 2)
