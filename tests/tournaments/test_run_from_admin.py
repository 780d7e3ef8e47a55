"""An organiser runs a 16-player, 5-round tournament from the Django admin; the games are played
by the autopilot through the service door; results, seating and standings are checked."""

from collections import defaultdict
from itertools import combinations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games import services
from games.models import FINISHED, Game, Round, TableSeat, Tournament
from games.services import tournaments

from .helpers import play_out

# Committed transactions, so the service door's after-commit work (the Match cache) runs.
pytestmark = pytest.mark.django_db(transaction=True)

ADMIN = "/admin/games/tournament/"


@pytest.fixture
def sixteen(django_user_model):
    return [django_user_model.objects.create_user(f"player{i:02}") for i in range(16)]


def _create(client, **extra) -> Tournament:
    data = {
        "name": "Spring Cup", "ruleset_name": "chinese-classical", "settings": "{}",
        "rounds": 5, "deals_per_table": 1, "claim_seconds": 8, "turn_seconds": "",
        "fill": "bots", "withdrawal": "bot", "bot_level": "strong", "hide_scores": "on",
        "table_points": "4,2,1,0", "seed": "spring",
        "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0,
        "round_set-TOTAL_FORMS": 0, "round_set-INITIAL_FORMS": 0, **extra,
    }
    response = client.post(ADMIN + "add/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Tournament.objects.get(name=data["name"])


def _act(client, action, t) -> str:
    response = client.post(ADMIN, {"action": action, "_selected_action": [t.pk]}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def _pairs(rnd: Round) -> set[frozenset]:
    out = set()
    for table in rnd.tables.all():
        ids = [p.entry_id for p in table.places.all()]
        out |= {frozenset(p) for p in combinations(ids, 2)}
    return out


def test_a_16_player_5_round_tournament_runs_end_to_end_from_the_admin(
    client, organiser, sixteen, quiet
):
    client.force_login(organiser)
    t = _create(client)
    assert not t.registration_open
    assert "Spring Cup: registration is open." in _act(client, "open_registration", t)
    player = Client()
    for user in sixteen:  # each registers on the public page
        player.force_login(user)
        assert player.post(f"/tournaments/{t.pk}/register/").status_code == 302
    assert t.entries.count() == 16
    met: set[frozenset] = set()
    for number in range(1, 6):
        page = _act(client, "start_next_round", t)
        assert f"Spring Cup: round {number} started." in page
        rnd = Round.objects.get(tournament=t, number=number)
        seated = [p.entry_id for table in rnd.tables.all() for p in table.places.all()]
        assert len(seated) == 16 and len(set(seated)) == 16 and None not in seated
        pairs = _pairs(rnd)
        assert not pairs & met, f"round {number} seats players who met before"
        met |= pairs
        # Starting winds are the tournament's: the seat each player's game gave them.
        table = rnd.tables.first()
        for place in table.places.all():
            assert table.game.seats.get(user=place.entry.user).position == place.wind
        # Another round cannot start while this one is played.
        assert "is still being played" in _act(client, "start_next_round", t)
        tables = list(rnd.tables.all())
        for table in tables[:-1]:
            play_out(table.game_id)
        rnd.refresh_from_db()
        assert rnd.status != FINISHED
        hidden = tournaments.compute_standings(t, public=True)
        assert number not in hidden.rounds  # scores of a round in play stay hidden
        assert number in tournaments.compute_standings(t).rounds  # the organiser sees them
        play_out(tables[-1].game_id)
        rnd.refresh_from_db()
        assert rnd.status == FINISHED  # the last table's result ended the round
        assert number in tournaments.compute_standings(t, public=True).rounds
    assert len(met) == 120  # the affine plane: every pair met exactly once
    assert "All 5 rounds have been played" in _act(client, "start_next_round", t)
    assert "Spring Cup is finished." in _act(client, "finish", t)
    _check_standings(t)


def _check_standings(t: Tournament) -> None:
    """Table points 4/2/1/0 by place (ties share), sums per player, ordered."""
    expected_tp = defaultdict(float)
    expected_score = defaultdict(int)
    for table_places in _by_table(t).values():
        game = table_places[0].table.game
        final = {s["seat"]: s["points"] for s in game.result["standings"]}
        order = sorted(final.values(), reverse=True)
        for p in table_places:
            ahead = order.index(final[p.wind])
            tied = order.count(final[p.wind])
            share = sum([4, 2, 1, 0][ahead : ahead + tied]) / tied
            assert p.table_points == pytest.approx(share)
            assert p.score == final[p.wind] - 2000
            expected_tp[p.entry_id] += share
            expected_score[p.entry_id] += p.score
    rows = tournaments.compute_standings(t, public=True).rows
    assert len(rows) == 16 and all(r.games == 5 for r in rows)
    assert sum(r.table_points for r in rows) == pytest.approx(20 * 7)  # 4+2+1+0 a table
    for row in rows:
        assert row.table_points == pytest.approx(expected_tp[row.entry.pk])
        assert row.score == expected_score[row.entry.pk]
        assert row.by_round[-1] == pytest.approx(row.table_points, abs=0.01)
    keys = [(-round(r.table_points, 6), -r.score) for r in rows]
    assert keys == sorted(keys)
    assert rows[0].rank == 1


def _by_table(t):
    out = defaultdict(list)
    for p in TableSeat.objects.filter(table__round__tournament=t).select_related("table__game"):
        out[p.table_id].append(p)
    return out


def test_only_staff_with_the_tournament_permissions_can_manage(client, django_user_model):
    t = Tournament.objects.create(name="Closed Cup", registration_open=False)
    outsider = django_user_model.objects.create_user("otto")
    client.force_login(outsider)
    response = client.post(ADMIN, {"action": "open_registration", "_selected_action": [t.pk]})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    staff = django_user_model.objects.create_user("stan", is_staff=True)
    client.force_login(staff)
    response = client.post(ADMIN, {"action": "open_registration", "_selected_action": [t.pk]})
    assert response.status_code == 403
    assert client.get(ADMIN + "add/").status_code == 403
    viewer = django_user_model.objects.create_user("vic", is_staff=True)
    viewer.user_permissions.set(Permission.objects.filter(codename="view_tournament"))
    client.force_login(viewer)
    response = client.post(ADMIN, {"action": "open_registration", "_selected_action": [t.pk]})
    t.refresh_from_db()
    assert not t.registration_open  # a viewer has no actions
    assert response.status_code in (200, 302)


def test_a_stuck_table_is_settled_from_the_admin(client, organiser, django_user_model, quiet):
    users = [django_user_model.objects.create_user(f"late{i}") for i in range(4)]
    t = Tournament.objects.create(name="Late Cup", registration_open=True, deals_per_table=1)
    for u in users:
        tournaments.register(t.pk, u)
    rnd = tournaments.start_next_round(t.pk)
    table = rnd.tables.get()
    client.force_login(organiser)
    page = client.get(f"{ADMIN}{t.pk}/change/").content.decode()
    assert "Late Cup" in page and "late0" in page  # the change page with its entries inline
    response = client.post(
        "/admin/games/round/", {"action": "close_round", "_selected_action": [rnd.pk]},
        follow=True,
    )
    assert "Table(s) 1 of round 1 are still playing: settle them first." in (
        response.content.decode()
    )
    response = client.post(
        "/admin/games/table/",
        {"action": "autopilot_absent", "_selected_action": [table.pk]},
        follow=True,
    )
    assert "4 absent seat(s) handed to the autopilot." in response.content.decode()
    assert all(s.is_bot for s in table.game.seats.all())
    for _ in range(5000):  # the seats now play as bots whenever something is due
        if not services.tick(table.game_id, now=Game.objects.get(pk=table.game_id).due_at):
            break
    table.game.refresh_from_db()
    assert table.game.status == FINISHED
    assert Round.objects.get(tournament=t).status == FINISHED
    response = client.post(
        "/admin/games/round/", {"action": "close_round", "_selected_action": [rnd.pk]},
        follow=True,
    )
    assert "Late Cup round 1 is closed." in response.content.decode()
