"""The end of a game: the points plot (SVG and a table with the same numbers) and "Play again"."""

import html
import re

import pytest

from games.models import Game
from games.web.plots import points_plot

from .finished import saved_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_points_plot_draws_one_line_per_player_and_tabulates_the_same_numbers():
    plot = points_plot(["You", "Bo", "Cy", "Di"],
                       [[2000, 2100, 2050], [2000, 1900, 1900], [2000, 2000, 2100],
                        [2000, 2000, 1950]], winners=["You", "Cy"])
    assert plot.svg.count("<polyline") == 4 and 'role="img"' in plot.svg
    assert [r.label for r in plot.rows] == ["Start", "1", "2"]
    assert plot.rows[2].points == [2050, 1900, 2100, 1950] and plot.rows[2].winner == "Cy"
    with pytest.raises(ValueError):
        points_plot(["A"], [[1, 2], [1]])


def test_plot_fragment_calls_the_viewer_you_and_shows_every_deal(client, players):
    game = saved_game(players[:1], 3, seed="plot")
    client.force_login(players[0])
    text = html.unescape(client.get(f"/game/{game.pk}/plot/").content.decode())
    assert "<svg" in text and "<table>" in text
    head = text[text.index("<thead>"):text.index("</thead>")]
    assert ">You<" in head
    rows = re.findall(r'<tr><th scope="row">', text)
    assert len(rows) == len(game.result["deals"]) + 1
    final = [f'<td class="num">{p}</td>' for p in game.result["points"]]
    assert "".join(final) in text.replace("\n", "")


def test_the_plot_is_in_the_readers_language_and_kept_per_language(client, players):
    """Issue 42: the end screen's and the replay's plot (the replay keeps it in the cache) read
    in the page's language; an English reader after a Chinese one still reads English."""
    game = saved_game(players[:1], 3, seed="plot-zh")
    client.cookies["django_language"] = "zh-hans"
    text = client.get(f"/game/{game.pk}/plot/").content.decode()
    assert "每局后的分数" in text and "和牌者" in text and "Won by" not in text
    extras = client.get(f"/game/{game.pk}/replay/extras.json").json()["plot"]
    assert "每局后的分数" in extras and "开局" in extras
    client.cookies["django_language"] = "zh-hant"
    assert "每局後的分數" in client.get(f"/game/{game.pk}/replay/extras.json").json()["plot"]
    client.cookies["django_language"] = "en"
    extras = client.get(f"/game/{game.pk}/replay/extras.json").json()["plot"]
    assert "Points after every deal" in extras and "Won by" in extras


def test_play_again_with_bots_deals_a_new_table_at_once(client, players):
    game = saved_game(players[:1], 3, seed="again-bots")
    client.force_login(players[0])
    response = client.post(f"/game/{game.pk}/again/")
    again = Game.objects.exclude(pk=game.pk).get()
    assert response.url == f"/game/{again.pk}/"
    assert again.status == "active" and again.rematch_of == game
    assert again.ruleset == game.ruleset and again.seed != game.seed
    bots = lambda g: sorted((s.chair, s.bot_level) for s in g.seats.all() if s.is_bot)  # noqa: E731
    assert bots(again) == bots(game)


def test_play_again_waits_for_the_same_people(client, players, outsider):
    game = saved_game(players[:2], 2, seed="again-people")
    client.force_login(outsider)
    assert client.post(f"/game/{game.pk}/again/").status_code == 404
    client.force_login(players[0])
    client.post(f"/game/{game.pk}/again/")
    again = Game.objects.exclude(pk=game.pk).get()
    assert again.status == "open" and again.seats.count() == 3
    client.force_login(players[1])
    response = client.post(f"/game/{game.pk}/again/")
    assert response.url == f"/game/{again.pk}/"
    again.refresh_from_db()
    assert again.status == "active" and Game.objects.count() == 2
