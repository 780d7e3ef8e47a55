"""A flooding socket gets `rate_limited` for what it sends over its allowance, its excess is
dropped without touching the game, a persistent flood is closed, and other tables play on. The
buckets' clock is faked and stands still unless a test moves it: no count depends on how fast
the machine is."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.access import limits
from games.models import Game, Move

from .live import join, make_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("limit_clock")]


def _snapshot(game_id):
    game = Game.objects.get(pk=game_id)
    return game.version, dict(game.pending), Move.objects.filter(game_id=game_id).count()


def _discard(view):
    return next(a for a in view["legal_actions"] if a["type"] == "discard")


async def _flood(tab, message: str, count: int) -> None:
    for _ in range(count):
        await tab.comm.send_to(text_data=message)


async def _answers(tab):
    """Every frame until the server closes the socket."""
    frames = []
    while True:
        output = await tab.comm.receive_output(timeout=20)
        if output["type"] == "websocket.close":
            return frames, output.get("code")
        frames.append(json.loads(output["text"]))


async def test_flood_is_dropped_then_closed_and_other_tables_play_on(
    app, players, django_user_model, settings
):
    settings.GAMES_RATE_PER_SECOND = 1
    settings.GAMES_RATE_BURST = 5
    settings.GAMES_RATE_CLOSE_AFTER = 20
    flooded = await sync_to_async(make_table)(players, seed="flooded")
    others = [await sync_to_async(django_user_model.objects.create_user)(f"calm{i}") for i in
              range(1)]
    calm = await sync_to_async(make_table)(others, bots=3, seed="calm")
    flooder = await join(app, flooded.pk, players[0])
    before = await sync_to_async(_snapshot)(flooded.pk)
    # The same illegal action, 200 times: the first few are answered, the rest dropped unread.
    message = json.dumps({"type": "action", "version": 0, "action": {"type": "pung"}})
    await _flood(flooder, message, 200)
    frames, code = await _answers(flooder)
    # The browser's side of the close: the consumer's cleanup runs to its end before teardown.
    await flooder.close()
    errors = [f["code"] for f in frames if f["type"] == "error"]
    assert code == limits.CLOSE_CODE
    # The clock stands still: five messages are handled (the burst), twenty dropped with an
    # answer (the close allowance), and the twenty-first drop closes the socket.
    assert errors.count("rate_limited") == 21 and len(errors) - 21 <= 5
    assert await sync_to_async(_snapshot)(flooded.pk) == before
    # The other table's player is served as usual meanwhile.
    tab = await join(app, calm.pk, others[0])
    await tab.comm.send_json_to({"type": "sync"})
    state = await tab.until(lambda f: f["type"] == "state")
    assert state["seat"] is not None
    await tab.close()


async def test_one_user_shares_a_bucket_across_tabs(app, players, settings):
    settings.GAMES_RATE_BURST = 100
    settings.GAMES_USER_RATE_PER_SECOND = 1
    settings.GAMES_USER_RATE_BURST = 4
    game = await sync_to_async(make_table)(players, seed="two-tabs")
    first = await join(app, game.pk, players[0])
    second = await join(app, game.pk, players[0])
    for _ in range(4):
        await first.comm.send_json_to({"type": "sync"})
        await first.until(lambda f: f["type"] == "state")
    answer = await second.send({"type": "sync"})
    assert (answer["type"], answer["code"]) == ("error", "rate_limited")
    # Somebody else at the same table is not limited by it.
    third = await join(app, game.pk, players[1])
    await third.comm.send_json_to({"type": "sync"})
    assert (await third.until(lambda f: f["type"] in ("state", "error")))["type"] == "state"
    for tab in (first, second, third):
        await tab.close()


def test_a_bucket_refills_with_time(limit_clock, settings):
    settings.GAMES_RATE_PER_SECOND = 2
    settings.GAMES_RATE_BURST = 3
    settings.GAMES_RATE_CLOSE_AFTER = 2
    limiter = limits.Limiter(None)
    assert [limiter.allow() for _ in range(4)] == [True, True, True, False]
    assert not limiter.flooding
    limit_clock.advance(0.5)  # one token back at two a second
    assert [limiter.allow() for _ in range(2)] == [True, False]
    assert limiter.allow() is False and not limiter.flooding  # the allowance refilled too
    assert limiter.allow() is False and limiter.flooding  # past the close allowance
    limit_clock.advance(10)
    assert [limiter.allow() for _ in range(4)] == [True, True, True, False]


async def test_socket_connects_are_limited_per_address(app, players, settings, limit_clock):
    settings.GAMES_LIMITS = {"connects": (2, 60)}
    game = await sync_to_async(make_table)(players, seed="connects")
    tabs = [await join(app, game.pk, players[i]) for i in range(2)]
    refused = WebsocketCommunicator(app, f"/ws/game/{game.pk}/",
                                    headers=[(b"origin", b"http://testserver")])
    connected, _ = await refused.connect(timeout=10)
    assert connected  # opened only to say why
    frame = await refused.receive_json_from(timeout=10)
    assert (frame["type"], frame["code"]) == ("error", "rate_limited")
    assert "Too many connections to tables from your address" in frame["message"]
    close = await refused.receive_output(timeout=10)
    assert close["type"] == "websocket.close" and close["code"] == limits.CLOSE_CODE
    assert "try again in" in close["reason"]
    # Another address is not counted with this one; this one may connect again a minute on.
    other = WebsocketCommunicator(app, f"/ws/game/{game.pk}/",
                                  headers=[(b"origin", b"http://testserver")])
    other.scope["client"] = ("192.0.2.9", 5000)
    assert (await other.connect(timeout=10))[0]
    assert (await other.receive_json_from(timeout=10))["type"] == "state"
    limit_clock.advance(60)
    tabs.append(await join(app, game.pk, players[2]))
    for tab in tabs:
        await tab.close()
    await other.disconnect()
    await refused.disconnect()
