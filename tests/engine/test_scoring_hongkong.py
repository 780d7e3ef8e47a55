"""Hong Kong faan scoring for the Cantonese game (seed 004; docs/scoring.md "Hong Kong"):
worked examples of the faan table, the limit and the payments."""

from games.engine.payments import settle
from games.engine.ruleset import CHINESE_CLASSICAL
from tests.engine.test_scoring_examples import E, S, W, meld, score

HK = CHINESE_CLASSICAL.replace(name="hk-test", scoring="hongkong", mahjong_points=1, limit=1024,
                               east_doubles=False, losers_settle=False)


def faan(result):
    return {i.rule: i.value for i in result.items}


def test_common_hand_on_a_discard():
    """Hong Kong table: common hand (all chows) 1, concealed hand 1, no flowers 1: 3 faan, 8."""
    r = score("b1 b2 b3 b4 b5 b6 b7 b8 b9 c2 c3 c4 d5 d5", seat=S, win="b1", source="discard",
              ruleset=HK)
    assert r.won and (r.points, r.doubles, r.total) == (1, 3, 8)
    assert faan(r) == {"HK2": 1, "HK14": 1, "HK3": 1}


def test_mixed_one_suit_all_in_triplets_self_drawn():
    """Hong Kong table: self-drawn 1, mixed one suit 3, all in triplets 3, dragon pung 1, own
    flower 1 (East holds flower 1): 9 faan, 512."""
    r = score("b4 b4 b4 b7 b7 b7 dr dr dr b9 b9", [meld("b1 b1 b1")], bonus="f1", seat=E,
              win="b9", source="wall", ruleset=HK)
    assert r.won and (r.doubles, r.total) == (9, 512)
    assert faan(r) == {"HK1": 1, "HK5": 3, "HK4": 3, "HK7": 1, "HK15": 1}


def test_small_and_great_dragons_replace_the_dragon_pungs():
    """Hong Kong table: small dragons 5 and great dragons 8 stand for their dragon pungs."""
    great = score("dr dr dr dg dg dg b5 b6 b7 c1 c1", [meld("dw dw dw")], seat=S, win="c1",
                  source="discard", ruleset=HK)
    assert faan(great) == {"HK14": 1, "HK11": 8} and great.total == 512
    small = score("dr dr dr dg dg dg b5 b6 b7 dw dw", [meld("c1 c1 c1")], seat=S, win="dw",
                  source="discard", ruleset=HK)
    assert faan(small) == {"HK14": 1, "HK10": 5} and small.total == 64


def test_faan_over_the_ceiling_are_capped():
    """Hong Kong table: a lower ceiling than 13 faan may be set; here 10 faan (1024)."""
    r = score("b2 b2 b2 b5 b5 b5 b7 b7 b7 b9 b9", [meld("b3 b3 b3")], seat=S, win="b9",
              source="wall", ruleset=HK)
    assert r.doubles == 1 + 7 + 3 + 1 and r.total == 1024
    assert r.items[-1].rule == "CAP"


def test_limit_hands():
    """Hong Kong table: Thirteen orphans and hidden treasure are limit hands."""
    orphans = score("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", seat=S, win="dw",
                    source="discard", ruleset=HK)
    assert orphans.won and orphans.limit == "L17" and orphans.total == 1024
    hidden = score("b1 b1 b1 c4 c4 c4 d7 d7 d7 dr dr dr b9 b9", seat=S, win="b9", source="wall",
                   ruleset=HK)
    assert hidden.limit == "L8" and hidden.total == 1024


def test_only_the_winner_scores():
    """Hong Kong: losers score nothing."""
    r = score("dr dr dr b1 b1 b1 c5 c6 d9 d9 we ws ww", seat=W, ruleset=HK)
    assert not r.won and r.total == 0 and r.items == ()


def test_payments_discarder_pays_double_self_draw_all_double():
    """Hong Kong payments: on a discard the discarder pays double, the others single; on a
    self-drawn win every loser pays double; East is not doubled, losers do not settle."""
    on_discard = settle(HK, [0, 8, 0, 0], winner=1, dealer=0, discarder=2)
    assert on_discard.deltas == (-8, 32, -16, -8)
    self_drawn = settle(HK, [0, 8, 0, 0], winner=1, dealer=0, self_drawn=True)
    assert self_drawn.deltas == (-16, 48, -16, -16)



def test_cantonese_preset_uses_the_hong_kong_table():
    """Seed 004: the cantonese preset scores with the Hong Kong faan table, paid half-spicy
    (base 1) up to a 10-faan ceiling of 128, from a stake of 500 each."""
    from games.engine.ruleset import get_ruleset

    rs = get_ruleset("cantonese")
    r = score("b1 b2 b3 b4 b5 b6 b7 b8 b9 c2 c3 c4 d5 d5", seat=S, win="b1", source="discard",
              ruleset=rs)
    assert r.won and (r.doubles, r.total) == (3, 8)
    assert score("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", seat=S, win="dw",
                 source="discard", ruleset=rs).total == 128
    assert (rs.payout, rs.starting_points) == ("half_spicy", 500)
