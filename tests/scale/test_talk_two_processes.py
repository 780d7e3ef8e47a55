"""Issue 43, scaled out: table talk and presence cross server processes through PostgreSQL and
the Redis channel layer. A player connected to this process (A) and two connected to a Daphne
process (B) sit at one private table: each side sees the other's people arrive and leave, a line
said on A reaches B and one said on B reaches A, and a speaker muted by a player on B is not
heard by that player (the socket drops it), while the others hear it."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import Client
from websockets.asyncio.client import connect

from games import services
from games.services import moderation
from tests.browser.server import SERVE, daphne
from tests.web.live import join

pytestmark = [pytest.mark.scale, pytest.mark.django_db(transaction=True)]

TIMEOUT = 20  # a bound for a stuck test, never a wait that a passing test uses up


def _env() -> dict:
    db = settings.DATABASES["default"]
    return {
        **os.environ,  # REDIS_URL: the same channel layer as this process's
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/"
                        f"{db['NAME']}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,  # so B reads this process's sessions
        "MAHJONG_TICK_POLL_SECONDS": "1",
        # This process's sockets are swept by B only if B thinks them dead: not while it runs.
        "MAHJONG_PRESENCE_TTL_SECONDS": "60",
    }


class Remote:
    """A browser tab connected to process B: its socket and the frames it has read."""

    def __init__(self, ws):
        self.ws, self.frames = ws, []

    async def until(self, predicate) -> dict:
        while True:
            frame = json.loads(await asyncio.wait_for(self.ws.recv(), TIMEOUT))
            self.frames.append(frame)
            if predicate(frame):
                return frame


def _session(user) -> str:
    browser = Client()
    browser.force_login(user)
    return browser.cookies["sessionid"].value


async def _remote(base: str, game_id: int, user) -> Remote:
    cookie = await sync_to_async(_session)(user)
    ws = await connect(f"{base.replace('http', 'ws')}/ws/game/{game_id}/", open_timeout=TIMEOUT,
                       additional_headers={"Cookie": f"sessionid={cookie}", "Origin": base})
    remote = Remote(ws)
    await remote.until(lambda f: f["type"] == "state")
    return remote


def _says(text: str):
    return lambda f: f["type"] == "talk" and any(ln["text"] == text for ln in f["lines"])


def _connected(name: str, yes: bool = True):
    return lambda f: f["type"] in ("presence", "state") and any(
        s["name"] == name and s["connected"] == yes for s in f["seats"])


def _private_table(players):
    game = services.create_game(players[0], private=True)
    for user in players[:3]:
        services.take_seat(game.pk, user)
    moderation.mute(players[1], players[0].username)  # bob mutes alice
    return game


async def test_talk_and_presence_cross_two_processes_and_a_mute_holds(app, players, tmp_path):
    alice_u, bob_u, carol_u = players[:3]
    game = await sync_to_async(_private_table)(players)
    # Process B is started before any socket opens here, so nothing waits on its start.
    with daphne(_env(), tmp_path / "b.log", command=SERVE) as base:
        alice = await join(app, game.pk, alice_u)  # on A
        bob = await _remote(base, game.pk, bob_u)  # on B
        carol = await _remote(base, game.pk, carol_u)  # on B
        # Presence: A sees the people who connected to B.
        await alice.until(lambda f: _connected("bob")(f) and _connected("carol")(f))

        # A line said on A reaches B: carol hears it, bob (who muted alice) does not.
        await alice.comm.send_json_to({"type": "talk", "text": "hello from A"})
        await alice.until(_says("hello from A"))  # the speaker hears it back, as everyone
        await carol.until(_says("hello from A"))
        await carol.ws.send(json.dumps({"type": "talk", "text": "carol on B"}))
        await bob.until(_says("carol on B"))  # said after alice's line: bob would have had it
        assert not any(_says("hello from A")(f) for f in bob.frames)

        # A line said on B reaches A; alice hears bob (she did not mute him).
        await bob.ws.send(json.dumps({"type": "talk", "text": "hello from B"}))
        await alice.until(_says("hello from B"))
        assert any(_says("carol on B")(f) for f in alice.frames)

        # Leaving B is seen on A.
        await bob.ws.close()
        await alice.until(_connected("bob", False))
        await carol.ws.close()
        await alice.close()
    assert "Traceback" not in (tmp_path / "b.log").read_text()
