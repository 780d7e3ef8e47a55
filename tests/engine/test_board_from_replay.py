"""A replay's move on the analysis board (games/thinking/board_jobs.view_at, docs/puzzles.md):
every decision a seat made is reached from the replay step that shows it, even where passes of a
claim window (which are not steps) came first, and the board is never opened on a seat with
nothing to decide while someone decides there. Seed 003 §3.4 (claims) and §3.2 (the turn)."""

from __future__ import annotations

import pytest

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.replay import replay_steps
from games.engine.ruleset import get_ruleset
from games.engine.views import seat_view
from games.thinking.board_jobs import view_at


def bot_game(seed: str, ruleset: str) -> list[dict]:
    match = Match.new(ruleset, seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0]))
    return [a.to_json() for a in match.actions]


def choices(match: Match, seat: int) -> int:
    return len({(a.type, a.tile, tuple(a.tiles or ())) for a in match.legal_actions(seat)})


@pytest.mark.parametrize("ruleset,seed", [("chinese-classical", "board-steps-1"),
                                          ("cantonese", "board-steps-2")])
def test_every_decision_opens_from_the_step_that_shows_it(ruleset, seed):
    rules = get_ruleset(ruleset)
    actions = bot_game(seed, ruleset)
    shown = sorted({s["v"] for s in replay_steps(rules, seed, map(Action.from_json, actions),
                                                 reveal=True)["steps"]})
    match = Match(rules, seed)
    decisions = []  # (version, seat, that seat's view) of every choice made with two or more
    for data in actions:
        if data["type"] not in (A.READY, A.EXCHANGE) and choices(match, data["seat"]) > 1:
            decisions.append((match.version, data["seat"], seat_view(match, data["seat"])))
        match.apply(Action.from_json(data))
    assert len(decisions) > 40
    # Each look replays the game to its move: the first few deals' decisions.
    decisions = [d for d in decisions if d[0] < 200]
    for version, seat, view in decisions:
        step = max(v for v in shown if v <= version)
        got = view_at(rules, seed, actions, step, seat)
        # The same position (the window's passes before it change nothing the seat sees).
        assert {**got, "version": version} == view, (version, seat, step)
    # Any other seat asked for at such a step gets a view with a decision in it.
    for version, _seat, _ in decisions[::5]:
        step = max(v for v in shown if v <= version)
        for other in range(4):
            got = view_at(rules, seed, actions, step, other)
            assert got is not None and len(got["legal_actions"]) > 1, (version, other, step)
