"""The bots' levels (games/engine/bots.py): random, beginner (the old greedy), intermediate
(speed and value, games/engine/brain) and strong (and defence, and a lookahead two draws deep)."""

import random

import pytest

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.melds import Meld
from games.engine.record import BOT_LEVELS
from games.engine.ruleset import CHINESE_CLASSICAL, PLAYABLE
from games.engine.tiles import parse_tile

from .scripted import scripted_deal
from .util import discard_drawn, pass_all

DEALS_PER_PRESET = 8  # every level in every seat twice; British's seed washes out in its 7th


def test_the_levels_and_the_record_agree():
    assert bots.LEVELS == ("random", "greedy", "beginner", "intermediate", "strong")
    assert tuple(BOT_LEVELS) == bots.LEVELS


def test_beginner_plays_exactly_as_greedy_did():
    match = Match.new("chinese-classical", "beginner")
    compared = 0
    while not match.is_over and compared < 400:
        seat = match.waiting_on()[0]
        greedy = bots.choose(match, seat, "greedy")
        assert bots.choose(match, seat, "beginner") == greedy
        compared += 1
        match.apply(greedy)


@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_bots_choose_only_legal_actions(ruleset):
    """Whole deals (a British wash-out's Goulash included) with every level at the table,
    the levels moving round the seats from deal to deal: each choice is one of the seat's
    legal actions (a Goulash exchange names three of its own tiles)."""
    match = Match.new(ruleset, f"legal-{ruleset}")
    rng = random.Random(ruleset)
    levels = ["random", "beginner", "intermediate", "strong"]
    played = exchanges = 0
    while not match.is_over and played < DEALS_PER_PRESET:
        seat = match.waiting_on()[0]
        level = levels[(seat + played) % 4]
        legal = match.legal_actions(seat)
        action = bots.choose(match, seat, level, rng)
        if legal[0].type == A.EXCHANGE:
            assert action.type == A.EXCHANGE and len(action.tiles) == A.EXCHANGE_COUNT
            exchanges += 1
        else:
            assert action in legal, (level, action, legal)
        match.apply(action)
        if match.deal.is_over and not match.ready:
            played += 1
    assert played == DEALS_PER_PRESET or match.is_over
    if ruleset == "british":
        assert exchanges, "no Goulash played: the seed no longer washes out soon enough"


def _scripted_match(deal) -> Match:
    match = Match(deal.ruleset, "scripted")
    match.deal = deal
    return match


def test_intermediate_declines_a_cheap_chow_that_breaks_a_one_suit_hand():
    """Chinese Classical scoring (rules/classical.md §1.7, W5 one suit only: 3 doubles): eleven
    bamboo and two dots, the player on the left throws the 5 of Dots. Chowing it calls at
    once for a cheap hand, which the beginner takes; the intermediate passes and keeps to the
    pure bamboo hand, worth eight times as much. The strong bot takes the chow: as East it
    would pay any other winner double (§2.1), and a hand calling on the first go-round goes
    out more than three times as often as the bamboo hand, which outweighs its value."""
    deal = scripted_deal(
        [
            "b1 b2 b3 b4 b5 b6 b7 b8 b8 b9 b9 d3 d4 wn",
            "c1 c1 c2 c3 c4 c5 c6 c7 c8 c9 d9 d9 d9",
            "c1 c2 c3 c4 c5 c6 c7 c8 c9 we we ws ws",
            "d1 d1 d2 d2 d6 d6 d7 d7 d8 d8 ww ww ww",
        ],
        draws="dr dg d5",
        ruleset=CHINESE_CLASSICAL,
    )
    deal.apply(Action(0, A.DISCARD, parse_tile("wn")))
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    assert deal.window_from == 3 and deal.window_tile == parse_tile("d5")
    match = _scripted_match(deal)
    chow = Action(0, A.CHOW, tiles=tuple(parse_tile(t) for t in ("d3", "d4", "d5")))
    assert chow in match.legal_actions(0)
    assert bots.choose(match, 0, "beginner") == chow
    assert bots.choose(match, 0, "intermediate").type == A.PASS
    assert bots.choose(match, 0, "strong") == chow


def test_strong_folds_where_beginner_pushes():
    """British (seed 001; classical.md §3.5, letting off a cannon): the next player shows three
    sets of bamboo and has declared "fishing", so it is one tile from going out, and a bamboo
    thrown to it now makes the thrower pay for everyone. Late in the wall, with a hand far
    from going out under the one-chow rule, the strong bot throws a tile that player threw
    itself; the beginner throws the bamboo that brings it nearer."""
    match = Match.new("british", "fold")
    deal = match.deal
    me = deal.turn
    threat = (me + 1) % 4
    mine = deal.seats[me]
    mine.hand[:] = [0] * 42
    for t in "c1 c2 c3 c5 c5 d2 d3 d4 d6 d7 d8 we we b7".split():
        mine.hand[parse_tile(t)] += 1
    mine.drawn = parse_tile("b7")
    st = deal.seats[threat]
    st.melds = [Meld("pung", (parse_tile(t),) * 3, True, None, me) for t in ("b2", "b5", "b8")]
    st.discards = [parse_tile(t) for t in ("c5", "c1", "wn")]
    st.fishing = True
    deal.wall.live_pos = deal.wall.live_end - 12
    legal = match.legal_actions(me)
    assert Action(me, A.DISCARD, parse_tile("b7")) in legal
    assert bots.choose(match, me, "beginner") == Action(me, A.DISCARD, parse_tile("b7"))
    strong = bots.choose(match, me, "strong")
    assert strong.type == A.DISCARD and strong.tile in st.discards
