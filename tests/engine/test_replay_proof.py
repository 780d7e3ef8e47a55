"""The scoring proof: each finished hand split into the sets and pair the engine scored it as
(games/engine/arrangement.py, part of every deal summary)."""

from collections import Counter

import pytest

from games.engine import bots
from games.engine.arrangement import arrangement
from games.engine.match import Match
from games.engine.melds import Meld
from games.engine.ruleset import get_ruleset
from games.engine.scoring import WinInfo, score_hand
from games.engine.tiles import parse_tile, parse_tiles

CC = get_ruleset("chinese-classical")


def proof(concealed, melds=(), win="", source="wall", seat=0):
    info = WinInfo(tile=parse_tile(win), source=source) if win else None
    args = dict(concealed=parse_tiles(concealed), melds=list(melds), bonus=[], seat_wind=seat,
                prevailing_wind=0, win=info)
    score = score_hand(CC, **args)
    return score, arrangement(CC, **args, score=score)


def groups(a):
    return [(s["kind"], s["tiles"], s["concealed"], s["winning"]) for s in a["sets"]]


def test_three_alike_runs_are_read_as_the_pungs_the_score_counts():
    """classical.md §1.1: b1 b1 b1 b2 b2 b2 b3 b3 b3 reads as three chows or three pungs; the
    engine scores the pungs (more points), and the proof shows the pungs it scored."""
    score, a = proof("b1 b1 b1 b2 b2 b2 b3 b3 b3 c5 c5 c5 d9 d9", win="d9")
    assert score.won
    assert groups(a) == [
        ("pung", "b1 b1 b1", True, False),
        ("pung", "b2 b2 b2", True, False),
        ("pung", "b3 b3 b3", True, False),
        ("pung", "c5 c5 c5", True, False),
        ("pair", "d9 d9", True, True),
    ]
    assert [i.rule for i in score.items].count("P1") >= 4  # concealed pungs, as shown


def test_a_set_completed_by_a_discard_is_shown_exposed_and_marked():
    """classical.md §1.1: a pung completed by a discard scores as exposed; the proof says so."""
    score, a = proof("c3 c3 c3 dr dr we we b1 b2 b3 d4 d5 d6 dr", win="dr", source="discard",
                     melds=())
    assert ("pung", "dr dr dr", False, True) in groups(a)
    assert sum(s["winning"] for s in a["sets"]) == 1
    assert a["rest"] == "" and a["special"] is None


def test_declared_sets_come_first_as_declared():
    melds = [Meld.from_json({"tiles": "d6 d7 d8", "exposed": True})]
    _, a = proof("b1 b2 b3 c3 c3 c3 dr dr dr wn wn", melds=melds, win="wn")
    assert a["sets"][0] == {"kind": "chow", "tiles": "d6 d7 d8", "declared": True,
                            "concealed": False, "winning": False}


def test_a_losing_hand_shows_its_pungs_and_pairs_and_the_rest_loose():
    """classical.md §1.1: a loser scores pungs and pairs as held; chows score nothing."""
    _, a = proof("b1 b1 b1 c5 c5 d1 d2 d4 we ww wn dr dg")
    assert groups(a) == [("pung", "b1 b1 b1", True, False), ("pair", "c5 c5", True, False)]
    assert a["rest"] == "d1 d2 d4 we ww wn dr dg"


def test_thirteen_orphans_is_shown_as_a_special_hand():
    score, a = proof("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", win="dw")
    assert score.limit and a["special"]


@pytest.mark.parametrize("seed", ["proof-1", "proof-2"])
def test_every_winning_hand_of_a_bot_game_is_split_exactly_into_its_tiles(seed):
    """Every finished deal's winner is shown as sets and a pair made of exactly the hand's
    concealed tiles, with one group marked as completed by the winning tile."""
    match = Match.new("chinese-classical", seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0]))
    won = 0
    for deal in match.history:
        for hand in deal.hands:
            a = hand.get("arrangement")
            if deal.result.winner is None:
                assert a is None
                continue
            tiles = [t for s in a["sets"] if not s["declared"] for t in s["tiles"].split()]
            tiles += a["rest"].split()
            assert Counter(tiles) == Counter(hand["concealed"].split())
            if hand["seat"] == deal.result.winner and not a["special"]:
                won += 1
                marked = [s for s in a["sets"] if s["winning"]]
                assert len(marked) == 1
                assert deal.to_json()["result"]["tile"] in marked[0]["tiles"].split()
    assert won >= 5
