"""Check-in before a round: players press I'm here on the tournament page or the organiser
ticks them in the admin; who has not checked in when the round starts is a no-show, replaced
by a bot or sitting out as the tournament says; every check-in and no-show is in the audit log."""

import pytest
from django.test import Client

from games.models import AuditLog, Entry, Seat, TableSeat, Tournament
from games.services import ServiceError, tournaments

pytestmark = pytest.mark.django_db(transaction=True)


def eight(django_user_model, no_show: str) -> Tournament:
    t = Tournament.objects.create(name=f"cup-{no_show}", registration_open=True, rounds=2,
                                  deals_per_table=1, check_in=True, no_show=no_show)
    for i in range(8):
        tournaments.register(t.pk, django_user_model.objects.create_user(
            f"{no_show}{i}", password="pw-1234-abcd"))
    return t


def test_check_in_from_the_page_and_the_admin_and_a_no_show_replaced_by_a_bot(
    client, organiser, django_user_model, quiet
):
    t = eight(django_user_model, "bot")
    entries = list(t.entries.order_by("pk"))
    player = Client()
    player.force_login(entries[0].user)
    page = player.get(f"/tournaments/{t.pk}/").content.decode()
    assert "I'm here" in page and "Check-in for round 1: 0 players here" in page
    assert player.get(f"/tournaments/{t.pk}/check-in/").status_code == 405
    response = player.post(f"/tournaments/{t.pk}/check-in/", follow=True)
    assert "You are checked in for round 1." in response.content.decode()
    assert "I'm here" not in response.content.decode()
    assert Client().post(f"/tournaments/{t.pk}/check-in/").status_code == 302  # to log in

    # The organiser ticks six more in the admin; the last player never comes.
    client.force_login(organiser)
    response = client.post("/admin/games/entry/", {
        "action": "check_in", "_selected_action": [e.pk for e in entries[1:7]]}, follow=True)
    assert response.content.decode().count("is checked in for round 1") == 6
    assert t.entries.filter(checked_in_for=1).count() == 7

    rnd = tournaments.start_next_round(t.pk, by=organiser)
    absent = entries[7]
    assert not TableSeat.objects.filter(table__round=rnd, entry=absent).exists()
    places = TableSeat.objects.filter(table__round=rnd)
    assert places.count() == 8 and places.filter(entry=None).count() == 1
    bot_place = places.get(entry=None)
    assert Seat.objects.filter(game=bot_place.table.game, user=None).count() == 1
    assert not Seat.objects.filter(user=absent.user).exists()

    log = AuditLog.objects.filter(tournament=t)
    assert log.filter(action="check_in").count() == 7
    assert log.filter(action="check_in", who=organiser).count() == 6
    assert log.get(action="check_in", who=entries[0].user).details["by_player"] is True
    no_show = log.get(action="no_show")
    assert no_show.object_id == absent.pk and no_show.details["replaced_by"] == "bot"
    assert no_show.who == organiser

    # Checking in again for the round just started is for the next one; a bad id is refused.
    assert tournaments.check_in(entries[0].pk).checked_in_for == 2
    with pytest.raises(ServiceError):
        tournaments.check_in(999999)


def test_a_no_show_sits_out_when_the_tournament_says_so(django_user_model, quiet):
    t = eight(django_user_model, "skip")
    entries = list(t.entries.order_by("pk"))
    for e in entries[:7]:
        tournaments.check_in(e.pk)
    rnd = tournaments.start_next_round(t.pk)
    # Seven play: two tables, the empty seat filled by a bot (the tournament's fill).
    assert not TableSeat.objects.filter(table__round=rnd, entry=entries[7]).exists()
    assert TableSeat.objects.filter(table__round=rnd, entry__isnull=False).count() == 7
    line = AuditLog.objects.get(tournament=t, action="no_show")
    assert line.details == {"player": str(entries[7]), "round": 1, "replaced_by": "sits out"}


def test_check_in_is_refused_when_not_used_or_withdrawn(django_user_model):
    t = Tournament.objects.create(name="plain", registration_open=True)
    entry = tournaments.register(t.pk, django_user_model.objects.create_user("x"))
    with pytest.raises(ServiceError, match="does not use check-in"):
        tournaments.check_in(entry.pk)
    t.check_in = True
    t.save()
    tournaments.withdraw(entry.pk)
    with pytest.raises(ServiceError, match="has withdrawn"):
        tournaments.check_in(entry.pk)
    assert Entry.objects.get(pk=entry.pk).checked_in_for is None
