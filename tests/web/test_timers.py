"""Claim windows, turn timers and the autopilot, with a clock the test moves by hand."""

import json

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.models import Game
from games.realtime import timers
from games.services import matches

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _settle(game_id):
    """Let everything that is due now happen (what the ticker does, without waiting for it)."""
    while services.tick(game_id):
        pass
    return Game.objects.get(pk=game_id)


settle = sync_to_async(_settle)


async def _until_alice_in_window(game, alice, want_claim=None):
    """Alice discards the drawn tile until a bot's discard leaves her in a claim window."""
    for _ in range(300):
        row = await settle(game.pk)
        await alice.reach(row.version)
        view = alice.view
        if str(alice.seat) in row.pending:
            continue  # her pass is held: the window it answered closes on a later look
        if view["phase"] == "claim" and alice.seat in view["waiting_on"]:
            has_claim = any(a["type"] != "pass" for a in view["legal_actions"])
            if want_claim is None or has_claim == want_claim:
                return row
            await alice.act({"type": "pass"})
            continue
        if view["phase"] == "claim":
            await alice.act({"type": "pass"})
            continue
        if view["turn"] == alice.seat and view["legal_actions"]:
            action = next((a for a in view["legal_actions"] if a["type"] in ("discard", "pass",
                                                                              "ready")), None)
            await alice.act(action)
            continue
        if view["phase"] == "deal_over":
            pytest.skip("the deal ended before the window this test needs")
    pytest.fail("never reached a claim window")


async def _nothing_revealed(player, version: int) -> None:
    """Whatever still reaches the seat (a presence change, say) moves no move on and carries no
    other seat's answer: read until the socket is quiet, however slow the machine."""
    while not await player.comm.receive_nothing():
        frame = await player.recv()
        if frame["type"] == "update" and frame["version"] <= version:
            continue  # sent as the socket joined, already shown by its state: the page drops it
        assert frame["type"] != "update" and player.version == version, frame
        assert "answered" not in json.dumps(frame), frame


async def test_a_window_with_a_claim_waits_for_its_player_until_the_deadline(
    app, players, clock, live_settings
):
    """A seat that may claim is asked, and the window waits for its answer until the deadline;
    the others' answers are held unseen. (A seat with nothing to claim is never asked, and a
    window everyone passed keeps its minimum: test_claim_windows.py.)"""
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 0  # Bob's autopilot answers at once
    game = await sync_to_async(make_table)(players[:2], bots=2, seed="window-True")
    alice = await join(app, game.pk, players[0])
    row = await _until_alice_in_window(game, alice, want_claim=True)
    # The others have answered (held, unseen); Alice has not, so the window stays open.
    assert len(row.pending) == 2 and str(alice.seat) not in row.pending
    await _nothing_revealed(alice, row.version)
    clock.advance(row.claim_seconds - 1)
    assert (await settle(game.pk)).version == row.version
    await _nothing_revealed(alice, row.version)

    clock.advance(1)
    closed = await settle(game.pk)
    assert closed.version >= row.version + 3
    await alice.reach(row.version + 3)
    update = next(f for f in alice.frames if f["type"] == "update" and f["from"] == row.version)
    passes = [e for e in update["events"] if e["type"] == "answered"]
    assert [e["seat"] for e in passes] == [alice.seat]  # only her own answer, never the bots'
    await alice.close()


async def test_a_lone_player_with_nothing_to_claim_does_not_wait_for_windows(app, players, clock):
    """A discard Alice cannot claim goes by without her (the server passes for her): only
    windows where she has a claim wait for her."""
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="solo")
    alice = await join(app, game.pk, players[0])
    for _ in range(300):
        row = await settle(game.pk)
        await alice.reach(row.version)
        view = alice.view
        if view["phase"] == "deal_over":
            break
        if view["phase"] == "claim" and not view["answered"] and view["legal_actions"]:
            assert any(a["type"] != "pass" for a in view["legal_actions"])
            await alice.act({"type": "pass"})
        elif view["turn"] == alice.seat and view["legal_actions"]:
            await alice.act(next(a for a in view["legal_actions"] if a["type"] in ("discard", "pass")))
    others = [s for s in alice.view["seats"] if s["seat"] != alice.seat]
    assert sum(len(s["discards"].split()) for s in others) > 5  # bots' discards went by
    await alice.close()


async def test_window_closes_as_soon_as_everyone_answered(app, players, clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="window-early")
    alice = await join(app, game.pk, players[0])
    row = await _until_alice_in_window(game, alice)
    answer = await alice.act({"type": "pass"})
    assert answer["status"] == "applied" and answer["version"] >= row.version + 3
    await alice.close()


async def test_expired_window_is_closed_by_the_next_process_to_touch_the_game(
    app, players, clock
):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="window-crash")
    alice = await join(app, game.pk, players[0])
    row = await _until_alice_in_window(game, alice)
    await timers.stop()  # the process that held the window is gone, with its ticker
    matches.forget_all()
    clock.advance(row.claim_seconds + 5)
    late = await alice.act({"type": "pass"})
    assert (late["type"], late["code"]) == ("error", "stale")
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version >= row.version + 3
    await alice.close()


async def test_turn_timer_plays_for_a_slow_player(app, players, clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="timer", tournament=True)
    assert game.turn_seconds
    alice = await join(app, game.pk, players[0])
    for _ in range(50):
        row = await settle(game.pk)
        await alice.reach(row.version)
        if alice.view["turn"] == alice.seat and alice.view["phase"] == "play":
            break
        clock.advance(row.claim_seconds)
    assert alice.timer["kind"] == "turn" and alice.timer["seconds"] == game.turn_seconds
    clock.advance(game.turn_seconds - 1)
    assert (await settle(game.pk)).version == row.version
    clock.advance(1)
    moved = await settle(game.pk)
    assert moved.version > row.version
    first = await sync_to_async(lambda: moved.moves.get(seq=row.version + 1).seat)()
    assert first == alice.seat
    await alice.close()


async def test_absent_player_gets_an_autopilot_until_they_return(app, players, clock,
                                                                 live_settings):
    """At a tournament table the game goes on without an absent player (a casual table pauses:
    test_absent_only_human_pauses_a_casual_table)."""
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 20
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="absent", claim_seconds=60,
                                           tournament=True, turn_seconds=600)
    alice = await join(app, game.pk, players[0])
    row = await settle(game.pk)
    await alice.close()
    tick = sync_to_async(services.tick)
    clock.advance(19)
    assert not await tick(game.pk)
    clock.advance(1)
    assert await tick(game.pk)
    movers = await sync_to_async(
        lambda: set(game.moves.filter(seq__gt=row.version).values_list("seat", flat=True))
    )()
    assert alice.seat in movers  # the autopilot acted for her

    alice = await join(app, game.pk, players[0])
    back = await settle(game.pk)
    clock.advance(30)
    assert (await settle(game.pk)).version == back.version  # her turn or window: waits for her
    await alice.reach(back.version)
    assert alice.seat in alice.view["waiting_on"]
    await alice.close()


async def test_absent_only_human_pauses_a_casual_table(app, players, clock, live_settings):
    """Issue 12 §5: the bots do not play a casual game out for an empty chair. After the grace
    period nothing more happens, however long; when the player comes back the game goes on."""
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 20
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="absent", claim_seconds=60)
    alice = await join(app, game.pk, players[0])
    await settle(game.pk)
    await alice.close()
    tick = sync_to_async(services.tick)
    clock.advance(20)
    await settle(game.pk)  # whatever fell due in the grace period
    paused = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert paused.due_at is None  # nothing scheduled: the table waits
    for _ in range(5):
        clock.advance(600)
        assert not await tick(game.pk)
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == paused.version

    alice = await join(app, game.pk, players[0])
    back = await sync_to_async(Game.objects.get)(pk=game.pk)
    await alice.reach(back.version)
    if alice.seat not in alice.view["waiting_on"]:
        assert back.due_at is not None  # the bots are owed moves again
        clock.advance(5)
        assert (await settle(game.pk)).version > back.version
    await alice.close()
