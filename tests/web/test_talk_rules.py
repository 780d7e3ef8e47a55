"""Issue 43, table talk: the service's rules (games/services/talk.py). Canned lines at any table;
free text only at private casual tables, bounded and clean, with a reason where it is off; a
spectator's line held from the players until the deal ends; every talk frame within the budget;
the per-connection and per-account talk limit."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser

from games import services
from games.access import limits
from games.models import Game, TalkLine
from games.realtime import protocol
from games.services import talk
from games.services.errors import ServiceError
from games.services.matches import match_for

from .live import make_table

pytestmark = pytest.mark.django_db


def _refused(game_id, user, message) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        talk.say(game_id, user, message)
    assert caught.value.extra.get("re") == "talk"
    return caught.value


def _table(players, **options) -> Game:
    game = services.create_game(players[0], **options)
    services.take_seat(game.pk, players[0])
    return game


def test_canned_lines_may_be_said_at_every_kind_of_table(players, spectator):
    for options in ({}, {"private": True}, {"rated": True}, {"tournament": True}):
        game = _table(players, **options)
        said = talk.say(game.pk, players[0], {"code": "good_luck"})
        assert said["channel"] == "players" and said["text"] == "Good luck!"
        assert said["name"] == "alice" and said["kind"] == "canned"
        heard = talk.say(game.pk, spectator, {"code": "hello"})
        assert heard["channel"] == "spectators" and not heard["held"]  # nothing is being dealt
    assert TalkLine.objects.count() == 8
    assert _refused(game.pk, players[0], {"code": "shout"}).code == "bad_message"
    assert _refused(game.pk, players[0], {"code": "hello", "text": "hi"}).code == "bad_message"
    assert _refused(game.pk, players[0], {}).code == "bad_message"


def test_free_text_is_refused_at_rated_tournament_and_stranger_tables_with_the_reason(
    players, spectator
):
    for options, why in (({"rated": True}, "rated"), ({"tournament": True}, "tournament"),
                         ({}, "private tables")):
        game = _table(players, **options)
        for who in (players[0], spectator):
            refusal = _refused(game.pk, who, {"text": "hello all"})
            assert refusal.code == protocol.E_TALK_OFF and why in refusal.message
        assert talk.free_text_off(game) is not None
    friends = _table(players, private=True)
    assert talk.free_text_off(friends) is None
    said = talk.say(friends.pk, players[0], {"text": "  shall we play  "})
    assert said["text"] == "shall we play" and said["kind"] == "text"
    assert not TalkLine.objects.filter(kind="text").exclude(game=friends).exists()


def test_free_text_is_bounded_clean_and_kept_as_written(players):
    game = _table(players, private=True)
    for bad in ("x" * 201, "ring\x07", "two\nlines", "tab\there", "\u202eevil", "   ", 42,
                ["a"], "\ud800"):
        assert _refused(game.pk, players[0], {"text": bad}).code in ("bad_text",)
    said = talk.say(game.pk, players[0], {"text": "é" * 200})
    assert len(said["text"]) == 200
    # Markup is kept as written: the page shows it as text, never as markup (the browser test).
    said = talk.say(game.pk, players[0], {"text": "<b>bold</b> & <script>x</script>"})
    assert TalkLine.objects.get(pk=said["id"]).text == "<b>bold</b> & <script>x</script>"
    assert _refused(game.pk, AnonymousUser(), {"code": "hello"}).code == "sign_in"
    assert _refused(game.pk, None, {"code": "hello"}).code == "sign_in"


def to_deal_over(game_id: int) -> None:
    for _ in range(5000):
        match = match_for(Game.objects.get(pk=game_id))
        if match.phase in ("deal_over", "game_over"):
            return
        services.autopilot_waiting(game_id)
    raise AssertionError("the deal did not end")


@pytest.mark.django_db(transaction=True)
def test_a_spectators_line_is_held_from_the_players_until_the_deal_ends(
    players, spectator, monkeypatch
):
    sent = []
    monkeypatch.setattr("games.services.broadcast.send_all", sent.extend)
    game = make_table(players[:1], bots=3, seed="talk-held")
    match = match_for(game)
    seat = game.seats.get(user=players[0]).position
    line = talk.say(game.pk, spectator, {"code": "nice_hand"})
    assert line["held"] and line["deal"] == match.deal.number
    group, message = sent[-1]
    assert group == protocol.group_for_spectators(game.pk) and message["to"] == "spectators"
    mine = talk.say(game.pk, players[0], {"code": "thinking"})
    assert sent[-1][0] == protocol.group_for_game(game.pk) and sent[-1][1]["to"] == "all"

    def recent(seat, user):
        game.refresh_from_db()
        return [ln["id"] for ln in talk.recent(game, match_for(game), seat, user)]

    assert recent(seat, players[0]) == [mine["id"]]  # a player: not yet
    assert recent(None, players[0]) == [mine["id"]]  # however the socket is seated
    assert recent(None, spectator) == [line["id"], mine["id"]]
    sent.clear()
    to_deal_over(game.pk)
    released = [json.loads(m["text"]) for g, m in sent if m.get("type") == "game.talk"]
    assert [ln["id"] for f in released for ln in f["lines"]] == [line["id"]]
    assert all(f["released"] for f in released)
    assert [m["to"] for g, m in sent if m.get("type") == "game.talk"] == ["players"]
    assert recent(seat, players[0]) == [line["id"], mine["id"]]
    # Said between deals: nobody is holding a hand, so everyone hears it at once.
    assert not talk.say(game.pk, spectator, {"code": "well_played"})["held"]


def test_every_talk_frame_is_within_the_budget(players):
    game = _table(players, private=True)
    for _ in range(talk.RECENT + 5):
        TalkLine.objects.create(game=game, channel="players", kind="text", text="😀" * 200,
                                user=players[0], name="n" * 150, version=0)
    shown = talk.recent(game, None, None, players[0])
    assert 0 < len(shown) < talk.RECENT  # the newest that fit
    assert shown[-1]["id"] == TalkLine.objects.latest("id").pk
    assert len(json.dumps(shown, ensure_ascii=False).encode()) <= talk.RECENT_BYTES
    lines = [talk.line_json(ln) for ln in TalkLine.objects.all()]
    packed = talk.pack(game.pk, lines, released=True)
    assert len(packed) > 1
    assert all(len(t.encode()) <= protocol.FRAME_BUDGET for t in packed)
    assert [ln["id"] for t in packed for ln in json.loads(t)["lines"]] == [ln["id"] for ln in lines]


def test_talk_is_limited_per_connection_and_per_account(players, limit_clock):
    first = limits.TalkLimiter(players[0].pk)
    assert all(first.allow() for _ in range(5))
    assert not first.allow()
    second = limits.TalkLimiter(players[0].pk)  # another tab: the account's bucket is empty too
    assert not second.allow()
    other = limits.TalkLimiter(players[1].pk)
    assert other.allow()
    limit_clock.advance(2)
    assert first.allow() and not first.allow()
