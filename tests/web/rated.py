"""Rated games with scripted results: a started rated table ended with chosen final points, then
rated as the transaction that finishes a game rates it (services/ratings.py)."""

from __future__ import annotations

from django.db import transaction

from games import services
from games.models import FINISHED, Game, Seat
from games.services import ratings, results

from .live import make_table


def positions(game: Game) -> dict[int, int]:
    """{user id: engine seat}."""
    return {s.user_id: s.position for s in Seat.objects.filter(game=game)}


def scripted(people, points, *, seed, rated=True, ruleset="chinese-classical", left=()):
    """A started table of `people` ended with these final `points` (in the order of `people`),
    rated as the finishing transaction rates it. `left`: people who left first, in order."""
    game = make_table(people, seed=seed, rated=rated, ruleset_name=ruleset)
    for user in left:
        services.leave_game(game.pk, user)
    return finish(game, people, points)


def finish(game, people, points):
    """End a started table with these final points (in the order of `people`) and rate it as
    the finishing transaction does."""
    seat_of = positions(game)
    final = [0] * 4
    for user, p in zip(people, points, strict=True):
        final[seat_of[user.pk]] = p
    standings = [{"seat": seat, "points": p, "place": 1 + sum(q > p for q in final)}
                 for seat, p in enumerate(final)]
    Game.objects.filter(pk=game.pk).update(
        status=FINISHED, result={"points": final, "deals": [], "standings": standings,
                                 "over": True})
    game.refresh_from_db()
    with transaction.atomic():  # as play._finish does
        results.store(game)
        if results.count(game):
            ratings.rate(game)
    return game
