"""A move out of turn is refused in a player's words (seed 003 §3.3, §3.4: one seat plays at a
time): the refusal says whose turn it is without seat numbers, which mean nothing to a player,
and changes nothing."""

import re

import pytest

from games.engine import actions as A
from games.engine.errors import NotYourTurn

from .scripted import scripted_deal
from .test_bad_input import HANDS
from .util import act, fingerprint


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_discard_out_of_turn_names_no_seat_number(seat):
    deal = scripted_deal(HANDS)
    before = fingerprint(deal)
    with pytest.raises(NotYourTurn) as refused:
        act(deal, seat, A.DISCARD, "ws")
    words = str(refused.value)
    assert words == "it is not your turn: waiting for another player"
    assert not re.search(r"\d", words)
    assert fingerprint(deal) == before


def test_a_discard_during_a_claim_window_names_no_seat_number():
    deal = scripted_deal(HANDS)
    act(deal, 0, A.DISCARD, "b5")
    act(deal, 1, A.PASS)
    act(deal, 2, A.PASS)
    # Seat 3 still owes its answer; seat 1, having answered, tries to play on.
    before = fingerprint(deal)
    with pytest.raises(NotYourTurn) as refused:
        act(deal, 1, A.DISCARD, "ws")
    assert not re.search(r"\d", str(refused.value))
    assert fingerprint(deal) == before
