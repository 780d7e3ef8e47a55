"""Penalties, bonuses and corrected results, added from the admin by an organiser: the
standings recompute (checked against hand-computed values), the public page lists the
penalties, the audit log lists every change, and bad input is refused with a message."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games.models import AuditLog, Correction, Penalty, Table, TableSeat
from games.services import ServiceError, penalties, tournaments

from .helpers import eight_player_round

pytestmark = pytest.mark.django_db(transaction=True)

@pytest.fixture
def played(django_user_model, quiet):
    t, rnd = eight_player_round(
        [django_user_model.objects.create_user(f"p{i}") for i in range(8)])
    seats = {(s.table.number, s.wind): s for s in
             TableSeat.objects.filter(table__round=rnd).select_related("table", "entry__user")}
    return t, seats


def ranks(t) -> dict[str, tuple]:
    return {r.name: (r.rank, r.table_points, r.score)
            for r in tournaments.compute_standings(t).rows}


def test_a_penalty_and_a_correction_from_the_admin_change_the_standings(
    client, organiser, played
):
    t, seats = played
    client.force_login(organiser)
    east1, north2 = seats[(1, 0)], seats[(2, 3)]
    response = client.post("/admin/games/penalty/add/", {
        "entry": east1.entry_id, "table": east1.table_id, "table_points": "-3", "score": "0",
        "reason": "false win",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    response = client.post("/admin/games/correction/add/", {
        "table": north2.table_id, "wind": 3, "place": 4, "score": "-150", "table_points": "1.5",
        "reason": "scoring slip: a flower was not counted",
    })
    assert response.status_code == 302, response.content.decode()[:2000]

    name = {k: s.entry.user.username for k, s in seats.items()}
    got = ranks(t)
    # By hand: East 2 4/200; South 1 and 2 2/100; North 2 corrected to 1.5/-150; East 1
    # 4 - 3 = 1/300 (above the Wests on score); West 1 and 2 1/-100; North 1 0/-300.
    assert got[name[(2, 0)]] == (1, 4.0, 200)
    assert got[name[(1, 1)]] == got[name[(2, 1)]] == (2, 2.0, 100)
    assert got[name[(2, 3)]] == (4, 1.5, -150)
    assert got[name[(1, 0)]] == (5, 1.0, 300)
    assert got[name[(1, 2)]] == got[name[(2, 2)]] == (6, 1.0, -100)
    assert got[name[(1, 3)]] == (8, 0.0, -300)

    correction = Correction.objects.get()
    assert correction.before == {"place": 4, "score": -200, "table_points": 0.0}
    assert correction.created_by == organiser

    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "Penalties and bonuses" in page and "false win" in page

    # The audit log: the round started, then the organiser's two changes, with who and why (the
    # round closed by itself as its last table finished).
    log = list(AuditLog.objects.filter(tournament=t).order_by("when", "pk"))
    assert [e.action for e in log] == ["round_started", "penalty", "correction"]
    penalty_line, correction_line = log[1], log[2]
    assert penalty_line.who == correction_line.who == organiser
    assert penalty_line.reason == "false win"
    assert penalty_line.details["table_points"] == -3.0
    assert correction_line.details["before"]["score"] == -200
    assert correction_line.details["after"] == {"place": 4, "score": -150, "table_points": 1.5}
    change = client.get(f"/admin/games/tournament/{t.pk}/change/").content.decode()
    assert "false win" in change and "Add a penalty or bonus" in change
    listing = client.get("/admin/games/auditlog/").content.decode()
    assert "false win" in listing and "scoring slip" in listing
    assert client.get(f"/admin/games/auditlog/{penalty_line.pk}/change/").status_code == 200

    # Removing the penalty restores East 1's points and is logged too.
    penalty = Penalty.objects.get()
    client.post("/admin/games/penalty/", {"action": "remove", "_selected_action": [penalty.pk]})
    assert not Penalty.objects.exists()
    assert ranks(t)[name[(1, 0)]] == (1, 4.0, 300)
    assert AuditLog.objects.filter(tournament=t, action="penalty_removed").count() == 1


def test_bad_penalties_and_corrections_are_refused_with_a_message(client, organiser, played):
    t, seats = played
    client.force_login(organiser)
    east1, east2 = seats[(1, 0)], seats[(2, 0)]
    response = client.post("/admin/games/penalty/add/", {
        "entry": east1.entry_id, "table": east2.table_id, "table_points": "-1", "score": "0",
        "reason": "late",
    })
    assert response.status_code == 200 and "did not play at" in response.content.decode()
    response = client.post("/admin/games/penalty/add/", {
        "entry": east1.entry_id, "table": "", "table_points": "0", "score": "0", "reason": " ",
    })
    page = response.content.decode()
    assert response.status_code == 200 and "say why" in page and "give table points" in page
    response = client.post("/admin/games/correction/add/", {
        "table": east1.table_id, "wind": 7, "place": 9, "score": "1", "table_points": "1",
        "reason": "x",
    })
    assert response.status_code == 200 and "a place from 1 to 4" in response.content.decode()
    assert not Penalty.objects.exists() and not Correction.objects.exists()
    with pytest.raises(ServiceError):
        penalties.add_penalty(999999, table_points=-1, reason="late")
    with pytest.raises(ServiceError):
        penalties.add_penalty(east1.entry_id, table_points="lots", reason="late")
    with pytest.raises(ServiceError):
        penalties.correct_result(999999, 0, place=1, score=0, table_points=0, reason="x")
    assert not AuditLog.objects.filter(action__in=["penalty", "correction"]).exists()


def test_only_organisers_reach_penalties_and_the_audit_log(django_user_model, played):
    t, seats = played
    staff = django_user_model.objects.create_user("sam", password="pw", is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(codename="view_tournament"))
    client = Client()
    client.force_login(staff)
    assert client.get("/admin/games/penalty/add/").status_code == 403
    assert client.get("/admin/games/auditlog/").status_code == 403
    assert client.get("/admin/games/correction/add/").status_code == 403
    assert Table.objects.filter(round__tournament=t).count() == 2
