"""A level's seeded tie-break (bots.choose(..., ties=rng)): the arena's calibration plays a level
against copies of itself that break ties by the actions' order. The tie-break must only ever
pick among the level's best (near-equal) choices, and must actually vary them."""

import random

import pytest

from games.engine import bots
from games.engine.brain import evaluate
from games.engine.brain.knowledge import knowledge_for
from games.engine.brain.levels import NEAR_TIE, STYLES
from games.engine.match import Match


@pytest.mark.parametrize("level", ["beginner", "intermediate", "strong"])
def test_a_seeded_tie_break_picks_a_legal_action_and_varies_the_choice(level):
    match = Match.new("chinese-classical", f"ties-{level}")
    ties = random.Random(7)
    differed = decisions = 0
    while not match.is_over and decisions < 300:
        seat = match.waiting_on()[0]
        plain = bots.choose(match, seat, level)
        tied = bots.choose(match, seat, level, ties=ties)
        assert tied in match.legal_actions(seat)
        differed += tied != plain
        decisions += 1
        match.apply(plain)
    assert differed > 0


def test_the_tie_break_stays_among_the_near_best_candidates():
    match = Match.new("british", "ties-near")
    ties = random.Random(3)
    checked = 0
    while not match.is_over and checked < 200:
        seat = match.waiting_on()[0]
        if len(match.legal_actions(seat)) > 1:
            ranked = evaluate(knowledge_for(match, seat), STYLES["intermediate"])
            best = ranked[0].score
            floor = best - max(1e-9, NEAR_TIE * abs(best))
            allowed = {c.action for c in ranked if c.score >= floor}
            assert bots.choose(match, seat, "intermediate", ties=ties) in allowed
            checked += 1
        match.apply(bots.choose(match, seat, "intermediate"))
    assert checked > 20
