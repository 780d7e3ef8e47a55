"""A finished game's stored analysis queues it for puzzles once its transaction commits
(docs/puzzles.md): never from a transaction that rolls back."""

from __future__ import annotations

import pytest

from games.models import Analysis
from games.services import puzzles

from .replay_games import saved_game

pytestmark = pytest.mark.django_db


def test_an_analysed_game_is_queued_for_puzzles_once_committed(monkeypatch,
                                                               django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(puzzles, "start", queued.append)
    game = saved_game("pz-queued")
    with django_capture_on_commit_callbacks(execute=True):
        Analysis.objects.create(game=game, data={"seats": []})
    assert queued == [game.pk]
