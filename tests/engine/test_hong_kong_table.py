"""Hong Kong hands against the faan table and the payout tables (seed 004's Cantonese game;
docs/scoring.md "Hong Kong").

Faan: the table of Wikipedia's "Hong Kong mahjong scoring rules" as docs/scoring.md lists it
(HK1-HK20, limit hands). Units per faan: exponential (2^faan), half-spicy 半辣 (tilebuddy.app:
5 faan "pays 24 base units") and laak tiers (Pomax/mahjong faan-laak-table.js, tiers 5, 7, 10).
Stake: the cantonese preset, base 1 (1 faan = 2), a 10-faan ceiling, 500 points each.
Payments: only the winner is paid; the discarder pays double, the others single; on a
self-drawn win every loser pays double. Every number below was worked out by hand.
"""

import pytest

from games.engine.payments import settle
from games.engine.ruleset import get_ruleset
from games.engine.scoring.hongkong import BONUS_FAAN
from tests.engine.test_scoring_examples import E, N, S, W, meld, score

CANTONESE = get_ruleset("cantonese")  # half-spicy, ceiling 128 (10 faan)
EXPONENTIAL = CANTONESE.replace(payout="exponential", limit=1024)  # 2^10
LAAK = CANTONESE.replace(payout="laak", limit=128)


def chows(*sets):
    return [meld(s) for s in sets]


# (name, concealed, melds, bonus, seat, prevailing, win, source, flags,
#  faan lines, total faan, (half-spicy, exponential, laak) units, discarder or None)
HANDS = [
    ("common hand, concealed, on a discard",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 c2 c3 c4 d5 d5", [], "", S, E, "b1", "discard", {},
     {"HK2": 1, "HK3": 1, "HK14": 1}, 3, (8, 8, 8), W),
    ("common hand, concealed, self-drawn",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 c2 c3 c4 d5 d5", [], "", S, E, "b1", "wall", {},
     {"HK1": 1, "HK2": 1, "HK3": 1, "HK14": 1}, 4, (16, 16, 16), None),
    ("common hand with an exposed chow and another seat's flower",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 d5 d5", chows("c2 c3 c4"), "f1", S, E, "b1", "discard", {},
     {"HK3": 1}, 1, (2, 2, 2), N),
    ("all in triplets with its own flower",
     "c5 c5 c5 d7 d7 d7 b9 b9 b9 c1 c1", chows("b2 b2 b2"), "f2", S, E, "c1", "discard", {},
     {"HK4": 3, "HK15": 1}, 4, (16, 16, 16), E),
    ("mixed one suit with a dragon pung",
     "b1 b2 b3 b5 b6 b7 b8 b8 b8 we we", chows("dr dr dr"), "", S, E, "we", "discard", {},
     {"HK5": 3, "HK7": 1, "HK14": 1}, 5, (24, 32, 32), W),
    ("all one suit, concealed, self-drawn",
     "b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b8 b8 b9 b9", [], "", S, E, "b9", "wall", {},
     {"HK1": 1, "HK2": 1, "HK6": 7, "HK14": 1}, 10, (128, 1024, 128), None),
    ("small dragons stand for their two dragon pungs",
     "c2 c3 c4 b5 b5 b5 dw dw", chows("dr dr dr", "dg dg dg"), "", S, E, "dw", "discard", {},
     {"HK10": 5, "HK14": 1}, 6, (32, 64, 32), E),
    ("great dragons stand for their three dragon pungs",
     "c2 c3 c4 b5 b5", chows("dr dr dr", "dg dg dg", "dw dw dw"), "", S, E, "b5", "discard", {},
     {"HK11": 8, "HK14": 1}, 9, (96, 512, 64), N),
    ("small winds stands for its wind pungs, the seat's and the round's among them",
     "c2 c3 c4 wn wn", chows("we we we", "ws ws ws", "ww ww ww"), "", S, E, "wn", "discard", {},
     {"HK5": 3, "HK12": 6, "HK14": 1}, 10, (128, 1024, 128), W),
    ("East's pung of East in the East round: seat and prevailing wind",
     "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5", chows("we we we"), "", E, E, "b5", "discard", {},
     {"HK8": 1, "HK9": 1, "HK14": 1}, 3, (8, 8, 8), S),
    ("the round's wind and West's own flower and season",
     "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5", chows("ws ws ws"), "f3 s3", W, S, "b5", "discard", {},
     {"HK9": 1, "HK15": 2}, 3, (8, 8, 8), E),
    ("all four flowers in place of North's own flower",
     "b1 b2 b3 c4 c5 c6 d7 d8 d9 c9 c9", chows("dr dr dr"), "f1 f2 f3 f4", N, E, "c9",
     "discard", {}, {"HK7": 1, "HK16": 2}, 3, (8, 8, 8), S),
    ("mixed orphans in triplets",
     "d1 d1 d1 dr dr dr we we", chows("b1 b1 b1", "c9 c9 c9"), "", S, E, "we", "discard", {},
     {"HK4": 3, "HK13": 1, "HK7": 1, "HK14": 1}, 6, (32, 64, 32), N),
    ("robbing a kong",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 d5 d5", chows("c2 c3 c4"), "", S, E, "b1", "robbed_kong", {},
     {"HK3": 1, "HK19": 1, "HK14": 1}, 3, (8, 8, 8), E),
    ("self-drawn on the last tile of the wall",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 d5 d5", chows("c2 c3 c4"), "", S, E, "b9", "wall",
     {"last_tile": True}, {"HK1": 1, "HK3": 1, "HK17": 1, "HK14": 1}, 4, (16, 16, 16), None),
    ("on a discard as the last tile",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 d5 d5", chows("c2 c3 c4"), "", S, E, "b9", "discard",
     {"last_tile": True}, {"HK3": 1, "HK17": 1, "HK14": 1}, 3, (8, 8, 8), W),
    ("on a kong's replacement",
     "c1 c2 c3 d4 d5 d6 c8 c8", [meld("b7 b7 b7 b7"), meld("dr dr dr")], "", S, E, "c8",
     "dead_wall", {}, {"HK1": 1, "HK18": 1, "HK7": 1, "HK14": 1}, 4, (16, 16, 16), None),
    ("on a flower's replacement (its own line, not the kong's)",
     "c1 c2 c3 d4 d5 d6 b7 b8 b9 c8 c8", chows("dr dr dr"), "f1", S, E, "c8", "dead_wall",
     {"bonus_replacement": True}, {"HK1": 1, "HK20": 1, "HK7": 1}, 3, (8, 8, 8), None),
    ("faan over the ceiling are capped",
     "b2 b2 b2 b5 b5 b5 b7 b7 b7 b9 b9", chows("b3 b3 b3"), "", S, E, "b9", "wall", {},
     {"HK1": 1, "HK6": 7, "HK4": 3, "HK14": 1, "CAP": 128}, 12, (128, 1024, 128), None),
    ("thirteen orphans: a limit hand",
     "b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", [], "", S, E, "dw", "discard", {},
     {"L17": 128}, 0, (128, 1024, 128), E),
    ("hidden treasure: four concealed pungs, self-drawn",
     "b1 b1 b1 c4 c4 c4 d7 d7 d7 dr dr dr b9 b9", [], "", S, E, "b9", "wall", {},
     {"L8": 128}, 0, (128, 1024, 128), None),
    ("great winds",
     "we we we ws ws ws ww ww ww c5 c5", chows("wn wn wn"), "", S, E, "c5", "discard", {},
     {"L10": 128}, 0, (128, 1024, 128), N),
    ("all honours",
     "dr dr dr dg dg dg we we we ws ws", chows("wn wn wn"), "", S, E, "ws", "discard", {},
     {"L11": 128}, 0, (128, 1024, 128), W),
    ("heavenly hand: East out on the dealt tiles",
     "b1 b2 b3 b4 b5 b6 b7 b8 b9 c2 c3 c4 d5 d5", [], "", E, E, "d5", "wall",
     {"blessing": True}, {"L1": 128}, 0, (128, 1024, 128), None),
]


def score_in(ruleset, hand):
    name, concealed, melds, bonus, seat, prevailing, win, source, flags, *_ = hand
    return score(concealed, melds, bonus=bonus, seat=seat, prevailing=prevailing, win=win,
                 source=source, ruleset=ruleset, **flags)


def test_twenty_or_more_hands():
    assert len(HANDS) >= 20


@pytest.mark.parametrize("hand", HANDS, ids=[h[0] for h in HANDS])
def test_faan_of_each_hand(hand):
    """Wikipedia's Hong Kong table: each hand's faan lines (summed per code) and their sum."""
    lines, faan = hand[9], hand[10]
    r = score_in(CANTONESE, hand)
    assert r.won
    found: dict[str, int] = {}
    for i in r.items:  # own flower and own season are two lines of one code
        found[i.rule] = found.get(i.rule, 0) + i.value
    assert found == lines
    assert r.doubles == faan


@pytest.mark.parametrize("hand", HANDS, ids=[h[0] for h in HANDS])
def test_units_under_each_payout_table(hand):
    """Half-spicy (the cantonese preset), full exponential and laak tiers, each under its
    ceiling."""
    half, full, laak = hand[11]
    assert score_in(CANTONESE, hand).total == half
    assert score_in(EXPONENTIAL, hand).total == full
    assert score_in(LAAK, hand).total == laak


@pytest.mark.parametrize("hand", HANDS, ids=[h[0] for h in HANDS])
def test_payments_of_each_hand(hand):
    """Only the winner is paid: the discarder pays double and the others single; on a
    self-drawn win every loser pays double. The points always sum to zero."""
    seat, units, discarder = hand[4], hand[11][0], hand[12]
    totals = [0, 0, 0, 0]
    totals[seat] = score_in(CANTONESE, hand).total
    paid = settle(CANTONESE, totals, winner=seat, dealer=E, discarder=discarder,
                  self_drawn=discarder is None)
    expected = [0, 0, 0, 0]
    for loser in range(4):
        if loser != seat:
            share = units * (2 if discarder in (None, loser) else 1)
            expected[loser] = -share
            expected[seat] += share
    assert list(paid.deltas) == expected
    assert sum(paid.deltas) == 0


def test_a_common_three_faan_win_moves_a_visible_share_of_the_stake():
    """The cantonese stake: a 3-faan discard win takes 32 of the table's points (the
    discarder's 16 is 3.2% of his 500); self-drawn it takes 48."""
    hand = HANDS[0]
    r = score_in(CANTONESE, hand)
    assert (r.doubles, r.total) == (3, 8)
    on_discard = settle(CANTONESE, [0, 8, 0, 0], winner=S, dealer=E, discarder=W)
    assert on_discard.deltas == (-8, 32, -16, -8)
    self_drawn = settle(CANTONESE, [0, 8, 0, 0], winner=S, dealer=E, self_drawn=True)
    assert self_drawn.deltas == (-16, 48, -16, -16)
    assert CANTONESE.starting_points == 500


def test_the_bonus_tiles_do_not_count_toward_the_minimum():
    """The round's wind and West's own flower and season: 3 faan scored, but only 1 counts
    toward a 3-faan minimum (the bonus tiles' faan do not)."""
    hand = next(h for h in HANDS if h[0].startswith("the round's wind"))
    r = score_in(CANTONESE, hand)
    assert r.doubles == 3
    assert sum(i.value for i in r.items if i.rule not in BONUS_FAAN) == 1
