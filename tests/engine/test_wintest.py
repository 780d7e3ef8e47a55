"""The one win test per ruleset (wintest.py) and its agreement with scoring.

Seed 001 / rules/leagues.md §1 (BMJA: one chow in a Mah Jong hand, concealed or exposed), §4
(special shapes), classical.md §1.10 L17 (Thirteen Orphans).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.ruleset import PRESETS, get_ruleset
from games.engine.scoring import WinInfo, score_hand
from games.engine.tiles import parse_tile, parse_tiles
from games.engine.wintest import is_mahjong, refusal, winning_tiles
from tests.engine.test_scoring_examples import meld

CC = get_ruleset("chinese-classical")
BMJA = get_ruleset("bmja")


def counts_of(tiles: str) -> list[int]:
    c = [0] * 34
    for t in parse_tiles(tiles):
        c[t] += 1
    return c


def scores_won(ruleset, tiles, melds=(), win=None, source="wall"):
    concealed = parse_tiles(tiles)
    tile = parse_tile(win) if win else concealed[-1]
    return score_hand(ruleset, concealed=concealed, melds=list(melds), bonus=[], seat_wind=1,
                      prevailing_wind=0, win=WinInfo(tile=tile, source=source)).won


TWO_CONCEALED_CHOWS = "b1 b2 b3 c4 c5 c6 d7 d7 d7 we we we dr dr"


def test_bmja_counts_concealed_chows():
    """Seed 001 / leagues.md §1: BMJA allows one chow in a Mah Jong hand, concealed chows
    included; play and scoring give the same answer."""
    c = counts_of(TWO_CONCEALED_CHOWS)
    assert not is_mahjong(BMJA, c, [])
    assert refusal(BMJA, c, []) == "more than 1 chow(s)"
    assert not scores_won(BMJA, TWO_CONCEALED_CHOWS)
    assert is_mahjong(CC, c, [])
    assert scores_won(CC, TWO_CONCEALED_CHOWS)


def test_bmja_one_chow_wins_and_exposed_chow_counts():
    """Seed 001 / leagues.md §1: one chow is fine; an exposed chow plus a concealed one is not."""
    one = "b1 b2 b3 c4 c4 c4 d7 d7 d7 we we we dr dr"
    assert is_mahjong(BMJA, counts_of(one), []) and scores_won(BMJA, one)
    exposed = [meld("c4 c5 c6")]
    hand = "b1 b2 b3 d7 d7 d7 we we we dr dr"
    assert not is_mahjong(BMJA, counts_of(hand), exposed)
    assert not scores_won(BMJA, hand, exposed)
    pungs = "b1 b1 b1 d7 d7 d7 we we we dr dr"
    assert is_mahjong(BMJA, counts_of(pungs), exposed) and scores_won(BMJA, pungs, exposed)


def test_a_chow_reading_with_fewer_chows_is_found():
    """leagues.md §1: a hand wins if some reading keeps within the chow limit (b111222333 reads
    as three pungs, not three chows)."""
    hand = "b1 b1 b1 b2 b2 b2 b3 b3 b3 c5 c6 c7 dr dr"
    assert is_mahjong(BMJA, counts_of(hand), []) and scores_won(BMJA, hand)


@pytest.mark.parametrize("name, tiles", [
    ("Knitting", "b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9 b9 c9"),
    ("Triple Knitting", "b1 c1 d1 b3 c3 d3 b5 c5 d5 b8 c8 d8 b9 c9"),
    ("All Pair Honours", "b1 b1 c9 c9 d1 d1 we we ws ws dr dr dw dw"),
    ("Wriggling Snake", "b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 we ws ww wn"),
    ("Gates of Heaven", "c1 c1 c1 c2 c3 c4 c5 c5 c6 c7 c8 c9 c9 c9"),
])
def test_bmja_special_shapes_go_out(name, tiles):
    """Seed 001 / leagues.md §4: BMJA's special hands may go out and score as won; the
    classical table has none of them (classical.md §1.10), except Nine Gates, a regular hand."""
    c = counts_of(tiles)
    assert is_mahjong(BMJA, c, []), name
    assert scores_won(BMJA, tiles), name
    if name != "Gates of Heaven":
        assert not is_mahjong(CC, c, []) and not scores_won(CC, tiles), name


def test_gates_of_heaven_with_a_terminal_is_not_bmja():
    """leagues.md §4: Gates of Heaven's extra tile is a 2-8; 1111 2345678 999 is three chows,
    which BMJA's one-chow rule refuses."""
    tiles = "c1 c1 c1 c1 c2 c3 c4 c5 c6 c7 c8 c9 c9 c9"
    assert not is_mahjong(BMJA, counts_of(tiles), [])
    assert not scores_won(BMJA, tiles)


@pytest.mark.parametrize("ruleset", list(PRESETS.values()), ids=list(PRESETS))
def test_thirteen_orphans_goes_out_where_the_ruleset_has_it(ruleset):
    """classical.md §1.10 L17, leagues.md §4: Thirteen Orphans in every 13-tile table that
    lists it; never in the 16-tile game (seed 002), whose hands are five sets and a pair."""
    tiles = "b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw"
    expected = ruleset.thirteen_orphans and "L17" in ruleset.limit_hands
    assert expected == (ruleset.hand_size == 13)
    assert is_mahjong(ruleset, counts_of(tiles), []) == expected
    assert scores_won(ruleset, tiles) == expected


def test_wrong_size_is_refused():
    """Seed 003 §3.1: a complete hand holds 14 tiles, three fewer for each declared set."""
    tiles = "b1 b2 b3 c4 c4 c4 d7 d7 d7 dr dr"
    assert not is_mahjong(CC, counts_of(tiles), [])
    assert refusal(CC, counts_of(tiles), []) == "11 tiles in hand where a complete hand has 14"


def test_winning_tiles_honour_the_chow_limit_and_special_shapes():
    """leagues.md §1, §4: BMJA waits leave out tiles that would make a second chow, and include
    the tiles that complete a special shape."""
    # b4 or b7 makes a second chow beside c1 c2 c3; b5 makes a pair beside a pung of b6.
    hand = counts_of("c1 c2 c3 b5 b6 b6 b6 d9 d9 d9 dr dr dr")
    assert winning_tiles(CC, hand, []) == parse_tiles("b4 b5 b7")
    assert winning_tiles(BMJA, hand, []) == parse_tiles("b5")
    knitting = counts_of("b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9 b9")
    assert winning_tiles(BMJA, knitting, []) == parse_tiles("c9")
    assert winning_tiles(CC, knitting, []) == []


# Random complete hands: sets (chows, pungs) and a pair, some declared, under every preset.
_SETS = [("pung", t) for t in range(34)] + [("chow", s * 9 + r) for s in range(3) for r in range(7)]


@st.composite
def built_hands(draw, size=4):
    n = draw(st.integers(0, size))
    sets = draw(st.lists(st.sampled_from(_SETS), min_size=size, max_size=size))
    pair = draw(st.integers(0, 33))
    counts = [0] * 34
    melds = []
    for i, (kind, t) in enumerate(sets):
        tiles = [t] * 3 if kind == "pung" else [t, t + 1, t + 2]
        if i < n:
            melds.append(meld(" ".join(_name(x) for x in tiles)))
        else:
            for x in tiles:
                counts[x] += 1
    counts[pair] += 2
    shown = list(counts)
    for m in melds:
        for x in m.tiles:
            shown[x] += 1
    if max(shown) > 4:
        from hypothesis import reject
        reject()
    concealed = [k for k in range(34) for _ in range(counts[k])]
    win = draw(st.sampled_from(concealed))
    return concealed, melds, win, counts


def _name(t):
    from games.engine.tiles import TILE_NAMES
    return TILE_NAMES[t]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.data())
def test_scoring_agrees_with_the_win_test(name, data):
    """Issue 10 / DESIGN "one home per ruleset": every hand the win test accepts scores as won,
    and every hand it refuses scores as not won (sets and a pair, four or five sets as the
    ruleset's hand size asks, or one set fewer or more)."""
    ruleset = PRESETS[name]
    size = (ruleset.hand_size + 1) // 3 + data.draw(st.sampled_from((0, 0, 0, -1, 1)))
    concealed, melds, win, counts = data.draw(built_hands(size))
    r = score_hand(ruleset, concealed=concealed, melds=melds, bonus=[], seat_wind=2,
                   prevailing_wind=0, win=WinInfo(tile=win, source="wall"))
    assert r.won == is_mahjong(ruleset, counts, melds), r.reason
