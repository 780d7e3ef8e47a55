"""Seat a round ahead, swap two players' seats, then start it: the seating is public (marked
not started) before any game exists, a swap is checked and kept in the audit log, the games
start with the swapped seating, check-in applies when the round starts, and the one-step
"start the next round" still works (starting a seated round when there is one)."""

import pytest
from django.test import Client

from games.models import PLAYING, SEATED, AuditLog, Game, Round, TableSeat, Tournament
from games.services import ServiceError, swaps, tournaments

pytestmark = pytest.mark.django_db(transaction=True)

ADMIN = "/admin/games/tournament/"


def _cup(django_user_model, name="Swap Cup", players=8, **extra) -> Tournament:
    t = Tournament.objects.create(name=name, registration_open=True, rounds=2,
                                  deals_per_table=1, **extra)
    for i in range(players):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"{name[:3]}{i}"))
    return t


def _places(rnd: Round) -> dict[int, TableSeat]:
    return {p.entry_id: p for p in TableSeat.objects.filter(table__round=rnd).select_related(
        "table")}


def test_a_seated_round_is_public_before_any_game_exists(django_user_model, quiet):
    t = _cup(django_user_model)
    rnd = tournaments.seat_next_round(t.pk)
    assert rnd.status == SEATED and rnd.tables.count() == 2
    assert not rnd.tables.exclude(game=None).exists() and not Game.objects.exists()
    assert TableSeat.objects.filter(table__round=rnd, entry__isnull=False).count() == 8
    t.refresh_from_db()
    assert not t.registration_open
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "seated, not started" in page and "find your table" in page
    for entry in t.entries.all():
        assert str(entry) in page
    slips = Client().get(f"/tournaments/{t.pk}/slips/").content.decode()
    assert "Swap Cup · round 1: seating" in slips
    status = Client().get(f"/tournaments/{t.pk}/status.json").json()
    assert {v["status"] for v in status["tables"].values()} == {"seated"}
    assert tournaments.compute_standings(t).rounds == []  # no results to count yet
    with pytest.raises(ServiceError, match="seated already"):
        tournaments.seat_next_round(t.pk)
    with pytest.raises(ServiceError, match="has not started"):
        tournaments.close_round(rnd.pk)
    with pytest.raises(ServiceError, match="start it first"):
        tournaments.finish(t.pk)
    assert AuditLog.objects.get(tournament=t, action="round_seated").details == {
        "round": 1, "tables": 2}


def test_a_swap_is_checked_logged_and_the_games_start_with_it(
    django_user_model, organiser, quiet
):
    t = _cup(django_user_model)
    other = _cup(django_user_model, name="Far Cup", players=4)
    rnd = tournaments.seat_next_round(t.pk)
    far = tournaments.seat_next_round(other.pk)
    places = _places(rnd)
    # Two players at different tables.
    a = next(iter(places.values()))
    b = next(p for p in places.values() if p.table_id != a.table_id)
    first, second = a.entry_id, b.entry_id
    with pytest.raises(ServiceError, match="two different players"):
        swaps.swap_seats(rnd.pk, first, first, by=organiser)
    stranger = next(iter(_places(far)))
    with pytest.raises(ServiceError, match="is not in Swap Cup"):
        swaps.swap_seats(rnd.pk, first, stranger, by=organiser)
    with pytest.raises(ServiceError, match="no such round"):
        swaps.swap_seats(999999, first, second)
    assert _places(rnd)[first].table_id == a.table_id  # nothing changed by a refusal

    swaps.swap_seats(rnd.pk, first, second, by=organiser, reason="they came together")
    now = _places(rnd)
    assert (now[first].table_id, now[first].wind) == (b.table_id, b.wind)
    assert (now[second].table_id, now[second].wind) == (a.table_id, a.wind)
    line = AuditLog.objects.get(tournament=t, action="seats_swapped")
    assert line.who == organiser and line.reason == "they came together"
    assert line.object_id == rnd.pk and line.details["round"] == 1
    assert len(line.details["players"]) == 2

    started = tournaments.start_next_round(t.pk, by=organiser)  # starts the seated round
    assert started.pk == rnd.pk and started.status == PLAYING
    assert Round.objects.filter(tournament=t).count() == 1
    for entry_id, place in _places(rnd).items():
        game = place.table.game
        assert game is not None and game.status == "active"
        user = t.entries.get(pk=entry_id).user
        assert game.seats.get(user=user).position == place.wind  # the swapped seating
    with pytest.raises(ServiceError, match="seats are swapped only before a round starts"):
        swaps.swap_seats(rnd.pk, first, second, by=organiser)
    assert AuditLog.objects.filter(tournament=t, action="seats_swapped").count() == 1
    with pytest.raises(ServiceError, match="No round is seated"):
        tournaments.start_seated_round(t.pk)


def test_check_in_applies_when_the_seated_round_starts(django_user_model, organiser, quiet):
    t = _cup(django_user_model, name="Late Cup", check_in=True, no_show="skip")
    entries = list(t.entries.order_by("pk"))
    rnd = tournaments.seat_next_round(t.pk, by=organiser)
    # Everyone is seated; check-in is for the seated round.
    assert TableSeat.objects.filter(table__round=rnd, entry__isnull=False).count() == 8
    for e in entries[:7]:
        assert tournaments.check_in(e.pk).checked_in_for == 1
    tournaments.start_seated_round(t.pk, by=organiser)
    late = entries[7]
    # The tables are set: the no-show's place is a bot's, scoring for nobody.
    assert not TableSeat.objects.filter(table__round=rnd, entry=late).exists()
    assert TableSeat.objects.filter(table__round=rnd, entry=None).count() == 1
    assert not Game.objects.filter(seats__user=late.user).exists()
    line = AuditLog.objects.get(tournament=t, action="no_show")
    assert line.details == {"player": str(late), "round": 1, "replaced_by": "bot"}


def test_seat_swap_and_start_from_the_admin(client, organiser, django_user_model, quiet):
    t = _cup(django_user_model, name="Desk Cup")
    client.force_login(organiser)
    page = client.post(ADMIN, {"action": "seat_next_round", "_selected_action": [t.pk]},
                       follow=True).content.decode()
    assert "Desk Cup: round 1 is seated" in page
    rnd = Round.objects.get(tournament=t)
    change = client.get(f"/admin/games/round/{rnd.pk}/change/").content.decode()
    assert f"/admin/games/round/{rnd.pk}/swap/" in change
    swap_page = client.get(f"/admin/games/round/{rnd.pk}/swap/")
    assert swap_page.status_code == 200 and "Swap their seats" in swap_page.content.decode()
    places = _places(rnd)
    a, b = list(places)[0], list(places)[5]
    same = client.post(f"/admin/games/round/{rnd.pk}/swap/",
                       {"first": a, "second": a, "reason": "oops"})
    assert same.status_code == 200 and "Pick two different players" in same.content.decode()
    response = client.post(f"/admin/games/round/{rnd.pk}/swap/",
                           {"first": a, "second": b, "reason": "a wheelchair place"},
                           follow=True)
    assert "have swapped seats" in response.content.decode()
    assert _places(rnd)[a].table_id == places[b].table_id
    assert AuditLog.objects.get(action="seats_swapped").who == organiser
    page = client.post(ADMIN, {"action": "start_seated_round", "_selected_action": [t.pk]},
                       follow=True).content.decode()
    assert "Desk Cup: round 1 started." in page
    assert Round.objects.get(pk=rnd.pk).status == PLAYING
    # Somebody without the tournament permissions may not swap.
    outsider = django_user_model.objects.create_user("otto", is_staff=True)
    client.force_login(outsider)
    assert client.get(f"/admin/games/round/{rnd.pk}/swap/").status_code == 403
