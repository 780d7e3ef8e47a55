"""Finished games for history, records and statistics tests.

`play_out` drives a game through the service door to its end (the real path, but a few seconds
per game); `saved_game` plays the same bots in the engine alone and stores the moves as the
service door does, for tests that need finished games rather than the act of playing them.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games import services
from games.engine import bots
from games.engine.actions import Action
from games.engine.record import results_of
from games.models import ACTIVE, FINISHED, Game, Move
from games.services import results
from games.services.matches import match_for

from .live import make_table, short_ruleset


def play_out(game: Game) -> Game:
    """The autopilot answers for every seat until the game is over."""
    for _ in range(20_000):
        game.refresh_from_db()
        if game.status != ACTIVE:
            return game
        services.autopilot_waiting(game.pk)
    raise AssertionError("the game did not end")


def finished_game(humans, bots: int = 0, *, seed: str = "finished", rounds: int = 1,
                  **options) -> Game:
    """A one-round game by default, played through the service door."""
    game = make_table(humans, bots, seed=seed, settings=short_ruleset(rounds), **options)
    return play_out(game)


def saved_game(humans, n_bots: int = 0, *, seed: str = "saved", rounds: int = 1,
               script=None, ago_minutes: int = 0, **options) -> Game:
    """A started table whose whole game is then played by the engine's bots (or by
    `script(match)`, which returns the next Action) and saved move by move."""
    game = make_table(humans, n_bots, seed=seed, settings=short_ruleset(rounds), **options)
    match = match_for(game)
    match = type(match)(match.ruleset, match.seed)
    while not match.is_over:
        action = script(match) if script else bots.choose(match, match.waiting_on()[0], "greedy")
        match.apply(action if isinstance(action, Action) else Action.from_json(action))
    at = timezone.now() - timedelta(minutes=ago_minutes)
    Move.objects.bulk_create(
        Move(game=game, seq=i + 1, seat=a.seat, action=a.to_json(), created=at)
        for i, a in enumerate(match.actions)
    )
    Game.objects.filter(pk=game.pk).update(
        status=FINISHED, version=match.version, result=results_of(match), finished=at,
        changed_at=at, due_at=None, listed_at=at,
    )
    game.refresh_from_db()
    results.finish(game)
    return game
