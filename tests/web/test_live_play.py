"""Four people at one table over WebSockets, from the deal to the scoring."""

import pytest
from asgiref.sync import sync_to_async

from games.models import Game

from .live import join, make_table, play_step

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def machine_speed(settings):
    """These clients answer at machine speed (a whole deal in well under a second), faster
    than any person: the per-connection flood limit (tests/web/test_rate_limit.py) is not what
    is tested here."""
    settings.GAMES_RATE_BURST = 10_000
    settings.GAMES_USER_RATE_BURST = 10_000


async def test_four_clients_play_a_deal_to_the_end(app, players, spectator):
    game = await sync_to_async(make_table)(players, seed="four-humans")
    tabs = [await join(app, game.pk, user) for user in players]
    watcher = await join(app, game.pk, spectator)
    assert sorted(t.seat for t in tabs) == [0, 1, 2, 3]
    assert watcher.seat is None and watcher.view["hand"] is None

    for _ in range(3000):
        if any(e["type"] == "deal_scored" for t in tabs for f in t.frames
               for e in f.get("events", [])):
            break
        assert await play_step(tabs), "nobody could act but the deal is not over"
    else:
        pytest.fail("the deal did not end")

    version = (await sync_to_async(Game.objects.get)(pk=game.pk)).version
    await watcher.reach(version)
    for tab in tabs + [watcher]:
        assert tab.version == version
        assert tab.view["phase"] == "deal_over"
        scored = [e for f in tab.frames for e in f.get("events", []) if e["type"] == "deal_scored"]
        assert len(scored) == 1
    assert tabs[0].view["seats"] == watcher.view["seats"]
    for tab in tabs + [watcher]:
        await tab.close()


async def test_two_people_waiting_at_a_table_are_dealt_in_when_it_starts(app, players):
    from games import services

    def open_table():
        game = services.create_game(players[0])
        for user in players[:2]:
            services.take_seat(game.pk, user)
        services.add_bot(game.pk)
        return game

    game = await sync_to_async(open_table)()
    tabs = [await join(app, game.pk, user) for user in players[:2]]
    assert [(t.status, t.seat, t.view) for t in tabs] == [("open", None, None)] * 2
    await sync_to_async(services.add_bot)(game.pk)
    await sync_to_async(services.start_game)(game.pk)
    for tab in tabs:
        state = await tab.until(lambda f: f["type"] == "state" and f["status"] == "active")
        assert state["seat"] in range(4) and len(state["view"]["hand"].split()) >= 13
        assert state["view"]["viewer"] == state["seat"]
    assert tabs[0].seat != tabs[1].seat
    for tab in tabs:
        await tab.close()
