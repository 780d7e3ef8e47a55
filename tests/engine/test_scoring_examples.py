"""The worked examples of rules/classical.md §5 (E1-E21), scored by the engine."""

import pytest

from games.engine.melds import Meld
from games.engine.ruleset import get_ruleset
from games.engine.scoring import WinInfo, score_hand
from games.engine.tiles import parse_tile, parse_tiles

CC = get_ruleset("chinese-classical")
DMJL = get_ruleset("dmjl")
BMJA = get_ruleset("bmja")
E, S, W, N = 0, 1, 2, 3


def meld(tiles, exposed=True, kong=None):
    data = {"tiles": tiles, "exposed": exposed}
    if kong:
        data["kong"] = kong
    return Meld.from_json(data)


def score(concealed, melds=(), bonus="", seat=E, prevailing=E, win=None, source="wall",
          ruleset=CC, **win_flags):
    info = None
    if win is not None:
        info = WinInfo(tile=parse_tile(win), source=source, **win_flags)
    return score_hand(ruleset, concealed=parse_tiles(concealed), melds=list(melds),
                      bonus=parse_tiles(bonus), seat_wind=seat, prevailing_wind=prevailing,
                      win=info)


def rules(result):
    return sorted(item.rule for item in result.items)


def test_e1_four_winds_example():
    """classical.md §5 E1: kong 32 + Gd 4 + 5D 4 + E pair 2 + MJ 10 = 52, one double."""
    r = score("dg dg dg d5 d5 d5 b3 b4 b5 we we", [meld("b1 b1 b1 b1", kong="concealed")],
              seat=W, prevailing=E, win="dg", source="discard")
    assert (r.won, r.points, r.doubles, r.total) == (True, 52, 1, 104)
    assert "M3" not in rules(r) and "M4" not in rules(r)


def test_e2_no_score_hand():
    """classical.md §5 E2, §1.7 W1: four chows and a plain pair, own flower and season: 72."""
    melds = [meld("c7 c8 c9"), meld("b2 b3 b4"), meld("d1 d2 d3")]
    r = score("c1 c2 c3 c5 c5", melds, bonus="f3 s3", seat=W, prevailing=N, win="c1",
              source="discard")
    assert (r.points, r.doubles, r.total) == (18, 2, 72)
    assert "W1" in rules(r) and "D9" in rules(r)


def test_e2_no_score_hand_spoilt_by_dragon_pair():
    """classical.md §5 E2 variant: a Rd pair gives 2 points and loses W1: 20 x 2 = 40."""
    melds = [meld("c7 c8 c9"), meld("b2 b3 b4"), meld("d1 d2 d3")]
    r = score("c1 c2 c3 dr dr", melds, bonus="f3 s3", seat=W, prevailing=N, win="c1",
              source="discard")
    assert (r.points, r.doubles, r.total) == (20, 1, 40)
    assert "W1" not in rules(r)


def test_e3_one_suit_single_wait_on_pair():
    """classical.md §5 E3: 8 + MJ 10 + only place 2 + eyes 2 = 22, one suit 3 doubles."""
    melds = [meld("c1 c1 c1"), meld("c7 c7 c7"), meld("c6 c6 c6"), meld("c2 c3 c4")]
    r = score("c5 c5", melds, seat=E, prevailing=E, win="c5", source="discard")
    assert (r.points, r.doubles, r.total) == (22, 3, 176)


def test_e3_under_bmja():
    """classical.md §5 E3 (BMJA 28/0): no only-place, eyes or true-colour items; 20 for MJ.

    Scored with one chow only, which BMJA allows."""
    melds = [meld("c1 c1 c1"), meld("c7 c7 c7"), meld("c6 c6 c6"), meld("c2 c3 c4")]
    r = score("c5 c5", melds, seat=E, prevailing=E, win="c5", source="discard", ruleset=BMJA)
    assert (r.points, r.doubles) == (28, 0)


def test_e4_little_three_dragons():
    """classical.md §5 E4: 34 points, four doubles = 544."""
    melds = [meld("c1 c2 c3"), meld("we we we"), meld("dr dr dr")]
    r = score("dg dg dg dw dw", melds, seat=W, prevailing=N, win="dw", source="discard")
    assert (r.points, r.doubles, r.total) == (34, 4, 544)
    assert "D4" in rules(r) and "W4" in rules(r)


def test_e5_concealed_hand_self_drawn_eyes():
    """classical.md §5 E5: 36 points, concealed + one suit with honours = 144."""
    r = score("b1 b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 dr dr", bonus="f1 s2", win="dr")
    assert (r.points, r.doubles, r.total) == (36, 2, 144)
    assert "D9" not in rules(r)


def test_e6_three_concealed_pungs():
    """classical.md §5 E6: 44 points, three doubles = 352."""
    r = score("b1 b1 b1 b2 b2 b2 b4 b4 b4 b7 b8 b9 dr dr", bonus="f1 s2", seat=W, win="dr")
    assert (r.points, r.doubles, r.total) == (44, 3, 352)


def test_e7_declared_concealed_kong():
    """classical.md §5 E7: 64 points, two doubles = 256."""
    r = score("b2 b3 b4 b5 b6 b7 b8 b8 b8 dr dr", [meld("b1 b1 b1 b1", kong="concealed")],
              bonus="f1 s2", win="dr")
    assert (r.points, r.doubles, r.total) == (64, 2, 256)


def test_e8_no_chows_with_exposed_kong():
    """classical.md §5 E8: the discard completes the 2D pung, which scores as exposed."""
    melds = [meld("d1 d1 d1 d1", kong="promoted"), meld("d4 d4 d4")]
    r = score("d2 d2 d2 d3 d3 d3 we we", melds, seat=S, prevailing=W, win="d2",
              source="discard", set=(19, 19, 19))
    assert (r.points, r.doubles, r.total) == (34, 2, 136)


def test_e9_capped_at_the_limit():
    """classical.md §5 E9: 62 points, six doubles = 3,968, capped to 1,000."""
    melds = [meld("b3 b3 b3 b3", kong="concealed"), meld("we we we we", kong="promoted")]
    r = score("dw dw dw dr dr dr d2 d2", melds, win="d2", source="discard")
    assert (r.points, r.doubles, r.total, r.limit) == (62, 6, 1000, None)
    assert "CAP" in rules(r)


@pytest.mark.parametrize("kong, doubles, total", [("promoted", 1, 88), ("claimed", 2, 176)])
def test_e10_claimed_kong_counts_concealed(kong, doubles, total):
    """classical.md §5 E10, §1.1: a claimed kong scores exposed but counts as concealed."""
    melds = [meld("b1 b1 b1"), meld("c9 c9 c9 c9", kong=kong)]
    r = score("b2 b2 b2 d1 d1 d1 b4 b4", melds, win="b2", set=(1, 1, 1))
    assert (r.points, r.doubles, r.total) == (44, doubles, total)


def test_e10_claimed_kong_fully_exposed_variant():
    """classical.md §1.1 variant: with the option off, a claimed kong is exposed throughout."""
    melds = [meld("b1 b1 b1"), meld("c9 c9 c9 c9", kong="claimed")]
    r = score("b2 b2 b2 d1 d1 d1 b4 b4", melds, win="b2", set=(1, 1, 1),
              ruleset=CC.replace(claimed_kong_counts_concealed=False))
    assert r.total == 88


def test_e11_nearly_imperial_jade():
    """classical.md §5 E11: the 1B kong spoils Imperial Jade: 38 points, 3 doubles = 304."""
    melds = [meld("b1 b1 b1 b1", kong="promoted"), meld("b4 b4 b4")]
    r = score("dg dg dg b6 b6 b6 b8 b8", melds, win="b6", source="discard", set=(5, 5, 5))
    assert (r.points, r.doubles, r.total, r.limit) == (38, 3, 304, None)


def test_e12_one_suit_with_own_flower_and_season():
    """classical.md §5 E12: 62 points, 4 doubles = 992, just under the limit."""
    melds = [meld("c1 c1 c1 c1", kong="concealed"), meld("c3 c3 c3")]
    r = score("c8 c8 c8 c4 c5 c6 c7 c7", melds, bonus="f2 f3 s2 s3", seat=W, win="c8",
              source="discard", set=(16, 16, 16))
    assert (r.points, r.doubles, r.total) == (62, 4, 992)


def test_e13_bouquet():
    """classical.md §5 E13: all four flowers, 52 points, 4 doubles = 832."""
    r = score("b1 b1 b1 b2 b2 b2 b5 b5 b5 b7 b8 b9 dr dr", bonus="f1 f2 f3 f4", win="dr")
    assert (r.points, r.doubles, r.total) == (52, 4, 832)
    assert "D10" in rules(r) and "D9" not in rules(r)


def test_e14_losing_hand():
    """classical.md §5 E14: undeclared four = concealed pung; claimed kong at exposed rate: 26."""
    melds = [meld("d2 d2 d2"), meld("d2 d3 d4"), meld("c9 c9 c9 c9", kong="claimed")]
    r = score("b1 b1 b1 b1", melds)
    assert (r.won, r.points, r.doubles, r.total) == (False, 26, 0, 26)


def test_e15_loser_with_doubling_set():
    """classical.md §5 E15: exposed Rd pung and F1: 8 points, one double = 16."""
    r = score("b2 b5 c7 c9 d1 d4 ws ww wn dg", [meld("dr dr dr")], bonus="f1")
    assert (r.points, r.doubles, r.total) == (8, 1, 16)


def test_e16_buried_treasure():
    """classical.md §5 E16, §1.10 L8: limit 1,000; roof off: 32 points x 2^6 = 2,048."""
    concealed = "we we we c3 c3 c3 c4 c4 c4 c8 c8 c8 c5 c5"
    r = score(concealed, win="c8", set=(16, 16, 16))
    assert (r.total, r.limit) == (1000, "L8")
    open_roof = score(concealed, win="c8", set=(16, 16, 16), ruleset=CC.replace(roof_off=True))
    assert (open_roof.points, open_roof.doubles, open_roof.total) == (32, 6, 2048)


def test_e17_thirteen_unique_wonders():
    """classical.md §5 E17, §1.10 L17: South self-draws the second Gd: the limit."""
    r = score("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dg", seat=S, win="dg")
    assert (r.won, r.total, r.limit) == (True, 1000, "L17")


def test_e18_double_wind_pair():
    """classical.md §5 E18: East pair own + prevailing 4; 38 points, one double = 76."""
    melds = [meld("d2 d3 d4"), meld("dr dr dr")]
    r = score("b6 b7 b8 c9 c9 c9 we we", melds, bonus="s1", win="we")
    assert (r.points, r.doubles, r.total) == (38, 1, 76)


def test_e19_robbing_a_kong_with_original_call():
    """classical.md §5 E19: 18 points; robbing a kong and Original Call = 72."""
    r = score("d2 d3 d4 d5 d6 d7 c2 c2 c2 ww ww b7 b8 b9", bonus="f2", seat=S, win="b9",
              source="robbed_kong", original_call=True)
    assert (r.points, r.doubles, r.total) == (18, 2, 72)
    assert "W3" not in rules(r) and "M3" not in rules(r)


def test_e20_loose_tile():
    """classical.md §5 E20: 32 points, own + prevailing wind + loose tile = 256."""
    melds = [meld("d7 d7 d7 d7", kong="concealed"), meld("ws ws ws"), meld("c3 c4 c5")]
    r = score("b1 b2 b3 b9 b9", melds, seat=S, prevailing=S, win="b1", source="dead_wall")
    assert (r.points, r.doubles, r.total) == (32, 3, 256)


def test_e20_loose_tile_without_self_drawn_points():
    """classical.md §5 E20 variant (Bradfield): no self-drawn points for a loose tile: 240."""
    melds = [meld("d7 d7 d7 d7", kong="concealed"), meld("ws ws ws"), meld("c3 c4 c5")]
    r = score("b1 b2 b3 b9 b9", melds, seat=S, prevailing=S, win="b1", source="dead_wall",
              ruleset=CC.replace(selfdraw_points_on_loose=False))
    assert r.total == 240


def test_e21_last_tile_of_the_wall():
    """classical.md §5 E21: 28 points, Gd + one suit with honours + last tile = 224."""
    melds = [meld("c2 c3 c4"), meld("dg dg dg")]
    r = score("c5 c6 c7 c9 c9 c9 c4 c4", melds, bonus="f4", seat=N, prevailing=S, win="c9",
              last_tile=True, set=(17, 17, 17))
    assert (r.points, r.doubles, r.total) == (28, 3, 224)
