"""One test per double and points rule (rules/classical.md §1.2-1.8, rules/leagues.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.errors import NotationError
from games.engine.scoring import WinInfo, score_hand
from games.engine.tiles import parse_tile, parse_tiles
from tests.engine.test_scoring_examples import BMJA, CC, DMJL, E, N, S, W, meld, score

# A plain winning hand: chows and a plain pair, won on a discard, no honours: nothing extra.
PLAIN = "b2 b3 b4 c5 c6 c7 d2 d3 d4 d6 d7 d8 c9 c9"


def doubles_of(result, code):
    return sum(i.value for i in result.items if i.rule == code and i.kind == "doubles")


def points_of(result, code):
    return sum(i.value for i in result.items if i.rule == code and i.kind == "points")


def test_plain_hand_scores_only_mah_jong():
    """classical.md §1.5: Mah Jong 10 for any winner; chows and a plain pair score nothing."""
    r = score(PLAIN, seat=S, win="b2", source="discard")
    assert (r.points, r.doubles, r.total) == (10, 1, 20)  # W1 no-score hand
    assert [i.rule for i in r.items] == ["M1", "W1"]


@pytest.mark.parametrize("pung, exposed, points", [
    ("c5", True, 2), ("c5", False, 4), ("c1", True, 4), ("c1", False, 8), ("dr", True, 4),
])
def test_p1_pung_points(pung, exposed, points):
    """classical.md §1.2: pung 2/4 minor, 4/8 major (exposed/concealed)."""
    r = score("b2 b3 b4", [meld(f"{pung} {pung} {pung}", exposed=exposed)])
    assert points_of(r, "P1") == points


@pytest.mark.parametrize("kong, tile, points", [
    ("promoted", "c5", 8), ("concealed", "c5", 16), ("promoted", "c9", 16),
    ("concealed", "wn", 32), ("claimed", "c5", 8),
])
def test_p1_kong_points(kong, tile, points):
    """classical.md §1.2: kong 8/16 minor, 16/32 major; a claimed kong at the exposed rate."""
    r = score("b2 b3 b4", [meld(" ".join([tile] * 4), kong=kong)])
    assert points_of(r, "P1") == points


@pytest.mark.parametrize("pair, seat, prevailing, points", [
    ("dg", S, E, 2), ("ws", S, E, 2), ("we", S, E, 2), ("we", E, E, 4), ("wn", S, E, 0)])
def test_p2_pair_points(pair, seat, prevailing, points):
    """classical.md §1.3: dragon 2, own wind 2, prevailing 2, double wind 4."""
    r = score(f"b2 b3 b4 {pair} {pair}", seat=seat, prevailing=prevailing)
    assert points_of(r, "P2") == points


def test_p3_bonus_tiles():
    """classical.md §1.4: 4 points per flower or season, for losers too."""
    assert points_of(score("b2 b3 b4 c1", bonus="f2 s4"), "P3") == 8


def test_m2_self_drawn():
    """classical.md §1.5: 2 points for a self-drawn winning tile."""
    assert points_of(score(PLAIN, seat=S, win="b2"), "M2") == 2
    assert points_of(score(PLAIN, seat=S, win="b2", source="discard"), "M2") == 0


def test_m3_only_place_counts_own_shown_tiles():
    """classical.md §1.5: a wait whose four tiles the player shows is no chance."""
    melds = [meld("b6 b6 b6"), meld("c5 c6 c7"), meld("d2 d3 d4")]
    r = score("b7 b8 b9 c9 c9", melds, seat=S, win="b9", source="discard")
    assert points_of(r, "M3") == 0  # 6B still had one tile left
    melds = [meld("b6 b6 b6 b6", kong="promoted"), meld("c5 c6 c7"), meld("d2 d3 d4")]
    r = score("b7 b8 b9 c9 c9", melds, seat=S, win="b9", source="discard")
    assert points_of(r, "M3") == 2


def test_m4_fishing_the_eyes_minor_and_major():
    """classical.md §1.5: the winning tile completes the pair: 2 minor, 4 major."""
    melds = [meld("b2 b3 b4"), meld("c5 c6 c7"), meld("d2 d3 d4")]
    assert points_of(score("d6 d7 d8 c5 c5", melds, seat=S, win="c5", source="discard"),
                     "M4") == 2
    assert points_of(score("d6 d7 d8 c9 c9", melds, seat=S, win="c9", source="discard"),
                     "M4") == 4


def test_best_arrangement_is_chosen():
    """classical.md §1.1 step 1: 111222333 read as pungs (no chows) beats chows."""
    r = score("c1 c1 c1 c2 c2 c2 c3 c3 c3 d5 d6 d7 dr dr", seat=S, win="d5", source="discard")
    assert doubles_of(r, "W2") == 0 and points_of(r, "P1") == 8 + 4 + 4


@pytest.mark.parametrize("melds, code, n", [
    (["dr dr dr"], "D1", 1), (["ws ws ws"], "D2", 1), (["we we we"], "D3", 1),
])
def test_d1_d3_honour_sets(melds, code, n):
    """classical.md §1.6 D1-D3: dragon set, own wind set, prevailing wind set."""
    r = score("b2 b3 b4 c1", [meld(m) for m in melds], seat=S, prevailing=E)
    assert doubles_of(r, code) == n


def test_d2_d3_double_wind_set():
    """classical.md §1.6: own wind that is also prevailing: D2 + D3 = 2 doubles."""
    r = score("b2 b3 b4 c1", [meld("we we we")], seat=E, prevailing=E)
    assert doubles_of(r, "D2") + doubles_of(r, "D3") == 2


def test_d4_little_three_dragons_for_a_loser():
    """classical.md §1.6 D4: applies to all hands, losers too."""
    r = score("dw dw b2", [meld("dr dr dr"), meld("dg dg dg"), meld("c1 c2 c3")])
    assert doubles_of(r, "D4") == 1 and doubles_of(r, "D1") == 2


def test_d5_big_three_dragons_with_a_chow():
    """classical.md §1.6 D5: three dragon sets: 2 more doubles (L9 needs no chow in CC)."""
    melds = [meld("dr dr dr"), meld("dg dg dg"), meld("dw dw dw")]
    r = score("c7 c8 c9 b5 b5", melds, seat=S, win="b5", source="discard")
    assert doubles_of(r, "D5") == 2


def test_d6_little_four_winds():
    """classical.md §1.6 D6: three wind sets and the fourth wind's pair."""
    r = score("wn wn b2", [meld("we we we"), meld("ws ws ws"), meld("ww ww ww")], seat=N)
    assert doubles_of(r, "D6") == 1


def test_d7_big_four_winds_for_a_loser():
    """classical.md §1.6 D7: four wind sets (a loser holds the fourth concealed)."""
    melds = [meld("we we we"), meld("ws ws ws"), meld("ww ww ww")]
    assert doubles_of(score("wn wn wn b2", melds, seat=N), "D7") == 2


def test_d8_three_concealed_pungs_not_in_bmja():
    """classical.md §1.6 D8; leagues.md §3: BMJA drops it."""
    hand = "b2 b2 b2 c4 c4 c4 d6 d6 d6 b8"
    assert doubles_of(score(hand), "D8") == 1
    assert doubles_of(score(hand, ruleset=BMJA), "D8") == 0


def test_d9_own_flower_and_season():
    """classical.md §1.6 D9: both own flower and season 1 double; BMJA: one each."""
    assert doubles_of(score("b2 b3 b4 c1", bonus="f2 s2", seat=S), "D9") == 1
    assert doubles_of(score("b2 b3 b4 c1", bonus="f2", seat=S), "D9") == 0
    assert doubles_of(score("b2 b3 b4 c1", bonus="f2", seat=S, ruleset=BMJA), "D9") == 1
    assert doubles_of(score("b2 b3 b4 c1", bonus="f2 s2", seat=S, ruleset=BMJA), "D9") == 2


@pytest.mark.parametrize("bonus, code", [("f1 f2 f3 f4", "D10"), ("s1 s2 s3 s4", "D11")])
def test_d10_d11_bouquets(bonus, code):
    """classical.md §1.6 D10/D11: all four flowers or seasons 1 double; BMJA 2."""
    assert doubles_of(score("b2 b3 b4 c1", bonus=bonus, seat=W), code) == 1
    assert doubles_of(score("b2 b3 b4 c1", bonus=bonus, seat=W, ruleset=BMJA), code) == 2


def test_w1_no_score_hand_not_in_bmja():
    """classical.md §1.7 W1; leagues.md §5 (BMJA has no zero-point hand)."""
    assert doubles_of(score(PLAIN, seat=S, win="b2", source="discard"), "W1") == 1
    melds = [meld("c5 c6 c7")]
    r = score("b2 b3 b4 d2 d3 d4 d6 d7 d8 c9 c9", melds, seat=S, win="b2", ruleset=DMJL)
    assert doubles_of(r, "W1") == 1


def test_w2_no_chows():
    """classical.md §1.7 W2."""
    r = score("b2 b2 b2 c5 c5 c5 c9 c9", [meld("d3 d3 d3"), meld("d6 d6 d6")], seat=S,
              win="c9", source="discard")
    assert doubles_of(r, "W2") == 1


def test_w3_concealed_hand_needs_self_draw():
    """classical.md §1.7 W3: all sets concealed and the winning tile self-drawn."""
    assert doubles_of(score(PLAIN, seat=S, win="b2"), "W3") == 1
    assert doubles_of(score(PLAIN, seat=S, win="c9", source="discard"), "W3") == 0


def test_w4_w5_colour():
    """classical.md §1.7 W4 one suit with honours 1, W5 one suit only 3."""
    r = score("b1 b2 b3 b4 b5 b6 dr dr dr b8 b8", [meld("b7 b8 b9")], seat=S, win="b8",
              source="discard")
    assert doubles_of(r, "W4") == 1
    r = score("b1 b2 b3 b4 b5 b6 b6 b7 b8 b8 b8", [meld("b7 b8 b9")], seat=S, win="b1",
              source="discard")
    assert doubles_of(r, "W5") == 3


def test_w5_bmja_purity_needs_no_chows():
    """leagues.md §5: BMJA Purity: one suit, no honours, no chows: 3 doubles."""
    hand = "b2 b2 b2 b5 b5 b5 b7 b7"
    r = score(hand, [meld("b1 b1 b1"), meld("b9 b9 b9")], seat=S, win="b7", source="discard",
              ruleset=BMJA)
    assert doubles_of(r, "W5") == 3 and r.items[-1].name == "Purity"
    r = score("b2 b3 b4 b5 b5 b5 b7 b7", [meld("b1 b1 b1"), meld("b9 b9 b9")], seat=S,
              win="b7", source="discard", ruleset=BMJA)
    assert doubles_of(r, "W5") == 0


def test_w6_all_majors():
    """classical.md §1.7 W6: terminals and honours only."""
    r = score("b1 b1 b1 c9 c9 c9 dr dr", [meld("d1 d1 d1"), meld("we we we")], seat=S,
              win="dr", source="discard")
    assert doubles_of(r, "W6") == 1


def test_w7_all_honours_only_with_the_roof_off():
    """classical.md §1.7 W7: 2 doubles in a no-limit game; otherwise the hand is L11."""
    melds = [meld("we we we"), meld("dr dr dr")]
    open_roof = score("ws ws ws dg dg dg dw dw", melds, win="dw", source="discard",
                      ruleset=CC.replace(roof_off=True))
    assert doubles_of(open_roof, "W7") == 2
    assert doubles_of(score("ws ws ws dg dg dg dw dw", melds, win="dw", source="discard"),
                      "W7") == 0


def test_w8_loose_tile_not_in_bmja():
    """classical.md §1.7 W8; leagues.md §5: no loose-tile double in BMJA."""
    melds = [meld("c1 c1 c1 c1", kong="concealed")]
    hand = "b2 b3 b4 d2 d3 d4 d6 d7 d8 c9 c9"
    assert doubles_of(score(hand, melds, seat=S, win="b2", source="dead_wall"), "W8") == 1
    assert doubles_of(score(hand, melds, seat=S, win="b2", source="dead_wall", ruleset=BMJA),
                      "W8") == 0


def test_w9_w10_last_tile():
    """classical.md §1.7 W9 last wall tile, W10 last discard."""
    assert doubles_of(score(PLAIN, seat=S, win="b2", last_tile=True), "W9") == 1
    r = score(PLAIN, seat=S, win="b2", source="discard", last_tile=True)
    assert doubles_of(r, "W10") == 1 and doubles_of(r, "W9") == 0


def test_w11_w12_robbing_and_original_call():
    """classical.md §1.7 W11 robbing a kong, W12 Original Call."""
    r = score(PLAIN, seat=S, win="b3", source="robbed_kong", original_call=True)
    assert doubles_of(r, "W11") == 1 and doubles_of(r, "W12") == 1


@pytest.mark.parametrize("rounding, total", [("none", 48), ("nearest10_after", 50),
                                             ("up10_before", 60)])
def test_rounding_options(rounding, total):
    """classical.md §1.8: none; nearest 10 after doubles; up to 10 before doubles."""
    r = score("b2 b2 b2 c5 c6 c7 c9 c9", [meld("d3 d4 d5"), meld("dr dr dr")], seat=S,
              win="c9", source="discard", ruleset=CC.replace(rounding=rounding))
    # b2 concealed 4 + Rd exposed 4 + MJ 10 + only place 2 + major eyes 4 = 24; Rd doubles.
    assert (r.points, r.doubles) == (24, 1)
    assert r.total == total


def test_dmjl_limit_is_500():
    """leagues.md §1: DMJL limit 500."""
    melds = [meld("b3 b3 b3 b3", kong="concealed"), meld("we we we we", kong="promoted")]
    assert score("dw dw dw dr dr dr d2 d2", melds, win="d2", source="discard",
                 ruleset=DMJL).total == 500


def test_bmja_allows_one_chow_only():
    """leagues.md §1: BMJA max one chow in a Mah Jong hand."""
    r = score(PLAIN, seat=S, win="b2", ruleset=BMJA)
    assert not r.won and "chow" in r.reason and r.total == 0


def test_false_mahjong_with_a_full_hand_scores_zero():
    """classical.md §3.1 and the long-hand rule: a false win with 14 tiles scores 0."""
    r = score("b1 b2 b4 c5 c6 c7 d2 d3 d4 d6 d7 d8 c9 c9", seat=S, win="b4")
    assert (r.won, r.total) == (False, 0) and "not a winning hand" in r.reason


def test_short_false_mahjong_scores_as_a_loser():
    """A false win that holds too few tiles scores as a losing hand."""
    r = score("dr dr dr c1 c2 c3 b5", [meld("d4 d4 d4")], seat=S, win="b5")
    assert not r.won and r.reason and r.total == (8 + 2) * 2


def test_long_losing_hand_scores_zero():
    """leagues.md §3 Long Hand: too many tiles scores an absolute 0."""
    r = score("dr dr dr b1 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2")
    assert (r.total, r.reason is not None) == (0, True)


def test_impossible_tile_counts_are_errors():
    with pytest.raises(NotationError, match="only 4"):
        score("b1 b1 b1 b1 b1")
    with pytest.raises(NotationError):
        score("b1 b2", bonus="f1 f1")


def test_json_form():
    r = score("dg dg dg d5 d5 d5 b3 b4 b5 we we", [meld("b1 b1 b1 b1", kong="concealed")],
              seat=W, prevailing=E, win="dg", source="discard")
    data = r.to_json()
    assert set(data) == {"won", "points", "doubles", "limit", "total", "items"}
    assert {"rule": "D1", "name": "Set of dragons (Green Dragon)", "doubles": 1} in data["items"]


HANDS = [
    ("b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 dr dr dr", "dr", "wall", []),
    ("dg dg dg d5 d5 d5 b3 b4 b5 we we", "dg", "discard", ["b1 b1 b1 b1"]),
    ("c2 c2 c3 c3 c4 c4 c5 c5", "c5", "discard", ["we we we", "d7 d8 d9"]),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(HANDS), st.randoms(use_true_random=False), st.sampled_from((E, S, W, N)))
def test_scoring_is_invariant_under_reordering(hand, rng, seat):
    """The order tiles are listed in never changes a score (classical.md §1.1)."""
    concealed, tile, source, melds = hand
    tiles = parse_tiles(concealed)
    bonus = parse_tiles("f1 s3 f4")
    win = WinInfo(tile=parse_tile(tile), source=source)
    kongs = [meld(m, kong="concealed") if len(m.split()) == 4 else meld(m) for m in melds]
    first = score_hand(CC, concealed=tiles, melds=kongs, bonus=bonus, seat_wind=seat,
                       prevailing_wind=E, win=win)
    shuffled, shuffled_bonus, shuffled_melds = list(tiles), list(bonus), list(kongs)
    rng.shuffle(shuffled)
    rng.shuffle(shuffled_bonus)
    rng.shuffle(shuffled_melds)
    again = score_hand(CC, concealed=shuffled, melds=shuffled_melds, bonus=shuffled_bonus,
                       seat_wind=seat, prevailing_wind=E, win=win)
    assert again.total == first.total and again.points == first.points
    assert sorted(again.items, key=repr) == sorted(first.items, key=repr)
