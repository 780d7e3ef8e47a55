"""A win on a flower's replacement tile. The Hong Kong table scores it under its own line (HK20;
"Out on replacement tile", after a flower as after a kong), and a kong's loose tile still scores
HK18. The classical tables read a loose tile as a tile from the dead wall (classical.md §1.7
W8, §1.10 L3 "flower replacements count only if they come from the dead wall"): in the
classical game a flower is replaced from the live wall (003 §3.6), so a win on it is from the
wall and has no W8; in the sixteen-tile game flowers are replaced from the dead wall (seed 002),
so a win on that replacement scores W8, and Plum Blossom on the 5 of Dots, as after a kong."""

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


def test_the_classical_loose_tile_double_is_for_a_tile_from_the_dead_wall():
    """classical.md §1.7 W8: a kong's loose tile doubles; a flower's replacement from the live
    wall (the classical game, 003 §3.6) is a tile from the wall and does not."""
    hand = "b2 b3 b4 c5 c6 c7 d2 d3 d4 dr dr dr dg dg"
    kong = score(hand, win="dg", source="dead_wall")
    flower = score(hand, win="dg", source="wall", bonus_replacement=True)
    assert "W8" in {i.rule for i in kong.items}
    assert "W8" not in {i.rule for i in flower.items}
    assert CHINESE_CLASSICAL.loose_tile_double
    hk_kong = score(hand, win="dg", source="dead_wall", ruleset=CANTONESE)
    assert "HK18" in {i.rule for i in hk_kong.items}


SIXTEEN = PRESETS["sixteen-tile"]
SIXTEEN_HANDS = [
    "we we ws c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d2 b7 b8 b9",
    "b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr b4 b5 b6 d6",  # South waits on the 6 of Dots
    "ww wn wn dg dg c4 c5 c6 c7 c8 c9 d4 d3 b2 b2 b8",
    "ws wn we b6 b6 b7 b8 b9 d3 d3 d6 d6 d2 c1 c1 c2",
]


def test_a_sixteen_tile_win_on_a_flowers_replacement_is_a_loose_tile_win():
    """Seed 002: flowers are replaced from the 16-tile dead wall, so South's win on the
    replacement of a drawn flower is on a loose tile (classical.md §1.7 W8), as Plum Blossom
    (§1.10 L3) already read it."""
    deal = scripted_deal(SIXTEEN_HANDS, draws="f1", dead="d6", ruleset=SIXTEEN)
    act(deal, 0, A.DISCARD, "d2")
    pass_all(deal)
    assert deal.seats[1].drawn == parse_tile("d6") and deal.seats[1].bonus
    act(deal, 1, A.WIN)
    assert deal.result.source == "dead_wall" and deal.result.bonus_replacement
    south = summarise_deal(deal, 1, 0).hands[1]
    assert "W8" in rules(south)


def test_the_loose_tile_double_and_plum_blossom_agree_on_a_flowers_replacement():
    """classical.md §1.10 L3 and §1.7 W8 read the same tile: from the dead wall, after a flower
    as after a kong, both apply; from the live wall, neither."""
    hand = "b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr b4 b5 b6 d5 d5"
    loose = score(hand, win="d5", source="dead_wall", bonus_replacement=True, ruleset=SIXTEEN)
    assert loose.limit == "L3"
    other = "b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr b4 b5 b6 d6 d6"
    loose = score(other, win="d6", source="dead_wall", bonus_replacement=True, ruleset=SIXTEEN)
    assert "W8" in {i.rule for i in loose.items}
    live = score(other, win="d6", source="wall", bonus_replacement=True, ruleset=SIXTEEN)
    assert "W8" not in {i.rule for i in live.items} and live.limit is None
