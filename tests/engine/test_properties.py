"""Invariants over thousands of random legal deals (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.deal import Deal
from games.engine.match import Match
from games.engine.ruleset import CHINESE_CLASSICAL
from games.engine.views import public_view, review_view, seat_view

from .invariants import (
    events_hide_what_they_must,
    hand_sizes_right,
    someone_can_act,
    tiles_accounted_for,
    view_hides_what_it_must,
)
from .util import fingerprint

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THOROUGH = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pick(deal_or_match, rng: random.Random):
    seat = rng.choice(deal_or_match.waiting_on())
    legal = deal_or_match.legal_actions(seat)
    if legal[0].type == A.EXCHANGE:  # a Goulash: any three tiles, as the random bot picks them
        deal = getattr(deal_or_match, "deal", deal_or_match)
        return Action(seat, A.EXCHANGE, tiles=bots.exchange_tiles(deal, seat, "random", rng))
    wins = [a for a in legal if a.type == A.WIN]
    if wins and rng.random() < 0.9:
        return wins[0]
    kongs = [a for a in legal if a.type in (A.KONG, A.CONCEALED_KONG, A.PROMOTE_KONG)]
    if kongs and rng.random() < 0.7:
        return rng.choice(kongs)
    return rng.choice(legal)


@FAST
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_every_action_of_a_random_deal_keeps_the_invariants(seed):
    """Seeds 000/003: all 144 tiles accounted for, no seat ever holds a wrong number of tiles,
    every unfinished state has a legal action for someone, and replay equals live play."""
    rng = random.Random(seed)
    deal = Deal(CHINESE_CLASSICAL, f"p{seed}")
    played = []
    while True:
        tiles_accounted_for(deal)
        hand_sizes_right(deal)
        someone_can_act(deal)
        if deal.is_over:
            break
        action = pick(deal, rng)
        deal.apply(action)
        played.append(action)
    again = Deal(CHINESE_CLASSICAL, f"p{seed}")
    for action in played:
        again.apply(action)
    assert fingerprint(again) == fingerprint(deal)
    assert again.result == deal.result


@THOROUGH
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_no_view_or_event_shows_a_hidden_tile(seed):
    """DESIGN.md per-seat views: no seat's or spectator's view, and no event as a seat sees it,
    holds another seat's concealed tiles, the wall order or the seed."""
    rng = random.Random(seed)
    match = Match.new("chinese-classical", f"v{seed}")
    while not match.deal.is_over:
        for seat in range(4):
            view_hides_what_it_must(seat_view(match, seat), match.deal, seat)
        view_hides_what_it_must(public_view(match), match.deal, None)
        match.deal.apply(pick(match.deal, rng))
    events_hide_what_they_must(match.deal)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_whole_random_games_keep_the_points_zero_sum_and_replay_exactly(seed):
    """Seed 003 §3.3: the total of the points never changes; DESIGN.md: a whole game replays
    from its record into the same state."""
    rng = random.Random(seed)
    match = Match.new("chinese-classical", f"g{seed}")
    deals = 0
    while not match.is_over:
        # Mostly sensible play (random play draws nearly every deal, so games never end).
        seat = rng.choice(match.waiting_on())
        if rng.random() < 0.8:
            match.apply(bots.choose(match, seat, "greedy"))
        else:
            match.apply(rng.choice(match.legal_actions(seat)))
        if len(match.history) > deals:
            deals = len(match.history)
            assert sum(match.points) == 8000
            assert sum(match.history[-1].deltas) == 0
            tiles_accounted_for(match.deal)
    assert deals >= 16
    again = Match.replay(match.record())
    assert again.points == match.points
    assert review_view(again) == review_view(match)
