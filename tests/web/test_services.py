"""The service door on its own: seating, the seating ritual, stale and repeated moves, and the
moves as the truth behind the cached Match."""

import pytest

from games import services
from games.engine.match import Match
from games.engine.views import public_view, seat_view
from games.models import Move
from games.services import ServiceError, matches
from games.services.matches import match_for

from .live import make_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_fifth_player_cannot_sit_and_seats_follow_the_seating_ritual(players, outsider):
    game = make_table(players, seed="ritual")
    with pytest.raises(ServiceError) as exc:
        services.take_seat(game.pk, outsider)
    assert exc.value.code == "seating_closed"
    ritual = Match.new("chinese-classical", "ritual").seating.seat_of
    for seat in game.seats.all():
        assert seat.position == ritual[seat.chair]


def test_start_needs_four(players):
    game = services.create_game(players[0])
    services.take_seat(game.pk, players[0])
    with pytest.raises(ServiceError) as exc:
        services.start_game(game.pk)
    assert exc.value.code == "table_not_full"


def _first_turn(game):
    match = match_for(game)
    seat = match.waiting_on()[0]
    return seat, next(a for a in match.legal_actions(seat) if a.type in ("discard", "pass"))


def test_stale_version_refused_and_repeat_answered_once(players):
    game = make_table(players, seed="stale")
    seat, action = _first_turn(game)
    user = game.seats.get(position=seat).user
    assert services.submit_action(game.pk, user, action.to_json(), 0).status == "applied"
    assert services.submit_action(game.pk, user, action.to_json(), 0).status == "duplicate"
    assert Move.objects.filter(game=game).count() == 1
    other = game.seats.exclude(position=seat).first().user
    with pytest.raises(ServiceError) as exc:
        services.submit_action(game.pk, other, {"type": "pass"}, 0)
    assert exc.value.code == "stale"


def test_state_is_rebuilt_from_the_moves(players):
    game = make_table(players, seed="rebuild")
    seat, action = _first_turn(game)
    services.submit_action(game.pk, None, action.to_json(), 0, seat=seat)
    game.refresh_from_db()
    cached = seat_view(match_for(game), seat)
    matches.forget_all()
    assert seat_view(match_for(game), seat) == cached
    assert public_view(match_for(game))["hand"] is None
