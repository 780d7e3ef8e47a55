"""Issue 20 §6: a casual table nobody has attended for GAMES_ABANDON_MINUTES is ended as
abandoned by the ticker's presence sweep, and leaves the lobby's "Being played" list; not a
minute before, not while someone is there, and never a tournament table."""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.models import ABANDONED, ACTIVE, Game
from games.services import departures, presence
from games.services.matches import match_for

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)

MINUTE = 60


def _status(game_id: int) -> str:
    return Game.objects.get(pk=game_id).status


def _sweep(clock) -> list[int]:
    """What the ticker does every few seconds: refresh this process's sockets, then sweep."""
    presence.heartbeat(clock.now)
    return presence.sweep(clock.now)


def _listed(game_id: int) -> bool:
    return f"Watch table {game_id}" in Client().get("/lobby/").content.decode()


def test_an_unattended_table_is_abandoned_after_the_set_time_and_not_before(
    players, clock, live_settings
):
    live_settings.GAMES_ABANDON_MINUTES = 30
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 20
    game = make_table(players[:2], bots=2, seed="unattended")  # nobody ever opened it
    cup = make_table(players[2:3], bots=3, seed="unattended-cup", tournament=True)
    assert _listed(game.pk)

    clock.advance(30 * MINUTE - 1)
    assert game.pk not in _sweep(clock)
    assert _status(game.pk) == ACTIVE and _listed(game.pk)
    clock.advance(1)
    assert game.pk in _sweep(clock)
    assert _status(game.pk) == ABANDONED and not _listed(game.pk)
    assert Game.objects.get(pk=game.pk).due_at is None
    assert _status(cup.pk) == ACTIVE  # a tournament table is the organiser's to settle


async def test_the_time_runs_from_when_the_last_person_went(app, players, clock, live_settings):
    live_settings.GAMES_ABANDON_MINUTES = 30
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="attended")
    alice = await join(app, game.pk, players[0])
    sweep = sync_to_async(_sweep)
    clock.advance(45 * MINUTE)  # she sits there, however long
    assert game.pk not in await sweep(clock)
    await alice.close()
    clock.advance(30 * MINUTE - 1)
    await sweep(clock)
    assert await sync_to_async(_status)(game.pk) == ACTIVE
    clock.advance(1)
    await sweep(clock)
    assert await sync_to_async(_status)(game.pk) == ABANDONED


def test_each_sweep_ends_a_bounded_number_of_tables(players, clock, live_settings, monkeypatch):
    live_settings.GAMES_ABANDON_MINUTES = 1
    monkeypatch.setattr(departures, "ABANDON_BATCH", 2)
    games = [make_table(players[:1], bots=3, seed=f"batch-{n}") for n in range(3)]
    clock.advance(2 * MINUTE)
    assert len(services.abandon_unattended(clock.now)) == 2
    assert [g.pk for g in games if _status(g.pk) == ACTIVE] == [games[2].pk]
    assert services.abandon_unattended(clock.now) == [games[2].pk]


async def test_a_player_reopening_an_abandoned_table_is_offered_no_move(
    app, players, clock, live_settings
):
    """The game is over for everyone: the reopened view shows the last position and no moves."""
    live_settings.GAMES_ABANDON_MINUTES = 30
    game = await sync_to_async(make_table)(players[:1], bots=3, seed="reopened-1")  # she deals
    clock.advance(31 * MINUTE)
    assert game.pk in await sync_to_async(_sweep)(clock)
    alice = await join(app, game.pk, players[0])
    match = await sync_to_async(match_for)(await sync_to_async(Game.objects.get)(pk=game.pk))
    assert match.legal_actions(alice.seat)  # the position left her a move to make
    assert alice.status == ABANDONED
    assert alice.view["hand"] and alice.view["legal_actions"] == []
    await alice.close()
