"""A tournament player withdrawn from the admin loses their seat at once: their open socket
becomes a spectator's (no hand), a move it sends is refused, and the autopilot plays the seat on
to the end of the game."""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.models import FINISHED, Entry, Game, Seat, Tournament
from games.realtime import protocol
from games.services import tournaments

from .live import join

pytestmark = pytest.mark.django_db(transaction=True)


def _tournament_table(players) -> Game:
    t = Tournament.objects.create(
        name="Withdrawal Cup", registration_open=True, deals_per_table=1, claim_seconds=1
    )
    for user in players:
        tournaments.register(t.pk, user)
    table = tournaments.start_next_round(t.pk).tables.get()
    return table.game


def _withdraw_from_admin(django_user_model, entry: Entry) -> str:
    boss = django_user_model.objects.create_superuser("boss", password="pw-boss-1234")
    http = Client()
    http.force_login(boss)
    response = http.post(
        "/admin/games/entry/", {"action": "withdraw", "_selected_action": [entry.pk]}, follow=True
    )
    assert response.status_code == 200
    return response.content.decode()


def _some_move(view: dict) -> dict:
    legal = view.get("legal_actions") or []
    return legal[0] if legal else {"type": "pass"}


async def test_a_withdrawn_player_watches_and_cannot_move(app, players, django_user_model,
                                                           live_settings):
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 3600  # only the withdrawn seat is played for
    game = await sync_to_async(_tournament_table)(players)
    alice = await join(app, game.pk, players[0])
    seat = alice.seat
    assert seat is not None and alice.view.get("hand")
    held = alice.view  # what the page shows when the withdrawal lands
    entry = await sync_to_async(Entry.objects.get)(user=players[0])

    page = await sync_to_async(_withdraw_from_admin)(django_user_model, entry)
    assert "alice has withdrawn." in page.lower()

    # The notice after the commit: the same socket now gets a spectator's state.
    state = await alice.until(lambda f: f["type"] == "state")
    assert state["seat"] is None
    assert state["view"]["viewer"] is None and not state["view"].get("hand")
    assert "legal_actions" not in state["view"] or not state["view"]["legal_actions"]

    # A move sent by the page it still shows is refused, with a reason.
    answer = await alice.act(_some_move(held))
    assert answer["type"] == "error" and answer["code"] == protocol.E_NOT_SEATED

    # The seat is the autopilot's, still in Alice's name on the record.
    row = await sync_to_async(Seat.objects.get)(game=game, position=seat)
    assert row.user_id == players[0].pk and row.bot_level
    assert await sync_to_async(services.seat_for)(game.pk, players[0]) is None
    await alice.close()


def _seat_of(game_id: int, user) -> int:
    return Seat.objects.get(game_id=game_id, user=user).position


async def test_the_door_refuses_a_socket_that_kept_its_old_seat(app, players, django_user_model,
                                                                  live_settings):
    """A notice lost on the way (or a move already in flight): the socket still names the seat,
    and the door, under its lock, finds that the user no longer holds it."""
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 3600
    game = await sync_to_async(_tournament_table)(players)
    seat = await sync_to_async(_seat_of)(game.pk, players[0])
    entry = await sync_to_async(Entry.objects.get)(user=players[0])
    await sync_to_async(_withdraw_from_admin)(django_user_model, entry)
    game = await sync_to_async(Game.objects.get)(pk=game.pk)
    with pytest.raises(services.ServiceError) as refused:
        await sync_to_async(services.submit_action)(
            game.pk, players[0], {"type": "pass"}, game.version, seat=seat
        )
    assert refused.value.code == protocol.E_NOT_YOUR_SEAT
    assert "no longer yours" in refused.value.message
    # Not by the user's name either.
    with pytest.raises(services.ServiceError) as refused:
        await sync_to_async(services.submit_action)(
            game.pk, players[0], {"type": "pass"}, game.version
        )
    assert refused.value.code == protocol.E_NOT_SEATED
    # Another player cannot act for the seat through a socket's cached number.
    with pytest.raises(services.ServiceError) as refused:
        await sync_to_async(services.submit_action)(
            game.pk, players[1], {"type": "pass"}, game.version, seat=seat
        )
    assert refused.value.code == protocol.E_NOT_YOUR_SEAT


async def test_the_game_goes_on_to_its_end_without_the_withdrawn_player(
    app, players, django_user_model, live_settings
):
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 0  # the absent others are played for at once
    game = await sync_to_async(_tournament_table)(players)
    alice = await join(app, game.pk, players[0])
    entry = await sync_to_async(Entry.objects.get)(user=players[0])
    await sync_to_async(_withdraw_from_admin)(django_user_model, entry)
    await alice.until(lambda f: f["type"] == "state" and f["seat"] is None)
    start, seen = alice.version, len(alice.frames)
    end = await alice.until(lambda f: f["type"] == "update" and f["status"] == FINISHED)
    assert end["version"] > start
    # Only spectators' frames reached the socket meanwhile: no hand in any of them.
    playing = [f for f in alice.frames[seen:] if f["type"] == "update" and f is not end]
    assert playing and all(f["view"]["viewer"] is None and not f["view"].get("hand")
                           for f in playing)
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).status == FINISHED
    await alice.close()
