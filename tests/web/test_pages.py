"""Pages a person clicks through: play now as a guest, sign up, open a table, watch."""

import json

import pytest

from games.models import Game, Profile

pytestmark = pytest.mark.django_db


def _config(response):
    html = response.content.decode()
    marker = '<script id="table-config" type="application/json">'
    start = html.index(marker) + len(marker)
    return json.loads(html[start:html.index("</script>", start)])


def test_play_now_seats_a_guest_with_three_bots_at_a_dealt_table(client):
    response = client.post("/play-now/")
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == f"/game/{game.pk}/"
    assert game.status == "active" and sum(s.is_bot for s in game.seats.all()) == 3
    guest = game.seats.get(bot_level="").user
    assert Profile.objects.get(user=guest).is_guest

    page = client.get(response.url)
    config = _config(page)
    csrf = config.pop("csrf")
    config.pop("replay", None)  # present once the replay page is installed
    talk = config.pop("talk")  # a public table: canned lines only, and why
    assert talk["lines"] and "private tables" in talk["free_text_off"]
    assert csrf and config == {
        "game": game.pk, "ws": f"/ws/game/{game.pk}/",
        "seat": game.seats.get(user=guest).position, "status": "active", "hints": True, "hints_off": None,
        "ready_off": None,
        "record": f"/game/{game.pk}/record.json", "plot": f"/game/{game.pk}/plot/",
        "again": f"/game/{game.pk}/again/", "commitment": game.commitment}
    assert "js/table.js" in page.content.decode()
    assert game.seed not in page.content.decode()


def test_a_guest_who_signs_up_keeps_their_game(client):
    client.post("/play-now/")
    game = Game.objects.get()
    response = client.post("/accounts/signup/", {"username": "mei", "password1": "tiles-and-tea-42",
                                                 "password2": "tiles-and-tea-42"})
    assert response.status_code == 302
    assert game.seats.filter(user__username="mei").exists()
    assert not Profile.objects.get(user__username="mei").is_guest
    client.logout()
    assert client.login(username="mei", password="tiles-and-tea-42")


def test_spectator_page_has_no_seat(client, players, outsider):
    client.force_login(players[0])
    client.post("/game/new/", {"ruleset": "chinese-classical", "seat_2": "beginner",
                               "seat_3": "beginner", "seat_4": "random", "claim_seconds": 8})
    game = Game.objects.get()
    client.post(f"/game/{game.pk}/start/")
    client.force_login(outsider)
    config = _config(client.get(f"/game/{game.pk}/"))
    assert config["seat"] is None and Game.objects.get().status == "active"


def test_two_people_and_two_bots_fill_a_table(client, players):
    client.force_login(players[0])
    client.post("/game/new/", {"ruleset": "chinese-classical", "seat_2": "open",
                               "seat_3": "beginner", "seat_4": "beginner", "claim_seconds": 8})
    game = Game.objects.get()
    assert 'id="start-game"' not in client.get(f"/game/{game.pk}/").content.decode()  # 3 of 4
    client.force_login(players[1])
    client.post(f"/game/{game.pk}/join/")
    client.post(f"/game/{game.pk}/start/")
    game.refresh_from_db()
    assert game.status == "active"
    assert sorted(s.position for s in game.seats.all()) == [0, 1, 2, 3]
    lobby = client.get("/lobby/").content.decode()
    assert f"/game/{game.pk}/" in lobby


def test_record_is_hidden_until_the_game_is_over(client):
    response = client.post("/play-now/")
    record = _config(client.get(response.url))["record"]
    assert client.get(record).status_code == 404
