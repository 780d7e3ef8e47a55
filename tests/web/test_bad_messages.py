"""Every kind of bad message is answered with an error and changes nothing."""

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Game, Move

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _snapshot(game_id):
    game = Game.objects.get(pk=game_id)
    return game.version, dict(game.pending), Move.objects.filter(game_id=game_id).count()


@pytest.fixture
async def table(app, players, spectator):
    game = await sync_to_async(make_table)(players, seed="bad-messages")
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


CASES = {
    "bad_json": lambda tabs, turn: (tabs[turn], "{not json"),
    "unknown_type": lambda tabs, turn: (tabs[turn], {"type": "shout"}),
    "unknown_type_not_object": lambda tabs, turn: (tabs[turn], [1, 2]),
    "not_your_turn": lambda tabs, turn: (
        tabs[(turn + 1) % 4],
        {"type": "action", "version": tabs[turn].version,
         "action": {"type": "discard", "tile": tabs[(turn + 1) % 4].view["hand"].split()[0]}},
    ),
    "not_your_seat": lambda tabs, turn: (
        tabs[(turn + 1) % 4],
        {"type": "action", "version": tabs[turn].version,
         "action": {**_discard(tabs[turn].view), "seat": turn}},
    ),
    "stale": lambda tabs, turn: (
        tabs[turn],
        {"type": "action", "version": tabs[turn].version - 1, "action": _discard(tabs[turn].view)},
    ),
    "too_large": lambda tabs, turn: (tabs[turn], json.dumps({"type": "sync", "pad": "x" * 5000})),
    "bad_notation": lambda tabs, turn: (
        tabs[turn],
        {"type": "action", "version": tabs[turn].version, "action": {"type": "discard",
                                                                     "tile": "zz"}},
    ),
    "illegal_action": lambda tabs, turn: (
        tabs[turn],
        {"type": "action", "version": tabs[turn].version, "action": {"type": "pung"}},
    ),
    "bad_message": lambda tabs, turn: (
        tabs[turn], {"type": "action", "action": _discard(tabs[turn].view)},
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_bad_message_is_answered_and_changes_nothing(table, case):
    game, tabs, watcher, turn = table
    before = await sync_to_async(_snapshot)(game.pk)
    tab, message = CASES[case](tabs, turn)
    answer = await tab.send(message)
    assert answer["type"] == "error"
    assert answer["code"] == case.removesuffix("_not_object")
    assert answer["message"]
    assert await sync_to_async(_snapshot)(game.pk) == before
    # The connection still works: a sync returns the same version.
    await tab.comm.send_json_to({"type": "sync"})
    state = await tab.until(lambda f: f["type"] == "state")
    assert state["version"] == before[0]
    assert await watcher.comm.receive_nothing()


async def test_spectator_cannot_act(table):
    game, tabs, watcher, turn = table
    before = await sync_to_async(_snapshot)(game.pk)
    answer = await watcher.send(
        {"type": "action", "version": watcher.version, "action": _discard(tabs[turn].view)}
    )
    assert (answer["type"], answer["code"]) == ("error", "not_seated")
    assert await sync_to_async(_snapshot)(game.pk) == before


async def test_binary_frame_is_refused(table):
    game, tabs, watcher, turn = table
    await tabs[turn].comm.send_to(bytes_data=b"\x00\x01")
    answer = await tabs[turn].until(lambda f: f["type"] == "error")
    assert answer["code"] == "bad_json"


async def test_repeated_action_is_applied_once(table):
    game, tabs, watcher, turn = table
    tab = tabs[turn]
    action, version = _discard(tab.view), tab.version
    first = await tab.act(action, version)
    again = await tab.act(action, version)
    assert (first["status"], again["status"]) == ("applied", "duplicate")
    assert first["version"] == again["version"] == version + 1
    assert await sync_to_async(Move.objects.filter(game_id=game.pk).count)() == version + 1
