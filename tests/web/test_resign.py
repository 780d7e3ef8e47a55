"""Issue 38 §1: resigning a casual game from the table (the socket's `resign`). Alone with bots,
the game ends at once with the standing as it is and the resigner last, and the end screen says
who resigned; with other people at the table a bot plays the seat on and the resigner's result,
once the game ends, is last place marked resigned. A spectator, a game over, a stale version, a
rated or tournament table are refused with the reason, and nothing changes."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import conf, services
from games.models import ACTIVE, FINISHED, AuditLog, Game, PlayerStat, Seat
from games.realtime import protocol
from games.services.matches import match_for

from .finished import play_out
from .live import join, make_table, short_ruleset

pytestmark = pytest.mark.django_db(transaction=True)


def _score_a_deal(game_id: int) -> list[int]:
    """The autopilot plays for everyone until a deal has changed the points; their points."""
    for _ in range(5000):
        match = match_for(Game.objects.get(pk=game_id))
        if any(any(h.deltas) for h in match.history):
            return match.points
        services.autopilot_waiting(game_id)
    raise AssertionError("no deal was scored")


score_a_deal = sync_to_async(_score_a_deal)


def _by_points(points: list[int], seats: list[int]) -> list[int]:
    return sorted(seats, key=lambda s: (-points[s], s))


async def _resign(player) -> dict:
    """Resign at the version the page last saw, sent again at the newer one while bots move
    (as the table does: the player's decision does not depend on their moves)."""
    for _ in range(20):
        answer = await player.send({"type": "resign", "version": player.version})
        if answer["type"] != "error" or answer["code"] != protocol.E_STALE:
            return answer
        await player.reach(answer["version"])
    raise AssertionError("the game kept moving")


def _history(user=None) -> str:
    http = Client()
    if user is not None:
        http.force_login(user)
    return http.get("/games/?scope=all").content.decode()


async def test_alone_with_bots_the_game_ends_at_once_the_resigner_last(app, players, spectator):
    alice_user = players[0]
    game = await sync_to_async(make_table)([alice_user], bots=3, seed="resign-alone")
    points = await score_a_deal(game.pk)
    alice = await join(app, game.pk, alice_user)
    sam = await join(app, game.pk, spectator)

    answer = await _resign(alice)
    assert answer == {"type": "ack", "re": "resign", "status": "ended"}
    row = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert row.status == FINISHED and row.due_at is None
    me = alice.seat
    bots = _by_points(points, [s for s in range(4) if s != me])
    # The standing as it is: the bots by their points, the resigner last whatever hers.
    assert [s["seat"] for s in row.result["standings"]] == [*bots, me]
    assert row.result["standings"][-1]["place"] == 4
    assert row.result["points"] == points
    assert row.result["ended"] == {"how": "resigned", "early": True, "deals": 1,
                                   "by": [{"seat": me, "how": "resigned", "name": "alice"}]}

    # Every socket is sent the end screen: the game is over, saying who resigned.
    for page in (alice, sam):
        state = await page.until(lambda f: f["type"] == "state")
        assert state["status"] == FINISHED and state["timer"] is None
        view = state["view"]
        assert view["phase"] == "game_over" and view["ended"]["how"] == "resigned"
        assert view["ended"]["by"][0]["seat"] == me
        assert [s["seat"] for s in view["standings"]] == [*bots, me]
        assert view["seed"] == game.seed  # revealed, as at any game's end

    seat = await sync_to_async(Seat.objects.get)(game=game, user=alice_user)
    assert (seat.forfeit, seat.place, seat.final_points, seat.left) == (
        "resigned", 4, points[me], False)
    stat = await sync_to_async(PlayerStat.objects.get)(user=alice_user)
    assert (stat.games, stat.fourth, stat.first) == (1, 1, 0)
    log = await sync_to_async(lambda: list(AuditLog.objects.filter(action="resigned")))()
    assert [(e.who_id, e.object_id, e.details["ended"]) for e in log] == [
        (alice_user.pk, game.pk, True)]
    listed = await sync_to_async(_history)()
    assert "Ended early: alice resigned." in listed
    assert '<span class="badge forfeit" title="Resigned: placed last">resigned</span>' in listed

    # Nothing moves any more, and nothing more is accepted.
    assert not await sync_to_async(services.tick)(game.pk)
    again = await alice.send({"type": "resign", "version": row.version})
    assert again["code"] == protocol.E_GAME_OVER and again["re"] == "resign"
    await alice.close()
    await sam.close()


async def test_with_other_people_a_bot_plays_on_and_the_resigner_is_placed_last(app, players):
    alice_user, bob_user = players[:2]
    game = await sync_to_async(make_table)([alice_user, bob_user], bots=2, seed="resign-two",
                                           settings=short_ruleset(1))
    alice = await join(app, game.pk, alice_user)
    bob = await join(app, game.pk, bob_user)
    me = alice.seat

    answer = await _resign(alice)
    assert answer == {"type": "ack", "re": "resign", "status": "resigned"}
    # Her page lets go of the seat: a spectator's state; the game goes on.
    state = await alice.until(lambda f: f["type"] == "state")
    assert state["seat"] is None and state["status"] == ACTIVE
    shown = next(s for s in state["seats"] if s["seat"] == me)
    assert shown["bot"] == conf.autopilot_level() and "(for alice)" in shown["name"]
    seat = await sync_to_async(Seat.objects.get)(game=game, user=alice_user)
    assert seat.left and seat.forfeit == "resigned" and seat.bot_level
    mine = await bob.send({"type": "resign", "version": -1})  # Bob may still resign himself
    assert mine["code"] == protocol.E_STALE

    await alice.close()
    await bob.close()
    done = await sync_to_async(play_out)(game)
    assert done.status == FINISHED
    points = done.result["points"]
    others = _by_points(points, [s for s in range(4) if s != me])
    # However far her bot got, she is last; the others by their points.
    assert [s["seat"] for s in done.result["standings"]] == [*others, me]
    assert done.result["ended"]["how"] == "played" and not done.result["ended"]["early"]
    seat = await sync_to_async(Seat.objects.get)(game=game, user=alice_user)
    assert seat.place == 4
    listed = await sync_to_async(_history)()
    assert "alice resigned." in listed and "Ended early" not in listed


def _refused(game_id: int, user, version, code: str) -> None:
    before = (Game.objects.filter(pk=game_id).values("status", "version").get(),
              list(Seat.objects.filter(game_id=game_id).values_list("forfeit", "left",
                                                                    "bot_level")))
    with pytest.raises(services.ServiceError) as refused:
        services.resign_game(game_id, user, version)
    assert refused.value.code == code and refused.value.message
    after = (Game.objects.filter(pk=game_id).values("status", "version").get(),
             list(Seat.objects.filter(game_id=game_id).values_list("forfeit", "left",
                                                                   "bot_level")))
    assert after == before
    assert not AuditLog.objects.filter(action="resigned").exists()


def test_refusals_change_nothing(players, outsider):
    alice, bob, carol, dave = players
    casual = make_table([alice], bots=3, seed="refuse-casual")
    _refused(casual.pk, outsider, casual.version, protocol.E_NOT_SEATED)
    _refused(casual.pk, None, casual.version, protocol.E_NOT_SEATED)
    _refused(casual.pk, alice, casual.version + 5, protocol.E_STALE)
    _refused(casual.pk, alice, "0", protocol.E_BAD_MESSAGE)
    rated = make_table(players, seed="refuse-rated", rated=True)
    _refused(rated.pk, alice, rated.version, protocol.E_RATED_TABLE)
    cup = make_table([alice], bots=3, seed="refuse-cup", tournament=True)
    _refused(cup.pk, alice, cup.version, protocol.E_TOURNAMENT_TABLE)
    waiting = services.create_game(bob)
    services.take_seat(waiting.pk, bob)
    _refused(waiting.pk, bob, 0, protocol.E_NOT_STARTED)
    services.leave_game(casual.pk, alice)  # abandoned: she was the last person there
    _refused(casual.pk, alice, Game.objects.get(pk=casual.pk).version, protocol.E_GAME_OVER)


async def test_a_spectator_is_refused_over_the_socket(app, players, spectator):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="refuse-spectator")
    sam = await join(app, game.pk, spectator)
    answer = await sam.send({"type": "resign", "version": sam.version})
    assert answer["type"] == "error" and answer["code"] == protocol.E_NOT_SEATED
    assert answer["re"] == "resign" and "not seated" in answer["message"]
    row = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert row.status == ACTIVE
    await sam.close()


def test_a_game_ended_early_can_be_replayed_verified_and_exported(players, settings):
    settings.GAMES_ANALYSIS_INLINE = True
    game = make_table(players[:1], bots=3, seed="resign-links")
    _score_a_deal(game.pk)
    row = Game.objects.get(pk=game.pk)
    services.resign_game(game.pk, players[0], row.version)
    http = Client()
    http.force_login(players[0])
    base = f"/game/{game.pk}/"
    assert http.get(base + "replay/").status_code == 200
    steps = http.get(base + "replay/steps.json").json()
    assert steps["version"] == row.version and not steps["over"]
    extras = http.get(base + "replay/extras.json").json()
    assert extras["verification"] == {"ok": True, "message": extras["verification"]["message"]}
    assert extras["verification"]["message"].startswith("verified: the seed matches")
    record = http.get(base + "record.json").json()
    assert len(record["actions"]) == row.version and record["seed"] == game.seed
    analysis = http.get(base + "analysis.json").json()
    assert analysis["status"] == "ready" and analysis["seats"][0]["decisions"] > 0


def test_the_table_offers_resigning_at_casual_tables_and_an_early_end_at_rated_ones(players):
    casual = make_table(players[:1], bots=3, seed="offer-casual")
    rated = make_table(players, seed="offer-rated", rated=True)
    http = Client()
    http.force_login(players[0])
    page = http.get(f"/game/{casual.pk}/").content.decode()
    assert 'id="confirm-resign"' in page and 'id="confirm-propose-end"' not in page
    assert "Alone with bots, the game ends now with the standing as it is." in page
    page = http.get(f"/game/{rated.pk}/").content.decode()
    assert 'id="confirm-propose-end"' in page and 'id="confirm-resign"' not in page
    assert 'id="end-proposal"' in page
    assert "away from the table for more than 20 seconds while others play" in page
    watching = Client().get(f"/game/{casual.pk}/").content.decode()
    assert 'id="confirm-resign"' not in watching
