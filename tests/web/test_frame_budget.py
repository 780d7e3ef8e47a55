"""Issue 16 §1: no frame grows with the length of a game. A finished table's frames carry the
final standings and the last deal, never the whole review; a state whose deal history does not
fit beside the view sends the rest in `log` frames; every frame is under FRAME_BUDGET."""

import json

import pytest

from games.engine import bots
from games.engine.match import Match
from games.engine.ruleset import Ruleset
from games.realtime.protocol import FRAME_BUDGET
from games.services import frames
from games.services.broadcast import change_messages

from .live import make_table

pytestmark = pytest.mark.django_db


def _play(match: Match, until) -> list:
    events = []
    while not until(match):
        events = match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    return events


def test_a_finished_tables_frames_hold_the_end_not_the_whole_review():
    game = make_table([], bots=4, seed="budget-whole")  # four rounds: 16 deals or more
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    last = _play(match, lambda m: m.is_over)
    assert len(match.history) >= 16
    for seat in (None, 0, 1, 2, 3):
        texts = frames.state_texts(frames.state(game, match, seat))
        view = json.loads(texts[0])["view"]
        assert view["phase"] == "game_over" and len(view["standings"]) == 4
        assert view["last_deal"]["number"] == len(match.history)
        assert view["seed"] == game.seed  # revealed once the game is over
        assert "deals" not in view and "record" not in view  # fetched over HTTP instead
        assert max(len(t.encode()) for t in texts) <= FRAME_BUDGET
    game.version = match.version
    for _group, message in change_messages(game, match, last, match.version - 1):
        frame = json.loads(message["text"])
        assert frame["view"]["phase"] == "game_over" and "result" not in frame
        assert len(message["text"].encode()) <= FRAME_BUDGET
        scored = [e for e in frame["events"] if e["type"] == "deal_scored"]
        assert scored and scored[0]["game_over"] and "hands" not in scored[0]


def test_a_long_deals_history_is_split_in_order_under_the_budget():
    game = make_table([], bots=4, seed="budget-split")
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    texts = []
    while len(texts) < 2 and not match.is_over:  # a deal whose history does not fit
        _play(match, lambda m: m.phase == "deal_over")  # a whole deal's history, its sheet
        whole = frames.state(game, match, 2)
        texts = frames.state_texts(whole)
        _play(match, lambda m: m.phase != "deal_over")
    sent = [json.loads(t) for t in texts]
    assert len(sent) >= 2, "no deal's history outgrew the state frame"
    assert all(len(t.encode()) <= FRAME_BUDGET for t in texts)
    assert sent[0]["type"] == "state" and sent[0]["view"] == whole["view"]
    assert [f["type"] for f in sent[1:]] == ["log"] * (len(sent) - 1)
    assert all(f["version"] == whole["version"] for f in sent)
    assert [f["more"] for f in sent] == [True] * (len(sent) - 1) + [False]
    assert [e for f in sent for e in f["events"]] == whole["events"]


def test_a_short_history_comes_whole_in_the_state_frame():
    game = make_table([], bots=4, seed="budget-short")
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    _play(match, lambda m: m.version >= 8)
    whole = frames.state(game, match, 0)
    (text,) = frames.state_texts(whole)
    sent = json.loads(text)
    assert sent["events"] == whole["events"] and sent["more"] is False
