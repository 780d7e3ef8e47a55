"""Original Call (seed 003 §3.5)."""

import pytest

from games.engine import actions as A
from games.engine.errors import IllegalAction
from games.engine.tiles import parse_tiles

from .scripted import scripted_deal
from .util import act, discard_drawn, fingerprint, pass_all

T = parse_tiles
# East: after throwing dr his hand waits on b6 / b9 (b7 b8).
EAST = "b7 b8 c1 c2 c3 d4 d5 d6 we we we ws ws dr"
OTHERS = [
    "b1 b2 b3 c4 c5 c6 d2 d3 d4 d6 d7 d8 ww",
    "b4 b5 ww ww wn wn dg dg c1 c1 c9 c9 c8",
    "b5 b6 b7 c6 c7 c8 d7 d8 d9 dw dw dw b1",
]


def call_deal(draws):
    deal = scripted_deal([EAST, *OTHERS], draws=draws)
    act(deal, 0, A.DISCARD, "dr", call=True)
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    return deal


def test_declared_with_the_first_discard_of_a_calling_hand():
    """Seed 003 §3.5: East may declare an Original Call with his first discard when calling."""
    deal = scripted_deal([EAST, *OTHERS])
    calls = [a for a in deal.legal_actions(0) if a.call]
    assert [a.tile for a in calls] == T("dr")
    act(deal, 0, A.DISCARD, "dr", call=True)
    assert deal.seats[0].original_call


def test_no_call_with_a_hand_that_is_not_calling():
    """Seed 003 §3.5: only a calling hand may be declared."""
    deal = scripted_deal([EAST, *OTHERS])
    before = fingerprint(deal)
    with pytest.raises(IllegalAction, match="calling hand"):
        act(deal, 0, A.DISCARD, "we", call=True)
    assert fingerprint(deal) == before


def test_no_call_after_the_first_discard():
    """Seed 003 §3.5: the call is made with one's first discard only."""
    deal = call_deal("c9 b1 c7 d1")
    with pytest.raises(IllegalAction, match="first discard"):
        act(deal, 0, A.DISCARD, "d1", call=True)


def test_the_caller_goes_out_on_his_tile():
    """Seed 003 §3.5: a drawn tile that completes the hand wins; the call is noted."""
    deal = call_deal("c9 b1 c7 b9")
    act(deal, 0, A.WIN)
    assert deal.result.original_call


def test_altering_the_hand_forfeits_going_out():
    """Seed 003 §3.5: a caller must discard what he draws; altering the hand loses the right to
    go out this deal."""
    deal = call_deal("c9 b1 c7 d7 b1 c2 c3 b9")
    act(deal, 0, A.DISCARD, "d4")  # keeps the drawn d7: still calling, but altered
    assert deal.seats[0].call_broken
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    assert deal.seats[0].drawn == T("b9")[0]
    b9 = T("b9")[0]
    assert deal.can_win(0, deal.seats[0].hand, b9, "wall") is False
    hand = list(deal.seats[0].hand)
    deal.seats[0].call_broken = False
    assert deal.can_win(0, hand, b9, "wall")  # the hand itself is complete
    deal.seats[0].call_broken = True
    with pytest.raises(IllegalAction, match="broke your Original Call"):
        act(deal, 0, A.WIN)
