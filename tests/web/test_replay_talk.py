"""Issue 43, "Everything said is kept with the game": a finished game's replay shows the table's
talk to those who sat at the table, and to nobody else (the access policy's TALK; the route
matrix checks the route for every requester and state). A speaker the viewer muted or blocked
stays hidden; a spectator's line held during a deal is placed at that deal's end; the replay
carries the newest lines only."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games.models import Seat, TalkLine
from games.services import moderation, talk

from .replay_games import saved_game

pytestmark = pytest.mark.django_db


def _config(html: str) -> dict:
    marker = '<script id="replay-config" type="application/json">'
    start = html.index(marker) + len(marker)
    return json.loads(html[start:html.index("</script>", start)])


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _line(game, user, *, seat=None, code="", text="", version=0, deal=None, held=False):
    return TalkLine.objects.create(
        game=game, channel="players" if seat is not None else "spectators",
        kind="canned" if code else "text", code=code, text=text, user=user, name=user.username,
        seat=seat, version=version, deal=deal, held=held)


@pytest.fixture
def table(players, spectator):
    """A finished game alice (chair 0) and bob (chair 1) sat at, with the talk it had: their
    lines, and the spectator sam's, one of them held from the players during deal 1."""
    alice, bob = players[0], players[1]
    game = saved_game("replay-talk", user=alice, deals=2)
    Seat.objects.filter(game=game, chair=1).update(user=bob, bot_level="")
    seat = {s.user_id: s.position for s in game.seats.exclude(user=None)}
    _line(game, alice, seat=seat[alice.pk], code="good_luck", version=0, deal=1)
    _line(game, spectator, text="watch the bamboo", version=12, deal=1, held=True)
    _line(game, bob, seat=seat[bob.pk], text="nice one, alice", version=30, deal=1)
    _line(game, spectator, code="well_played", version=game.version)
    return game


def _talk(client, game):
    return client.get(f"/game/{game.pk}/replay/talk.json")


def test_those_who_sat_at_the_table_read_its_talk_in_the_replay(table, players):
    for player in players[:2]:
        client = _client(player)
        assert _config(client.get(f"/game/{table.pk}/replay/").content.decode())["talk"] == (
            f"/game/{table.pk}/replay/talk.json")
        response = _talk(client, table)
        assert response.status_code == 200 and "no-store" in response["Cache-Control"]
        data = response.json()
        assert not data["truncated"] and data["total"] == 4
        said = [(line["name"], line["channel"], line["text"]) for line in data["lines"]]
        assert said == [("alice", "players", "Good luck!"),
                        ("sam", "spectators", "watch the bamboo"),
                        ("bob", "players", "nice one, alice"),
                        ("sam", "spectators", "Well played!")]
        first, held = data["lines"][0], data["lines"][1]
        assert first["code"] == "good_luck" and first["v"] == 0 and first["seat"] is not None
        # The replay places a held line at its deal's end, as the players heard it.
        assert held["held"] and held["deal"] == 1 and held["v"] == 12


def test_nobody_else_reads_it_anonymous_outsider_spectator_or_staff(table, spectator, outsider,
                                                                    django_user_model):
    watcher = django_user_model.objects.create_user("warden")
    watcher.user_permissions.add(Permission.objects.get(codename="watch_any_game"))
    for user in (None, outsider, spectator, watcher):
        client = _client(user)
        page = client.get(f"/game/{table.pk}/replay/").content.decode()
        assert "talk" not in _config(page), user
        assert "watch the bamboo" not in page and "nice one" not in page, user
        response = _talk(client, table)
        assert response.status_code == 403, user
        assert response.json()["error"] == "not_seated"
        assert "bamboo" not in response.content.decode()


def test_a_departed_player_still_reads_it(table, players):
    """Who left a casual game (a bot played their seat on) sat at the table all the same."""
    Seat.objects.filter(game=table, user=players[1]).update(left=True)
    assert _talk(_client(players[1]), table).status_code == 200


def test_a_muted_or_blocked_speaker_stays_hidden_from_who_muted_them_only(table, players,
                                                                           spectator):
    alice, bob = players[0], players[1]
    moderation.mute(alice, "sam")
    moderation.block(alice, "bob")
    heard = _talk(_client(alice), table).json()
    assert [line["name"] for line in heard["lines"]] == ["alice"] and heard["total"] == 1
    assert "bamboo" not in json.dumps(heard) and "nice one" not in json.dumps(heard)
    # bob muted nobody: he reads every line still.
    assert [line["name"] for line in _talk(_client(bob), table).json()["lines"]] == [
        "alice", "sam", "bob", "sam"]
    moderation.unmute(alice, "sam")
    assert [line["name"] for line in _talk(_client(alice), table).json()["lines"]] == [
        "alice", "sam", "sam"]


def test_a_game_still_played_shows_no_talk_in_its_replay(players):
    """Live, the table itself shows its talk; the replay's talk waits for the game's end."""
    game = saved_game("replay-talk-live", moves=40, user=players[0])
    talk.say(game.pk, players[0], {"code": "hello"})
    client = _client(players[0])
    assert "talk" not in _config(client.get(f"/game/{game.pk}/replay/").content.decode())
    assert _talk(client, game).status_code == 404


def test_a_private_tables_talk_stays_404_for_others(table, players, outsider):
    type(table).objects.filter(pk=table.pk).update(private=True, invite="talk-invite")
    assert _talk(_client(outsider), table).status_code == 404
    assert _talk(_client(players[0]), table).status_code == 200


def test_the_replay_carries_the_newest_lines_only(table, players, monkeypatch):
    monkeypatch.setattr(talk, "REPLAYED", 3)
    extra = [_line(table, players[0], seat=0, text=f"line {n}", version=table.version)
             for n in range(3)]
    data = _talk(_client(players[0]), table).json()
    assert data["truncated"] and data["total"] == 7
    assert [line["id"] for line in data["lines"]] == [line.pk for line in extra]
