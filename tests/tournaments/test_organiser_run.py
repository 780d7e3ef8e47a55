"""An organiser runs a 16-player tournament from the Django admin with everything the admin
offers: check-in (one no-show, whose place a bot plays), duplicate walls, a round seated ahead
with two players swapped, a round hitting its time limit, a penalty and a correction. The
games are played by the autopilot through the service door. The final ranking, the standings
CSV and the MERS export are checked against figures worked out here from the tables' results;
the audit log lists every change; staff without the tournament permissions and outsiders are
refused."""

import csv
import io
from collections import defaultdict
from datetime import timedelta
from fractions import Fraction

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.test import Client

from games import clock, services
from games.engine.match import Match
from games.engine.ruleset import Ruleset
from games.models import (
    ACTIVE,
    FINISHED,
    PLAYING,
    SEATED,
    AuditLog,
    Correction,
    Game,
    Penalty,
    Round,
    TableSeat,
    Tournament,
)
from games.services import matches, timelimits

from .helpers import play_out

# Committed transactions, so the service door's after-commit work (the Match cache) runs.
pytestmark = pytest.mark.django_db(transaction=True)

ADMIN = "/admin/games/tournament/"
TABLE_POINTS = (4, 2, 1, 0)
STARTING_POINTS = 2000  # the chinese-classical preset's
DEALS = 2  # a set number of deals per table, so that the time limit visibly cuts one short


@pytest.fixture
def frozen():
    """The game clock stands still until the test moves it (a deadline passes without
    waiting for it)."""
    at = {"now": clock.now()}
    clock.set_clock(lambda: at["now"])
    yield at
    clock.set_clock(None)


@pytest.fixture
def sixteen(django_user_model):
    return [django_user_model.objects.create_user(f"player{i:02}") for i in range(16)]


def _create(client) -> Tournament:
    """The organiser's add form: the options, and the sixteen entries typed by username."""
    data = {
        "name": "Club Cup", "ruleset_name": "chinese-classical", "settings": "{}",
        "rounds": 3, "deals_per_table": DEALS, "claim_seconds": 8, "turn_seconds": "",
        "round_minutes": 30, "fill": "bots", "withdrawal": "bot", "bot_level": "strong",
        "hide_scores": "on", "table_points": "4,2,1,0", "seed": "club",
        "check_in": "on", "no_show": "bot", "duplicate_walls": "on",
        "entries-TOTAL_FORMS": 16, "entries-INITIAL_FORMS": 0,
        "round_set-TOTAL_FORMS": 0, "round_set-INITIAL_FORMS": 0,
        **{f"entries-{i}-username": f"player{i:02}" for i in range(16)},
    }
    response = client.post(ADMIN + "add/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Tournament.objects.get(name="Club Cup")


def _act(client, action: str, t: Tournament) -> str:
    response = client.post(ADMIN, {"action": action, "_selected_action": [t.pk]}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def _here(t: Tournament, users, number: int) -> None:
    """Each of `users` presses I'm here on the tournament page."""
    player = Client()
    for user in users:
        player.force_login(user)
        response = player.post(f"/tournaments/{t.pk}/check-in/", follow=True)
        assert f"You are checked in for round {number}." in response.content.decode()


def _first_deal(game: Game) -> list[tuple]:
    """Each starting wind's tiles (hand and bonus tiles) as the engine deals them from the
    game's ruleset and seed, before any move."""
    match = Match(Ruleset.from_json(game.ruleset), game.seed)
    return [(tuple(s.tiles()), tuple(s.bonus)) for s in match.deal.seats]


def _check_duplicate(rnd: Round) -> None:
    """One seed for the round; every table deals each starting wind the same tiles; each
    player sits in the wind the tournament seating gave them."""
    tables = list(rnd.tables.select_related("game").order_by("number"))
    assert len(tables) == 4 and rnd.seed
    assert [table.game.seed for table in tables] == [rnd.seed] * 4
    deals = [_first_deal(table.game) for table in tables]
    assert all(deal == deals[0] for deal in deals)
    assert len({deal[0] for deal in deals[0]}) == 4  # four different hands, one per wind
    for table in tables:
        for place in table.places.select_related("entry__user"):
            seat = table.game.seats.get(position=place.wind)
            if place.entry is None:
                assert seat.user is None and seat.is_bot
            else:
                assert seat.user == place.entry.user


def _refused(t: Tournament, rnd: Round, outsider, staff) -> None:
    """Neither an outsider nor staff without the tournament permissions reaches an action."""
    table = rnd.tables.first()
    entry = t.entries.first()
    attempts = [
        (ADMIN, {"action": "start_seated_round", "_selected_action": [t.pk]}),
        (ADMIN, {"action": "finish", "_selected_action": [t.pk]}),
        ("/admin/games/entry/", {"action": "check_in", "_selected_action": [entry.pk]}),
        ("/admin/games/round/", {"action": "call_time", "_selected_action": [rnd.pk]}),
        (f"/admin/games/round/{rnd.pk}/swap/", {"first": entry.pk, "second": entry.pk + 1,
                                                "reason": "x"}),
        ("/admin/games/penalty/add/", {"entry": entry.pk, "table": table.pk,
                                       "table_points": "-1", "score": "0", "reason": "x"}),
        ("/admin/games/correction/add/", {"table": table.pk, "wind": 0, "place": 1,
                                          "score": "0", "table_points": "4", "reason": "x"}),
    ]
    client = Client()
    for user, refusal in ((outsider, 302), (staff, 403)):
        client.force_login(user)
        for url, data in attempts:
            response = client.post(url, data)
            assert response.status_code == refusal, (user, url)
            if refusal == 302:
                assert "/admin/login/" in response["Location"]
        assert client.get("/admin/games/auditlog/").status_code == refusal
    rnd.refresh_from_db()
    assert rnd.status == SEATED
    assert not Penalty.objects.exists() and not Correction.objects.exists()


def test_a_16_player_tournament_with_every_organiser_feature_from_the_admin(
    client, organiser, sixteen, django_user_model, frozen, quiet
):
    outsider = django_user_model.objects.create_user("otto")
    staff = django_user_model.objects.create_user("stan", is_staff=True)
    client.force_login(organiser)
    t = _create(client)
    assert (t.check_in, t.no_show, t.duplicate_walls, t.round_minutes) == (True, "bot", True, 30)
    entries = {e.user.username: e for e in t.entries.select_related("user")}
    assert sorted(entries) == [u.username for u in sixteen]
    late = entries["player15"]

    # Round 1: fifteen players check in on the page; player15 never comes.
    _here(t, sixteen[:15], 1)
    assert "Club Cup: round 1 started." in _act(client, "start_next_round", t)
    first = Round.objects.get(tournament=t, number=1)
    assert not TableSeat.objects.filter(table__round=first, entry=late).exists()
    assert TableSeat.objects.filter(table__round=first, entry=None).count() == 1  # a bot's
    _check_duplicate(first)
    for table in first.tables.all():
        play_out(table.game_id)
    first.refresh_from_db()
    assert first.status == FINISHED

    # Round 2: everyone checks in; the organiser seats it, swaps two players at different
    # tables and starts it; the round hits its time limit during its first deal.
    _here(t, sixteen, 2)
    assert "Club Cup: round 2 is seated" in _act(client, "seat_next_round", t)
    second = Round.objects.get(tournament=t, number=2)
    _refused(t, second, outsider, staff)
    client.force_login(organiser)
    seated = {p.entry_id: p for p in TableSeat.objects.filter(table__round=second)}
    a = seated[entries["player00"].pk]
    b = next(p for p in seated.values() if p.table_id != a.table_id)
    response = client.post(f"/admin/games/round/{second.pk}/swap/", {
        "first": a.entry_id, "second": b.entry_id, "reason": "they came together"}, follow=True)
    assert "have swapped seats" in response.content.decode()
    now = {p.entry_id: p for p in TableSeat.objects.filter(table__round=second)}
    assert (now[a.entry_id].table_id, now[a.entry_id].wind) == (b.table_id, b.wind)
    assert (now[b.entry_id].table_id, now[b.entry_id].wind) == (a.table_id, a.wind)
    assert "Club Cup: round 2 started." in _act(client, "start_seated_round", t)
    second.refresh_from_db()
    assert second.status == PLAYING
    assert second.deadline == frozen["now"] + timedelta(minutes=30)
    _check_duplicate(second)  # with the swapped seating
    games = [table.game_id for table in second.tables.order_by("number")]
    for game_id in games:  # a few turns into the first deal of each table
        for _ in range(4):
            services.autopilot_waiting(game_id)
        game = Game.objects.get(pk=game_id)
        assert game.status == ACTIVE and not matches.match_for(game).history
    frozen["now"] += timedelta(minutes=29)
    assert timelimits.enforce_time_limits() == 0
    frozen["now"] += timedelta(minutes=2)
    assert timelimits.enforce_time_limits() == 1  # what the ticker calls
    assert "Time is up" in Client().get(f"/tournaments/{t.pk}/").content.decode()
    matches.forget_all()  # as another process would: the moves replay under the new ruleset
    for game_id in games:
        play_out(game_id)
        game = Game.objects.get(pk=game_id)
        assert game.ruleset["max_deals"] == 1
        assert len(game.result["deals"]) == 1  # the deal in play was the last
    second.refresh_from_db()
    assert second.status == FINISHED and second.time_called == frozen["now"]

    # Round 3: the organiser ticks everyone in from the admin's entry list.
    response = client.post("/admin/games/entry/", {
        "action": "check_in", "_selected_action": [e.pk for e in entries.values()]},
        follow=True)
    assert response.content.decode().count("is checked in for round 3") == 16
    assert "Club Cup: round 3 started." in _act(client, "start_next_round", t)
    third = Round.objects.get(tournament=t, number=3)
    _check_duplicate(third)
    for table in third.tables.all():
        play_out(table.game_id)
        assert len(Game.objects.get(pk=table.game_id).result["deals"]) == DEALS

    # A penalty at a table of round 3, and a corrected result at another.
    fined = TableSeat.objects.select_related("table").get(table__round=third, table__number=2,
                                                          wind=1)
    response = client.post("/admin/games/penalty/add/", {
        "entry": fined.entry_id, "table": fined.table_id, "table_points": "-2", "score": "-40",
        "reason": "late arrival"})
    assert response.status_code == 302, response.content.decode()[:2000]
    corrected = TableSeat.objects.get(table__round=third, table__number=1, wind=2)
    fixed = (corrected.place, corrected.score + 60, _share(corrected.table_points) + 1)
    response = client.post("/admin/games/correction/add/", {
        "table": corrected.table_id, "wind": 2, "place": fixed[0], "score": fixed[1],
        "table_points": float(fixed[2]), "reason": "a flower was not counted"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert "Club Cup is finished." in _act(client, "finish", t)

    expected = _by_hand(t, fined, (corrected.pk, *fixed))
    _check_exports(t, expected)
    _check_audit_log(client, t, organiser, sixteen, late)


# ------------------------------------------------------------------ worked out here
def _share(stored: float) -> Fraction:
    """Stored table points as the fraction they are: tied players share by two, three or four."""
    return Fraction(stored).limit_denominator(12)


def _by_hand(t: Tournament, fined: TableSeat, correction: tuple) -> list[dict]:
    """Each player's table points and score from the games' final points (table points 4, 2,
    1, 0 by place, tied players sharing theirs), the corrected place's values instead of its
    own, and the penalty; ordered by table points, then score, then the places among those
    still tied at the tables they shared; ranks shared by players level on all three."""
    corrected_pk, *fixed = correction
    tp: dict[int, Fraction] = defaultdict(Fraction)
    score: dict[int, int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    places_at: dict[int, dict[int, int]] = defaultdict(dict)  # table -> entry -> place
    seats = TableSeat.objects.filter(table__round__tournament=t).select_related("table__game")
    assert seats.count() == 48
    for seat in seats:
        game = seat.table.game
        assert game.status == FINISHED and game.ruleset["starting_points"] == STARTING_POINTS
        final = {s["seat"]: s["points"] for s in game.result["standings"]}
        mine = final[seat.wind]
        ahead = sum(points > mine for points in final.values())
        level = sum(points == mine for points in final.values())
        place = ahead + 1
        points = Fraction(sum(TABLE_POINTS[ahead:ahead + level]), level)
        won = mine - STARTING_POINTS
        if seat.pk == corrected_pk:
            place, won, points = fixed
        assert (seat.place, seat.score, _share(seat.table_points)) == (place, won, points)
        if seat.entry_id is None:
            continue  # the no-show's place: a bot's, scoring for nobody
        tp[seat.entry_id] += points
        score[seat.entry_id] += won
        games[seat.entry_id] += 1
        places_at[seat.table_id][seat.entry_id] = place
    tp[fined.entry_id] += -2
    score[fined.entry_id] += -40

    names = {e.pk: e.user.username for e in t.entries.select_related("user")}
    level_on = defaultdict(list)
    for pk in names:
        level_on[(tp[pk], score[pk])].append(pk)
    head_to_head = {}
    for group in level_on.values():
        for pk in group:
            head_to_head[pk] = 0
            for at in places_at.values():
                if pk in at:
                    head_to_head[pk] += sum((at[pk] < at[o]) - (at[pk] > at[o])
                                            for o in group if o != pk and o in at)
    key = {pk: (-tp[pk], -score[pk], -head_to_head[pk]) for pk in names}
    order = sorted(names, key=lambda pk: (key[pk], pk))
    return [{"rank": 1 + sum(key[o] < key[pk] for o in names), "player": names[pk],
             "table_points": tp[pk], "score": score[pk], "games": games[pk]} for pk in order]


def _number(value: Fraction) -> str:
    """As a spreadsheet reads it: 4, 2.5, 2.33333."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _mers(rank: int, players: int) -> str:
    """1000 x (N - rank) / (N - 1), to two decimals."""
    text = f"{1000 * (players - rank) / (players - 1):.2f}"
    return text.rstrip("0").rstrip(".")


def _rows(url: str) -> list[list[str]]:
    response = Client().get(url)  # as the public sees them
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def _check_exports(t: Tournament, expected: list[dict]) -> None:
    assert len(expected) == 16
    assert sum(r["games"] for r in expected) == 47  # the no-show missed one round
    assert [r["games"] for r in expected if r["player"] == "player15"] == [2]
    standings = _rows(f"/tournaments/{t.pk}/standings.csv")
    assert standings[0] == ["rank", "player", "table_points", "score", "rounds_played"]
    assert standings[1:] == [
        [str(r["rank"]), r["player"], _number(r["table_points"]), str(r["score"]),
         str(r["games"])] for r in expected
    ]
    mers = _rows(f"/tournaments/{t.pk}/mers.csv")
    assert mers[0] == ["rank", "player", "table_points", "score", "mers_points"]
    assert mers[1:] == [
        [str(r["rank"]), r["player"], _number(r["table_points"]), str(r["score"]),
         _mers(r["rank"], 16)] for r in expected
    ]
    assert mers[1][4] == "1000"
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "Final standings" in page
    assert "Penalties and bonuses" in page and "late arrival" in page
    winners = [f"<strong>{r['player']}</strong>" for r in expected if r["rank"] == 1]
    if len(winners) == 1:
        assert f"Winner: {winners[0]}" in page
    else:
        assert f"Joint winners: {', '.join(winners[:-1])} and {winners[-1]}" in page


def _check_audit_log(client, t: Tournament, organiser, players, late) -> None:
    """Every change, in order: who made it and what it was, from creating the tournament and
    typing its entries on (also in the admin's own history of the object)."""
    added = LogEntry.objects.get(content_type__model="tournament", object_id=str(t.pk))
    assert added.action_flag == ADDITION and added.user == organiser
    log = list(AuditLog.objects.filter(tournament=t).order_by("pk"))
    assert [line.action for line in log] == [
        "tournament_created", *["entry_added"] * 16,
        *["check_in"] * 15, "no_show", "round_started",
        *["check_in"] * 16, "round_seated", "seats_swapped", "round_started", "time_limit",
        *["check_in"] * 16, "round_started",
        "penalty", "correction", "finished",
    ]
    assert {line.who for line in log[:17]} == {organiser}
    assert sorted(line.details["player"] for line in log[1:17]) == sorted(
        p.username for p in players)
    ins = [line for line in log if line.action == "check_in"]
    assert [line.who for line in ins] == [*players[:15], *players, *[organiser] * 16]
    assert [line.details["round"] for line in ins] == [1] * 15 + [2] * 16 + [3] * 16
    no_show = next(line for line in log if line.action == "no_show")
    assert no_show.object_id == late.pk and no_show.details["replaced_by"] == "bot"
    time_limit = next(line for line in log if line.action == "time_limit")
    assert time_limit.who is None  # the ticker's
    assert time_limit.details["tables"] == {"1": 1, "2": 1, "3": 1, "4": 1}
    by_organiser = [line.action for line in log if line.who == organiser]
    assert by_organiser == [
        "tournament_created", *["entry_added"] * 16, "no_show", "round_started", "round_seated", "seats_swapped", "round_started",
        *["check_in"] * 16, "round_started", "penalty", "correction", "finished"]
    reasons = {line.action: line.reason for line in log if line.reason}
    assert reasons == {"seats_swapped": "they came together", "penalty": "late arrival",
                       "correction": "a flower was not counted"}
    response = client.get(f"/admin/games/auditlog/?tournament__id__exact={t.pk}")
    assert response.context["cl"].result_count == len(log)  # the organiser's list of them
    assert all(reason in response.content.decode() for reason in reasons.values())
