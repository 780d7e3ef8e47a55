"""Issue 39: bots think in worker processes (games/thinking). A decision is asked for as its
point opens and applied when due; an answer that comes back after the game moved on is never
applied and the new point is asked for; a worker that dies is replaced and its work redone."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import Future

import pytest

from games import services
from games.models import Game
from games.services import thoughts
from games.thinking import jobs, pool

STUCK_S = 60  # a bound on a wait for a worker's answer; a working pool answers in well under


@pytest.fixture
def workers(settings):
    settings.GAMES_THINK_WORKERS = 1
    settings.GAMES_BOT_DELAY_MS = 0
    pool.start()  # as a serving process does
    yield settings
    pool.shutdown()


def _bot_game(seed: str, level: str = "intermediate") -> Game:
    game = services.create_game(None, seed=seed)
    for _ in range(4):
        services.add_bot(game.pk, level)
    return services.start_game(game.pk)


def _until(condition, what: str):
    """Poll `condition` until it holds; bounded by STUCK_S (no answer that long: stuck)."""
    deadline = time.monotonic() + STUCK_S
    while not (found := condition()):
        assert time.monotonic() < deadline, f"stuck waiting for {what}"
        time.sleep(0.02)
    return found


def _version(game: Game) -> int:
    return Game.objects.values_list("version", flat=True).get(pk=game.pk)


def _count_asks(monkeypatch) -> list[tuple]:
    asked = []
    real = pool.submit

    def counting(fn, *args):
        if fn is jobs.weigh:
            asked.append(args[0]["viewer"])
        return real(fn, *args)

    monkeypatch.setattr(pool, "submit", counting)
    return asked


def test_a_bot_decision_is_asked_as_its_point_opens_and_applied_when_due(
        transactional_db, workers, monkeypatch):
    asked = _count_asks(monkeypatch)
    game = _bot_game("thinking-1")
    # start_game asked for the dealer's first discard as it committed (the delay runs meanwhile).
    assert len(asked) == 1
    _until(lambda: services.tick(game.pk), "the first bot move")
    assert _version(game) >= 1
    # The move just applied opened the next point, and it was asked for at once.
    assert len(asked) >= 2


def test_an_answer_for_a_point_the_game_has_left_is_not_applied_and_the_new_one_is_asked(
        transactional_db, workers, monkeypatch):
    # Every bot decision takes 1.5 s in the one worker, so the game can move on meanwhile.
    workers.GAMES_THINK_EXTRA_MS = 1500
    asked = _count_asks(monkeypatch)
    game = _bot_game("thinking-2")
    assert services.tick(game.pk) is False  # asked, not answered yet: nothing moves
    # An organiser moves the game on meanwhile (its autopilot waits for its own answer).
    assert services.autopilot_waiting(game.pk) >= 1
    moved_to = _version(game)
    assert moved_to >= 1 and len(asked) >= 2  # the point it moved to was asked for at once
    # The slow answer for version 0 arrives first (one worker, in order): it is not applied.
    _until(lambda: not thoughts.asking(game.pk, 0), "the slow answer")
    assert services.tick(game.pk) is False
    assert _version(game) == moved_to
    # The answer for the new point is.
    _until(lambda: services.tick(game.pk), "the move at the new point")
    assert _version(game) > moved_to


def test_a_worker_that_dies_is_replaced_and_its_work_redone(transactional_db, workers):
    workers.GAMES_THINK_EXTRA_MS = 1500
    game = _bot_game("thinking-3")
    assert services.tick(game.pk) is False
    victims = _until(pool.pids, "the worker")
    for pid in victims:
        os.kill(pid, signal.SIGKILL)
    workers.GAMES_THINK_EXTRA_MS = 0
    _until(lambda: services.tick(game.pk), "the redone decision")
    assert _version(game) >= 1
    assert not set(pool.pids()) & set(victims)


def test_an_answer_that_never_comes_is_given_up_and_the_bot_still_plays(
        transactional_db, workers, monkeypatch, caplog):
    # A job lost on its way (its Future never completes): the table must not wait for ever.
    lost = []

    def losing(fn, *args):
        lost.append(fn)
        return Future()

    monkeypatch.setattr(pool, "submit", losing)
    game = _bot_game("thinking-4")
    assert lost and services.tick(game.pk) is False  # asked, never answered: nothing moves yet
    monkeypatch.setattr(thoughts, "GIVE_UP_SECONDS", 0.0)  # as if that long had passed
    assert services.tick(game.pk) is True
    assert _version(game) == 1
    assert "no answer from the workers" in caplog.text
