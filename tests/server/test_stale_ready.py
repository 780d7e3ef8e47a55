"""A move owed by every seat at once ("ready" between deals, a Goulash exchange's choice) may
come at an older version than the game's while it is still owed: another seat's came first.
Once the game has moved past it, it is as stale as any other move and is answered `stale`
(docs/protocol.md), whatever the seat owes now: not "illegal" because a claim window happens to
be open, nor "already answered" because the server passed for the seat in it.

A ready that crossed the next deal's first discard is what a client sends when its ready was
still on its way while the other seats' readies arrived (each of their updates still offers it
"ready"): the load benchmark's players did, and were told the deal was still being played."""

from __future__ import annotations

import pytest

from games import services
from games.engine import bots
from games.models import Game, Seat
from games.realtime import protocol
from games.services import ServiceError

pytestmark = pytest.mark.django_db(transaction=True)


def _table(people) -> Game:
    game = services.create_game(people[0], seed="stale-ready")
    for user in people:
        services.take_seat(game.pk, user)
    return services.start_game(game.pk)


def _users_by_seat(game: Game) -> dict:
    return {s.position: s.user for s in Seat.objects.filter(game=game).select_related("user")}


def _play_until(game_id: int, users: dict, done) -> tuple[Game, object]:
    """Moves and answers as the greedy bot would choose them, until done(game, match)."""
    for _ in range(5000):
        game = Game.objects.get(pk=game_id)
        match = services.match_for(game)
        if done(game, match):
            return game, match
        seat = next(s for s in match.waiting_on()
                    if str(s) not in game.pending and match.legal_actions(s))
        action = bots.choose(match, seat, "greedy").to_json()
        services.submit_action(game_id, users[seat], action, game.version, seat=seat)
    raise AssertionError("the game never got there")


def test_a_ready_that_crossed_into_the_next_deal_is_stale(players):
    game = _table(players)
    users = _users_by_seat(game)
    game, match = _play_until(game.pk, users, lambda g, m: m.phase == "deal_over")
    over = game.version
    # Owed by all four at once: each made at the version that ended the deal, the later ones
    # arriving after the earlier were applied, and all taken (the i-th as move over + 1 + i).
    order = sorted(match.waiting_on())
    for seat in order:
        outcome = services.submit_action(game.pk, users[seat], {"type": "ready"}, over,
                                         seat=seat)
        assert outcome.status == "applied"
    # A window of the next deal in which someone may claim: the others were passed by the
    # server as it opened, the claimant still owes an answer.
    game, match = _play_until(game.pk, users, lambda g, m: m.phase == "claim")
    waiting = match.waiting_on()
    passed = [s for s in waiting if str(s) in game.pending]
    owing = [s for s in waiting if str(s) not in game.pending]
    assert passed and owing
    for seat in [*passed, *owing]:
        # Sent again on seeing the update of the next seat's ready, which still offered it.
        seen = over + order.index(seat) + 1
        with pytest.raises(ServiceError) as refused:
            services.submit_action(game.pk, users[seat], {"type": "ready"}, seen, seat=seat)
        assert refused.value.code == protocol.E_STALE
        assert refused.value.extra["version"] == game.version
        # A ready at the version just before its own move is that move, already applied.
        again = services.submit_action(game.pk, users[seat], {"type": "ready"}, seen - 1,
                                       seat=seat)
        assert again.status == "duplicate"
    # Nothing was held or applied for them.
    assert Game.objects.get(pk=game.pk).version == game.version
