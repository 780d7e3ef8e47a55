"""An organiser unsticks a game from the Django admin, through the same service door."""

import pytest

from games.models import Game
from games.services.matches import match_for

from .live import make_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_superuser("organiser", password="pw-organiser-1234")


def test_the_autopilot_action_plays_the_move_a_game_waits_for(client, players, organiser):
    game = make_table(players, seed="admin-autopilot")  # four people, nobody connected
    match = match_for(game)
    waiting = match.waiting_on()
    client.force_login(organiser)
    response = client.post(
        "/admin/games/game/",
        {"action": "autopilot", "_selected_action": [game.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "The autopilot made 1 move(s)." in response.content.decode()
    game = Game.objects.get(pk=game.pk)
    # One move by the autopilot; the seats with nothing to claim after it are passed by the
    # server at once (docs/protocol.md), so the game may have moved a little further.
    assert game.version >= 1
    move = game.moves.get(seq=1)
    assert move.seat in waiting
    assert match_for(game).version == game.version  # the moves are the truth the engine replays
    response = client.post(
        "/admin/games/game/",
        {"action": "autopilot", "_selected_action": [game.pk]},
        follow=True,
    )
    assert "The autopilot made " in response.content.decode()
    moved = Game.objects.get(pk=game.pk)
    assert moved.version > game.version
    assert match_for(moved).version == moved.version


def test_the_autopilot_action_leaves_games_not_in_play_alone(client, players, organiser):
    from games import services

    open_game = services.create_game(players[0])
    client.force_login(organiser)
    response = client.post(
        "/admin/games/game/",
        {"action": "autopilot", "_selected_action": [open_game.pk]},
        follow=True,
    )
    assert "The autopilot made 0 move(s)." in response.content.decode()
    assert Game.objects.get(pk=open_game.pk).version == 0
