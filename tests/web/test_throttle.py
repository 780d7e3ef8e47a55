"""Issue 17 §9, issue 36 §6: the requests that make the server work are limited per address
(games/access/limits.py): the import (each one verifies a whole game), a running game's replay steps,
queue joins, new tables, new guest accounts. A request over the limit is answered 429 with its
reason and when to try again, and does no work; once the window turns it is allowed again. The
windows' clock is faked: nothing here waits or depends on the machine's speed."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.test import Client

from games.access import limits
from games.models import Game
from mahjong_site.env import env_limits

from .replay_games import saved_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("limit_clock")]


def _bound(name):
    return limits.bound(name).count


def test_imports_are_limited_per_address(players, limit_clock):
    client = Client()
    client.force_login(players[0])
    for _ in range(_bound("import")):
        answer = client.post("/games/import/", {"text": "{}"})
        assert answer.status_code in (200, 400)  # refused for what it is, not throttled
    over = client.post("/games/import/", {"text": "{}"})
    assert over.status_code == 429 and 0 < int(over["Retry-After"]) <= 60
    assert "Too many imports from your address" in over.content.decode()
    assert client.get("/games/import/").status_code == 200  # the form itself costs nothing
    other = Client(REMOTE_ADDR="10.9.8.7")
    other.force_login(players[1])
    assert other.post("/games/import/", {"text": "{}"}).status_code in (200, 400)
    limit_clock.advance(int(over["Retry-After"]))
    assert client.post("/games/import/", {"text": "{}"}).status_code in (200, 400)


def test_a_running_games_replay_steps_are_limited_a_finished_ones_are_not(limit_clock):
    running = saved_game("throttle-running", moves=40)
    finished = saved_game("throttle-finished")
    client = Client()
    steps = f"/game/{running.pk}/replay/steps.json"
    for _ in range(_bound("steps")):
        assert client.get(steps).status_code == 200
    over = client.get(steps)
    assert over.status_code == 429 and "Too many replay requests" in over.content.decode()
    assert Game.objects.get(pk=finished.pk).status == "finished"
    for _ in range(_bound("steps") + 5):
        assert client.get(f"/game/{finished.pk}/replay/steps.json").status_code == 200
    limit_clock.advance(60)
    assert client.get(steps).status_code == 200


def test_queue_joins_are_limited(players, settings, limit_clock):
    settings.GAMES_LIMITS = {"queue-join": (2, 60)}
    client = Client()
    client.force_login(players[0])
    data = {"queue-ruleset": "chinese-classical", "queue-kind": "casual"}
    assert [client.post("/queue/join/", data).status_code for _ in range(3)] == [302, 302, 429]
    limit_clock.advance(60)
    assert client.post("/queue/join/", data).status_code == 302


def test_new_tables_are_limited_per_address(players, settings, limit_clock):
    settings.GAMES_LIMITS = {"tables": (2, 600)}
    client = Client()
    client.force_login(players[0])
    assert client.post("/play-now/").status_code == 302
    assert client.post("/game/new/", {"ruleset": "chinese-classical"}).status_code == 302
    made = Game.objects.count()
    over = client.post("/play-now/")
    assert over.status_code == 429 and "Too many new tables" in over.content.decode()
    assert client.post("/game/new/", {"ruleset": "chinese-classical"}).status_code == 429
    assert Game.objects.count() == made
    limit_clock.advance(600)
    assert client.post("/play-now/").status_code == 302 and Game.objects.count() == made + 1


def test_new_guest_accounts_are_limited_per_address(settings, limit_clock):
    settings.GAMES_LIMITS = {"guests": (2, 3600)}
    users = get_user_model().objects
    for _ in range(2):
        assert Client().post("/play-now/").status_code == 302  # a new browser: a new guest
    assert users.count() == 2
    over = Client().post("/play-now/")
    assert over.status_code == 429
    assert "Too many new guest accounts from your address" in over.content.decode()
    assert users.count() == 2 and "Traceback" not in over.content.decode()
    assert Client(REMOTE_ADDR="10.1.1.1").post("/play-now/").status_code == 302
    limit_clock.advance(3600)
    assert Client().post("/play-now/").status_code == 302 and users.count() == 4


def test_the_proxy_header_names_the_client(settings, limit_clock):
    settings.GAMES_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    settings.GAMES_LIMITS = {"guests": (1, 3600)}
    assert Client(HTTP_X_REAL_IP="192.0.2.1").post("/play-now/").status_code == 302
    assert Client(HTTP_X_REAL_IP="192.0.2.1").post("/play-now/").status_code == 429
    assert Client(HTTP_X_REAL_IP="192.0.2.2").post("/play-now/").status_code == 302


def test_a_limit_can_be_set_from_the_environment(monkeypatch):
    assert env_limits("MAHJONG_TEST_LIMITS") == {}
    monkeypatch.setenv("MAHJONG_TEST_LIMITS", "guests=5/600, connects=30/60")
    assert env_limits("MAHJONG_TEST_LIMITS") == {"guests": (5, 600), "connects": (30, 60)}
    monkeypatch.setenv("MAHJONG_TEST_LIMITS", "guests=5")
    with pytest.raises(ImproperlyConfigured, match="name=count/seconds"):
        env_limits("MAHJONG_TEST_LIMITS")
