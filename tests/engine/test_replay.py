"""The replay's steps (games/engine/replay.py): the table after every move, as it was live."""

from __future__ import annotations

import json

import pytest

from games.engine import bots
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.replay import expand, replay_steps
from games.engine.views import public_view, seat_view

from .invariants import PUBLIC_TILE_PATHS, _tokens

# Tiles an event may name in front of a spectator: what was discarded, claimed, melded or shown.
# The seating's row of wind tiles is turned face up as the players take their seats.
PUBLIC_EVENT_PATHS = {"tile", "meld.tiles", "prevailing_wind", "winds.*", "row.*"}


def play(seed: str, limit: int | None = None):
    """A bot game played live, with every view the live table served after each action."""
    match = Match.new("chinese-classical", seed)
    public = [public_view(match)]
    seats = [[seat_view(match, s) for s in range(4)]]
    while not match.is_over and (limit is None or match.version < limit):
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat))
        public.append(public_view(match))
        seats.append([seat_view(match, s) for s in range(4)])
    return match, public, seats


@pytest.fixture(scope="module")
def finished():
    match, public, seats = play("replay-equality")
    record = json.loads(json.dumps(match.record()))  # as saved and read back
    actions = [Action.from_json(a) for a in record["actions"]]
    data = replay_steps(match.ruleset, record["seed"], actions, reveal=True)
    return match, public, seats, data


def _closing_steps(data):
    """The steps that end an action (the rituals of a deal are steps within one action)."""
    steps = data["steps"]
    for i, step in enumerate(steps):
        if not step["r"] or i + 1 == len(steps) or steps[i + 1]["v"] != step["v"]:
            yield i, step


def test_replay_of_a_finished_bot_game_equals_the_live_game_at_every_move(finished):
    """DESIGN.md "Event sourced": the replay shows, after each move, the very table the live game
    showed then, and every hand and the wall face up."""
    match, public, seats, data = finished
    assert len(match.history) >= 16 and data["over"] and data["version"] == match.version
    views = expand(data["steps"])
    checked = set()
    for i, step in _closing_steps(data):
        v = step["v"]
        view = {**views[i], "seats": [dict(s) for s in views[i]["seats"]]}
        for s, seat in enumerate(view["seats"]):
            live = seats[v][s]
            hand, drawn = seat.pop("hand"), seat.pop("drawn")
            if live["drawn"] is None and drawn is not None:  # the live view sets apart only
                hand = " ".join(sorted((hand + " " + drawn).split()))  # a tile in its own turn
                drawn = None
            assert (hand, drawn) == (live["hand"], live["drawn"]), (v, s)
        assert view == public[v], f"step {i} (after move {v}) differs from the live table"
        checked.add(v)
    # Every move that changed the table has its step: discards, claims, kongs, draws, wins.
    replayed = Match.new("chinese-classical", match.seed)
    for k, action in enumerate(match.actions, start=1):
        events = replayed.apply(action)
        if any(e.type in ("discard", "claim", "kong", "draw", "win", "washout") for e in events):
            assert k in checked, f"move {k} ({events[0].type}) has no step"


def test_each_deal_begins_with_its_rituals_as_steps(finished):
    """Seed 000 §2.2: the dice for the wall and the break, the break, the deal in blocks of four
    (three rounds, then East two and the others one) and bonus tiles replaced are steps."""
    _, _, _, data = finished
    views = expand(data["steps"])
    for d, deal in enumerate(data["deals"]):
        end = data["deals"][d + 1]["first"] if d + 1 < len(data["deals"]) else len(views)
        steps = data["steps"][deal["first"]:end]
        kinds = [e["type"] for s in steps if s["r"] for e in s["e"] if e["type"] != "wall_built"]
        assert kinds[kinds.index("deal_start"):][:4] == ["deal_start", "dice", "dice", "wall_broken"]
        blocks = [s for s in steps if any(e["type"] == "deal_block" for e in s["e"])]
        assert len(blocks) == 16
        dealt = [sum(x["concealed"] for x in views[deal["first"] + steps.index(b)]["seats"])
                 for b in blocks]
        assert dealt == [4 * k for k in range(1, 13)] + [50, 51, 52, 53]
        for s in steps:
            if any(e["type"] == "bonus_melded" for e in s["e"]):
                assert s["r"] or any(e["type"] == "draw" for e in s["e"])
        live, dead = deal["live"].split(), deal["dead"].split()
        assert len(live) + len(dead) >= 144 - 2 * 7  # every tile of the wall, in order


def test_every_view_the_replay_serves_for_a_running_game_is_a_spectator_view():
    """DESIGN.md "Per-seat views": while a game runs its replay shows only what a spectator may
    see: no concealed tile, no drawn tile, no claim answer, no wall order, no seed."""
    match, public, _ = play("replay-running", limit=700)
    assert not match.is_over
    data = replay_steps(match.ruleset, match.seed, match.actions, reveal=False)
    text = json.dumps(data)
    assert match.seed not in text and '"live": "' not in text
    views = expand(data["steps"])
    over = {"deal_over", "game_over"}
    for step, view in zip(data["steps"], views, strict=True):
        for path, _tile in _tokens(view):
            if path.startswith("last_deal.") and view["phase"] in over:
                continue  # every hand is shown when a deal ends
            assert path in PUBLIC_TILE_PATHS, f"tile at {path} after move {step['v']}"
        for seat in view["seats"]:
            assert "hand" not in seat and "drawn" not in seat
        for event in step["e"]:
            assert "answer" not in event and "tiles" not in event, event
            if event["type"] == "draw":
                assert "tile" not in event
            for path, _tile in _tokens({k: v for k, v in event.items() if k != "type"}):
                if event["type"] in ("deal_scored",):
                    continue
                assert path in PUBLIC_EVENT_PATHS, (event["type"], path)
    assert views[-1] == public[match.version] or data["steps"][-1]["v"] < match.version


def test_a_running_games_last_step_is_the_table_now():
    """The replay of a running game ends at the move being played."""
    match, public, _ = play("replay-now", limit=120)
    data = replay_steps(match.ruleset, match.seed, match.actions, reveal=False)
    last = data["steps"][-1]
    views = expand(data["steps"])
    later = public[last["v"]:]
    assert views[-1] == public[last["v"]]
    # Moves after the last step only recorded claim answers or readiness.
    assert all(v["seats"] == later[0]["seats"] for v in later)
