"""The analysis board's setup beyond a hand (docs/puzzles.md, "The analysis board"): the other
seats' bonus tiles, a kong being added that the seat may rob (seed 003 §3.5.1) and a Goulash
deal (seed 001, classical.md §4). Each is read from the address as hostile input, and the
position it makes is weighed as the engine's own seat view of that position is."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from games.engine import actions as A
from games.engine import bots
from games.engine.match import Match
from games.engine.ruleset import PRESETS
from games.engine.settle import summarise_deal
from games.engine.views import seat_view
from games.thinking import board_jobs, puzzle_jobs
from games.web.pages.board_position import address_of, position
from tests.engine.scripted import exchange_round_trip, scripted_deal
from tests.engine.util import act, discard_drawn, pass_all, promoted_kong_robbable

BOARD = {"ruleset": "chinese-classical", "seat": "ws", "round": "we",
         "hand": "b1 b2 b3 c4 c5 c6 d7 d8 d9 we we dr dg", "drawn": "d2", "wall": "50"}
# South calls on d3-d6 and on nothing else: West adds d5 to its pung (seed 003 §3.5.1).
ROB = {"ruleset": "chinese-classical", "seat": "ws", "round": "we",
       "hand": "d3 d4 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws ws", "m_ww": "d5 d5 d5", "rob": "d5",
       "from": "ww", "wall": "50"}


def _weigh(q: dict):
    return Client().get(reverse("analysis_board_weigh"), q)


@pytest.mark.parametrize(("base", "change", "words"), [
    (BOARD, {"b_we": "b1"}, "b_we: only flowers and seasons"),
    (BOARD, {"bonus": "f1", "b_wn": "s2 f1"}, "b_wn: f1 is given twice"),
    (BOARD, {"bonus": "s3 s3"}, "bonus: s3 is given twice"),
    (BOARD, {"b_ww": "f1 " * 50}, "b_ww: too long"),
    (BOARD, {"d_we": "f1"}, "d_we: a flower or season"),  # was a traceback
    (BOARD, {"m_we": "f1 f1 f1"}, "m_we, set 1: a set is"),  # was a traceback
    (BOARD, {"drawn": "", "claim": "s1"}, "claim: a flower or season"),  # was a traceback
    (BOARD, {"drawn": "", "hand": "b1 b2 c4 c5 c6 d7 d8 d9 we we dr dg f1"},
     "hand: a flower or season"),
    (ROB, {"drawn": "d9"}, "rob: one tile, and then no drawn tile"),
    (ROB, {"rob": "d5 d5"}, "rob: one tile"),
    (ROB, {"rob": "zz"}, "rob: bad tile"),
    (ROB, {"rob": "f2"}, "rob: a flower or season"),
    (ROB, {"m_ww": ""}, "rob: West's sets hold no pung of d5"),
    (ROB, {"m_ww": "d4 d5 d6"}, "rob: West's sets hold no pung of d5"),
    (ROB, {"from": "ws"}, "from: the tile on offer is another seat's"),
    (ROB, {"from": "xx"}, "from: one of"),
    (ROB, {"claim": "b9"}, "rob: a discard on offer or a kong to rob, not both"),
    (ROB, {"hand": "d3 d4 d5 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws"}, "more than four of d5"),
    (BOARD, {"goulash": "1"}, "goulash: Chinese Classical plays no Goulash"),
    (BOARD, {"ruleset": "british", "goulash": "yes"}, "goulash: 1 or nothing"),
])
def test_a_bad_setup_is_refused_with_its_reason(base, change, words):
    r = _weigh(dict(base, **change))
    assert r.status_code == 400 and words in r.json()["error"], r.content


def _query(address: dict) -> QueryDict:
    q = QueryDict(mutable=True)
    for k, v in address.items():
        q[k] = v
    return q


def _no_seat(candidates: list[dict]) -> list[tuple]:
    """Candidates as (action without its seat, figures): the board numbers seats by wind."""
    return [({k: v for k, v in c["action"].items() if k != "seat"},
             {k: v for k, v in c.items() if k != "action"}) for c in candidates]


def _same_as_the_engine(match: Match, seat: int) -> dict:
    """The engine's own view of `seat`, set up on the board from its address: the same legal
    actions and the same figures. Returns the board's view."""
    view = seat_view(match, seat)
    address = address_of(view, match.ruleset.name)
    ruleset, board_view = position(_query(address))
    assert address_of(board_view, ruleset.name) == address  # the address keeps it all
    keys = {puzzle_jobs.key({**a, "seat": None}) for a in view["legal_actions"]}
    assert {puzzle_jobs.key({**a, "seat": None}) for a in board_view["legal_actions"]} == keys
    _, engine = puzzle_jobs.weigh_view(view, match.ruleset)
    assert _no_seat(board_jobs.board(board_view, ruleset)["candidates"]) == _no_seat(engine)
    return board_view


def _in_match(deal, ruleset_name: str = "chinese-classical") -> Match:
    match = Match.new(ruleset_name, "board")
    match.deal = deal
    return match


def test_a_kong_being_added_offers_the_win_by_robbing_it_as_the_engine_does():
    """Seed 003 §3.5.1: the board's rob window is the engine's, win and pass, and going out by
    robbing is worth what the deal then scores (the robbing double included)."""
    deal = promoted_kong_robbable()
    board_view = _same_as_the_engine(_in_match(deal), 1)
    assert board_view["phase"] == "rob" and board_view["claim"]["kind"] == "rob"
    data = _weigh(address_of(board_view, "chinese-classical")).json()
    win = next(c for c in data["candidates"] if c["action"]["type"] == A.WIN)
    assert data["bot"]["type"] == A.WIN
    act(deal, 1, A.WIN)
    pass_all(deal)
    scored = summarise_deal(deal, 1, 0).hands[1]["score"]
    assert deal.result.how == "robbed_kong" and win["value"] == scored["total"]
    # The same hand offered d5 as a discard is worth less: no robbing double.
    discard = _weigh(dict(ROB, rob="", m_ww="", claim="d5", **{"from": "ww"})).json()
    on_discard = next(c for c in discard["candidates"] if c["action"]["type"] == A.WIN)
    assert on_discard["value"] < win["value"]


def test_the_board_builds_a_rob_window_from_the_pung_being_added_to():
    data = _weigh(ROB).json()
    west = data["view"]["seats"][2]
    assert west["melds"] == [{"tiles": "d5 d5 d5 d5", "exposed": True, "kong": "promoted"}]
    assert [c["action"]["type"] for c in data["candidates"]] == [A.WIN, A.PASS]
    # A hand that does not win on the tile may only let it go.
    no = _weigh(dict(ROB, hand="d3 d4 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws wn")).json()
    assert [c["action"]["type"] for c in no["candidates"]] == [A.PASS]


ORPHANS = "b1 b9 c1 c9 d1 d9 ws ww wn dr dg dw dw"


@pytest.mark.parametrize(("hand", "wins"), [(ORPHANS, True),
                                             ("c2 c3 c4 d2 d3 d4 b5 b6 b7 dr dr dg dg", False)])
def test_a_concealed_kong_is_robbed_only_for_thirteen_orphans(hand, wins):
    """Seed 003 §3.5.1: a concealed kong may be robbed only to complete Thirteen Orphans."""
    q = dict(ROB, hand=hand, m_ww="we we we we/concealed", rob="we")
    data = _weigh(q).json()
    assert (A.WIN in {c["action"]["type"] for c in data["candidates"]}) is wins
    # And where the ruleset has no Thirteen Orphans, never.
    r = _weigh(dict(q, ruleset="sixteen-tile", hand=hand + " b5 b5 b5"))
    assert A.WIN not in {c["action"]["type"] for c in r.json()["candidates"]}


def test_the_engines_concealed_kong_rob_window_on_the_board():
    """Seed 003 §3.5.1, as tests/engine/test_winning.py plays it: East declares a concealed kong
    of East wind and South, on Thirteen Orphans, may rob it."""
    deal = scripted_deal(
        ["we we we c2 c3 c4 c5 c6 d2 d3 d4 d5 d6 dr", ORPHANS,
         "b6 b7 b8 c7 c7 c8 c8 b2 b2 b3 b3 b4 b4", "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 d5 d5 b5"],
        draws="c2 c3 c4 we")
    act(deal, 0, A.DISCARD, "dr")
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    act(deal, 0, A.CONCEALED_KONG, "we")
    view = _same_as_the_engine(_in_match(deal), 1)
    assert A.WIN in {a["type"] for a in view["legal_actions"]}


def _bonus_position() -> tuple[Match, int]:
    """A bot game's first decision of a seat, no set claimed yet (the board keeps no set's
    discarder), while another seat holds a bonus tile."""
    for n in range(20):
        match = Match.new("chinese-classical", f"board-bonus:{n}")
        while not match.is_over and match.deal.number == 1:
            seat = match.deal.turn
            others = [s for s in range(4) if s != seat and match.deal.seats[s].bonus]
            if any(st.melds for st in match.deal.seats):
                break
            if match.deal.phase == "play" and others and match.deal.discards_made:
                return match, seat
            match.apply(bots.choose(match, match.waiting_on()[0]))
    raise AssertionError("no such position in 20 games")


def test_other_seats_bonus_tiles_reach_the_figures_as_the_engines_view_has_them():
    """A flower beside another seat makes that seat's hand more costly to feed: the board with
    the bonus tiles set weighs the position as the engine's own view does, and without them
    it weighs the discards differently."""
    match, seat = _bonus_position()
    board_view = _same_as_the_engine(match, seat)
    assert any(s["bonus"] for s in board_view["seats"] if s["seat"] != board_view["viewer"])
    address = address_of(board_view, "chinese-classical")
    without = {k: v for k, v in address.items() if not k.startswith("b_")}
    assert len(without) < len(address)
    assert _weigh(without).json()["candidates"] != _weigh(address).json()["candidates"]


def test_a_goulash_on_the_board_is_the_engines_goulash():
    """Seed 001 / classical.md §4: in a Goulash the 2 of Bamboo is wild and there are no chows;
    East's dealt hand, completed by the wild, goes out, on the board as in the engine."""
    hands = ["c1 c1 c1 d5 d5 d5 b9 b9 b9 we we we c7 b2",
             "b1 b3 b4 c2 c3 c4 c5 c6 d1 d2 d3 d4 ws",
             "b5 b6 b7 b8 c8 c9 d6 d7 d8 ww ww wn wn",
             "b5 b6 b7 b8 c8 c9 d6 d7 d8 dr dr dg dg"]
    deal = scripted_deal(hands, ruleset=PRESETS["british"], goulash=True)
    exchange_round_trip(deal)
    view = _same_as_the_engine(_in_match(deal, "british"), 0)
    assert view["goulash"] is True and A.WIN in {a["type"] for a in view["legal_actions"]}
    plain = _weigh(dict(address_of(view, "british"), goulash="")).json()
    assert A.WIN not in {c["action"]["type"] for c in plain["candidates"]}
    # No chow in a Goulash, from the seat on the left or anyone.
    q = {"ruleset": "british", "seat": "ws", "hand": "b3 b4 c2 c3 c4 c5 c6 d1 d2 d3 d4 ws ws",
         "claim": "b5", "from": "we"}
    assert A.CHOW in {c["action"]["type"] for c in _weigh(q).json()["candidates"]}
    assert A.CHOW not in {c["action"]["type"]
                          for c in _weigh(dict(q, goulash="1")).json()["candidates"]}


@pytest.mark.django_db
def test_a_replay_move_where_nobody_decides_is_refused_with_the_reason(client):
    """From a finished game's replay: at a deal's end nobody has a decision, so the board says
    so (409) instead of opening a hand that cannot be weighed; a move in play opens."""
    from games.models import Move
    from tests.web.replay_games import saved_game

    game = saved_game("board-nobody", deals=2)
    ended = Move.objects.filter(game=game, action__type="ready").order_by("seq").first()
    r = client.get(reverse("analysis_board"), {"game": game.pk, "move": ended.seq - 1,
                                               "seat": 0})
    assert r.status_code == 409 and "Nobody has a decision at this move" in r.content.decode()
    r = client.get(reverse("analysis_board"), {"game": game.pk, "move": 1, "seat": 0})
    assert r.status_code == 302 and "hand=" in r["Location"]
