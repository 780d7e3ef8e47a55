"""Payments (rules/classical.md §2, §3.2, §5 P1-P5; rules/leagues.md §7-8)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.errors import IllegalAction, NotationError
from games.engine.melds import Meld
from games.engine.payments import (
    cannon_liable,
    combine,
    dangerous_discard,
    penalty,
    settle,
)
from games.engine.ruleset import get_ruleset
from games.engine.tiles import parse_tile, parse_tiles

CC = get_ruleset("chinese-classical")
DMJL = get_ruleset("dmjl")
BMJA = get_ruleset("bmja")


def test_p1_four_winds_example():
    """classical.md §5 P1: E 2, S 46, W 12, N 192, North won; from 2,000 each."""
    s = settle(CC, [2, 46, 12, 192], winner=3, dealer=0)
    assert [2000 + d for d in s.deltas] == [1508, 1930, 1794, 2768]


def test_p2_acme_table():
    """classical.md §5 P2: winner 200 (seat 1), East 100, P3 50, P4 20."""
    s = settle(CC, [100, 200, 50, 20], winner=1, dealer=0)
    assert s.deltas == (-140, 800, -270, -390)


def test_p3_pung_chow_settlement():
    """classical.md §5 P3: East wins 608; West 400, South 64, North 16."""
    s = settle(CC, [608, 64, 400, 16], winner=0, dealer=0)
    assert s.deltas == (3648, -1504, -496, -1648)


def test_p4_limit_paid_to_east():
    """classical.md §5 P4, §1.9: an East limit hand collects 2,000 from each loser."""
    s = settle(CC, [1000, 0, 0, 0], winner=0, dealer=0)
    assert s.deltas == (6000, -2000, -2000, -2000)


def test_p5_cannon():
    """classical.md §5 P5, §2.4: North let off a cannon and pays 1,280 alone; no settling."""
    s = settle(CC, [40, 320, 8, 100], winner=1, dealer=0, liable=3)
    assert s.deltas == (0, 1280, 0, -1280)
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(3, 1, 1280)]


def test_leagues_worked_example():
    """leagues.md §8: South wins 100; East 20, West 10, North 0."""
    s = settle(DMJL, [20, 100, 10, 0], winner=1, dealer=0)
    assert s.deltas == (-140, 400, -110, -150)


def test_draw_pays_nothing():
    """classical.md §2.5: a draw pays nothing."""
    s = settle(CC, [40, 80, 12, 0], winner=None, dealer=2)
    assert s.deltas == (0, 0, 0, 0) and s.payments == ()


def test_no_east_doubling_option():
    """classical.md §2.6 east_pays_receives_double off: everyone pays the plain score."""
    s = settle(CC.replace(east_doubles=False, losers_settle=False), [0, 50, 0, 0], 1, 0)
    assert s.deltas == (-50, 150, -50, -50)


def test_bad_seats_are_errors():
    with pytest.raises(NotationError):
        settle(CC, [1, 2, 3], winner=0, dealer=0)
    with pytest.raises(IllegalAction):
        settle(CC, [1, 2, 3, 4], winner=0, dealer=0, liable=0)


totals = st.lists(st.integers(0, 1000), min_size=4, max_size=4)
seat = st.integers(0, 3)


@given(totals, st.one_of(st.none(), seat), seat, st.one_of(st.none(), seat),
       st.booleans(), st.booleans())
def test_settlement_is_zero_sum(scores, winner, dealer, liable, east, settle_losers):
    """classical.md §2: whatever the options, a settlement moves points, never makes them."""
    rs = CC.replace(east_doubles=east, losers_settle=settle_losers)
    if liable is not None and liable == winner:
        liable = None
    s = settle(rs, scores, winner, dealer, liable)
    assert sum(s.deltas) == 0
    assert all(p.amount > 0 for p in s.payments)
    if winner is not None:
        assert s.deltas[winner] >= 0


def test_penalties_off_by_default():
    """classical.md §3.2: penalties are optional and off in the Chinese Classical preset."""
    assert penalty(CC, "false_mahjong", [2]).payments == ()


def test_dmjl_false_mahjong_penalty():
    """leagues.md §7: DMJL false declaration of Mah Jong: 300 paid to the three others."""
    s = penalty(DMJL, "false_mahjong", [2])
    assert s.deltas == (100, 100, -300, 100)


def test_bmja_false_mahjong_is_half_the_limit():
    """leagues.md §7: BMJA false declaration pays half the limit (500) to the others."""
    s = penalty(BMJA, "false_mahjong", [0])
    assert s.deltas[0] == -500 and sum(s.deltas) == 0


def test_two_offenders_split_the_penalty():
    """leagues.md §7: two offenders pay two payees; the 300 is split evenly."""
    s = penalty(DMJL, "false_mahjong", [0, 1])
    assert s.deltas == (-150, -150, 150, 150)


def test_penalty_after_settlement_is_not_doubled_for_east():
    """classical.md §1.1 step 8, §2.3: penalties are added last and not doubled for East."""
    deal = settle(DMJL, [0, 100, 0, 0], winner=1, dealer=0)
    fine = penalty(DMJL, "false_claim_chow", [0])
    both = combine(deal, fine)
    assert both.deltas[0] == deal.deltas[0] - 50


def meld(tiles):
    return Meld.from_json({"tiles": tiles})


def test_dangerous_discard_suit():
    """classical.md §3.5: three sets of one suit make any tile of that suit dangerous."""
    melds = [meld("c1 c2 c3"), meld("c5 c5 c5"), meld("c7 c8 c9")]
    assert dangerous_discard(CC, parse_tile("c4"), melds, 40, True)
    assert dangerous_discard(CC, parse_tile("b4"), melds, 40, True) is None


def test_dangerous_discard_dragons_and_winds():
    """classical.md §3.5: two dragon sets or three wind sets."""
    assert dangerous_discard(CC, parse_tile("dw"), [meld("dr dr dr"), meld("dg dg dg")], 40, True)
    winds = [meld("we we we"), meld("ws ws ws"), meld("ww ww ww")]
    assert dangerous_discard(CC, parse_tile("wn"), winds, 40, True)
    assert dangerous_discard(CC, parse_tile("wn"), winds[:2], 40, True) is None


def test_dangerous_discard_end_of_wall():
    """classical.md §3.5: four or fewer wall tiles left: an unseen tile is dangerous."""
    assert dangerous_discard(CC, parse_tile("b5"), [], 4, seen_before=False)
    assert dangerous_discard(CC, parse_tile("b5"), [], 4, seen_before=True) is None
    assert dangerous_discard(CC, parse_tile("b5"), [], 5, seen_before=False) is None
    assert dangerous_discard(DMJL, parse_tile("b5"), [], 5, seen_before=False)


def test_cannon_no_choice_exempts():
    """classical.md §3.5: a discarder holding only dangerous tiles is not liable."""
    rs = CC.replace(cannon_rule=True)
    melds = [meld("dr dr dr"), meld("dg dg dg")]
    assert cannon_liable(rs, parse_tile("dw"), parse_tiles("dw b1 b2"), melds, 40)
    assert not cannon_liable(rs, parse_tile("dw"), parse_tiles("dw dw"), melds, 40)
    assert not cannon_liable(CC, parse_tile("dw"), parse_tiles("dw b1 b2"), melds, 40)
