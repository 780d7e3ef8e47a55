"""The strong level counts what going out spares it: when another player goes out every loser
pays the winner (rules/classical.md §2.1, East paying and receiving double), so a hand that goes
out sooner is worth that payment more than its own total says."""

import dataclasses

from games.engine import actions as A
from games.engine import bots
from games.engine.brain import knowledge_for
from games.engine.brain.danger import typical_total
from games.engine.brain.evaluate import INTERMEDIATE, STRONG, Evaluator, evaluate
from games.engine.match import Match


def _position(ruleset: str, seed: str, moves: int):
    match = Match.new(ruleset, seed)
    for _ in range(moves):
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "intermediate"))
    return match


def test_east_is_spared_twice_what_a_player_who_pays_east_double_once_is():
    """At the deal's start nobody shows anything, so every winner is a typical one: East would
    pay each of them double (§2.1), another seat pays double only to East."""
    match = _position("chinese-classical", "spared:1", 0)
    east = match.deal.dealer
    spare = {s: Evaluator(knowledge_for(match, s), STRONG).spare for s in range(4)}
    typical = typical_total(match.ruleset)
    assert spare[east] > 0
    for s in range(4):
        if s != east:
            assert abs(spare[east] / spare[s] - 2 / (4 / 3)) < 1e-9
            assert spare[s] > typical  # at least a typical win, once doubled
    assert Evaluator(knowledge_for(match, east), INTERMEDIATE).spare == 0


def test_a_minimum_faan_table_counts_no_spared_payment():
    """Under a Hong Kong table's minimum faan (seed 004) a hand's value mixes in the chance it
    qualifies at all, and a hand below it cannot go out: no flat payment is added to it."""
    match = _position("cantonese", "spared:2", 0)
    ev = Evaluator(knowledge_for(match, match.deal.dealer), STRONG)
    assert ev.spare == 0 and ev.gain(0) == 0 and ev.gain(10) == 10 * ev.factor


def test_strong_keeps_a_calling_hand_over_a_slower_bigger_one():
    """A chosen position: East can stay calling (a win worth about 80) or break the call for a
    hand worth about twice that, but less than half as likely to go out. Counting what it would
    pay another winner, strong stays calling; without it the bigger hand led."""
    match = _position("chinese-classical", "spare:4", 180)
    k = knowledge_for(match, match.waiting_on()[0])
    strong = evaluate(k, STRONG)[0]
    unspared = evaluate(k, dataclasses.replace(STRONG, spared=False))[0]
    assert strong.action.type == unspared.action.type == A.DISCARD
    assert strong.shanten == 0 and unspared.shanten == 1
    assert strong.win_chance > unspared.win_chance and strong.value < unspared.value
