"""Issue 43, table talk over the table's socket: two friends at a private table exchange canned
and free lines; a spectator's line reaches the other spectators at once and the players only
when the deal ends (a reload before then does not show it either); refusals are error frames
with their reason, and a flood of lines is cut by the talk limit."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from .live import join, make_table
from .test_talk_rules import to_deal_over

pytestmark = pytest.mark.django_db(transaction=True)


def _talk(frame) -> bool:
    return frame["type"] == "talk"


async def test_friends_at_a_private_table_exchange_canned_and_free_lines(app, players):
    game = await sync_to_async(make_table)(players[:2], bots=2, seed="talk-friends",
                                          private=True)
    alice = await join(app, game.pk, players[0])
    bob = await join(app, game.pk, players[1])
    assert alice.frames[-1]["talk"] == []  # the state's recent talk: none yet

    await alice.comm.send_json_to({"type": "talk", "code": "good_luck"})
    heard = await bob.until(_talk)
    assert heard["lines"][0]["text"] == "Good luck!" and heard["lines"][0]["name"] == "alice"
    assert heard["lines"][0]["seat"] == alice.seat
    await bob.comm.send_json_to({"type": "talk", "text": "<i>thanks</i>, you too"})
    own = await bob.until(_talk)
    assert own["lines"][0]["text"] == "<i>thanks</i>, you too"
    heard = await alice.until(lambda f: _talk(f) and f["lines"]
                              and f["lines"][0]["kind"] == "text")
    assert heard["lines"][0]["name"] == "bob" and heard["lines"][0]["channel"] == "players"

    refusal = await alice.send({"type": "talk", "text": "x" * 201})
    assert refusal["code"] == "bad_text" and refusal["re"] == "talk" and "200" in refusal["message"]
    refusal = await alice.send({"type": "talk", "code": "<script>"})
    assert refusal["code"] == "bad_message" and refusal["re"] == "talk"
    # A reload shows what was said.
    again = await join(app, game.pk, players[0])
    assert [ln["text"] for ln in again.frames[-1]["talk"]] == ["Good luck!", "<i>thanks</i>, you too"]
    for p in (alice, bob, again):
        await p.close()


async def test_free_text_is_refused_at_a_public_table_and_a_flood_is_limited(app, players):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="talk-public")
    alice = await join(app, game.pk, players[0])
    refusal = await alice.send({"type": "talk", "text": "anyone?"})
    assert refusal["code"] == "talk_off" and "private" in refusal["message"]
    answers = []
    for _ in range(6):
        await alice.comm.send_json_to({"type": "talk", "code": "hello"})
    while len(answers) < 5 or not any(f["type"] == "error" for f in answers):
        frame = await alice.until(lambda f: _talk(f) or f["type"] == "error")
        answers.append(frame)
    assert sum(_talk(f) for f in answers) == 4  # the refusal above took one of the five
    error = next(f for f in answers if f["type"] == "error")
    assert error["code"] == "rate_limited" and "too fast" in error["message"]
    await alice.close()




async def test_a_spectators_line_reaches_the_players_only_when_the_deal_ends(
    app, players, spectator, outsider
):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="talk-watch")
    alice = await join(app, game.pk, players[0])
    sam = await join(app, game.pk, spectator)
    otto = await join(app, game.pk, outsider)
    await sam.comm.send_json_to({"type": "talk", "code": "nice_hand"})
    said = await otto.until(_talk)
    assert said["lines"][0]["held"] and said["lines"][0]["channel"] == "spectators"
    # The player's own line comes back; the spectator's, sent before it, never came first.
    await alice.comm.send_json_to({"type": "talk", "code": "thinking"})
    own = await alice.until(_talk)
    assert own["lines"][0]["code"] == "thinking"
    assert not any(_talk(f) and any(ln["code"] == "nice_hand" for ln in f["lines"])
                   for f in alice.frames)
    reload = await join(app, game.pk, players[0])  # a reload is not told either
    assert [ln["code"] for ln in reload.frames[-1]["talk"]] == ["thinking"]
    await reload.close()

    await sync_to_async(to_deal_over)(game.pk)
    released = await alice.until(lambda f: _talk(f) and f.get("released"))
    assert [ln["code"] for ln in released["lines"]] == ["nice_hand"]
    assert released["lines"][0]["name"] == "sam"
    reload = await join(app, game.pk, players[0])
    assert [ln["code"] for ln in reload.frames[-1]["talk"]] == ["nice_hand", "thinking"]
    for p in (alice, sam, otto, reload):
        await p.close()
