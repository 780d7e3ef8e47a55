"""Issue 17 §9: the requests that make the server replay games are limited per address: the
import (each one verifies a whole game) and a running game's replay steps. A request over the
limit is answered 429 with when to try again, and does no work."""

import pytest
from django.test import Client

from games.models import Game
from games.urls import IMPORTS_PER_MINUTE, RUNNING_STEPS_PER_MINUTE

from .replay_games import saved_game

pytestmark = pytest.mark.django_db


def test_imports_are_limited_per_address(players):
    client = Client()
    client.force_login(players[0])
    for _ in range(IMPORTS_PER_MINUTE):
        answer = client.post("/games/import/", {"text": "{}"})
        assert answer.status_code in (200, 400)  # refused for what it is, not throttled
    over = client.post("/games/import/", {"text": "{}"})
    assert over.status_code == 429 and int(over["Retry-After"]) <= 60
    assert "Too many imports" in over.content.decode()
    assert client.get("/games/import/").status_code == 200  # the form itself costs nothing
    other = Client(REMOTE_ADDR="10.9.8.7")
    other.force_login(players[1])
    assert other.post("/games/import/", {"text": "{}"}).status_code in (200, 400)


def test_a_running_games_replay_steps_are_limited_a_finished_ones_are_not():
    running = saved_game("throttle-running", moves=40)
    finished = saved_game("throttle-finished")
    client = Client()
    steps = f"/game/{running.pk}/replay/steps.json"
    for _ in range(RUNNING_STEPS_PER_MINUTE):
        assert client.get(steps).status_code == 200
    assert client.get(steps).status_code == 429
    assert Game.objects.get(pk=finished.pk).status == "finished"
    for _ in range(RUNNING_STEPS_PER_MINUTE + 5):
        assert client.get(f"/game/{finished.pk}/replay/steps.json").status_code == 200
