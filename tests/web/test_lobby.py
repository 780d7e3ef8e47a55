"""The lobby as a person sees it: choosing each seat of a new table, private tables that only
their link finds, bots with names of their own, and a favicon instead of a 404."""

import pytest
from django.contrib.staticfiles import finders

from games.models import Game
from games.web.forms import NewGameForm

from .test_pages import _config

pytestmark = pytest.mark.django_db

NEW = {"ruleset": "chinese-classical", "claim_seconds": 8}


def _new_table(client, **fields):
    client.post("/game/new/", {**NEW, "seat_2": "open", "seat_3": "open", "seat_4": "open",
                               **fields})
    return Game.objects.first()


def test_favicon_is_the_red_dragon_tile(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response.url == "/static/tiles/dr.svg"
    assert finders.find("tiles/dr.svg")


def test_the_new_table_form_offers_a_choice_for_each_other_seat(client):
    page = client.get("/lobby/").content.decode()
    for name in ("seat_2", "seat_3", "seat_4"):
        assert f'name="{name}"' in page
    for choice in ("Open for a person", "Bot: beginner (goes out fast, never defends)",
                   "Bot: intermediate (builds hands worth more)",
                   "Bot: strong (builds and defends)", "Bot: random (any legal move)"):
        assert page.count(f">{choice}</option>") == 3
    assert "Private: only people with the invite link can find it" in page


def test_the_form_maps_each_seat_to_a_bot_or_an_open_chair():
    form = NewGameForm({**NEW, "seat_2": "random", "seat_3": "open", "seat_4": "beginner"})
    assert form.is_valid(), form.errors
    assert form.bot_chairs() == {1: "random", 3: "beginner"}
    assert not NewGameForm({**NEW, "seat_2": "bot", "seat_3": "open", "seat_4": "open"}).is_valid()


def test_chosen_seats_are_filled_as_asked_and_open_ones_wait_for_people(client, players):
    client.force_login(players[0])
    game = _new_table(client, seat_2="random", seat_4="beginner")
    client.force_login(players[1])
    client.post(f"/game/{game.pk}/join/")
    seats = {s.chair: (s.user.username if s.user else s.bot_level) for s in game.seats.all()}
    assert seats == {0: "alice", 1: "random", 2: "bob", 3: "beginner"}
    page = client.get(f"/game/{game.pk}/").content.decode()
    room = page[page.index('id="waiting-seats"'):page.index("</ol>")]
    names = [s.name for s in game.seats.all()]
    assert names[0] == "alice" and names[2] == "bob"
    assert names[1] != names[3] and all(names[c].startswith("Bot ") for c in (1, 3))
    positions = [room.index(n) for n in names]
    assert positions == sorted(positions)  # the waiting room lists them in chair order
    client.post(f"/game/{game.pk}/start/")
    assert Game.objects.get(pk=game.pk).status == "active"


def test_a_bad_seat_choice_opens_no_table(client, players):
    client.force_login(players[0])
    response = client.post("/game/new/", {**NEW, "seat_2": "bot", "seat_3": "open",
                                          "seat_4": "open"})
    assert response.status_code == 302 and response.url == "/lobby/"
    assert not Game.objects.exists()


def test_play_now_bots_have_distinct_names(client, outsider):
    client.post("/play-now/")
    game = Game.objects.get()
    bots = [s for s in game.seats.all() if s.is_bot]
    assert [s.bot_level for s in bots] == ["intermediate"] * 3
    assert len({s.name for s in bots}) == 3
    client.force_login(outsider)
    lobby = client.get("/lobby/").content.decode()
    assert all(s.name in lobby for s in bots)


def test_a_private_table_is_unlisted_but_its_link_works(client, players, outsider, spectator):
    """Issue 17 §8: its invite link, not its number, opens it to others."""
    client.force_login(players[0])
    public = _new_table(client, seat_3="beginner", seat_4="beginner")
    secret = _new_table(client, private="on", seat_3="beginner", seat_4="beginner")
    assert secret.private and not public.private
    assert f"/game/{secret.pk}/" in client.get("/lobby/").content.decode()  # its creator's

    client.force_login(outsider)
    lobby = client.get("/lobby/").content.decode()
    assert f"/game/{public.pk}/" in lobby and f"/game/{secret.pk}/" not in lobby
    assert client.get(f"/game/{secret.pk}/").status_code == 404  # its number alone
    client.get(f"/t/{secret.invite}/")
    room = client.get(f"/game/{secret.pk}/")
    assert room.status_code == 200 and 'id="take-seat"' in room.content.decode()
    client.post(f"/game/{secret.pk}/join/")
    client.post(f"/game/{secret.pk}/start/")
    assert Game.objects.get(pk=secret.pk).status == "active"
    assert f"/game/{secret.pk}/" in client.get("/lobby/").content.decode()  # now a player

    for viewer in (spectator, None):
        client.logout()
        if viewer:
            client.force_login(viewer)
        assert f"/game/{secret.pk}/" not in client.get("/lobby/").content.decode()
        assert client.get(f"/game/{secret.pk}/").status_code == 404
        client.get(f"/t/{secret.invite}/")
        page = client.get(f"/game/{secret.pk}/")
        assert page.status_code == 200 and _config(page)["seat"] is None


def test_one_person_and_three_bots_are_dealt_without_start(client, players):
    """Issue 38 §8: the fourth seat a bot beside one person deals the table at once, whether
    the bots come with the new table or from the waiting room's button."""
    client.force_login(players[0])
    asked = _new_table(client, seat_2="beginner", seat_3="beginner", seat_4="random")
    assert Game.objects.get(pk=asked.pk).status == "active"

    room = _new_table(client, seat_2="beginner", seat_3="beginner")
    assert Game.objects.get(pk=room.pk).status == "open"
    client.post(f"/game/{room.pk}/bot/", {"level": "beginner"})
    assert Game.objects.get(pk=room.pk).status == "active"
    assert 'id="start-game"' not in client.get(f"/game/{room.pk}/").content.decode()


def test_two_people_and_two_bots_still_wait_for_start(client, players):
    client.force_login(players[0])
    game = _new_table(client, seat_3="beginner")
    client.force_login(players[1])
    client.post(f"/game/{game.pk}/join/")
    client.post(f"/game/{game.pk}/bot/", {"level": "beginner"})
    assert Game.objects.get(pk=game.pk).status == "open"  # the two agree when to start


def test_a_waiting_room_whose_only_person_leaves_is_closed(client, players, outsider):
    """Issue 38 §8: nobody is left to start it, so it leaves the lobby with its bots."""
    client.force_login(players[0])
    game = _new_table(client, seat_2="beginner")
    response = client.post(f"/game/{game.pk}/leave/")
    assert response.status_code == 302 and response.url == "/lobby/"
    assert not Game.objects.filter(pk=game.pk).exists()
    client.force_login(outsider)
    assert f"/game/{game.pk}/" not in client.get("/lobby/").content.decode()

    shared = _new_table(client, seat_2="beginner")  # otto's, and alice joins
    client.force_login(players[0])
    client.post(f"/game/{shared.pk}/join/")
    client.post(f"/game/{shared.pk}/leave/")
    assert Game.objects.get(pk=shared.pk).status == "open"  # otto still waits there


def test_a_casual_table_of_mine_raises_no_tournament_banner(client, players):
    """The lobby marks my own tables "Back to your table"; the banner that tells a tournament
    player where their table is stays away (it once showed empty: "You are seated: , round ,")."""
    client.force_login(players[0])
    game = _new_table(client)
    page = client.get("/lobby/").content.decode()
    assert f'href="/game/{game.pk}/" class="button your-table"' in page
    assert "You are seated" not in page
