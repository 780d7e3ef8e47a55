"""Seats that change while a page stays open: a player who sat down after opening the page gets
their own tiles at the deal, or on the next sync if a notice was lost; nobody else ever does.
Bots at one table carry names of their own in every frame."""

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.engine.match import Match
from games.services import broadcast

from .live import join

pytestmark = pytest.mark.django_db(transaction=True)


def _table(creator, *others):
    game = services.create_game(creator, seed="seat-late")
    for user in (creator, *others):
        services.take_seat(game.pk, user)
    return game


def _connected(name):
    return lambda f: f["type"] == "presence" and any(
        s["name"] == name and s["connected"] for s in f["seats"])


def _hands(tab):
    return [f["view"]["hand"] for f in tab.frames if f.get("view")]


async def test_a_page_opened_before_sitting_down_is_dealt_its_own_hand(app, players, spectator):
    game = await sync_to_async(_table)(players[0])
    bob = await join(app, game.pk, players[1])
    watcher = await join(app, game.pk, spectator)
    assert (bob.seat, bob.status) == (None, "open")

    await sync_to_async(services.take_seat)(game.pk, players[1])
    await bob.until(_connected("bob"))  # this very page counts as Bob being there
    for _ in range(2):
        await sync_to_async(services.add_bot)(game.pk)
    await sync_to_async(services.start_game)(game.pk)

    state = await bob.until(lambda f: f["type"] == "state" and f["status"] == "active")
    seat = await sync_to_async(services.seat_for)(game.pk, players[1])
    assert state["seat"] == seat and state["view"]["viewer"] == seat
    assert len(state["view"]["hand"].split()) >= 13
    seen = await watcher.until(lambda f: f["type"] == "state" and f["status"] == "active")
    assert seen["seat"] is None and seen["view"]["hand"] is None
    await bob.comm.send_json_to({"type": "sync"})
    await watcher.comm.send_json_to({"type": "sync"})
    assert (await bob.until(lambda f: f["type"] == "state"))["view"]["viewer"] == seat
    assert (await watcher.until(lambda f: f["type"] == "state"))["view"]["hand"] is None
    assert not any(_hands(watcher))
    for tab in (bob, watcher):
        await tab.close()


async def test_a_sync_after_missed_notices_returns_the_seat_view(app, players, monkeypatch):
    # With this seed the last chair is drawn East, so Bob, sitting down last, deals first.
    assert Match.new("chinese-classical", "seat-late").seating.seat_of[3] == 0
    game = await sync_to_async(_table)(players[0], players[2], players[3])
    bob = await join(app, game.pk, players[1])
    # Lost on the way (say a full channel-layer queue): Bob's page hears of neither change.
    monkeypatch.setattr(broadcast, "on_commit_send", lambda messages: None)
    await sync_to_async(services.take_seat)(game.pk, players[1])
    await sync_to_async(services.start_game)(game.pk)
    monkeypatch.undo()

    await bob.comm.send_json_to({"type": "sync"})
    state = await bob.until(lambda f: f["type"] == "state")
    assert state["status"] == "active" and state["seat"] == 0
    assert state["view"]["viewer"] == 0 and len(state["view"]["hand"].split()) >= 13
    await bob.until(_connected("bob"))
    discard = next(a for a in state["view"]["legal_actions"] if a["type"] == "discard")
    assert (await bob.act(discard))["status"] == "applied"
    update = await bob.until(lambda f: f["type"] == "update")
    assert update["view"]["viewer"] == 0 and update["view"]["hand"]
    await bob.close()


async def test_bots_have_names_of_their_own_in_presence_and_state(app, players):
    game = await sync_to_async(_table)(players[0])
    alice = await join(app, game.pk, players[0])
    for level in ("greedy", "random", "greedy"):
        await sync_to_async(services.add_bot)(game.pk, level)
    presence = await alice.until(lambda f: f["type"] == "presence" and len(f["seats"]) == 4)
    bots = [s for s in presence["seats"] if s["bot"]]
    assert [s["bot"] for s in bots] == ["greedy", "random", "greedy"]
    names = [s["name"] for s in bots]
    assert len(set(names)) == 3 and all(n.startswith("Bot ") for n in names)

    await sync_to_async(services.start_game)(game.pk)
    state = await alice.until(lambda f: f["type"] == "state" and f["status"] == "active")
    assert [s["name"] for s in state["seats"] if s["bot"]] == names
    await alice.close()
