"""A win on a flower's replacement tile is not a win on a kong's loose tile: the Hong Kong table
scores it under its own line (HK20; "Out on replacement tile", after a flower as after a kong),
the classical loose-tile double (W8, "replacement after a kong", classical.md §1.7) does not
apply, and a kong's loose tile still scores HK18 / W8."""

from games.engine import actions as A
from games.engine.ruleset import CHINESE_CLASSICAL, PRESETS
from games.engine.settle import summarise_deal
from games.engine.tiles import parse_tile

from .scripted import scripted_deal
from .test_scoring_examples import score
from .util import act, pass_all

CANTONESE = PRESETS["cantonese"]

HANDS = [
    "we we ws c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d2",
    "b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr ww",  # South waits on the West wind
    "ww wn wn dg dg c4 c5 c6 c7 c8 c9 d4 d5",
    "ws wn we b6 b6 b7 b8 b9 d3 d3 d6 d6 d5",
]


def rules(hand) -> set[str]:
    return {item["rule"] for item in hand["score"]["items"]}


def test_going_out_on_a_flowers_replacement_in_the_hong_kong_game():
    # South draws a flower; its replacement from the untouchable tail is the West wind.
    deal = scripted_deal(HANDS, draws="f1", dead="ww", ruleset=CANTONESE)
    act(deal, 0, A.DISCARD, "d2")
    pass_all(deal)
    assert deal.seats[1].drawn == parse_tile("ww") and deal.seats[1].bonus
    act(deal, 1, A.WIN)
    assert deal.result.source == "dead_wall" and deal.result.bonus_replacement
    assert deal.result.to_json()["bonus_replacement"] is True
    south = summarise_deal(deal, 1, 0).hands[1]
    assert "HK20" in rules(south) and "HK18" not in rules(south)


def test_the_classical_loose_tile_double_is_for_a_kongs_loose_tile_only():
    hand = "b2 b3 b4 c5 c6 c7 d2 d3 d4 dr dr dr dg dg"
    kong = score(hand, win="dg", source="dead_wall")
    flower = score(hand, win="dg", source="dead_wall", bonus_replacement=True)
    assert "W8" in {i.rule for i in kong.items}
    assert "W8" not in {i.rule for i in flower.items}
    assert CHINESE_CLASSICAL.loose_tile_double
    hk_kong = score(hand, win="dg", source="dead_wall", ruleset=CANTONESE)
    assert "HK18" in {i.rule for i in hk_kong.items}
