"""Issue 12 §2: a page that reloads gets its move log back. The `state` frame carries the current
deal's events exactly as this viewer received them live, and nothing another seat alone sees."""

import pytest

from games.engine import bots
from games.engine.events import project_events
from games.engine.match import Match
from games.engine.ruleset import Ruleset
from games.services import frames

from .live import make_table

pytestmark = pytest.mark.django_db


def _advance(match: Match, moves: int) -> list:
    """Play `moves` actions by bots; return the events each produced (the live updates)."""
    produced = []
    for _ in range(moves):
        seat = match.waiting_on()[0]
        produced.append(match.apply(bots.choose(match, seat, "greedy")))
    return produced


def _live_log(match_events, seat):
    return [e for batch in match_events for e in project_events(batch, seat)]


def test_state_frame_holds_the_deal_so_far_as_each_viewer_saw_it():
    game = make_table([], bots=4, seed="state-events")
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    live = _advance(match, 30)
    for seat in (0, 1, 2, 3, None):
        got = frames.state(game, match, seat)["events"]
        expected = project_events(match.initial_events, seat) + _live_log(live, seat)
        assert got == expected, seat
        assert got[0]["type"] == "seating" and any(e["type"] == "dice" for e in got)
        assert sum(e["type"] == "discard" for e in got) >= 5
        for e in got:
            if e["type"] in ("deal_block", "draw") and e.get("seat") != seat:
                assert "tiles" not in e and "tile" not in e, (seat, e)  # another seat's tiles


def test_after_a_deal_the_state_frame_starts_from_the_new_deal():
    game = make_table([], bots=4, seed="state-events-2")
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    while match.state.deal_number == 1 or match.phase == "deal_over":
        _advance(match, 1)
    got = frames.state(game, match, 0)["events"]
    assert got[0]["type"] == "deal_start" and got[0]["number"] == 2
    assert all(e["type"] != "seating" for e in got)


def test_with_the_random_centre_a_reloaded_page_cannot_read_the_discard_order_back():
    """Seed 003 §3.3: with the random centre the resent history holds no discards, so nobody
    can read who threw what in which order from it; everything else is resent as before."""
    game = make_table([], bots=4, seed="state-events-centre",
                      settings={"discard_display": "centre"})
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    assert match.ruleset.discard_display == "centre"
    live = _advance(match, 30)
    for seat in (0, None):
        got = frames.state(game, match, seat)["events"]
        expected = [
            e for e in project_events(match.initial_events, seat) + _live_log(live, seat)
            if e["type"] != "discard"
        ]
        assert got == expected and len(got) > 10
        assert not any(e["type"] == "discard" for e in got)
