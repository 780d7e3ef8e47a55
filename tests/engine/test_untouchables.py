"""The untouchable tiles at the tail of the wall (seed 004 §2.5): 14 in the Cantonese game, 16 in
the 16-tile game, never drawn. Once the live wall is empty nothing may take one of them: no kong
is offered (its loose tile would be one), and a bonus tile drawn as the last tile ends the deal
as a draw (its replacement would be one). The classical dead wall (000 §2.2) is unchanged."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.deal import Deal
from games.engine.errors import IllegalAction
from games.engine.phases import CLAIM, OVER, PLAY
from games.engine.ruleset import PRESETS

from .scripted import scripted_deal
from .util import act, discard_drawn, fingerprint, pass_all

CANTONESE = PRESETS["cantonese"]
SIXTEEN = PRESETS["sixteen-tile"]
WITHOUT = CANTONESE.replace(untouchable_tail=False)
KONGS = (A.KONG, A.CONCEALED_KONG, A.PROMOTE_KONG)

# East discards first, so with no claims seat 1 draws the last of the 77 live tiles.
HANDS = [
    "we we ws c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d2",
    "ws ws ww dg dg dg b4 b5 b6 b7 b8 b9 d3",
    "ww ww wn dr dr dr c4 c5 c6 c7 c8 c9 d4",
    "wn wn we b1 b2 b3 b4 b5 b6 b7 b8 b9 d5",
]


def to_the_last_draw(deal: Deal) -> int:
    """Everyone throws what they draw until the live wall is empty; returns the last drawer."""
    act(deal, 0, A.DISCARD, "d2")
    while True:
        pass_all(deal)
        if deal.wall.live_left == 0:
            return deal.turn
        discard_drawn(deal)


def kinds(deal: Deal, seat: int) -> set[str]:
    return {a.type for a in deal.legal_actions(seat)}


def test_no_concealed_kong_for_whoever_draws_the_last_tile():
    deal = scripted_deal(HANDS, tail="dg", ruleset=CANTONESE)
    assert to_the_last_draw(deal) == 1 and deal.phase == PLAY
    assert deal.seats[1].hand[deal.seats[1].drawn] == 4  # four Green Dragons, and no kong
    assert not kinds(deal, 1) & set(KONGS)
    assert deal.wall.dead_left == 14
    # The same table without untouchables (a plain replenished dead wall) offers the kong.
    plain = scripted_deal(HANDS, tail="dg", ruleset=WITHOUT)
    assert to_the_last_draw(plain) == 1
    assert A.CONCEALED_KONG in kinds(plain, 1)


def test_no_kong_claimed_on_the_last_discard():
    deal = scripted_deal(HANDS, tail="dr", ruleset=CANTONESE)
    assert to_the_last_draw(deal) == 1
    act(deal, 1, A.DISCARD, "dr")
    assert deal.phase == CLAIM
    assert A.PUNG in kinds(deal, 2) and A.KONG not in kinds(deal, 2)
    before = fingerprint(deal)
    with pytest.raises(IllegalAction, match="untouchable"):
        deal.apply(Action(2, A.KONG))
    assert fingerprint(deal) == before
    pass_all(deal)
    assert deal.phase == OVER and deal.result.how == "draw" and deal.wall.dead_left == 14
    plain = scripted_deal(HANDS, tail="dr", ruleset=WITHOUT)
    to_the_last_draw(plain)
    act(plain, 1, A.DISCARD, "dr")
    assert A.KONG in kinds(plain, 2)


def test_a_flower_as_the_last_tile_ends_the_deal_with_the_untouchables_kept():
    deal = scripted_deal(HANDS, tail="f1", ruleset=CANTONESE)
    act(deal, 0, A.DISCARD, "d2")
    while deal.phase != OVER:
        pass_all(deal)
        if deal.phase != OVER:
            discard_drawn(deal)
    assert deal.result.how == "draw" and "bonus" in deal.result.reason
    assert deal.wall.live_left == 0 and deal.wall.dead_left == 14


def test_a_kong_with_one_live_tile_left_takes_its_loose_tile_and_the_tail_is_refilled():
    """With one live tile left a kong is still allowed: its loose tile comes from the tail and
    the last live tile refills it, so the untouchables stay 14 and the next draw ends the deal."""
    hands = [
        "we we ws dg dg dg c4 c5 c6 c7 c8 c9 d1 d2",
        "ws ws ww b1 b2 b3 b4 b5 b6 b7 b8 b9 d3",
        HANDS[2],
        HANDS[3],
    ]
    deal = scripted_deal(hands, tail="dg c1", ruleset=CANTONESE)
    act(deal, 0, A.DISCARD, "d2")
    while not (deal.phase == PLAY and deal.wall.live_left == 1):
        pass_all(deal)
        if deal.phase == PLAY and deal.wall.live_left == 1:
            break
        discard_drawn(deal)
    assert deal.turn == 0 and A.CONCEALED_KONG in kinds(deal, 0)
    act(deal, 0, A.CONCEALED_KONG, "dg")
    pass_all(deal)  # nobody robs it for Thirteen Orphans (003 §3.5.1)
    assert deal.seats[0].drawn_source == "dead_wall"
    assert deal.wall.live_left == 0 and deal.wall.dead_left == 14


def _kong_loving(deal: Deal, rng: random.Random) -> Action:
    seat = rng.choice(deal.waiting_on())
    legal = deal.legal_actions(seat)
    kongs = [a for a in legal if a.type in KONGS]
    if kongs:
        return kongs[0]
    wins = [a for a in legal if a.type == A.WIN]
    if wins and rng.random() < 0.5:
        return wins[0]
    return rng.choice(legal)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), sixteen=st.booleans())
def test_the_untouchables_are_kept_at_every_step(seed, sixteen):
    """Every kong offered is declared, so the rare paths at the end of the wall come up often:
    after every action the tail still holds all its untouchable tiles."""
    ruleset = SIXTEEN if sixteen else CANTONESE
    keep = 16 if sixteen else 14
    rng = random.Random(seed)
    deal = Deal(ruleset, f"u{seed}")
    while True:
        assert deal.wall.dead_left == keep
        if deal.is_over:
            break
        deal.apply(_kong_loving(deal, rng))
