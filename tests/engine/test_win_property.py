"""Play and scoring agree (issue 10, "one win test per ruleset"): under every preset, every
win the engine accepted from greedy bots scores as won, and every deal keeps the points
zero-sum.

CI plays a few hundred deals in all. For thousands, set WIN_PROPERTY_DEALS (deals per preset):

    WIN_PROPERTY_DEALS=500 .venv/bin/pytest tests/engine/test_win_property.py -q
"""

import os

import pytest

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.ruleset import PLAYABLE, PRESETS
from games.engine.wintest import is_mahjong

DEALS = int(os.environ.get("WIN_PROPERTY_DEALS", "30"))


def offered_wins_are_wins(match: Match) -> None:
    """Whenever the engine offers a seat a win, the ruleset's win test agrees with it."""
    deal = match.deal
    for seat in deal.waiting_on():
        if Action(seat, A.WIN) not in deal.legal_actions(seat):
            continue
        counts = list(deal.seats[seat].hand)
        if deal.window_tile is not None:
            counts[deal.window_tile] += 1
        assert is_mahjong(deal.ruleset, counts, deal.seats[seat].melds)


@pytest.mark.parametrize("name", PLAYABLE)
def test_every_accepted_win_scores_as_won(name):
    rs = PRESETS[name]
    played = wins = 0
    game = 0
    while played < DEALS:
        match = Match(rs, f"win property {name} {game}")
        game += 1
        while not match.is_over and played < DEALS:
            if not match.deal.is_over:
                offered_wins_are_wins(match)
            before = len(match.history)
            match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
            if len(match.history) > before:
                played += 1
                summary = match.history[-1]
                assert sum(summary.deltas) == 0
                if summary.result.winner is not None:
                    wins += 1
                    score = summary.hands[summary.result.winner]["score"]
                    assert score["won"], (name, summary.to_json())
    assert wins > 0, f"no deal under {name} was won: the property was not exercised"
