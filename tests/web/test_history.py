"""History (/games/) and "Your games" on the lobby and home page: finished games stay findable,
most recent first, with filters and pages."""

import html
import json
import re

import pytest

from games.models import Game
from games.services import frames, gamerow
from games.web.pages import history as history_page

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
    assert f'title="placed {history_page.ordinal(standing[me]["place"])}"' in row
    assert str(standing[me]["points"]) in row
    assert '>alice</a> <span class="muted">(you)</span>' in row and ">You<" not in row
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


def _row(text: str, game_id: int) -> str:
    row = text[text.index(f'<th scope="row">{game_id}'):]
    return row[:row.index("</tr>")]


def test_my_own_live_game_is_not_offered_to_watch(client, players, games):
    """Issue 38 §7: a game the viewer plays at says "Back to your table" (history, the player
    page, the lobby); others' live games, and one the viewer left, say "Watch"."""
    from games import services

    running = games["running"]
    client.force_login(players[0])
    for url in ("/games/", "/u/alice/", "/games/?scope=all"):
        row = _row(_text(client.get(url)), running.pk)
        assert ">Back to your table</a>" in row and ">Watch</a>" not in row, url
    lobby = _text(client.get("/lobby/"))
    assert f">Back to your table {running.pk}</a>" in lobby
    assert f"Watch table {running.pk}" not in lobby

    client.force_login(players[1])  # not seated there
    assert ">Watch</a>" in _row(_text(client.get("/u/alice/")), running.pk)
    assert f"Watch table {running.pk}" in _text(client.get("/lobby/"))

    two = make_table(players[:2], 2, seed="two-people")
    client.force_login(players[0])
    assert ">Back to your table</a>" in _row(_text(client.get("/games/")), two.pk)
    services.leave_game(two.pk, players[0])  # a bot plays on in her name: she watches
    assert ">Watch</a>" in _row(_text(client.get("/games/")), two.pk)
    assert f"Watch table {two.pk}" in _text(client.get("/lobby/"))


def test_my_waiting_room_in_the_lobby_is_mine_to_go_back_to(client, players, outsider):
    from games import services

    game = services.create_game(players[0])
    services.take_seat(game.pk, players[0])
    client.force_login(players[0])
    lobby = _text(client.get("/lobby/"))
    room = lobby[lobby.index(f">Table {game.pk}</a>", lobby.index('id="open"')):]
    room = room[:room.index("</li>")]
    assert "Back to your table" in room and "Join" not in room
    client.force_login(outsider)
    lobby = _text(client.get("/lobby/"))
    assert f'action="/game/{game.pk}/join/"' in lobby


def test_the_player_filter_finds_bots_by_their_shown_name(client, players, games):
    """Issue 38 §9: a bot's seats are found by the name the lists show, in any case."""
    old = games["old"]
    bot = next(s for s in old.seats.all() if s.is_bot)
    for name in (bot.name, bot.name.lower(), bot.name.upper()):
        listed = _tables(_text(client.get("/games/", {"scope": "all", "player": name})))
        assert old.pk in listed, name
        assert all(g.seats.filter(recorded_name=bot.name).exists()
                   for g in Game.objects.filter(pk__in=listed))
    assert _tables(_text(client.get("/games/?scope=all&player=Bot+Nobody"))) == []


def test_a_place_is_said_as_an_ordinal(client, players, games):
    """Issue 38 §9: "you placed 4th", not "you placed 4"."""
    assert [history_page.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]
    client.force_login(players[0])
    mine = _text(client.get("/lobby/"))
    mine = mine[mine.index('id="mine"'):]
    said = re.findall(r'you placed <span class="place p(\d)">([^<]*)</span>', mine)
    assert said and all(text == history_page.ordinal(int(n)) for n, text in said)


def test_after_keep_this_name_lists_and_records_use_the_kept_name(client):
    """Issue 38 §15: a guest who keeps a name is shown by it in lists ("mei (you)"), and
    the seats and records of the games they played as a guest read it too (a seat names its
    account, whose username is now the kept name)."""
    from games.access.accounts import make_guest

    guest = make_guest()
    old_name = guest.username
    finished = saved_game([guest], 3, seed="as-a-guest")
    running = make_table([guest], 3, seed="still-playing")
    seen = {s.name for s in gamerow.seats(running).values()}  # as its socket read them
    assert old_name in seen
    client.force_login(guest)
    client.post("/accounts/signup/", {"username": "mei", "password1": "tiles-and-tea-42",
                                      "password2": "tiles-and-tea-42"})
    history = _text(client.get("/games/"))
    for game in (finished, running):
        assert '>mei</a> <span class="muted">(you)</span>' in _row(history, game.pk)
    assert old_name not in history and ">You<" not in history
    assert old_name not in _text(client.get("/u/mei/"))
    assert old_name not in _text(client.get("/lobby/"))
    assert set(_tables(_text(client.get("/games/?scope=all&player=mei")))) == {
        finished.pk, running.pk}
    running.refresh_from_db()  # the live table's seats are read again: its frames say "mei"
    assert "mei" in {s.name for s in gamerow.seats(running).values()}
    assert "mei" in {s["name"] for s in frames.seats_info(running)}
    record = client.get(f"/game/{finished.pk}/record.json").json()
    assert "mei" in [p["name"] for p in record["players"]]
    assert old_name not in json.dumps(record)
