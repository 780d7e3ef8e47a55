"""An Action built in code with a bad value (a tile out of range or of the wrong type, an
unknown kind, a seat that is not one) is refused with a typed error in a player's words and
changes nothing: never a bare IndexError or TypeError."""

import pytest

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.errors import EngineError, IllegalAction
from games.engine.match import Match
from games.engine.views import public_view

BAD = [
    (Action(0, A.DISCARD, 99), "99 is not a tile"),
    (Action(0, A.DISCARD, -1), "-1 is not a tile"),
    (Action(0, A.DISCARD, "b1"), "'b1' is not a tile"),
    (Action(0, A.DISCARD, True), "true is not a tile"),
    (Action(0, A.DISCARD), "names its tile"),
    (Action(0, A.CONCEALED_KONG, 10**30), "is not a tile"),
    (Action(0, "teleport"), "unknown action type"),
    (Action(7, A.PASS), "seat from 0 to 3"),
    (Action("0", A.PASS), "seat from 0 to 3"),
    (Action(0, A.CHOW, tiles=(1, 2, 300)), "not a tuple of tiles"),
    (Action(0, A.CHOW, tiles=[1, 2, 3]), "not a tuple of tiles"),
    (Action(0, A.DISCARD, 5, call="yes"), "true or false"),
]


@pytest.mark.parametrize(("action", "words"), BAD)
def test_a_malformed_action_is_refused_in_words_and_changes_nothing(action, words):
    match = Match.new("chinese-classical", seed="bad actions")
    seat = match.waiting_on()[0]
    action = Action(seat if action.seat == 0 else action.seat, action.type, action.tile,
                    action.tiles, action.call)
    before = (public_view(match), match.version)
    with pytest.raises(IllegalAction, match=words):
        match.apply(action)
    with pytest.raises(IllegalAction, match=words):
        match.deal.apply(action)
    assert (public_view(match), match.version) == before


def test_between_deals_too():
    """A malformed 'ready' is refused the same way when the deal is over."""
    match = Match.new("chinese-classical", seed="bad between deals")
    while not match.deal.is_over:
        seat = match.waiting_on()[0]
        match.apply(match.legal_actions(seat)[-1])
    with pytest.raises(EngineError, match="seat from 0 to 3"):
        match.apply(Action(9, A.READY))
