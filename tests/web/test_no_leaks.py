"""A whole bot game, frame by frame: no frame to a seat or a spectator holds a tile it may not
see, the wall order or the seed, until the game is over."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games import services
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.ruleset import Ruleset
from games.engine.tiles import format_tiles
from games.models import Game
from games.realtime import protocol

from .live import TIMEOUT, join, short_ruleset

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC_SEAT_KEYS = {"seat", "wind", "points", "concealed", "melds", "bonus", "discards",
                    "original_call", "call_broken", "fishing", "ready"}  # fishing: said aloud (001)


def _bot_game(display: str) -> Game:
    if display == "goulash":
        # Seed 001: this seed's first British deal is a wash-out, so the second is a Goulash
        # whose exchanges pass tiles face down (tests/web/test_goulash_exchange.py).
        game = services.create_game(None, "british", seed="goulash-0",
                                    settings={"rounds": 1, "max_deals": 2})
    else:
        settings = {**short_ruleset(rounds=1),
                    **({"discard_display": display} if display != "rows" else {})}
        game = services.create_game(None, seed="leak-scan", settings=settings)
    for _ in range(4):
        services.add_bot(game.pk, "greedy")
    return game


async def _listen(layer, group, into):
    channel = await layer.new_channel()
    await layer.group_add(group, channel)

    async def drain():
        while True:
            into.append((await layer.receive(channel))["text"])

    return asyncio.create_task(drain())


def _truth(game_id):
    """Replay the moves independently: events per move, and each seat's tiles at each version."""
    game = Game.objects.get(pk=game_id)
    match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    events, tiles = {}, {0: [sorted(match.deal.seats[s].tiles()) for s in range(4)]}
    for seq, data in game.moves.order_by("seq").values_list("seq", "action"):
        events[seq] = match.apply(Action.from_json(data))
        tiles[seq] = [sorted(match.deal.seats[s].tiles()) for s in range(4)]
    return game, events, tiles


def _check(text, seat, game, events, tiles):
    frame = json.loads(text)
    if frame.get("status") == "finished":
        return  # the game is over: everything may be shown
    assert game.seed not in text
    if frame["type"] != "update":
        return
    assert game.seed not in text and '"seed"' not in text and '"record"' not in text
    truth = [e for seq in range(frame["from"] + 1, frame["version"] + 1) for e in events[seq]]
    for got, event in zip(frame["events"], [e for e in truth if e.for_seat(seat) is not None],
                          strict=True):
        assert got["type"] == event.type
        if event.private and event.seat != seat:
            assert not set(event.private) & set(got), (seat, got)  # another seat's secret
    view = frame["view"]
    assert view["viewer"] == seat
    for other in view["seats"]:
        assert set(other) <= PUBLIC_SEAT_KEYS
    if view["discard_display"] == "centre":
        # Seed 003 §3.3: nothing tells who threw which tile of the pool, or in which order.
        assert all(other["discards"] == "" for other in view["seats"])
        assert view["last_discard"] is None or view["phase"] == "claim"
    if seat is None:
        assert view["hand"] is None and view["drawn"] is None and view["legal_actions"] == []
    else:
        shown = (view["hand"] or "").split() + ([view["drawn"]] if view["drawn"] else [])
        assert sorted(shown) == sorted(format_tiles(tiles[frame["version"]][seat]).split())
    swap = view.get("exchange") or {}
    if seat is None:
        assert "passed" not in swap and "received" not in swap  # a Goulash passes face down
    for key in ("passed", "received"):
        for t in (swap.get(key) or "").split():
            assert t in shown, (seat, key, t)  # only tiles of the seat's own hand


@pytest.mark.parametrize("display", ["rows", "centre", "goulash"])
async def test_whole_bot_game_frames_hide_what_they_must(app, spectator, display):
    game = await sync_to_async(_bot_game)(display)
    layer = get_channel_layer()
    seen = {s: [] for s in range(4)}
    tasks = [await _listen(layer, protocol.group_for_seat(game.pk, s), seen[s]) for s in range(4)]
    await sync_to_async(services.start_game)(game.pk)
    watcher = await join(app, game.pk, spectator)  # starts this process's ticker
    await asyncio.wait_for(watcher.until(lambda f: f.get("status") == "finished"), TIMEOUT * 6)
    for task in tasks:
        task.cancel()

    game, events, tiles = await sync_to_async(_truth)(game.pk)
    assert game.status == "finished" and game.result["standings"]
    for seat in range(4):
        updates = [t for t in seen[seat] if '"type":"update"' in t]
        assert updates and json.loads(updates[-1])["status"] == "finished"
        for text in seen[seat]:
            _check(text, seat, game, events, tiles)
    spectated = [t for t in watcher.texts if '"type":"update"' in t]
    assert json.loads(spectated[-1])["version"] == game.version
    for text in watcher.texts:
        _check(text, None, game, events, tiles)
    final = json.loads(spectated[-1])
    assert final["view"]["seed"] == game.seed  # revealed once the game is over
    assert final["view"]["discard_display"] == ("rows" if display == "goulash" else display)
    if display == "goulash":
        swapped = [e for seq in events for e in events[seq] if e.type == "exchange_received"]
        assert len(swapped) == 12  # the exchanges were played and scanned
    await watcher.close()
