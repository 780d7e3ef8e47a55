"""Issue 20 §8: a casual table's optional clock, a move's time plus a time bank per seat per
deal. Only time beyond the move's time comes out of the bank; when both have run out the
autopilot makes the move; a table has no clock unless its creator chose one."""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.models import Game

from .live import join, make_table, simple_choice

pytestmark = pytest.mark.django_db(transaction=True)

MOVE, BANK = 15, 60


def _settle(game_id: int) -> Game:
    while services.tick(game_id):
        pass
    return Game.objects.get(pk=game_id)


settle = sync_to_async(_settle)


async def _until_my_turn(game, alice, clock) -> Game:
    """Play on (bots, and Alice passing what she could claim) until Alice has a tile to
    discard."""
    for _ in range(300):
        row = await settle(game.pk)
        await alice.reach(row.version)
        view = alice.view
        if view["phase"] == "play" and view["turn"] == alice.seat:
            return row
        if alice.seat in view["waiting_on"]:
            await alice.act(simple_choice(view))
        else:
            clock.advance(row.claim_seconds)
    pytest.fail("Alice never had a turn")


async def _discard(alice) -> None:
    answer = await alice.act(simple_choice(alice.view))
    assert answer["type"] == "ack", answer


def _moves_after(game_id: int, version: int) -> list[int]:
    return list(Game.objects.get(pk=game_id).moves.filter(seq__gt=version)
                .values_list("seat", flat=True))


async def test_the_bank_pays_only_for_time_beyond_the_move(app, players, clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="clock-bank",
                                           turn_seconds=MOVE, bank_seconds=BANK)
    alice = await join(app, game.pk, players[0])
    row = await _until_my_turn(game, alice, clock)
    deal = alice.view["deal_number"]
    assert alice.timer["kind"] == "turn"
    assert (alice.timer["seconds"], alice.timer["bank"]) == (MOVE + BANK, BANK)

    clock.advance(MOVE - 1)  # within the move's time: the bank is untouched
    await _discard(alice)
    row = await _until_my_turn(game, alice, clock)
    assert alice.timer["bank"] == BANK and row.bank_used in ([], [0, 0, 0, 0])

    clock.advance(MOVE + 20)  # 20 seconds over: out of the bank
    await _discard(alice)
    row = await _until_my_turn(game, alice, clock)
    if alice.view["deal_number"] != deal:
        pytest.skip("the deal ended: a new deal fills the bank again")
    assert (alice.timer["seconds"], alice.timer["bank"]) == (MOVE + BANK - 20, BANK - 20)
    assert alice.timer["ends_ms"] == int(row.changed_at.timestamp() * 1000) + (
        MOVE + BANK - 20) * 1000
    await alice.close()


async def test_the_autopilot_moves_when_move_time_and_bank_are_spent(app, players, clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="clock-out",
                                           turn_seconds=MOVE, bank_seconds=BANK)
    alice = await join(app, game.pk, players[0])
    row = await _until_my_turn(game, alice, clock)
    deal = alice.view["deal_number"]
    clock.advance(MOVE + BANK - 1)
    assert (await settle(game.pk)).version == row.version  # still hers to make
    clock.advance(1)
    moved = await settle(game.pk)
    assert moved.version > row.version
    assert (await sync_to_async(_moves_after)(game.pk, row.version))[0] == alice.seat

    row = await _until_my_turn(game, alice, clock)
    if alice.view["deal_number"] != deal:
        pytest.skip("the deal ended: a new deal fills the bank again")
    # The bank is spent for this deal: the move's time alone is left.
    assert (alice.timer["seconds"], alice.timer["bank"]) == (MOVE, 0)
    clock.advance(MOVE)
    assert (await settle(game.pk)).version > row.version
    await alice.close()


async def test_no_clock_unless_chosen(app, players, clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="clock-off")
    assert game.turn_seconds is None and game.bank_seconds == 0
    alice = await join(app, game.pk, players[0])
    row = await _until_my_turn(game, alice, clock)
    assert alice.timer is None
    clock.advance(3600)
    assert (await settle(game.pk)).version == row.version  # she takes her time
    await alice.close()


def _create(user, **fields) -> tuple[Game | None, str]:
    http = Client()
    http.force_login(user)
    data = {"ruleset": "chinese-classical", "seat_2": "beginner", "seat_3": "beginner",
            "seat_4": "beginner", "claim_seconds": 8, **fields}
    response = http.post("/game/new/", data, follow=True)
    return Game.objects.filter(created_by=user).first(), response.content.decode()


def test_the_new_table_form_offers_the_clock_off_by_default(players):
    page = Client().get("/lobby/").content.decode()
    assert '<option value="" selected>Off: take your time</option>' in page
    game, _ = _create(players[0])
    assert (game.turn_seconds, game.bank_seconds) == (None, 0)


def test_a_chosen_clock_is_stored_with_the_table(players):
    game, _ = _create(players[1], clock="15+60")
    assert (game.turn_seconds, game.bank_seconds) == (15, 60)
    again = services.open_rematch(players[1], game, list(game.seats.all()))
    assert (again.turn_seconds, again.bank_seconds) == (15, 60)


def test_a_clock_not_offered_is_refused_and_no_table_made(players):
    game, page = _create(players[2], clock="1+99999")
    assert game is None and "Please check the table settings." in page
    for bad in ({"turn_seconds": 0, "bank_seconds": 60}, {"turn_seconds": 15, "bank_seconds": -5},
                {"turn_seconds": 15, "bank_seconds": 10**6}):
        with pytest.raises(services.ServiceError) as refused:
            services.create_game(players[2], **bad)
        assert "bank" in refused.value.message.lower()
    assert not Game.objects.exists()


async def test_each_deal_fills_the_banks_again(app, players, clock):
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="clock-refill",
                                           turn_seconds=MOVE, bank_seconds=BANK)
    alice = await join(app, game.pk, players[0])
    await _until_my_turn(game, alice, clock)
    clock.advance(MOVE + BANK)  # her whole bank spent on one turn: the autopilot moved
    row = await settle(game.pk)
    assert row.bank_used[alice.seat] == BANK * 1000
    for _ in range(2000):  # the table plays the rest of the deal for her
        await alice.reach(row.version)
        if alice.view["deal_number"] > 1:
            break
        clock.advance(MOVE + BANK)
        row = await settle(game.pk)
    assert alice.view["deal_number"] == 2
    await _until_my_turn(game, alice, clock)
    assert alice.timer["bank"] == BANK
    await alice.close()
