"""Issue 43, challenges pushed over the socket (docs/people.md, "Challenges"): a person with a
table page open hears of a challenge at once, a `notice` frame on every table socket of theirs,
whatever the table; the challenger's sockets hear of the answer, the challenged person's of a
withdrawal. Nobody else's socket hears anything, and the poll (/notices.json) still tells the
challenge itself."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.services import challenges

from .live import join, make_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.scale_db]


def _notice(frame) -> bool:
    return frame["type"] == "notice"


async def _hears_nothing(player, seconds: float = 0.3) -> None:
    """No notice frame reaches this socket meanwhile (other frames may: presence, talk)."""
    try:
        while True:
            frame = await asyncio.wait_for(player.recv(), seconds)
            assert not _notice(frame), frame
    except TimeoutError:
        return


def _incoming(user) -> list[int]:
    client = Client()
    client.force_login(user)
    return [c["id"] for c in client.get("/notices.json").json()["incoming"]]


async def test_a_challenge_reaches_the_challenged_persons_table_sockets_at_once(
        app, players, outsider):
    alice_u, bob_u, carol_u = players[:3]
    # bob and carol play a table; carol watches another one too; alice challenges bob.
    game = await sync_to_async(make_table)([bob_u, carol_u], bots=2, seed="push-table")
    other = await sync_to_async(make_table)([outsider], bots=3, seed="push-other")
    bob = await join(app, game.pk, bob_u)
    bob_watching = await join(app, other.pk, bob_u)  # a second tab, as a spectator
    carol = await join(app, game.pk, carol_u)
    alice = await join(app, other.pk, alice_u)

    sent = await sync_to_async(challenges.send)(alice_u, "bob", ruleset_name="chinese-classical")
    for tab in (bob, bob_watching):
        frame = await tab.until(_notice)
        assert frame == {"type": "notice", "about": "challenge"}  # small: the poll has the rest
    await _hears_nothing(carol)
    await _hears_nothing(alice)
    assert await sync_to_async(_incoming)(bob_u) == [sent.pk]  # the poll tells it still

    # The answer reaches the challenger's sockets; a withdrawal the challenged person's.
    await sync_to_async(challenges.decline)(sent.pk, bob_u)
    assert (await alice.until(_notice))["about"] == "answer"
    again = await sync_to_async(challenges.send)(alice_u, "bob",
                                                 ruleset_name="chinese-classical")
    await bob.until(_notice)
    await sync_to_async(challenges.cancel)(again.pk, alice_u)
    assert (await bob.until(_notice))["about"] == "withdrawn"
    await _hears_nothing(carol)
    for tab in (bob, bob_watching, carol, alice):
        await tab.close()


async def test_an_anonymous_socket_joins_no_persons_notices(app, players):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="push-anon")
    anonymous = await join(app, game.pk)
    alice = await join(app, game.pk, players[0])
    await sync_to_async(challenges.send)(players[1], "alice", ruleset_name="chinese-classical")
    await alice.until(_notice)
    await _hears_nothing(anonymous)
    for tab in (anonymous, alice):
        await tab.close()
