"""Issue 12 §5: everyone at a table sees how many watch, kept up to date as spectators come and
go, and a spectator's socket that died with its process stops counting (like seat presence)."""

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.models import Watcher
from games.services import presence

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _watching(frame):
    return frame.get("watching") if frame["type"] in ("state", "presence") else None


async def test_everyone_sees_the_watcher_count_as_spectators_come_and_go(
    app, players, spectator
):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="watchers")
    player = await join(app, game.pk, players[0])
    assert player.frames[0]["watching"] == 0

    first = await join(app, game.pk, spectator)  # a signed-in spectator
    assert first.frames[0]["watching"] == 1 and first.seat is None
    await player.until(lambda f: _watching(f) == 1)

    second = await join(app, game.pk)  # an anonymous one
    assert second.frames[0]["watching"] == 2
    await player.until(lambda f: _watching(f) == 2)
    await first.until(lambda f: _watching(f) == 2)

    await first.close()
    await player.until(lambda f: _watching(f) == 1)
    await second.until(lambda f: _watching(f) == 1)
    await second.close()
    await player.until(lambda f: _watching(f) == 0)
    # A seated player's own sockets never count as watching.
    again = await join(app, game.pk, players[0])
    assert again.frames[0]["watching"] == 0
    await again.close()
    await player.close()


async def test_a_spectator_socket_that_died_with_its_process_stops_counting(
    app, players, spectator, clock, settings
):
    settings.GAMES_PRESENCE_TTL_SECONDS = 30
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="dead-watcher")
    # A process killed with a spectator's socket open leaves its row and nobody to remove it.
    await sync_to_async(services.connect)(game.pk, spectator)
    presence._watching.clear()
    player = await join(app, game.pk, players[0])
    assert player.frames[0]["watching"] == 1

    clock.advance(20)
    await sync_to_async(presence.heartbeat)()  # this process keeps only its own rows fresh
    clock.advance(11)
    # Stale already: a state read now no longer counts it, even before any sweep ...
    late = await join(app, game.pk)
    assert late.frames[0]["watching"] == 1  # only the one who just came
    # ... and the sweep (this one, or the ticker's if it came first) removes the row and tells
    # the table.
    await sync_to_async(presence.sweep)()
    await player.until(lambda f: _watching(f) == 1 and f["type"] == "presence")
    assert await sync_to_async(Watcher.objects.filter(game=game).count)() == 1
    await late.close()
    await player.until(lambda f: _watching(f) == 0)
    await player.close()
