"""The leaderboard (/leaderboard/) and the ratings on player pages and game lists, for scripted
rated games: what they show, a bad query string answered with a reason, and a number of queries
that does not grow with the games kept."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import clock as game_clock
from games.models import Game, Rating, RatingChange
from games.web.pages import leaderboard

from .rated import scripted

pytestmark = pytest.mark.django_db


def client_for(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


@pytest.fixture
def season(players, outsider):
    """Alice wins three, Dave loses three; Otto played one British game."""
    alice, bob, carol, dave = players
    for n in range(3):
        scripted(players, [40_000, 30_000, 20_000, 10_000], seed=f"season-{n}")
    scripted([outsider, bob, carol, dave], [4, 3, 2, 1], seed="otto", ruleset="british")
    return players, outsider


def board(client, query=""):
    return client.get("/leaderboard/" + query)


def test_the_board_lists_the_ruleset_best_first(season):
    (alice, bob, carol, dave), otto = season
    page = board(client_for(carol))
    assert page.status_code == 200
    rows = page.context["rows"]
    assert [r.name for r in rows] == ["alice", "bob", "carol", "dave"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert rows[0].rating == Rating.objects.get(user=alice, ruleset_name="chinese-classical").shown
    assert all(r.provisional and r.games == 3 for r in rows)
    html = page.content.decode()
    assert "Your rating: <b>" in html and "#3 on this board" in html
    assert re.search(r'<tr class="me">.*?carol', html, re.S)
    assert "otto" not in html  # not a Chinese Classical player
    british = board(client_for(), "?ruleset=british").context["rows"]
    assert [r.name for r in british][0] == "otto"


def test_only_players_active_lately_are_listed(season):
    (alice, *_), _ = season
    Rating.objects.filter(user=alice).update(
        last_played=game_clock.now() - timedelta(days=leaderboard.ACTIVE_DAYS + 1))
    rows = board(client_for()).context["rows"]
    assert "alice" not in [r.name for r in rows] and len(rows) == 3
    html = board(client_for(alice)).content.decode()
    assert "not active in the last 90 days" in html


@pytest.mark.parametrize("query", ["?ruleset=nope", "?ruleset=" + "x" * 3000,
                                   "?ruleset=%00", "?ruleset=<script>"])
def test_an_unknown_ruleset_is_answered_400_with_the_reason(season, query):
    page = board(client_for(), query)
    assert page.status_code == 400
    html = page.content.decode()
    assert "There is no leaderboard for" in html and "<script>" not in html.split("<main")[1]


@pytest.mark.parametrize("query", ["?page=abc", "?page=999", "?page=-1"])
def test_bad_pages_still_show_a_page(season, query):
    assert board(client_for(), query).status_code == 200


def test_the_board_pages(season, monkeypatch):
    monkeypatch.setattr(leaderboard, "PER_PAGE", 3)
    first = board(client_for())
    assert [r.rank for r in first.context["rows"]] == [1, 2, 3]
    second = board(client_for(), "?ruleset=chinese-classical&page=2").context["rows"]
    assert [(r.rank, r.name) for r in second] == [(4, "dave")]


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as seen:
        assert client.get(url).status_code == 200
    return len(seen)


def test_pages_read_a_bounded_number_of_queries(players, outsider, django_user_model):
    viewer = client_for(outsider)
    scripted(players, [4, 3, 2, 1], seed="few-0")
    few = {url: _queries(viewer, url) for url in ("/leaderboard/", "/u/alice/", "/games/?scope=all")}
    for n in range(1, 8):
        scripted(players, [n, 3, 2, 1], seed=f"more-{n}")
    more_people = [django_user_model.objects.create_user(f"extra{i}") for i in range(8)]
    for i in range(0, 8, 4):
        scripted(more_people[i:i + 4], [4, 3, 2, 1], seed=f"extra-{i}")
    many = {url: _queries(viewer, url) for url in few}
    assert many == few


def test_a_player_page_shows_ratings_the_plot_and_its_table(season):
    (alice, bob, carol, dave), otto = season
    page = client_for().get("/u/dave/")
    ratings = page.context["ratings"]
    assert [(r["ruleset"], r["games"]) for r in ratings] == [
        ("chinese-classical", 3), ("british", 1)]
    assert ratings[0]["rank"] == 4 and ratings[0]["provisional"]
    plot = page.context["rating_plot"]
    changes = list(RatingChange.objects.filter(user=dave, ruleset_name="chinese-classical")
                   .order_by("pk"))
    assert [r.rating for r in plot.rows] == [c.after for c in changes]
    assert [r.change for r in plot.rows] == [c.change for c in changes]
    assert plot.start == 1000 and [r.number for r in plot.rows] == [1, 2, 3]
    html = page.content.decode()
    assert 'class="points-plot rating-plot"' in html and "rated game" in html
    assert "Rating after each rated game: Chinese Classical" in html
    assert html.count('class="rating-change down"') >= 3
    for c in changes:
        assert f'href="/game/{c.game_id}/">Table {c.game_id}</a>' in html
    # The other ruleset's plot, asked for.
    british = client_for().get("/u/dave/?ruleset=british").context["rating_plot"]
    assert british.title.endswith("British") and len(british.rows) == 1


def test_the_plot_keeps_to_the_latest_games(players, monkeypatch):
    from games.web.pages import players as player_pages

    monkeypatch.setattr(player_pages, "PLOTTED", 2)
    for n in range(4):
        scripted(players, [4, 3, 2, 1], seed=f"latest-{n}")
    plot = client_for().get("/u/alice/").context["rating_plot"]
    assert [r.number for r in plot.rows] == [3, 4]
    assert 'text-anchor="middle">2</text>' in str(plot.svg)  # the axis counts from game 2


def test_private_rated_games_are_not_linked_for_others(players, outsider):
    game = scripted(players, [4, 3, 2, 1], seed="private-rated")
    Game.objects.filter(pk=game.pk).update(private=True)
    other = client_for(outsider).get("/u/alice/")
    assert other.context["rating_plot"].rows[0].private
    assert f"/game/{game.pk}/" not in other.content.decode()
    own = client_for(players[0]).get("/u/alice/")
    assert f'href="/game/{game.pk}/">Table {game.pk}</a>' in own.content.decode()


def test_game_lists_show_each_players_rating_change(season):
    (alice, bob, carol, dave), otto = season
    game = RatingChange.objects.filter(user=alice).latest("pk").game
    rows = client_for(alice).get("/games/?scope=all").context["rows"]
    row = next(r for r in rows if r.game.pk == game.pk)
    changes = {c.user.username: c.change for c in RatingChange.objects.filter(game=game)}
    assert {p.name: p.rating_change for p in row.players} == changes
    html = client_for(alice).get("/games/").content.decode()
    assert '<span class="badge rated">rated</span>' in html
    assert f'title="rating change">{row.players[0].rating_change_text}</span>' in html
    lobby = client_for(alice).get("/lobby/").content.decode()
    assert ", rating <span class=\"rating-change" in lobby
