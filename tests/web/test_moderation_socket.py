"""Issue 43, moderation at the table's socket (docs/people.md, "Moderation"): a muted or blocked
speaker's lines no longer reach the person who muted them (the socket drops them; a reload's
recent talk leaves them out) while everyone else still hears them; a silenced account's lines
are refused with the time it ends; the operator's word filter masks a word or refuses a line."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games.models import FilteredWord
from games.services import moderation

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _talk(frame) -> bool:
    return frame["type"] == "talk"


def _said(player) -> list[str]:
    return [ln["text"] for f in player.frames if _talk(f) for ln in f["lines"]]


async def test_a_muted_speaker_is_not_heard_by_who_muted_them_only(app, players):
    alice_u, bob_u, carol_u = players[:3]
    game = await sync_to_async(make_table)(players[:3], bots=1, seed="mute-table", private=True)
    bob = await join(app, game.pk, bob_u)
    await bob.comm.send_json_to({"type": "talk", "text": "before the mute"})
    await bob.until(_talk)
    await sync_to_async(moderation.mute)(alice_u, "bob")
    await sync_to_async(moderation.block)(carol_u, "dave")  # someone else: no effect on bob
    alice = await join(app, game.pk, alice_u)
    carol = await join(app, game.pk, carol_u)
    assert alice.frames[-1]["talk"] == []  # the reload's recent talk leaves bob out
    assert [ln["text"] for ln in carol.frames[-1]["talk"]] == ["before the mute"]
    assert carol.frames[-1]["talk"][0]["by"] == "bob"  # the speaker's account, for the page

    await bob.comm.send_json_to({"type": "talk", "text": "after the mute"})
    await carol.until(lambda f: _talk(f) and f["lines"][0]["text"] == "after the mute")
    await carol.comm.send_json_to({"type": "talk", "code": "hello"})
    await alice.until(lambda f: _talk(f) and f["lines"][0]["code"] == "hello")
    assert "after the mute" not in _said(alice)  # sent before carol's line, never delivered

    # Unmuted: heard again from the next connection on.
    await sync_to_async(moderation.unmute)(alice_u, "bob")
    again = await join(app, game.pk, alice_u)
    assert [ln["text"] for ln in again.frames[-1]["talk"]] == [
        "before the mute", "after the mute", "Hello!"]
    for p in (alice, bob, carol, again):
        await p.close()


async def test_silenced_accounts_and_filtered_words_are_refused_with_a_reason(
    app, players, organiser
):
    alice_u, bob_u = players[:2]
    game = await sync_to_async(make_table)(players[:2], bots=2, seed="filter-table",
                                          private=True)
    await sync_to_async(FilteredWord.objects.create)(word="darn")
    await sync_to_async(FilteredWord.objects.create)(word="scam.example", refuse=True)
    alice = await join(app, game.pk, alice_u)
    bob = await join(app, game.pk, bob_u)
    await alice.comm.send_json_to({"type": "talk", "text": "Darn it, DARN! (darning is fine)"})
    heard = await bob.until(_talk)
    assert heard["lines"][0]["text"] == "**** it, ****! (darning is fine)"
    refusal = await alice.send({"type": "talk", "text": "visit scam.example now"})
    assert refusal["code"] == "filtered" and refusal["re"] == "talk"

    await sync_to_async(moderation.silence)(bob_u, 24, "insults", organiser)
    refusal = await bob.send({"type": "talk", "code": "hello"})
    assert refusal["code"] == "silenced" and "until" in refusal["message"]
    assert refusal["re"] == "talk"
    assert "scam" not in " ".join(_said(bob))
    for p in (alice, bob):
        await p.close()
