"""A Hong Kong table's minimum to go out (`min_faan`: most tables ask 3 faan, some 1; the
cantonese preset asks 3): a complete hand worth less is not a win, refused with its worth, and
every win the deal allows is one the scoring pays at or above the minimum. Faan from the bonus
tiles count in the score but not toward the minimum (the flowers are luck, not a hand)."""

import pytest

from games.engine import actions as A
from games.engine import bots
from games.engine.brain.whynot import why_not_win
from games.engine.errors import IllegalAction
from games.engine.match import Match
from games.engine.ruleset import PRESETS
from games.engine.scoring.hongkong import BONUS_FAAN

from .scripted import scripted_deal
from .util import act, discard_drawn, pass_all

CANTONESE = PRESETS["cantonese"]


def hands(winner: str) -> list[str]:
    return [
        "we we ws c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d2",
        winner,
        "ww wn wn dg dg c4 c5 c6 c7 c8 c9 d4 d5",
        "ws wn we b6 b6 b7 b8 b9 d3 d3 d6 d6 d5",
    ]


def to_west_discard(deal):
    """East and South throw what they drew; West throws a West wind (not the first discard,
    so no Earthly hand)."""
    act(deal, 0, A.DISCARD, "d2")
    pass_all(deal)
    discard_drawn(deal)
    pass_all(deal)
    act(deal, 2, A.DISCARD, "ww")


# Concealed (1), a dragon pung (1) and no flowers (1, which does not count toward the
# minimum): 2 faan toward it. Mixed one suit (3) with the same: 5.
TWO_FAAN = "b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr ww"
FIVE_FAAN = "b1 b2 b3 b4 b5 b6 b7 b8 b9 dr dr dr ww"


def test_a_hand_below_the_minimum_is_not_a_win():
    deal = scripted_deal(hands(TWO_FAAN), ruleset=CANTONESE)
    to_west_discard(deal)
    assert A.WIN not in {a.type for a in deal.legal_actions(1)}
    with pytest.raises(IllegalAction,
                       match="worth 2 faan without its flowers, and this table asks 3 to go out"):
        act(deal, 1, A.WIN)
    open_table = scripted_deal(hands(TWO_FAAN), ruleset=CANTONESE.replace(min_faan=0))
    to_west_discard(open_table)
    assert A.WIN in {a.type for a in open_table.legal_actions(1)}


def test_a_hand_at_the_minimum_goes_out():
    deal = scripted_deal(hands(FIVE_FAAN), ruleset=CANTONESE)
    to_west_discard(deal)
    act(deal, 1, A.WIN)
    pass_all(deal)
    assert deal.result.winner == 1 and deal.result.how == "discard"


@pytest.mark.parametrize("minimum", [1, 3])
def test_every_win_allowed_is_paid_at_or_above_the_minimum(minimum):
    """Play and scoring agree: whole bot games, every winning hand's faan as scored."""
    rs = CANTONESE.replace(min_faan=minimum)
    wins = 0
    for k in range(6):
        match = Match(rs, f"minimum {minimum} {k}")
        while not match.is_over and match.state.deal_number <= 8:
            seat = match.waiting_on()[0]
            match.apply(bots.choose(match, seat, "greedy"))
        for deal in match.history:
            if deal.result.winner is None:
                continue
            score = deal.hands[deal.result.winner]["score"]
            bonus = sum(i.get("doubles", 0) for i in score["items"] if i["rule"] in BONUS_FAAN)
            assert score["limit"] is not None or score["doubles"] - bonus >= minimum, score
            wins += 1
    assert wins > 3


def test_why_cant_i_win_names_the_minimum():
    """The hint "why can't I win": sets and a pair with the discard on offer, refused by the
    table's minimum, in the refusal's own words; none once the hand may go out."""
    deal = scripted_deal(hands(TWO_FAAN), ruleset=CANTONESE)
    to_west_discard(deal)
    assert why_not_win(deal, 1) == ("your hand is worth 2 faan without its flowers, and this "
                                    "table asks 3 to go out")
    assert why_not_win(deal, 3) is None  # no sets and a pair there
    open_table = scripted_deal(hands(TWO_FAAN), ruleset=CANTONESE.replace(min_faan=0))
    to_west_discard(open_table)
    assert why_not_win(open_table, 1) is None
