"""One test per limit hand (rules/classical.md §1.10, rules/leagues.md §4-5)."""

import pytest

from tests.engine.test_scoring_examples import BMJA, CC, DMJL, N, S, W, meld, score


def limit_of(result):
    return result.limit if result.won else None


def test_l1_heavens_blessing():
    """classical.md §1.10 L1: East goes out on the dealt tiles."""
    r = score("b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 b5 c9 c9", win="c9", blessing=True)
    assert (limit_of(r), r.total) == ("L1", 1000)


def test_l2_earths_blessing():
    """classical.md §1.10 L2: a non-East player goes out on East's first discard."""
    r = score("b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 b5 c9 c9", seat=S, win="c9", source="discard",
              blessing=True)
    assert limit_of(r) == "L2"


def test_l3_plum_blossom():
    """classical.md §1.10 L3: a loose tile that is 5D."""
    r = score("b1 b2 b3 c4 c5 c6 d4 d5 d6 c9 c9", [meld("b5 b5 b5 b5", kong="concealed")],
              win="d5", source="dead_wall")
    assert limit_of(r) == "L3"


def test_l4_moon_from_the_bottom_of_the_sea():
    """classical.md §1.10 L4: the last wall tile, drawn, is 1D."""
    hand = "b1 b2 b3 c4 c5 c6 d1 d2 d3 b5 b5 b5 c9 c9"
    assert limit_of(score(hand, win="d1", last_tile=True)) == "L4"
    assert limit_of(score(hand, win="d1", last_tile=True, source="discard")) is None


def test_l5_carrying_pole():
    """classical.md §1.10 L5: robbing a kong of 2B."""
    r = score("b1 b2 b3 c4 c5 c6 d1 d2 d3 b5 b5 b5 c9 c9", seat=W, win="b2",
              source="robbed_kong")
    assert limit_of(r) == "L5"


def test_l6_kong_upon_kong():
    """classical.md §1.10 L6: the second loose tile in a row completes the hand."""
    melds = [meld("b5 b5 b5 b5", kong="concealed"), meld("c7 c7 c7 c7", kong="concealed")]
    r = score("b1 b2 b3 d1 d2 d3 c9 c9", melds, win="c9", source="dead_wall", kong_on_kong=True)
    assert limit_of(r) == "L6"


def test_l7_fourfold_plenty():
    """classical.md §1.10 L7: four kongs and a pair."""
    melds = [meld(f"{t} {t} {t} {t}", kong="promoted") for t in ("b2", "c5", "d8", "ws")]
    r = score("dr dr", melds, seat=S, win="dr", source="discard")
    assert limit_of(r) == "L7"


def test_l8_buried_treasure_needs_self_draw():
    """classical.md §1.10 L8: all concealed, no chows, self-drawn."""
    hand = "b2 b2 b2 c5 c5 c5 d8 d8 d8 ws ws ws c1 c1"
    assert limit_of(score(hand, seat=S, win="b2")) == "L8"
    assert limit_of(score(hand, seat=S, win="c1", source="discard")) is None


def test_l8_bmja_buried_treasure_is_one_suit_with_honours():
    """leagues.md §5: BMJA Buried Treasure: one suit + honours, four concealed pungs + pair."""
    assert limit_of(score("b2 b2 b2 b5 b5 b5 b8 b8 b8 ws ws ws dr dr", seat=S, win="b2",
                          ruleset=BMJA)) == "L8"
    assert limit_of(score("b2 b2 b2 c5 c5 c5 d8 d8 d8 ws ws ws c1 c1", seat=S, win="b2",
                          ruleset=BMJA)) is None


def test_l9_three_great_scholars():
    """classical.md §1.10 L9: three dragon sets and no chows ([M]); DMJL allows a chow."""
    melds = [meld("dr dr dr"), meld("dg dg dg"), meld("dw dw dw")]
    assert limit_of(score("c9 c9 c9 b5 b5", melds, win="b5", source="discard")) == "L9"
    with_chow = score("c7 c8 c9 b5 b5", melds, win="b5", source="discard")
    assert limit_of(with_chow) is None and with_chow.doubles >= 5
    assert limit_of(score("c7 c8 c9 b5 b5", melds, win="b5", source="discard",
                          ruleset=DMJL)) == "L9"


def test_l10_four_blessings():
    """classical.md §1.10 L10: four wind sets and any pair."""
    melds = [meld("we we we"), meld("ws ws ws"), meld("ww ww ww")]
    assert limit_of(score("wn wn wn b5 b5", melds, win="b5", source="discard")) == "L10"


def test_l11_all_honours():
    """classical.md §1.10 L11: only winds and dragons."""
    melds = [meld("we we we"), meld("dr dr dr")]
    assert limit_of(score("ws ws ws dg dg dg dw dw", melds, win="dw", source="discard")) == "L11"


def test_l12_heads_and_tails():
    """classical.md §1.10 L12: only 1s and 9s."""
    melds = [meld("b1 b1 b1"), meld("c9 c9 c9")]
    assert limit_of(score("d1 d1 d1 d9 d9 d9 b9 b9", melds, win="b9", source="discard")) == "L12"


def test_l13_imperial_jade():
    """classical.md §1.10 L13: only green tiles."""
    melds = [meld("b2 b3 b4"), meld("dg dg dg")]
    assert limit_of(score("b6 b6 b6 b2 b3 b4 b8 b8", melds, win="b8", source="discard")) == "L13"


def test_l14_nine_gates():
    """classical.md §1.10 L14: concealed 1112345678999 of one suit completed by any tile of it."""
    hand = "c1 c1 c1 c2 c3 c4 c5 c6 c7 c8 c9 c9 c9"
    assert limit_of(score(hand + " c1", win="c1", source="discard")) == "L14"
    assert limit_of(score(hand + " c5", win="c5")) == "L14"


def test_l14_bmja_gates_of_heaven_needs_a_middle_tile():
    """leagues.md §4: BMJA Gates of Heaven: the extra tile must be 2-8."""
    hand = "c1 c1 c1 c2 c3 c4 c5 c6 c7 c8 c9 c9 c9"
    r = score(hand + " c5", win="c5", ruleset=BMJA)
    assert limit_of(r) == "L14" and r.items[-1].name == "Gates of Heaven"
    assert limit_of(score(hand + " c1", win="c1", ruleset=BMJA)) != "L14"


def test_l15_squirming_snake():
    """classical.md §1.10 L15: pungs of 1 and 9, a pair of 2, 5 or 8, chows between; melded."""
    r = score("d2 d3 d4 d5 d6 d7 d8 d8", [meld("d1 d1 d1"), meld("d9 d9 d9")], win="d8",
              source="discard")
    assert limit_of(r) == "L15"


def test_l15_bmja_wriggling_snake():
    """leagues.md §4: BMJA Wriggling Snake: 1s pair, 2-9 and one of each wind."""
    r = score("b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 we ws ww wn", seat=S, win="wn", ruleset=BMJA)
    assert (r.won, r.limit) == (True, "L15")
    assert not score("b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 we ws ww wn", seat=S, win="wn").won


def test_l16_concealed_clear_suit():
    """classical.md §1.10 L16: one suit, no honours, all concealed."""
    assert limit_of(score("b1 b2 b3 b3 b4 b5 b5 b6 b7 b7 b8 b9 b9 b9", win="b1")) == "L16"
    assert limit_of(score("b1 b2 b3 b3 b4 b5 b5 b6 b7 b7 b8 b9 b9 b9", win="b1",
                          source="discard")) is None


def test_l17_thirteen_orphans_robbing_a_concealed_kong():
    """classical.md §1.10 L17 (seed 003 §3.5.1): the robbed tile completes Thirteen Orphans."""
    r = score("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", seat=N, win="dw",
              source="robbed_kong")
    assert limit_of(r) == "L17"


@pytest.mark.parametrize("ruleset, streak, expected", [
    (CC, 13, "L18"), (CC, 12, None), (DMJL, 9, "L18"), (BMJA, 13, None)])
def test_l18_easts_consecutive_wins(ruleset, streak, expected):
    """classical.md §1.10 L18 (13 wins); leagues.md §5: DMJL nine; BMJA none."""
    melds = [meld("b2 b3 b4"), meld("c5 c6 c7")]
    r = score("d2 d3 d4 b7 b7 b7 c1 c1", melds, win="c1", source="discard", east_streak=streak,
              ruleset=ruleset)
    assert limit_of(r) == expected


@pytest.mark.parametrize("hand, code", [
    ("b3 c3 d3 b5 c5 d5 b5 c5 d5 b9 c9 d9 b7 d7", "H1"),
    ("b1 c1 b2 c2 b4 c4 b4 c4 b6 c6 b8 c8 b9 c9", "H2"),
    ("b1 b1 c9 c9 we we ws ws dr dr dg dg dw dw", "H3"),
])
def test_bmja_half_limit_hands(hand, code):
    """leagues.md §4: Triple Knitting, Knitting and All Pair Honours are worth half the limit."""
    r = score(hand, seat=S, win=hand.split()[-1], ruleset=BMJA)
    assert (r.won, r.limit, r.total) == (True, code, 500)
    assert not score(hand, seat=S, win=hand.split()[-1]).won


def test_roof_off_keeps_the_larger_of_limit_and_score():
    """classical.md §1.9: with the roof off a limit hand is at least the limit."""
    rs = CC.replace(roof_off=True)
    r = score("b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 b5 c9 c9", win="c9", blessing=True, ruleset=rs)
    assert r.total == 1000


def test_bmja_loser_calling_for_a_limit_hand():
    """leagues.md §6: a BMJA loser calling for Heads and Tails scores 0.4 of the limit."""
    melds = [meld("b1 b1 b1"), meld("c9 c9 c9")]
    r = score("d1 d1 d1 d9 d9 b9 b9", melds, ruleset=BMJA)
    assert (r.won, r.total) == (False, 400)
    assert r.items[-1].rule == "C1"
    assert score("d1 d1 d1 d9 d9 b9 b9", melds).total < 400
