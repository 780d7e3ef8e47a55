"""16-tile hands (seed 002: five sets and a pair, the dealer holds 17): win test, scoring, bots."""

import random

from games.engine import bots
from games.engine.deal import Deal
from games.engine.ruleset import CHINESE_CLASSICAL
from games.engine.scoring import WinInfo, score_hand
from games.engine.tiles import parse_tile, parse_tiles
from games.engine.wintest import is_mahjong, winning_tiles
from tests.engine.test_scoring_examples import meld

SIXTEEN = CHINESE_CLASSICAL.replace(name="sixteen-test", hand_size=16)
WINNER = "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b6 b7 c2 c3 c4 dr dr"


def score(tiles, melds=(), win=None, source="discard", ruleset=SIXTEEN):
    info = WinInfo(tile=parse_tile(win), source=source) if win else None
    return score_hand(ruleset, concealed=parse_tiles(tiles), melds=list(melds), bonus=[],
                      seat_wind=1, prevailing_wind=0, win=info)


def counts(tiles):
    c = [0] * 34
    for t in parse_tiles(tiles):
        c[t] += 1
    return c


def test_five_sets_and_a_pair_score_as_won():
    """seed 002: five sets and a pair go out and score (no "long hand")."""
    assert is_mahjong(SIXTEEN, counts(WINNER), [])
    r = score(WINNER, win="b1")
    assert r.won and r.points == 12 and "X1" not in [i.rule for i in r.items]  # MJ 10 + pair 2


def test_with_declared_sets():
    """seed 002: declared sets count towards the five; 17 - 3n concealed tiles complete it."""
    melds = [meld("we we we"), meld("c4 c5 c6")]
    r = score("b1 b2 b3 d7 d8 d9 b5 b6 b7 dr dr", melds, win="dr")
    assert r.won
    # Mah Jong, exposed pung of East, pair of red, fishing the eyes (major), only place
    assert r.points == 10 + 4 + 2 + 4 + 2


def test_a_fourteen_tile_hand_is_not_complete():
    """seed 002: four sets and a pair are one set short in a 16-tile game."""
    tiles = "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b6 b7 dr dr"
    assert not is_mahjong(SIXTEEN, counts(tiles), [])
    assert not score(tiles, win="b1").won


def test_calling_hand_waits_and_loser_scores():
    """seed 002: a 16-tile calling hand waits on what completes it; a loser holds 16 tiles."""
    calling = "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b6 b7 c2 c3 c4 dr"
    assert winning_tiles(SIXTEEN, counts(calling), []) == parse_tiles("dr")
    r = score("b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b6 b7 dr dr dr we")
    assert not r.won and r.points == 8  # a concealed pung of red held at the end


def test_greedy_bots_play_sixteen_tile_deals():
    """seed 002 / issue 10: the greedy bot plays 16-tile deals (dealer 17) without failing, and
    every win the engine accepts scores as won."""

    class Table:
        def __init__(self, deal):
            self.deal = deal

        def legal_actions(self, seat):
            return self.deal.legal_actions(seat)

    wins = 0
    for i in range(6):
        deal = Deal(SIXTEEN, f"sixteen:{i}")
        assert sum(deal.seats[deal.dealer].hand[:34]) + len(deal.seats[deal.dealer].bonus) >= 17
        table = Table(deal)
        while not deal.is_over:
            seat = deal.waiting_on()[0]
            deal.apply(bots.choose(table, seat, "greedy", random.Random(i)))
        result = deal.result
        if result.winner is not None:
            wins += 1
            st = deal.seats[result.winner]
            r = score_hand(SIXTEEN, concealed=st.tiles(), melds=list(st.melds),
                           bonus=list(st.bonus), seat_wind=deal.wind_of(result.winner),
                           prevailing_wind=0, win=WinInfo(tile=result.tile, source=result.source))
            assert r.won, r.reason
    assert wins
