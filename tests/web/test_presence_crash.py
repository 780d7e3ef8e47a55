"""Presence survives crashes: a process killed with its sockets open (or a counter left behind
by one) can never leave a seat shown connected, and a newly started process moves the table's
autopilot with nobody connected."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers

from games import services
from games.models import Connection, Game, Seat
from games.realtime import timers
from games.services import matches, presence

from .live import application, join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _crashed_process_left_sockets(game_id, users, stale_counter):
    """What a process killed with kill -9 leaves: a fresh-looking row per socket it had open
    (it heartbeated just before dying), and nobody to remove them."""
    for user in users:
        for _ in range(2):
            services.connect(game_id, user)
    presence._live.clear()  # the dying process's memory goes with it
    if stale_counter:
        Seat.objects.filter(game_id=game_id, bot_level="").update(connections=12)


def _state(game_id):
    game = Game.objects.get(pk=game_id)
    seats = {s.position: (s.connections, s.connected) for s in game.seats.all()}
    return game.version, seats, Connection.objects.filter(seat__game_id=game_id).count()


@pytest.mark.parametrize("stale_counter", [False, True])
async def test_crashed_sockets_expire_and_the_autopilot_plays(
    app, players, spectator, clock, settings, stale_counter
):
    settings.GAMES_ABSENT_GRACE_SECONDS = 20
    settings.GAMES_PRESENCE_TTL_SECONDS = 30
    game = await sync_to_async(make_table)(players, seed="crash")
    await sync_to_async(_crashed_process_left_sockets)(game.pk, players, stale_counter)
    version, seats, rows = await sync_to_async(_state)(game.pk)
    assert rows == 8 and all(connected for _, connected in seats.values())

    # A new process starts: no cached games, a fresh channel layer, its ticker running at once.
    await timers.stop()
    matches.forget_all()
    channel_layers.backends.clear()
    restarted = application()
    clock.advance(30 + 1)  # the dead sockets' rows expire ...
    timers.ensure_running()
    watcher = await join(restarted, game.pk, spectator)  # someone watching, nobody seated

    async def seen(predicate):
        # The new process may have acted before the watcher's state was read: look back first.
        if not any(predicate(f) for f in watcher.frames):
            await watcher.until(predicate)

    await seen(
        lambda f: f["type"] in ("presence", "state") and not any(s["connected"] for s in f["seats"])
    )
    # ... and the absence counts from when they were last seen: the grace ran out during the
    # 31 s already passed, so the autopilot plays without anyone connecting.
    await seen(lambda f: f.get("version", -1) > version)
    now_version, seats, rows = await sync_to_async(_state)(game.pk)
    assert rows == 0 and seats == {p: (0, False) for p in range(4)}
    await watcher.close()


async def test_absence_starts_when_the_last_socket_goes(app, players, spectator, clock, settings):
    settings.GAMES_ABSENT_GRACE_SECONDS = 20
    game = await sync_to_async(make_table)(players, seed="last-socket")
    tabs = [await join(app, game.pk, u) for u in players]
    turn = tabs[0].view["turn"]
    mover = next(t for t in tabs if t.seat == turn)
    second = await join(app, game.pk, players[tabs.index(mover)])
    await mover.close()
    clock.advance(25)  # one tab still open: nothing is due for this seat
    assert not await sync_to_async(services.tick)(game.pk)
    await second.close()
    clock.advance(19)
    assert not await sync_to_async(services.tick)(game.pk)
    clock.advance(1)
    assert await sync_to_async(services.tick)(game.pk)
    for tab in tabs:
        if tab is not mover:
            await tab.close()


async def test_a_live_process_keeps_its_sockets_fresh(app, players, clock, settings):
    settings.GAMES_PRESENCE_TTL_SECONDS = 30
    game = await sync_to_async(make_table)(players, seed="heartbeat")
    tab = await join(app, game.pk, players[0])
    for _ in range(4):  # two minutes of heartbeats: the open socket never expires
        clock.advance(10)
        await sync_to_async(presence.heartbeat)()
        await sync_to_async(presence.sweep)()
    _, seats, rows = await sync_to_async(_state)(game.pk)
    assert rows == 1 and seats[tab.seat] == (1, True)
    await tab.close()
