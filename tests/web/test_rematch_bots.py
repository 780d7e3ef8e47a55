"""Issue 20: "Play again" brings back the same bots, each under its own name in its own chair,
whatever number the new table has; a bot added to the new table takes a name nobody has."""

import pytest

from games import services
from games.models import Game

from .finished import play_out, saved_game
from .live import make_table, short_ruleset

pytestmark = pytest.mark.django_db(transaction=True)


def _bots(game: Game) -> dict[int, str]:
    return {s.chair: s.name for s in game.seats.all() if s.is_bot}


def test_play_again_keeps_each_bots_name_and_chair(client, players):
    game = saved_game(players[:1], 3, seed="again-names")
    before = _bots(game)
    assert len(set(before.values())) == 3
    client.force_login(players[0])
    client.post(f"/game/{game.pk}/again/")
    again = Game.objects.exclude(pk=game.pk).get()
    assert _bots(again) == before
    lobby = client.get("/lobby/").content.decode()
    row = lobby[lobby.index(f"Back to your table {again.pk}"):].split("</li>\n")[0]
    assert all(name in row for name in before.values())


def test_a_bot_added_to_the_rematch_takes_a_free_name(client, players):
    game = saved_game(players[:2], 2, seed="again-new-bot")
    client.force_login(players[0])
    client.post(f"/game/{game.pk}/again/")
    again = Game.objects.exclude(pk=game.pk).get()
    assert again.status == "open"  # Bob is not back yet
    services.add_bot(again.pk, "random")
    names = list(_bots(again).values())
    assert len(names) == 3 and len(set(names)) == 3
    assert set(_bots(game).values()) < set(names)


def test_the_chair_of_a_player_who_left_is_open_again_in_the_rematch(players):
    game = make_table(players[:2], 2, seed="again-left", settings=short_ruleset())
    services.leave_game(game.pk, players[0])
    game = play_out(game)
    assert game.status == "finished"
    again = services.open_rematch(players[1], game, list(game.seats.all()))
    left_chair = game.seats.get(user=players[0]).chair
    assert left_chair not in _bots(again)
    assert _bots(again) == {c: n for c, n in _bots(game).items() if c != left_chair}
