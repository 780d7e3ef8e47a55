"""Hand analysis (seed 003 §3.1-3.2, Thirteen Orphans): wins, waits, shanten, decompositions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.analysis import (
    Decomposition,
    decompositions,
    is_standard_win,
    is_thirteen_orphans,
    is_winning,
    shanten,
    waits,
)
from games.engine.tiles import counts_of, format_tiles, parse_tiles


def c(text):
    return counts_of(parse_tiles(text))


# A plain search, kept here as an independent reference for the table-driven code.
def _sets_only(k, i=0):
    while i < 34 and k[i] == 0:
        i += 1
    if i == 34:
        return True
    if k[i] >= 3:
        k[i] -= 3
        ok = _sets_only(k, i)
        k[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and k[i + 1] and k[i + 2]:
        for j in (i, i + 1, i + 2):
            k[j] -= 1
        ok = _sets_only(k, i)
        for j in (i, i + 1, i + 2):
            k[j] += 1
        return ok
    return False


def reference_win(counts):
    k = list(counts[:34])
    if sum(k) % 3 != 2:
        return False
    for t in range(34):
        if k[t] >= 2:
            k[t] -= 2
            ok = _sets_only(k)
            k[t] += 2
            if ok:
                return True
    return False


def reference_waits(counts):
    k = list(counts[:34])
    out = []
    for t in range(34):
        if k[t] < 4:
            k[t] += 1
            if reference_win(k) or is_thirteen_orphans(k):
                out.append(t)
            k[t] -= 1
    return out


def random_hand(rng, size):
    wall = [t for t in range(34) for _ in range(4)]
    return counts_of(rng.sample(wall, size))


def built_hand(rng, size):
    """A complete (or one-short) hand: sets and a pair, so wins and waits are common."""
    while True:
        k = [0] * 42
        for _ in range((size - 1) // 3):
            if rng.random() < 0.5:
                k[rng.randrange(34)] += 3
            else:
                lo = 9 * rng.randrange(3) + rng.randrange(7)
                for t in (lo, lo + 1, lo + 2):
                    k[t] += 1
        k[rng.randrange(34)] += 2
        if max(k) <= 4:
            if size % 3 == 1:
                k[rng.choice([t for t in range(34) if k[t]])] -= 1
            return k


def test_seed_examples_are_wins():
    """seed 003 §3.1: four sets and a pair; a concealed kong must be declared."""
    assert is_winning(c("b1 b2 b3 c3 c3 c3 d6 d7 d8 dr dr dr wn wn"))
    assert is_winning(c("c3 c3 c3 d4 d4 d4 d7 d7 d7 dw dw"))  # with one declared kong
    assert not is_winning(c("c3 c3 c3 c3 d4 d4 d4 d7 d7 d7 dw dw dw dw"))


def test_thirteen_orphans():
    """seed 003 §3.2: one of each terminal and honour plus a duplicate."""
    hand = c("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw")
    assert is_thirteen_orphans(hand) and is_winning(hand)
    assert not is_winning(hand, thirteen_orphans=False)
    assert not is_standard_win(hand)
    assert not is_thirteen_orphans(c("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dg dg"))


def test_thirteen_way_wait():
    """seed 003 §3.2: thirteen singles wait on every orphan."""
    assert format_tiles(waits(c("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw"))) == (
        "b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw")
    assert waits(c("b1 b9 c1 c9 d1 d9 we ws ww wn dr dr dw")) == parse_tiles("dg")


@pytest.mark.parametrize("hand, expected", [
    ("b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 b9 b9", "b1 b2 b3 b4 b5 b6 b7 b8 b9"),  # nine gates
    ("b2 b3 c5 c5 c5 d1 d2 d3 dr dr dr we we", "b1 b4"),
    ("b1 b1 b1 b1", ""),  # only a fifth b1 would do, and there is none
    ("b1 b1 b1 b2", "b2 b3"),
    ("c4", "c4"),
])
def test_waits_examples(hand, expected):
    """seed 003 §3.5: the tiles a calling hand waits on."""
    assert format_tiles(waits(c(hand))) == expected


def test_four_held_tiles_do_not_wait_on_a_fifth():
    """A hand holding all four b1 cannot be completed by another b1."""
    assert 0 not in waits(c("b1 b1 b1 b1 b2 b3 b4 b5 b6 b7 c1 c1 c1"))


def test_table_agrees_with_search_on_random_hands():
    """Fast tables and a plain search agree on wins and waits (seeded random hands)."""
    rng = random.Random(7)
    for i in range(3000):
        size = rng.choice((2, 5, 8, 11, 14)) if i % 2 else rng.choice((1, 4, 7, 10, 13))
        hand = built_hand(rng, size) if i % 3 else random_hand(rng, size)
        if size % 3 == 2:
            assert is_standard_win(hand) == reference_win(hand), hand
        else:
            assert waits(hand) == reference_waits(hand), hand


@pytest.mark.parametrize("hand, expected", [
    ("b1 b2 b3 c3 c3 c3 d6 d7 d8 dr dr dr wn wn", -1),
    ("b1 b2 b3 c3 c3 c3 d6 d7 d8 dr dr dr wn", 0),
    ("b1 b4 b7 c2 c5 c8 d3 d6 d9 we ws ww wn dr", 6),
    ("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw", 0),
    ("b1 b1 b1 b1", 1),  # needs b2 and b3 for 111 + 1 23 ... or a pair elsewhere
])
def test_shanten_examples(hand, expected):
    """Shanten: -1 complete, 0 calling, otherwise tiles from calling."""
    assert shanten(c(hand)) == expected


def test_shanten_rejects_impossible_sizes():
    with pytest.raises(ValueError):
        shanten(c("b1 b2 b3"))


def test_shanten_agrees_with_the_mahjong_package():
    """Our exact shanten equals the `mahjong` package's (seven pairs off) on seeded hands."""
    mahjong_shanten = pytest.importorskip("mahjong.shanten").Shanten.calculate_shanten
    rng = random.Random(11)
    for i in range(3000):
        size = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
        hand = built_hand(rng, size) if i % 3 == 0 else random_hand(rng, size)
        assert shanten(hand) == mahjong_shanten(hand[:34], use_chiitoitsu=False), hand


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((4, 7, 10, 13)))
def test_shanten_zero_exactly_when_calling(rng, size):
    """Shanten 0 means some tile completes the hand, and only then."""
    hand = random_hand(rng, size) if rng.random() < 0.5 else built_hand(rng, size)
    assert (shanten(hand) == 0) == bool(waits(hand))


def test_decompositions_lists_every_reading():
    """classical.md §1.1 step 1: 111222333 reads as three pungs or as three chows."""
    found = decompositions(c("b1 b1 b1 b2 b2 b2 b3 b3 b3 dr dr"))
    assert sorted(found) == sorted([
        Decomposition(31, (0, 1, 2), ()),
        Decomposition(31, (), (0, 0, 0)),
    ])
    assert decompositions(c("b1 b2 b4 dr dr")) == []


def test_decompositions_choose_the_pair():
    """The pair may sit in different places; each reading is listed once."""
    assert decompositions(c("b1 b1 b1 b2 b3")) == [Decomposition(0, (), (0,))]
    found = decompositions(c("b1 b1 b1 b2 b3 b4 b4 b4"))
    assert sorted(found) == sorted([
        Decomposition(0, (3,), (0,)),  # 11 + 123 + 444
        Decomposition(3, (0,), (1,)),  # 111 + 234 + 44
    ])


# ---- 16-tile hands (seed 002: five sets and a pair; the dealer holds 17) --------------------


def test_sixteen_tile_hand_of_one_suit():
    """seed 002: a 16-tile hand goes out with five sets and a pair, all of one suit here."""
    hand = c("b1 b1 b1 b2 b3 b4 b5 b6 b7 b7 b7 b8 b8 b8 b9 b9 b9")
    assert is_winning(hand) and is_standard_win(hand)
    assert shanten(hand) == -1
    assert Decomposition(0, (6, 7, 8), (0, 3)) in decompositions(hand)
    hand[0] -= 1  # 16 tiles, calling
    assert shanten(hand) == 0
    assert waits(hand) == reference_waits(hand) and 0 in waits(hand)


def test_sixteen_tile_hands_agree_with_search():
    """seed 002: the tables and a plain search agree on 16- and 17-tile hands (seeded)."""
    rng = random.Random(16)
    for i in range(1500):
        size = rng.choice((16, 17))
        hand = built_hand(rng, size) if i % 3 else random_hand(rng, size)
        if size == 17:
            assert is_standard_win(hand) == reference_win(hand), hand
            assert is_winning(hand) == reference_win(hand), hand
            assert bool(decompositions(hand)) == reference_win(hand), hand
        else:
            assert waits(hand) == reference_waits(hand), hand


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_sixteen_tile_shanten(seed):
    """seed 002: shanten of 16/17-tile hands: -1 exactly when complete, 0 exactly when calling,
    and an incomplete 17-tile hand is as near as its best discard leaves it."""
    rng = random.Random(seed)
    full = built_hand(rng, 17) if rng.random() < 0.5 else random_hand(rng, 17)
    best = min(shanten([n - (k == t) for k, n in enumerate(full)])
               for t in range(34) if full[t])
    assert shanten(full) == (-1 if reference_win(full) else best)
    hand = built_hand(rng, 16) if rng.random() < 0.5 else random_hand(rng, 16)
    assert (shanten(hand) == 0) == bool(waits(hand))
