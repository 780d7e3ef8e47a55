"""Issue 20 §6: leaving a casual game under way. A bot of the leaver's choosing plays the seat
on in their name and the game goes on; the last person leaving ends it as abandoned; a
tournament table, or a game the asker does not sit at, refuses with a reason and changes
nothing."""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.models import ABANDONED, ACTIVE, Game, Seat
from games.realtime import protocol

from .finished import saved_game
from .live import join, make_table, simple_choice

pytestmark = pytest.mark.django_db(transaction=True)


def _post_leave(user, game_id: int, **data) -> str:
    http = Client()
    http.force_login(user)
    response = http.post(f"/game/{game_id}/leave/", data, follow=True)
    assert response.status_code == 200
    return response.content.decode()


post_leave = sync_to_async(_post_leave)


def _settle(game_id: int) -> Game:
    while services.tick(game_id):
        pass
    return Game.objects.get(pk=game_id)


settle = sync_to_async(_settle)


def _seats(game_id: int) -> list[tuple]:
    return list(Seat.objects.filter(game_id=game_id).order_by("chair").values_list(
        "chair", "user_id", "bot_level", "left", "recorded_name"))


def _lobby() -> str:
    return Client().get("/lobby/").content.decode()


async def test_a_bot_takes_the_seat_and_the_game_goes_on(app, players, clock):
    game = await sync_to_async(make_table)(players[:2], bots=2, seed="leave-on")
    alice = await join(app, game.pk, players[0])
    bob = await join(app, game.pk, players[1])
    seat = alice.seat
    held = alice.view

    page = await post_leave(players[0], game.pk, level="random")
    row = await sync_to_async(Seat.objects.select_related("user").get)(game=game, position=seat)
    assert row.user_id == players[0].pk and row.left and row.bot_level == "random"
    assert row.name == f"{row.bot_name} (for alice)" and row.bot_name.startswith("Bot ")
    assert f"You left the game: {row.bot_name} plays your seat on." in page
    assert 'id="leave-game"' not in page  # she watches now: nothing more to leave

    # Her open socket lets go of the seat: a spectator's state, no hand; a move is refused.
    state = await alice.until(lambda f: f["type"] == "state")
    assert state["seat"] is None and not state["view"].get("hand")
    shown = next(s for s in state["seats"] if s["seat"] == seat)
    assert shown["name"] == row.name and shown["bot"] == "random" and shown["connected"]
    answer = await alice.act((held.get("legal_actions") or [{"type": "pass"}])[0])
    assert answer["type"] == "error" and answer["code"] == protocol.E_NOT_SEATED
    assert await sync_to_async(services.seat_for)(game.pk, players[0]) is None

    # The game goes on with Bob, the bot playing her seat whenever it is owed a move.
    before = (await sync_to_async(Game.objects.get)(pk=game.pk)).version
    movers = set()
    for _ in range(200):
        clock.advance(game.claim_seconds)
        now = await settle(game.pk)
        await bob.reach(now.version)
        movers = await sync_to_async(lambda: set(  # noqa: B023
            game.moves.filter(seq__gt=before).values_list("seat", flat=True)))()
        if seat in movers:
            break
        choice = simple_choice(bob.view) if bob.seat in bob.view["waiting_on"] else None
        if choice is not None:
            await bob.act(choice)
    assert seat in movers
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).status == ACTIVE
    assert f"Watch table {game.pk}" in await sync_to_async(_lobby)()
    await alice.close()
    await bob.close()


async def test_the_last_person_leaving_ends_the_game_as_abandoned(app, players, spectator,
                                                                    clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="leave-last")
    sam = await join(app, game.pk, spectator)
    assert f"Watch table {game.pk}" in await sync_to_async(_lobby)()

    page = await post_leave(players[0], game.pk)
    assert "Nobody else was at the table, so the game ends here, abandoned." in page
    assert "This game was abandoned on" in page
    row = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert row.status == ABANDONED and row.due_at is None
    # The spectator is told: a whole state saying so, with no countdown left running.
    state = await sam.until(lambda f: f["type"] == "state")
    assert state["status"] == ABANDONED and state["timer"] is None
    assert state["view"]["viewer"] is None

    assert f"Watch table {game.pk}" not in await sync_to_async(_lobby)()
    clock.advance(600)
    assert not await sync_to_async(services.tick)(game.pk)  # nothing moves any more
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == row.version
    await sam.close()


def test_a_tournament_table_refuses_and_says_why(players):
    game = make_table(players[:1], bots=3, seed="leave-cup", tournament=True)
    before = _seats(game.pk)
    page = _post_leave(players[0], game.pk)
    assert "withdraw from the tournament instead" in page
    assert _seats(game.pk) == before
    assert Game.objects.get(pk=game.pk).status == ACTIVE


def test_leaving_a_game_you_do_not_sit_at_is_refused(players, outsider):
    game = make_table(players[:2], bots=2, seed="leave-not-mine")
    before, version = _seats(game.pk), game.version
    assert "You are not seated at this table." in _post_leave(outsider, game.pk)
    assert "Unknown bot level" in _post_leave(players[0], game.pk, level="genius")
    assert _seats(game.pk) == before
    assert Game.objects.get(pk=game.pk).version == version
    done = saved_game(players[:1], 3, seed="leave-finished")
    assert "The game is over." in _post_leave(players[0], done.pk)
    assert Seat.objects.filter(game=done, left=True).count() == 0


def test_the_leave_form_is_shown_only_to_a_player_of_a_casual_game(client, players, outsider):
    game = make_table(players[:2], bots=2, seed="leave-form")
    cup = make_table(players[2:3], bots=3, seed="leave-form-cup", tournament=True)
    client.force_login(players[0])
    page = client.get(f"/game/{game.pk}/").content.decode()
    assert 'id="leave-game"' in page and 'id="confirm-leave"' in page
    assert 'id="leave-game"' not in client.get(f"/game/{cup.pk}/").content.decode()
    client.force_login(outsider)
    assert 'id="leave-game"' not in client.get(f"/game/{game.pk}/").content.decode()
