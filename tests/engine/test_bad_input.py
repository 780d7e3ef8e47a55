"""Bad input gets a clear error and changes nothing (seed 003 rules, DESIGN.md errors)."""

import pytest

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.errors import GameOver, IllegalAction, NotationError, NotYourTurn
from games.engine.match import Match

from .scripted import scripted_deal
from .util import act, fingerprint

HANDS = [
    "b5 c1 c1 c9 d1 d9 we we ws ww wn dr dg dw",
    "b3 b4 b6 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
    "b5 b5 c5 c6 c7 d5 d6 d7 ww ww wn wn dg",
    "b6 b7 b9 b9 c6 c7 c8 d6 d7 d8 dw dw dw",
]


def on_turn():
    return scripted_deal(HANDS)


def in_window():
    deal = scripted_deal(HANDS)
    act(deal, 0, A.DISCARD, "b5")
    return deal


CASES = [
    # (state, seat, type, tile, tiles, error, words)
    (on_turn, 1, A.DISCARD, "ws", "", NotYourTurn, "not your turn"),
    (on_turn, 0, A.DISCARD, "b1", "", IllegalAction, "do not hold 1 Bamboo"),
    (on_turn, 0, A.WIN, None, "", IllegalAction, "not complete"),
    (on_turn, 0, A.CONCEALED_KONG, "c1", "", IllegalAction, "do not hold four"),
    (on_turn, 0, A.PROMOTE_KONG, "c1", "", IllegalAction, "no melded pung"),
    (on_turn, 0, A.PASS, None, "", IllegalAction, "nothing to pass"),
    (on_turn, 0, A.PUNG, None, "", IllegalAction, "only pung a discard"),
    (on_turn, 0, A.CHOW, None, "b3 b4 b5", IllegalAction, "only chow a discard"),
    (on_turn, 0, A.READY, None, "", IllegalAction, "still being played"),
    (in_window, 0, A.PUNG, None, "", NotYourTurn, "own tile"),
    (in_window, 2, A.CHOW, None, "b3 b4 b5", IllegalAction, "player on your left"),
    (in_window, 1, A.CHOW, None, "b5 b6 b7", IllegalAction, "do not make a chow"),
    (in_window, 1, A.PUNG, None, "", IllegalAction, "two matching tiles"),
    (in_window, 2, A.KONG, None, "", IllegalAction, "three matching tiles"),
    (in_window, 1, A.WIN, None, "", IllegalAction, "not complete"),
    (in_window, 1, A.DISCARD, "b3", "", IllegalAction, "only discard on your own turn"),
]


@pytest.mark.parametrize("state, seat, kind, tile, tiles, error, words", CASES)
def test_illegal_actions_are_refused_and_change_nothing(state, seat, kind, tile, tiles, error, words):
    """Seed 003 §3.3-§3.5: each refusal names the rule in a player's words."""
    deal = state()
    before = fingerprint(deal)
    with pytest.raises(error) as err:
        act(deal, seat, kind, tile, tiles)
    assert words in str(err.value)
    assert fingerprint(deal) == before


@pytest.mark.parametrize(
    "data, words",
    [
        ("discard b1", "JSON object"),
        ({"seat": 4, "type": "pass"}, "seat from 0 to 3"),
        ({"seat": True, "type": "pass"}, "seat from 0 to 3"),
        ({"seat": 0, "type": "fly"}, "unknown action type"),
        ({"seat": 0, "type": "discard"}, "names its tile"),
        ({"seat": 0, "type": "discard", "tile": "z9"}, "bad tile 'z9'"),
        ({"seat": 0, "type": "chow", "tiles": "b1 b2"}, "exactly three"),
        ({"seat": 0, "type": "pung", "call": True}, "Original Call"),
    ],
)
def test_badly_written_actions_are_notation_errors(data, words):
    """DESIGN.md: 'badly written' is a NotationError, apart from 'illegal here'."""
    with pytest.raises(NotationError, match=words):
        Action.from_json(data)


def test_actions_round_trip_through_json():
    for data in (
        {"seat": 0, "type": "discard", "tile": "b1", "call": True},
        {"seat": 1, "type": "chow", "tiles": "b3 b4 b5"},
        {"seat": 2, "type": "promote_kong", "tile": "dr"},
        {"seat": 3, "type": "pass"},
    ):
        assert Action.from_json(data).to_json() == data


def test_nothing_after_the_game_is_over():
    """Seed 003 §3.3: the game ends after the last deal; nothing more can be played."""
    match = Match.new("chinese-classical", "over")
    match.state.over = True
    with pytest.raises(GameOver):
        match.apply(Action(0, A.DISCARD, 0))
