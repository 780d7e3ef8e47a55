"""The whole game (seed 003 §3.3): four rounds, dealer rotation, 2,000 points each."""

import pytest

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.errors import IllegalAction, RecordError
from games.engine.match import Match
from games.engine.views import review_view, seat_view


@pytest.fixture(scope="module")
def played():
    match = Match.new("chinese-classical", "a whole game")
    while not match.is_over:
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "greedy"))
    return match


def test_dealer_keeps_the_deal_after_an_east_win_or_a_draw_and_passes_it_otherwise(played):
    """Seed 003 §3.3: the deal passes counterclockwise after a non-dealer wins; it stays after
    an East win or a draw."""
    history = played.history
    assert len(history) >= 16
    for before, after in zip(history, history[1:]):
        stays = before.result.winner in (None, before.dealer)
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)


def test_four_rounds_each_starting_with_the_same_player(played):
    """Seed 003 §3.3: rounds E, S, W, N; a round changes when the player who first held East
    in it receives the deal again."""
    winds = [h.prevailing_wind for h in played.history]
    assert winds == sorted(winds) and set(winds) == {0, 1, 2, 3}
    for w in range(4):
        first = next(h for h in played.history if h.prevailing_wind == w)
        assert first.dealer == 0
    last = played.history[-1]
    assert last.prevailing_wind == 3 and last.dealer == 3
    assert last.result.winner not in (None, 3)


def test_points_start_at_2000_and_their_total_never_changes(played):
    """Seed 003 §3.3: everyone starts with 2,000 points; the total stays 8,000."""
    running = [2000] * 4
    for h in played.history:
        assert sum(h.deltas) == 0
        running = [p + d for p, d in zip(running, h.deltas)]
    assert running == played.points and sum(played.points) == 8000
    places = [s.place for s in played.standings()]
    assert places == sorted(places) and places[0] == 1
    assert played.phase == "game_over" and played.waiting_on() == []


def test_a_whole_game_replays_from_its_record(played):
    """DESIGN.md event sourcing: (ruleset, seed, actions) rebuild the game exactly."""
    again = Match.replay(played.record())
    assert again.points == played.points
    assert [h.to_json() for h in again.history] == [h.to_json() for h in played.history]
    assert review_view(again) == review_view(played)
    for seat in range(4):
        assert seat_view(again, seat) == seat_view(played, seat)


def test_a_tampered_record_is_refused():
    match = Match.new("chinese-classical", "tamper")
    seat = match.waiting_on()[0]
    match.apply(match.legal_actions(seat)[0])
    record = match.record()
    record["actions"][0]["seat"] = (record["actions"][0]["seat"] + 1) % 4
    with pytest.raises(RecordError, match="action 1"):
        Match.replay(record)
    with pytest.raises(RecordError):
        Match.replay({"format": "something else"})


def test_after_a_deal_every_seat_says_ready_before_the_next():
    """The score sheet stays on the table until all four players are ready."""
    match = Match.new("chinese-classical", "ready")
    while not match.deal.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    assert match.phase == "deal_over" and match.waiting_on() == [0, 1, 2, 3]
    assert seat_view(match, 0)["last_deal"]["hands"][0]["concealed"]
    number = match.deal.number
    with pytest.raises(IllegalAction, match="ready"):
        match.apply(Action(0, A.PASS))
    for seat in range(4):
        match.apply(Action(seat, A.READY))
    assert match.deal.number == number + 1 and match.phase in ("play", "initial_kong")


def test_review_only_after_the_game():
    """DESIGN.md: the seed and the wall are revealed only when the game is over."""
    match = Match.new("chinese-classical", "secret")
    with pytest.raises(IllegalAction):
        review_view(match)


def test_a_ruleset_survives_its_json_form():
    """A game keeps its ruleset's settings as saved: the JSON form rebuilds an equal ruleset."""
    import json

    from games.engine.ruleset import PRESETS, Ruleset

    for preset in PRESETS.values():
        again = Ruleset.from_json(json.loads(json.dumps(preset.to_json())))
        assert again == preset and hash(again) == hash(preset)
