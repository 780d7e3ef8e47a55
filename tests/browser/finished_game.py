"""A finished bot game of a chosen ruleset saved in the live server's database (run by
`python manage.py shell` with that server's environment), and what its replay's deal picker
should name for each deal: the round's wind, the dealer and the outcome, from the engine."""

from __future__ import annotations

import json

from django.utils import timezone

from games.engine import bots
from games.engine.match import Match
from games.engine.record import results_of
from games.engine.ruleset import Ruleset, get_ruleset
from games.models import FINISHED, Game, Move, Seat
from games.services import results

WINDS = ("East", "South", "West", "North")


def make(ruleset: str, seed: str, rounds: int = 1) -> str:
    rs = Ruleset.from_json({**get_ruleset(ruleset).to_json(), "rounds": rounds})
    match = Match(rs, seed)
    winds = {}
    while not match.is_over:
        winds.setdefault(match.deal.number, WINDS[match.state.prevailing_wind])
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    now = timezone.now()
    game = Game.objects.create(
        ruleset_name=rs.name, ruleset=rs.to_json(), seed=seed, status=FINISHED,
        version=match.version, started=now, finished=now, result=results_of(match),
    )
    chairs = match.seating.to_json()["seat_of_chair"]
    for chair in range(4):
        Seat.objects.create(game=game, chair=chair, position=chairs[chair], bot_level="greedy")
    Move.objects.bulk_create(
        Move(game=game, seq=i, seat=a.seat, action=a.to_json())
        for i, a in enumerate(match.actions, start=1)
    )
    results.finish(game)
    names = {s.position: s.name for s in game.seats.all()}
    deals = [
        {"number": d["number"], "wind": winds[d["number"]], "dealer": names[d["dealer"]],
         "winner": None if d["winner"] is None else names[d["winner"]]}
        for d in game.result["deals"]
    ]
    return json.dumps({"game": game.pk, "deals": deals})
