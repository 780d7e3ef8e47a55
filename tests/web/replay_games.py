"""Games for the replay tests and benchmark: a bot game played by the engine and saved as the
service door would have saved it (the moves, the seats, the result)."""

from __future__ import annotations

from django.utils import timezone

from games.engine import bots
from games.engine.match import Match
from games.engine.record import results_of
from games.engine.ruleset import get_ruleset
from games.models import ACTIVE, FINISHED, Game, Move, Seat
from games.services import results


def saved_game(seed: str, *, moves: int | None = None, user=None,
               deals: int | None = None) -> Game:
    """A four-bot game (the first chair `user` if given), played to the end or `moves` moves;
    `deals`: a table of that many deals (as a tournament's), over sooner."""
    rules = get_ruleset("chinese-classical")
    match = Match(rules.replace(max_deals=deals) if deals else rules, seed)
    while not match.is_over and (moves is None or match.version < moves):
        match.apply(bots.choose(match, match.waiting_on()[0]))
    now = timezone.now()
    over = match.is_over
    game = Game.objects.create(
        ruleset_name=match.ruleset.name, ruleset=match.ruleset.to_json(), seed=seed,
        status=FINISHED if over else ACTIVE, version=match.version, started=now,
        finished=now if over else None, result=results_of(match) if over else None,
    )
    chairs = match.seating.to_json()["seat_of_chair"]
    for chair in range(4):
        Seat.objects.create(game=game, chair=chair, position=chairs[chair],
                            user=user if chair == 0 else None,
                            bot_level="" if (chair == 0 and user) else "greedy")
    Move.objects.bulk_create(
        Move(game=game, seq=i, seat=a.seat, action=a.to_json())
        for i, a in enumerate(match.actions, start=1)
    )
    results.finish(game)
    return game
