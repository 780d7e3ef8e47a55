"""Tables for the turn and claim tests, made through the service door in the live server's
database (run by `python manage.py shell` with that server's environment).

Seed "lost-claim-38", chair 0 a person and three greedy bots: the person draws South; East's
first discard is a tile the person may chow and the bot sitting North pungs (found by playing
the seed with the engine's greedy bots)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games import services
from games.engine.match import Match
from games.engine.ruleset import get_ruleset
from games.models import Game
from games.services import matches

LOST_CLAIM_SEED = "lost-claim-38"


def person_seat(seed: str) -> int:
    return Match.new(get_ruleset("chinese-classical"), seed).seating.seat_of[0]


def open_table(username: str, seed: str, bots: int = 3, others: tuple[str, ...] = ()) -> int:
    """A table not started yet: the person in chair 0, then other people, then bots."""
    users = get_user_model().objects
    user = users.get(username=username)
    game = services.create_game(user, seed=seed, claim_seconds=600)
    services.take_seat(game.pk, user)
    for name in others:
        services.take_seat(game.pk, users.get_or_create(username=name)[0])
    for _ in range(bots):
        services.add_bot(game.pk, "greedy")
    return game.pk


def start(game_id: int) -> int:
    services.start_game(game_id)
    return game_id


def at_first_claim(username: str) -> int:
    """The lost-claim table, started and brought to East's first discard: the bots have
    answered, the person's answer is awaited."""
    game_id = start(open_table(username, LOST_CLAIM_SEED))
    pos = person_seat(LOST_CLAIM_SEED)
    for _ in range(200):
        row = Game.objects.get(pk=game_id)
        match = matches.match_for(row)
        others = [s for s in match.waiting_on() if s != pos]
        if match.phase == "claim" and pos in match.waiting_on() and all(
            str(s) in row.pending for s in others
        ):
            return game_id
        services.tick(game_id)
    raise RuntimeError("the table never reached East's first discard")


def add_bots(game_id: int, n: int) -> int:
    for _ in range(n):
        services.add_bot(game_id, "greedy")
    return game_id
