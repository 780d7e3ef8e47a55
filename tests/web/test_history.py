"""History (/games/) and "Your games" on the lobby and home page: finished games stay findable,
most recent first, with filters and pages."""

import html
import re

import pytest

from games.pages import history as history_page

from .finished import saved_game
from .live import make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _tables(text: str) -> list[int]:
    """Table numbers in the order the page lists them."""
    return [int(n) for n in re.findall(r'<th scope="row">(\d+)', text)]


@pytest.fixture
def games(players, outsider):
    old = saved_game(players[:1], 3, seed="old", ago_minutes=90)
    new = saved_game(players[:2], 2, seed="new", ago_minutes=5, tournament=True)
    running = make_table(players[:1], 3, seed="running")
    others = saved_game([outsider], 3, seed="others", ago_minutes=30)
    private = saved_game([players[3]], 3, seed="private", ago_minutes=1, private=True)
    return {"old": old, "new": new, "running": running, "others": others, "private": private}


def test_your_games_in_the_lobby_and_home_include_finished_ones_most_recent_first(
        client, players, games):
    client.force_login(players[0])
    for url in ("/lobby/", "/"):
        text = _text(client.get(url))
        mine = text[text.index('id="mine"'):]
        order = [int(n) for n in re.findall(r">Table (\d+)</a>", mine)]
        assert order[:3] == [games["running"].pk, games["new"].pk, games["old"].pk]
        assert "finished: you placed" in mine


def test_history_lists_my_games_by_default_with_points_placing_and_deals(client, players, games):
    client.force_login(players[0])
    text = _text(client.get("/games/"))
    assert _tables(text) == [games["running"].pk, games["new"].pk, games["old"].pk]
    new = games["new"]
    row = text[text.index(f'<th scope="row">{new.pk}'):]
    row = row[:row.index("</tr>")]
    standing = {s["seat"]: s for s in new.result["standings"]}
    me = new.seats.get(user=players[0]).position
    assert f'title="placed {standing[me]["place"]}"' in row
    assert str(standing[me]["points"]) in row and ">You<" in row
    assert f'<td class="num">{len(new.result["deals"])}</td>' in row
    assert f"/game/{new.pk}/record.json?download=1" in row


def test_all_public_games_are_a_click_away_but_not_others_private_ones(client, players, games):
    client.force_login(players[0])
    listed = _tables(_text(client.get("/games/?scope=all")))
    assert games["others"].pk in listed and games["new"].pk in listed
    assert games["private"].pk not in listed
    client.logout()
    assert games["private"].pk not in _tables(_text(client.get("/games/")))


@pytest.mark.parametrize(
    "query, expected",
    [
        ("player=bob", ["new"]),
        ("player=otto", ["others"]),
        ("tournament=yes", ["new"]),
        ("tournament=no", ["running", "others", "old"]),
        ("result=running", ["running"]),
        ("result=finished&player=otto", ["others"]),
        ("ruleset=dmjl", []),
    ],
)
def test_filters(client, players, games, query, expected):
    client.force_login(players[0])
    listed = _tables(_text(client.get(f"/games/?scope=all&{query}")))
    assert listed == [games[name].pk for name in expected]


def test_result_filter_won_follows_my_placings(client, players, games):
    client.force_login(players[0])
    won = _tables(_text(client.get("/games/?result=won")))
    not_won = _tables(_text(client.get("/games/?result=not_won")))
    firsts = set()
    for name in ("old", "new"):
        g = games[name]
        seat = g.seats.get(user=players[0]).position
        if any(s["seat"] == seat and s["place"] == 1 for s in g.result["standings"]):
            firsts.add(g.pk)
    assert set(won) == firsts and set(not_won) == {games["old"].pk, games["new"].pk} - firsts


def test_date_filter(client, players, games):
    client.force_login(players[0])
    assert _tables(_text(client.get("/games/?until=2000-01-01"))) == []
    assert len(_tables(_text(client.get("/games/?since=2000-01-01")))) == 3


def test_pages(client, players, games, monkeypatch):
    monkeypatch.setattr(history_page, "PER_PAGE", 2)
    client.force_login(players[0])
    first = _text(client.get("/games/"))
    assert _tables(first) == [games["running"].pk, games["new"].pk] and "Page 1 of 2" in first
    second = _text(client.get("/games/?scope=mine&page=2"))
    assert _tables(second) == [games["old"].pk]
