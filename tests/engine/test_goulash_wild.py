"""The Goulash's wild 2 of Bamboo (seed 001 Goulash; classical.md §4, "Draw" row: "2B wild").

Play and scoring ask the same win test (wintest.is_mahjong); a hand the wild completes goes out
and scores as won, with the wild scored as the tile it stands for.
"""

from itertools import combinations_with_replacement

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.engine import actions as A
from games.engine.deal import Deal
from games.engine.ruleset import PRESETS
from games.engine.scoring import WinInfo, score_hand
from games.engine.settle import summarise_deal
from games.engine.tiles import parse_tiles
from games.engine.wintest import WILD_2B, is_mahjong, wild_readings, winning_tiles

from .scripted import exchange_round_trip, scripted_deal
from .util import act

BRITISH = PRESETS["british"]
GOULASH = BRITISH.replace(max_chows=0, wild_tile=WILD_2B)


def _counts(text: str) -> list[int]:
    c = [0] * 42
    for t in parse_tiles(text):
        c[t] += 1
    return c


def test_a_goulash_deal_makes_the_2_of_bamboo_wild_and_forbids_chows():
    """classical.md §4 "Draw" row: in a Goulash the 2 of Bamboo is wild and there are no chows."""
    deal = Deal(BRITISH, "wild", goulash=True)
    assert deal.ruleset.wild_tile == WILD_2B and deal.ruleset.max_chows == 0
    assert Deal(BRITISH, "plain").ruleset.wild_tile is None


def test_the_wild_completes_a_pung_or_the_pair_but_never_a_chow():
    """classical.md §4: the wild stands for any tile; a Goulash has no chows, so it may complete a
    pung or the pair only."""
    pung = _counts("c1 c1 c1 d5 d5 d5 b9 b9 b9 we we we c7 b2")  # the wild pairs the 7
    assert is_mahjong(GOULASH, pung, [])
    assert not is_mahjong(BRITISH.replace(max_chows=0), pung, [])
    short = _counts("c1 c1 b2 d5 d5 d5 b9 b9 b9 we we we c7 c7")  # the wild is the third 1
    assert is_mahjong(GOULASH, short, [])
    chow = _counts("c1 c2 b2 d5 d5 d5 b9 b9 b9 we we we c7 c7")  # would need a chow 1-2-3
    assert not is_mahjong(GOULASH, chow, [])


def test_no_reading_holds_a_fifth_tile_of_a_kind():
    """A wild stands for a tile of the set: no reading has five of one kind."""
    hand = _counts("c1 c1 c1 c1 d5 d5 d5 b9 b9 b9 we we b2 b2")
    for reading in wild_readings(GOULASH, hand, []):
        assert max(reading[:34]) <= 4
    assert not is_mahjong(GOULASH, hand, [])


def test_a_calling_hand_with_a_wild_waits_on_more_tiles():
    """A wild in a calling hand makes several tiles winning ones, the 2 of Bamboo among them
    (the waits the fishing declaration of seed 001 uses)."""
    hand = _counts("c1 c1 c1 d5 d5 d5 b9 b9 b9 we we c7 b2")
    got = winning_tiles(GOULASH, hand, [])
    names = parse_tiles("c7 we b2")
    assert set(names) <= set(got)


def test_a_hand_completed_by_the_wild_scores_as_won():
    """classical.md §4 and §1.1: the wild scores as the tile it stands for, in the best
    reading; the scorer agrees with the win test."""
    concealed = list(parse_tiles("c1 c1 c1 d5 d5 d5 b9 b9 b9 we we we c7 b2"))
    win = WinInfo(tile=parse_tiles("c7")[0], source="wall")
    score = score_hand(GOULASH, concealed=concealed, melds=[], bonus=[], seat_wind=0,
                       prevailing_wind=0, win=win)
    assert score.won and score.total > 0
    plain = score_hand(BRITISH.replace(max_chows=0), concealed=concealed, melds=[], bonus=[],
                       seat_wind=0, prevailing_wind=0, win=win)
    assert not plain.won


@pytest.mark.parametrize(("hand", "shape"), [
    # Four 1s of Bamboo read as two pairs, a wild as the West wind's pair's mate and more.
    ("b1 b1 b1 b1 b2 b2 b2 b2 d9 we we we ws ws", "H3"),
    ("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg b2 b2", "L17"),
    ("c1 c1 c2 c3 c4 c5 c6 c7 c8 b2 we ws ww wn", "L15"),
])
def test_the_wilds_complete_a_special_hand_and_it_scores_as_won(hand, shape):
    """leagues.md §4 with classical.md §4: the wilds may stand for the tiles of All Pair
    Honours, Thirteen Orphans or the Wriggling Snake too; play and scoring agree."""
    concealed = list(parse_tiles(hand))
    counts = _counts(hand)
    assert is_mahjong(GOULASH, counts, []) and _brute_force(counts)
    win = WinInfo(tile=concealed[-1], source="wall")
    score = score_hand(GOULASH, concealed=concealed, melds=[], bonus=[], seat_wind=0,
                       prevailing_wind=0, win=win)
    assert score.won and score.limit == shape


def test_east_goes_out_with_a_wild_in_a_scripted_goulash():
    """Seed 001 / classical.md §4: in a Goulash East's dealt hand, completed by the wild 2 of
    Bamboo, may go out; the deal's summary scores it as won, and every tile is accounted for."""
    hands = [
        "c1 c1 c1 d5 d5 d5 b9 b9 b9 we we we c7 b2",
        "b1 b3 b4 c2 c3 c4 c5 c6 d1 d2 d3 d4 ws",
        "b5 b6 b7 b8 c8 c9 d6 d7 d8 ww ww wn wn",
        "b5 b6 b7 b8 c8 c9 d6 d7 d8 dr dr dg dg",
    ]
    deal = scripted_deal(hands, ruleset=BRITISH, goulash=True)
    exchange_round_trip(deal)  # the exchanges come first; East's tiles come back to him
    total = sum(s.concealed_count() + 3 * len(s.melds) for s in deal.seats)
    assert total == 53
    assert any(a.type == A.WIN for a in deal.legal_actions(0))
    act(deal, 0, A.WIN)
    assert deal.is_over and deal.result.winner == 0
    summary = summarise_deal(deal, 1, 0)
    east = summary.hands[0]
    assert east["score"]["won"] is True and east["score"]["total"] > 0
    assert "b2" in east["concealed"]


def _brute_force(counts: list[int]) -> bool:
    """Every way of reading each wild as a tile, tried on the Goulash's chow-less win test."""
    plain = GOULASH.replace(wild_tile=None)
    n = counts[WILD_2B]
    base = list(counts)
    base[WILD_2B] = 0
    for kinds in combinations_with_replacement(range(34), n):
        trial = list(base)
        for k in kinds:
            trial[k] += 1
        if max(trial[:34]) <= 4 and is_mahjong(plain, trial, []):
            return True
    return is_mahjong(plain, counts, [])


@settings(max_examples=60, deadline=None)
@given(kinds=st.lists(st.integers(0, 33), min_size=5, max_size=5, unique=True),
       wilds=st.lists(st.integers(0, 13), min_size=1, max_size=2, unique=True),
       noise=st.integers(0, 33))
def test_the_win_test_with_wilds_equals_trying_every_tile(kinds, wilds, noise):
    """classical.md §4: a hand with wilds goes out exactly when some choice of tiles for its
    wilds makes a complete chow-less hand (checked against trying every choice)."""
    tiles = [k for k in kinds[:4] for _ in range(3)] + [kinds[4]] * 2
    tiles[0] = noise  # sometimes breaks the hand
    for i in wilds:
        tiles[i] = WILD_2B
    counts = [0] * 42
    for t in tiles:
        counts[t] += 1
    assume(max(counts[:34]) <= 4)
    assert is_mahjong(GOULASH, counts, []) == _brute_force(counts)
