"""A record of a game in which the person at chair 0 plays as the strong bot would but never
goes out: every win offered is let go, so the game's analysis lists missed wins."""

from __future__ import annotations

from games.engine import actions as A
from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset

SEED = "decisions-box 1"


def record(name: str, seed: str = SEED) -> dict:
    rules = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1,
                               "max_deals": 3})
    match = Match(rules, seed)
    person = match.seating.seat_of[0]
    while not match.is_over:
        seat = match.waiting_on()[0]
        action = bots.choose(match, seat, "strong" if seat == person else "beginner")
        if seat == person and action.type == A.WIN:
            action = next(a for a in match.legal_actions(seat)
                          if a.type in (A.PASS, A.DISCARD))
        match.apply(action)
    players = [{"chair": c, "seat": match.seating.seat_of[c],
                "name": name if c == 0 else f"Bot {c}", "bot": None if c == 0 else "beginner"}
               for c in range(4)]
    return build_record(match, players=players)
