"""A Goulash's exchanges at a live table (seed 001; classical.md §4 "Draw" row): the service
door schedules every seat that has not chosen yet, bots and the autopilot of an absent player
choose through it, and a turn timer bounds a slow player's choice."""

import pytest

from games import services
from games.engine.actions import EXCHANGE
from games.engine.errors import EngineError
from games.engine.views import seat_view
from games.models import Game, Move
from games.services import ServiceError, frames, matches, presence

from .live import make_table

pytestmark = pytest.mark.django_db(transaction=True)

# In a British game of greedy players this seed's first deal is a wash-out (checked below), so
# its second deal is a Goulash.
SEED = "goulash-0"


def _table(humans, **options):
    return make_table(humans, bots=3, seed=SEED, ruleset_name="british", tournament=True,
                      **options)


def _until(game_id, clock, done, limit=3000):
    """Let due things happen, one decision point at a time, until `done(match)`."""
    for _ in range(limit):
        match = matches.match_for(Game.objects.get(pk=game_id))
        if done(match):
            return match
        if not services.tick(game_id):
            clock.advance(1)
    pytest.fail("the game never got there")


def _in_exchange(match):
    return match.phase == "exchange"


def test_bots_and_an_absent_players_autopilot_pass_the_exchanges(players, clock, live_settings):
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 0
    live_settings.GAMES_AUTOPILOT_LEVEL = "greedy"  # the seed's wash-out is the greedy players
    game = _table(players[:1], turn_seconds=600)
    alice = game.seats.get(user=players[0]).position
    match = _until(game.pk, clock, _in_exchange)
    assert match.deal.goulash and match.history[-1].result.winner is None
    start = Game.objects.get(pk=game.pk).version
    match = _until(game.pk, clock, lambda m: m.phase != "exchange")
    assert match.phase == "play" and match.deal.number == 2
    swaps = [m for m in Move.objects.filter(game=game, seq__gt=start).order_by("seq")
             if m.action["type"] == EXCHANGE]
    assert len(swaps) == 12
    assert sorted(m.seat for m in swaps) == sorted([0, 1, 2, 3] * 3)
    assert all(len(m.action["tiles"].split()) == 3 for m in swaps if m.seat == alice)


def test_a_turn_timer_bounds_a_slow_players_choice(players, clock, live_settings):
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 0
    game = _table(players[:1], turn_seconds=30)
    alice = game.seats.get(user=players[0]).position
    match = _until(game.pk, clock, _in_exchange)
    presence.connect(game.pk, players[0])  # she comes back as the exchanges begin
    match = _until(game.pk, clock, lambda m: m.waiting_on() == [alice])
    row = Game.objects.get(pk=game.pk)
    assert frames.timer(row, match)["kind"] == "turn"
    assert seat_view(match, alice)["legal_actions"] == [{"seat": alice, "type": EXCHANGE}]
    clock.advance(29)
    assert not services.tick(game.pk)
    clock.advance(1)
    assert services.tick(game.pk)  # the autopilot chose for her
    moved = Move.objects.get(game=game, seq=row.version + 1)
    assert (moved.seat, moved.action["type"]) == (alice, EXCHANGE)

    # In the next round she chooses herself; a bad choice is refused and changes nothing.
    match = _until(game.pk, clock, lambda m: m.waiting_on() == [alice])
    row = Game.objects.get(pk=game.pk)
    assert match.deal.exchange_round == 2
    hand = seat_view(match, alice)["hand"].split()
    missing = next(t for t in ("b1", "c1", "d1", "dr", "wn") if t not in hand)
    for tiles, code in ((hand[:2], "bad_notation"), ([*hand[:2], missing], "illegal_action")):
        with pytest.raises((ServiceError, EngineError)) as exc:
            services.submit_action(game.pk, players[0], {"type": EXCHANGE,
                                                         "tiles": " ".join(tiles)}, row.version)
        assert exc.value.code == code
        assert Game.objects.get(pk=game.pk).version == row.version
    services.submit_action(game.pk, players[0], {"type": EXCHANGE, "tiles": " ".join(hand[:3])},
                           row.version)
    match = matches.match_for(Game.objects.get(pk=game.pk))
    assert match.deal.exchange_round == 3


def test_a_choice_sent_before_seeing_the_others_is_not_stale(players, clock, live_settings):
    """Seed 001 Goulash: the four choose at once, so another seat's choice, made while this
    player was choosing, does not make theirs out of date."""
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 3600
    game = _table(players[:1])
    alice = game.seats.get(user=players[0]).position
    presence.connect(game.pk, players[0])
    match = _until(game.pk, clock, _in_exchange)
    seen = Game.objects.get(pk=game.pk).version
    hand = seat_view(match, alice)["hand"].split()
    match = _until(game.pk, clock, lambda m: m.waiting_on() == [alice])
    assert Game.objects.get(pk=game.pk).version > seen  # the bots chose meanwhile
    outcome = services.submit_action(
        game.pk, players[0], {"type": EXCHANGE, "tiles": " ".join(hand[:3])}, seen
    )
    assert outcome.status == "applied"
    assert matches.match_for(Game.objects.get(pk=game.pk)).deal.exchange_round == 2
