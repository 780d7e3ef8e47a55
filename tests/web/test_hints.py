"""Hints at the table (/game/<id>/hints.json): a seated player's decision weighed by the strong
bot from that seat's own view; refused to others and in tournament games."""

import json

import pytest
from django.test import Client

from games import services
from games.engine import bots
from games.engine.tiles import parse_tiles
from games.engine.views import seat_view
from games.models import Game
from games.services import hints as hint_service
from games.services import matches
from tests.web.live import make_table


def _client(user):
    http = Client()
    http.force_login(user)
    return http


def _until_decision(game, user, clock):
    """Let the bots move until `user`'s seat has something to decide."""
    seat = game.seats.get(user=user).position
    for _ in range(400):
        match = matches.match_for(Game.objects.get(pk=game.pk))
        if match.legal_actions(seat):
            return match, seat
        if not services.tick(game.pk):
            clock.advance(1)
    pytest.fail("the seat never had a decision")


@pytest.fixture
def table(players, clock, live_settings):
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 100_000  # she is thinking, not absent
    return make_table(players[:1], bots=3, seed="hints-1")


def test_a_seated_player_gets_every_choice_weighed_best_first(table, players, clock):
    match, seat = _until_decision(table, players[0], clock)
    res = _client(players[0]).get(f"/game/{table.pk}/hints.json")
    assert res.status_code == 200
    data = res.json()
    assert data["version"] == match.version and data["seat"] == seat
    legal = [a.to_json() for a in match.legal_actions(seat)]
    shown = [c["action"] for c in data["candidates"]]
    assert shown and all(a in legal for a in shown)
    assert len(shown) == min(len(legal), hint_service.SHOWN)
    # The first is the strong bot's own choice.
    assert shown[0] == bots.choose(match, seat, "strong").to_json()
    for c in data["candidates"]:
        assert c["danger_class"] in ("safe", "low", "medium", "high")
        assert c["live"] == sum(c["effective"].values())


def test_the_hints_name_only_tiles_the_seat_cannot_see_as_unseen(table, players, clock):
    """Hidden information: the live counts are at most what the seat's own view leaves unseen."""
    match, seat = _until_decision(table, players[0], clock)
    view = json.loads(_client(players[0]).get(f"/game/{table.pk}/hints.json").content)
    assert "seed" not in json.dumps(view) and "wall" not in view
    sv = seat_view(match, seat)
    seen = parse_tiles(sv["hand"]) + parse_tiles(sv.get("drawn") or "")
    for s in sv["seats"]:
        seen += parse_tiles(s["discards"]) + [t for m in s["melds"] for t in parse_tiles(m["tiles"])]
    for c in view["candidates"]:
        for tile, n in c["effective"].items():
            assert n <= 4 - seen.count(parse_tiles(tile)[0])


def test_hints_are_computed_once_per_position(table, players, clock, monkeypatch):
    """Bounded work: asking again for the same position costs no new evaluation."""
    _until_decision(table, players[0], clock)
    calls = []
    real = hint_service.jobs.candidates
    monkeypatch.setattr(hint_service.jobs, "candidates",
                        lambda *args: calls.append(1) or real(*args))
    http = _client(players[0])
    first = http.get(f"/game/{table.pk}/hints.json").json()
    for _ in range(5):
        assert http.get(f"/game/{table.pk}/hints.json").json() == first
    assert len(calls) == 1


def test_someone_not_seated_gets_no_hints(table, players, outsider, clock):
    _until_decision(table, players[0], clock)
    res = _client(outsider).get(f"/game/{table.pk}/hints.json")
    assert res.status_code == 403 and "Only a player at this table" in res.json()["error"]
    assert Client().get(f"/game/{table.pk}/hints.json").status_code == 403


def test_hints_are_off_in_tournament_games(players, clock, live_settings):
    game = make_table(players[:1], bots=3, seed="hints-2", tournament=True)
    res = _client(players[0]).get(f"/game/{game.pk}/hints.json")
    assert res.status_code == 403
    assert res.json()["error"] == "Hints are off in tournament games."


def test_the_table_page_offers_the_switch_only_where_hints_are_allowed(table, players):
    page = _client(players[0]).get(f"/game/{table.pk}/").content.decode()
    assert '"hints": true' in page
    game = make_table(players[1:2], bots=3, seed="hints-3", tournament=True)
    page = _client(players[1]).get(f"/game/{game.pk}/").content.decode()
    assert '"hints": false' in page


def test_no_hints_for_a_game_not_under_way(players):
    game = services.create_game(players[0], seed="hints-4")
    services.take_seat(game.pk, players[0])
    res = _client(players[0]).get(f"/game/{game.pk}/hints.json")
    assert res.status_code == 409
    assert _client(players[0]).get("/game/999999/hints.json").status_code == 404


def test_hints_are_off_in_rated_games(players):
    game = make_table(players, seed="hints-5", rated=True)
    res = _client(players[0]).get(f"/game/{game.pk}/hints.json")
    assert res.status_code == 403 and res.json()["error"] == "Hints are off in rated games."
    page = _client(players[0]).get(f"/game/{game.pk}/").content.decode()
    assert '"hints": false' in page


def test_the_ready_at_a_deals_end_is_not_weighed_as_a_choice(players, clock, live_settings):
    """At a deal's end the seat's only move is Ready: nothing to weigh, so no candidates (it was
    rated as if it were a discard: issue 38, item 6)."""
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 100_000
    game = make_table(players[:1], bots=3, seed="hints-6", settings={"max_deals": 2})
    for _ in range(600):
        match, seat = _until_decision(game, players[0], clock)
        legal = match.legal_actions(seat)
        if [a.type for a in legal] == ["ready"]:
            break
        if all(a.type == "pass" for a in legal):  # passed by the server when the window closes
            if not services.tick(game.pk):
                clock.advance(1)
            continue
        action = bots.choose(match, seat, "beginner")
        services.submit_action(game.pk, players[0], action.to_json(), match.version)
    else:
        pytest.fail("the deal never ended")
    res = _client(players[0]).get(f"/game/{game.pk}/hints.json")
    assert res.status_code == 200
    assert res.json()["candidates"] == []


def test_the_table_page_says_why_hints_are_off(players):
    """Where the switch would be, the table says why there is none (issue 38, item 11)."""
    rated = make_table(players, seed="hints-7", rated=True)
    config = _client(players[0]).get(f"/game/{rated.pk}/").context["config"]
    assert config["hints"] is False and config["hints_off"] == "Hints are off in rated games."
    cup = make_table(players[:1], bots=3, seed="hints-8", tournament=True)
    config = _client(players[0]).get(f"/game/{cup.pk}/").context["config"]
    assert config["hints_off"] == "Hints are off in tournament games."
    casual = make_table(players[:1], bots=3, seed="hints-9")
    config = _client(players[0]).get(f"/game/{casual.pk}/").context["config"]
    assert config["hints"] is True and config["hints_off"] is None
