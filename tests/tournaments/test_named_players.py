"""Named players without accounts: the organiser enters a name; a bot at the tournament's level
plays the seat while the place keeps the entry, so its results count for the named player (and
show by name in the standings, exports and slips); the table is not rated. The player claims
the entry later with its link: a used link, an account with a place already, a guest and a
bad code are refused with a line that says why; the claim is in the audit log."""

import csv
import io

import pytest
from django.test import Client

from games.access.accounts import make_guest
from games.models import AuditLog, Entry, TableSeat, Tournament
from games.services import ServiceError, claims, standings, tournaments

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)

ADMIN = "/admin/games/tournament/"


def _form(**extra) -> dict:
    return {
        "name": "Hybrid Cup", "ruleset_name": "chinese-classical", "settings": "{}",
        "rounds": 2, "deals_per_table": 1, "claim_seconds": 8, "turn_seconds": "",
        "fill": "bots", "withdrawal": "bot", "bot_level": "strong", "hide_scores": "on",
        "table_points": "4,2,1,0", "seed": "hybrid", "no_show": "bot",
        "entries-INITIAL_FORMS": 0, "round_set-TOTAL_FORMS": 0, "round_set-INITIAL_FORMS": 0,
        **extra,
    }


def _hybrid(django_user_model, **extra) -> tuple[Tournament, Entry]:
    """Three members and Mei, who has no account."""
    t = Tournament.objects.create(name="Hybrid Cup", registration_open=True, rounds=2,
                                  deals_per_table=1, **extra)
    for i in range(3):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"member{i}"))
    return t, Entry.objects.create(tournament=t, name="Mei")


def test_the_admin_adds_a_named_player_and_shows_the_claim_link(client, organiser,
                                                                django_user_model):
    django_user_model.objects.create_user("alice")
    client.force_login(organiser)
    clash = client.post(ADMIN + "add/", _form(**{
        "entries-TOTAL_FORMS": 2, "entries-0-username": "alice", "entries-1-name": "ALICE"}))
    assert clash.status_code == 200 and "entered twice" in clash.content.decode()
    empty = client.post(ADMIN + "add/", _form(**{"entries-TOTAL_FORMS": 1,
                                                 "entries-0-withdrawn": "on"}))
    assert "or a name for a player without an account" in empty.content.decode()
    response = client.post(ADMIN + "add/", _form(**{
        "entries-TOTAL_FORMS": 2, "entries-0-username": "alice", "entries-1-name": "  Mei  Lin "}))
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get()
    named = t.entries.get(user=None)
    assert named.name == "Mei Lin" and str(named) == "Mei Lin" and len(named.claim_code) >= 16
    assert t.entries.get(name="").claim_code == ""  # an account's entry has nothing to claim
    page = client.get(f"{ADMIN}{t.pk}/change/").content.decode()
    assert f"/tournaments/{t.pk}/claim/{named.claim_code}/" in page
    entry_page = client.get(f"/admin/games/entry/{named.pk}/change/").content.decode()
    assert f"/tournaments/{t.pk}/claim/{named.claim_code}/" in entry_page
    assert "Mei Lin" in client.get("/admin/games/entry/?q=mei").content.decode()
    # A second Mei Lin, or a name that is an entered player's username, is refused.
    data = _form(**{
        "entries-TOTAL_FORMS": 3, "entries-INITIAL_FORMS": 2,
        "entries-0-id": t.entries.get(name="").pk, "entries-0-tournament": t.pk,
        "entries-0-username": "alice",
        "entries-1-id": named.pk, "entries-1-tournament": t.pk, "entries-1-name": "Mei Lin",
        "entries-2-name": "mei lin"})
    again = client.post(f"{ADMIN}{t.pk}/change/", data)
    assert again.status_code == 200 and "already a player of this tournament" in (
        again.content.decode())
    assert t.entries.count() == 2


def test_a_bot_plays_a_named_players_seat_and_the_results_count_for_them(
    client, django_user_model, quiet
):
    t, mei = _hybrid(django_user_model, rated=True)
    rnd = tournaments.start_next_round(t.pk)
    table = rnd.tables.get()
    place = TableSeat.objects.get(table=table, entry=mei)
    seat = table.game.seats.get(position=place.wind)
    assert seat.is_bot and seat.user is None and seat.bot_level == "strong"
    assert seat.name.endswith("(for Mei)")
    assert not table.game.rated  # three members and a bot: not rated
    play_round(rnd)
    place.refresh_from_db()
    assert place.place is not None and place.score is not None and place.table_points is not None
    row = next(r for r in standings.compute_standings(t).rows if r.entry.pk == mei.pk)
    assert row.name == "Mei" and row.games == 1 and row.table_points == place.table_points
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "Mei" in page
    for kind in ("results", "standings", "mers"):
        text = Client().get(f"/tournaments/{t.pk}/{kind}.csv").content.decode()
        names = [line[1] if kind != "results" else line[4]
                 for line in csv.reader(io.StringIO(text))][1:]
        assert "Mei" in names, kind
    assert '<td class="pname">Mei</td>' in Client().get(
        f"/tournaments/{t.pk}/slips/").content.decode()
    tournaments.withdraw(mei.pk)  # a named player withdraws like anyone
    assert Entry.objects.get(pk=mei.pk).withdrawn


def test_the_claim_flow(django_user_model, quiet):
    t, mei = _hybrid(django_user_model)
    url = f"/tournaments/{t.pk}/claim/{mei.claim_code}/"
    anonymous = Client().get(url)
    assert anonymous.status_code == 200 and "Log in to claim" in anonymous.content.decode()
    assert Client().post(url).status_code == 200  # not logged in: asked to log in
    guest = Client()
    guest.force_login(make_guest())
    refused = guest.post(url)
    assert refused.status_code == 400 and "sign up first" in refused.content.decode()
    entered = Client()
    entered.force_login(t.entries.exclude(user=None).first().user)
    refused = entered.post(url)
    assert refused.status_code == 400 and "You have a place in Hybrid Cup already" in (
        refused.content.decode())
    bad = Client().get(f"/tournaments/{t.pk}/claim/not-a-real-code-at-all/")
    assert bad.status_code == 404 and "There is no such claim link" in bad.content.decode()
    assert Client().get(f"/tournaments/{t.pk}/claim/%3Cb%3E/").status_code == 404
    assert Client().get(f"/tournaments/999999/claim/{mei.claim_code}/").status_code == 404
    huge = f"/tournaments/{10**22}/claim/{mei.claim_code}/"  # beyond the database's integers
    assert Client().get(huge).status_code == 404 and Client().post(huge).status_code == 404

    mei_user = django_user_model.objects.create_user("meilin", password="pw-mei-12345")
    player = Client()
    player.force_login(mei_user)
    confirm = player.get(url)
    assert confirm.status_code == 200 and "Claim this place" in confirm.content.decode()
    assert Entry.objects.get(pk=mei.pk).user is None  # a GET claims nothing
    done = player.post(url, follow=True)
    assert "You now play as Mei in Hybrid Cup." in done.content.decode()
    mei.refresh_from_db()
    assert mei.user == mei_user and str(mei) == "meilin"
    line = AuditLog.objects.get(tournament=t, action="entry_claimed")
    assert line.who == mei_user and line.details == {"name": "Mei", "player": "meilin"}

    other = Client()
    other.force_login(django_user_model.objects.create_user("someone"))
    used = other.post(url)
    assert used.status_code == 400 and "used already" in used.content.decode()
    assert player.get(url).status_code == 200  # their own: "claimed already"
    with pytest.raises(ServiceError, match="used already"):
        claims.claim_entry(t.pk, mei.claim_code, django_user_model.objects.get(username="someone"))
    # From now on they play their own seat.
    rnd = tournaments.start_next_round(t.pk)
    game = rnd.tables.get().game
    assert game.seats.filter(user=mei_user, bot_level="").exists()
