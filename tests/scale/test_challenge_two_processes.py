"""Issue 43, scaled out: a challenge's notice crosses server processes through the Redis channel
layer. Bob has a table page open on a Daphne process (B) and another on this process (A); a
challenge sent through this process's services reaches both his sockets at once, and nobody
else's; his answer, made here, reaches Alice's socket on B."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.services import challenges
from tests.browser.server import SERVE, daphne
from tests.web.live import join

from .test_talk_two_processes import TIMEOUT, _env, _remote

pytestmark = [pytest.mark.scale, pytest.mark.django_db(transaction=True)]


def _notice(frame) -> bool:
    return frame["type"] == "notice"


def _table(players):
    game = services.create_game(players[1])
    for user in players[1:3]:
        services.take_seat(game.pk, user)
    return game


async def test_a_challenges_notice_reaches_a_socket_on_another_process(app, players, tmp_path):
    alice_u, bob_u, carol_u = players[:3]
    game = await sync_to_async(_table)(players)
    with daphne(_env(), tmp_path / "b.log", command=SERVE) as base:
        bob_b = await _remote(base, game.pk, bob_u)  # on B
        carol_b = await _remote(base, game.pk, carol_u)  # on B, not challenged
        alice_b = await _remote(base, game.pk, alice_u)  # on B, watching
        bob_a = await join(app, game.pk, bob_u)  # on A

        sent = await sync_to_async(challenges.send)(alice_u, "bob",
                                                    ruleset_name="chinese-classical")
        assert await bob_b.until(_notice) == {"type": "notice", "about": "challenge"}
        await bob_a.until(_notice)
        await sync_to_async(challenges.decline)(sent.pk, bob_u)
        assert (await alice_b.until(_notice))["about"] == "answer"
        # Carol heard of neither: her socket reads on to a talk line said after both.
        await bob_a.comm.send_json_to({"type": "talk", "code": "hello"})
        await carol_b.until(lambda f: f["type"] == "talk")
        assert not any(_notice(f) for f in carol_b.frames)
        for remote in (bob_b, carol_b, alice_b):
            await asyncio.wait_for(remote.ws.close(), TIMEOUT)
        await bob_a.close()
    assert "Traceback" not in (tmp_path / "b.log").read_text()
