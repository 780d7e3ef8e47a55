"""Frames crafted to hurt the server are refused with their error, change nothing, and leave the
seat's presence right: a table can never be left waiting on a seat shown connected by mistake."""

import json

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.models import Game, Move, Seat

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _snapshot(game_id):
    game = Game.objects.get(pk=game_id)
    return game.version, dict(game.pending), Move.objects.filter(game_id=game_id).count()


def _connections(game_id):
    return {s.position: s.connections for s in Seat.objects.filter(game_id=game_id)}


@pytest.fixture
async def table(app, players, spectator):
    game = await sync_to_async(make_table)(players, seed="hardened")
    tabs = {}
    for user in players:
        tab = await join(app, game.pk, user)
        tabs[tab.seat] = tab
    watcher = await join(app, game.pk, spectator)
    turn = tabs[0].view["turn"]
    yield game, tabs, watcher, turn
    for tab in [*tabs.values(), watcher]:
        await tab.close()


def _discard(view):
    return next(a for a in view["legal_actions"] if a["type"] == "discard")


async def _refused(tab, game, code, **send):
    before = await sync_to_async(_snapshot)(game.pk)
    await tab.comm.send_to(**send)
    answer = await tab.until(lambda f: f["type"] in ("error", "ack"))
    assert (answer["type"], answer["code"]) == ("error", code), answer
    assert await sync_to_async(_snapshot)(game.pk) == before
    # The socket still works afterwards.
    await tab.comm.send_json_to({"type": "sync"})
    state = await tab.until(lambda f: f["type"] == "state")
    assert state["version"] == before[0]


async def test_nested_brackets_are_bad_json_and_presence_ends_on_close(table):
    """A 4,000-byte frame of nested brackets used to crash the consumer past its cleanup."""
    game, tabs, watcher, turn = table
    await _refused(tabs[turn], game, "bad_json", text_data="[" * 2000 + "]" * 2000)
    await _refused(tabs[turn], game, "bad_json", text_data="[" * 4096)
    await tabs[turn].close()
    shown = await watcher.until(lambda f: f["type"] == "presence")
    assert {s["seat"]: s["connected"] for s in shown["seats"]} == {s: s != turn for s in range(4)}
    assert (await sync_to_async(_connections)(game.pk))[turn] == 0
    tabs.pop(turn)


async def test_binary_frame_with_a_valid_action_is_refused(table):
    game, tabs, watcher, turn = table
    tab = tabs[turn]
    message = {"type": "action", "version": tab.version, "action": _discard(tab.view)}
    await _refused(tab, game, "bad_json", bytes_data=json.dumps(message).encode())


async def test_a_boolean_is_not_a_seat(table):
    """`true == 1` in Python: seat 1 must not be actable as `"seat": true`."""
    game, tabs, watcher, turn = table
    tab = tabs[turn]
    for fake in (True, False):
        action = {**_discard(tab.view), "seat": fake}
        message = {"type": "action", "version": tab.version, "action": action}
        await _refused(tab, game, "bad_message", text_data=json.dumps(message))


async def test_oversize_frame_is_too_large(table):
    game, tabs, watcher, turn = table
    await _refused(tabs[turn], game, "too_large", text_data="[" * 5000)
    await _refused(tabs[turn], game, "too_large", bytes_data=b"\x00" * 70_000)


async def test_a_failing_handler_answers_and_cleanup_still_runs(table, monkeypatch):
    game, tabs, watcher, turn = table
    tab = tabs[turn]

    def broken(*args, **kwargs):
        raise RuntimeError("database went away")

    monkeypatch.setattr(services, "submit_action", broken)
    message = {"type": "action", "version": tab.version, "action": _discard(tab.view)}
    await _refused(tab, game, "server_error", text_data=json.dumps(message))
    monkeypatch.undo()
    await tab.close()
    tabs.pop(turn)
    shown = await watcher.until(lambda f: f["type"] == "presence")
    assert [s["connected"] for s in shown["seats"] if s["seat"] == turn] == [False]


async def test_a_crashing_connect_gives_its_place_back(app, players, monkeypatch):
    """An exception after the socket was counted (here: sending the first state) still runs the
    disconnect path, so the seat is not left connected."""
    from games.realtime import consumers

    game = await sync_to_async(make_table)(players, seed="crash-connect")

    async def explode(self):
        raise RuntimeError("state could not be built")

    monkeypatch.setattr(consumers.GameConsumer, "_send_state", explode)
    from channels.testing import WebsocketCommunicator

    from .live import _cookie

    cookie = await sync_to_async(_cookie)(players[0])
    comm = WebsocketCommunicator(
        app, f"/ws/game/{game.pk}/",
        headers=[(b"origin", b"http://testserver"), (b"cookie", f"sessionid={cookie}".encode())],
    )
    with pytest.raises(RuntimeError):
        await comm.connect(timeout=20)
        await comm.receive_output(timeout=20)
    assert set((await sync_to_async(_connections)(game.pk)).values()) == {0}
