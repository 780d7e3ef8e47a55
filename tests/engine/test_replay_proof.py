"""The scoring proof: each finished hand split into the sets and pair the engine scored it as
(games/engine/arrangement.py, part of every deal summary)."""

import dataclasses
from collections import Counter

import pytest

import games.engine.arrangement as arrangement_module
from games.engine import bots
from games.engine.arrangement import arrangement
from games.engine.match import Match
from games.engine.melds import Meld
from games.engine.ruleset import get_ruleset
from games.engine.scoring import WinInfo, score_hand
from games.engine.scoring.types import Reading
from games.engine.scoring.winner import PAIR
from games.engine.tiles import parse_tile, parse_tiles

CC = get_ruleset("chinese-classical")
THREE_RUNS = "b1 b1 b1 b2 b2 b2 b3 b3 b3 c5 c5 c5 d9 d9"


def proof(concealed, melds=(), win="", source="wall", seat=0, rs=CC):
    info = WinInfo(tile=parse_tile(win), source=source) if win else None
    args = dict(concealed=parse_tiles(concealed), melds=list(melds), bonus=[], seat_wind=seat,
                prevailing_wind=0, win=info)
    score = score_hand(rs, **args)
    return score, arrangement(rs, concealed=args["concealed"], melds=args["melds"], bonus=[],
                              win=info, score=score)


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


def test_the_score_keeps_the_reading_it_was_made_from():
    """The reading scoring chose travels with the score, outside its value and its JSON."""
    score, _ = proof(THREE_RUNS, win="d9")
    assert score.reading == Reading(pungs=(0, 1, 2, 13), chows=(), pair=26, completed=PAIR)
    assert "reading" not in score.to_json()
    assert dataclasses.replace(score, reading=None) == score


def test_the_proof_lays_out_the_reading_it_is_given_and_chooses_none_itself():
    """Given a reading other than the one scoring chose (the three runs read as chows), the
    proof shows that one: it lays out the score's reading and does not search for its own."""
    score, _ = proof(THREE_RUNS, win="d9")
    other = dataclasses.replace(score, reading=Reading((13,), (0, 0, 0), 26, PAIR))
    a = arrangement(CC, concealed=parse_tiles(THREE_RUNS), melds=[], bonus=[],
                    win=WinInfo(tile=parse_tile("d9"), source="wall"), score=other)
    assert groups(a) == [
        ("pung", "c5 c5 c5", True, False),
        ("chow", "b1 b2 b3", True, False),
        ("chow", "b1 b2 b3", True, False),
        ("chow", "b1 b2 b3", True, False),
        ("pair", "d9 d9", True, True),
    ]
    searching = {"legal_readings", "decompositions", "completions", "hand_items",
                 "winner_items", "score_hand", "total"}
    assert not searching & set(vars(arrangement_module))


def test_a_winner_whose_score_keeps_no_reading_is_shown_unsplit():
    """A Hong Kong hand is scored in faan and keeps no reading; its proof is the hand unsplit."""
    score, a = proof("b1 b2 b3 c4 c5 c6 d7 d8 d9 b7 b8 b9 c2 c2", win="c2",
                     rs=get_ruleset("cantonese"))
    assert score.won and score.reading is None
    assert a == {"sets": [], "rest": "b1 b2 b3 c4 c5 c6 d7 d8 d9 b7 b8 b9 c2 c2",
                 "special": None}


def test_a_gates_of_heaven_shape_past_the_chow_limit_keeps_its_reading_only_as_nine_gates():
    """With a chow limit, the Nine Gates shape is scored as sets past it (wintest.py); the
    proof shows that reading when the hand is Nine Gates itself, and otherwise the hand
    unsplit."""
    rs = CC.replace(max_chows=1)
    hand = "c1 c1 c1 c2 c3 c3 c4 c5 c6 c7 c8 c9 c9 c9"
    score, a = proof(hand, win="c9", rs=rs)
    assert score.won and score.limit != "L14" and score.reading is None
    assert a["sets"] == [] and a["rest"] == hand
    score, a = proof(hand, win="c3", rs=rs)
    assert score.limit == "L14" and score.reading is not None
    assert a["rest"] == "" and [s["kind"] for s in a["sets"]].count("chow") == 3
    assert sum(s["winning"] for s in a["sets"]) == 1


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
