"""A reloaded page, and a restarted server, pick the game up exactly where it was."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers

from games.realtime import timers
from games.services import matches

from .live import application, join, make_table, play_step

pytestmark = pytest.mark.django_db(transaction=True)


async def _play(tabs, steps):
    for _ in range(steps):
        assert await play_step(tabs)


async def test_reload_mid_hand_restores_the_view(app, players, spectator):
    game = await sync_to_async(make_table)(players, seed="reload")
    tabs = [await join(app, game.pk, u) for u in players]
    await _play(tabs, 12)
    leaving = tabs[1]
    seat, view, version = leaving.seat, leaving.view, leaving.version
    await leaving.close()
    watcher = await join(app, game.pk, spectator)
    shown = {s["seat"]: s["connected"] for s in watcher.frames[0]["seats"]}
    assert shown == {s: s != seat for s in range(4)}

    back = await join(app, game.pk, players[1])
    assert (back.seat, back.version, back.view) == (seat, version, view)
    assert back.view["hand"] and len(back.view["hand"].split()) >= 1
    present = await watcher.until(lambda f: f["type"] == "presence")
    assert all(s["connected"] for s in present["seats"])
    # The view pushed with each update equals a fresh sync.
    tabs[1] = back
    await _play(tabs, 6)
    for tab in tabs:
        pushed = tab.view
        await tab.comm.send_json_to({"type": "sync"})
        state = await tab.until(lambda f: f["type"] == "state")
        assert state["view"] == pushed
    for tab in [*tabs, watcher]:
        await tab.close()


async def test_server_restart_mid_game_resumes_exactly(app, players):
    game = await sync_to_async(make_table)(players, seed="restart")
    tabs = [await join(app, game.pk, u) for u in players]
    await _play(tabs, 15)
    before = {t.seat: (t.version, t.view) for t in tabs}
    for tab in tabs:
        await tab.close()

    # The process dies: its ticker, its cached Matches and its channel layer go with it.
    await timers.stop()
    matches.forget_all()
    channel_layers.backends.clear()
    restarted = application()

    tabs = [await join(restarted, game.pk, u) for u in players]
    assert {t.seat: (t.version, t.view) for t in tabs} == before
    await _play(tabs, 10)
    assert len({t.version for t in tabs}) == 1 and tabs[0].version > before[0][0]
    for tab in tabs:
        await tab.close()
