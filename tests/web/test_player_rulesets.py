"""Issue 38 §3: a player page of one ruleset (/u/<name>/?ruleset=<name>, chosen on the page):
its statistics, recent games and rating are that ruleset's alone; a value that names no ruleset
is answered 400 with the reason, and the page shows every ruleset."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from games.models import Game, PlayerStat

from .finished import saved_game
from .rated import scripted

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(players):
    """Alice: two casual Classical games and one British, and a rated game in each."""
    alice = players[0]
    for n in range(2):
        saved_game([alice], 3, seed=f"p-classical-{n}")
    saved_game([alice], 3, seed="p-british", ruleset_name="british")
    scripted(players, [40, 30, 20, 10], seed="p-rated-classical")
    scripted(players, [10, 20, 30, 40], seed="p-rated-british", ruleset="british")
    return alice


def _page(url: str):
    response = Client().get(url)
    return response, html.unescape(response.content.decode())


def _figure(text: str, label: str) -> str:
    at = text.index(f"<dt>{label}</dt>")
    return text[text.index("<dd>", at) + 4:text.index("</dd>", at)]


def test_one_rulesets_statistics_recent_games_and_rating(played):
    everything, text = _page("/u/alice/")
    total = sum(PlayerStat.objects.filter(user=played).values_list("games", flat=True))
    assert _figure(text, "Games played") == str(total) == "5"
    assert {r.game.ruleset_name for r in everything.context["rows"]} == {
        "chinese-classical", "british"}
    assert '<option value="" selected>All rulesets</option>' in text

    response, text = _page("/u/alice/?ruleset=british")
    assert response.status_code == 200
    british = PlayerStat.objects.get(user=played, ruleset_name="british")
    assert _figure(text, "Games played") == str(british.games) == "2"
    assert _figure(text, "Games won") == str(british.games_won)
    rows = response.context["rows"]
    mine = Game.objects.filter(seats__user=played, ruleset_name="british")
    assert sorted(r.game.pk for r in rows) == sorted(mine.values_list("pk", flat=True))
    assert [r["ruleset"] for r in response.context["ratings"]] == ["british"]
    assert response.context["rating_plot"].title.endswith("British")
    # The control says what is shown, and offers the other rulesets the player has played.
    assert '<option value="british" selected>British</option>' in text
    assert '<option value="chinese-classical">' in text
    assert "Statistics, ratings and recent games of <b>British</b> only." in text
    assert "Recent games: British" in text


def test_a_ruleset_not_played_yet_shows_empty_figures(played):
    response, text = _page("/u/alice/?ruleset=cantonese")
    assert response.status_code == 200
    assert _figure(text, "Games played") == "0"
    assert "No games in this ruleset yet." in text and not response.context["ratings"]


def test_a_value_that_names_no_ruleset_is_refused_with_the_reason(played):
    response, text = _page("/u/alice/?ruleset=nope")
    assert response.status_code == 400
    assert "There is no ruleset called 'nope': the page shows every ruleset instead." in text
    assert _figure(text, "Games played") == "5"  # the page still shows everything
    long = "<b>" + "x" * 500
    response = Client().get("/u/alice/", {"ruleset": long})
    assert response.status_code == 400
    page = response.content.decode()
    assert "&lt;b&gt;xxx" in page and "<b>xxx" not in page and "x" * 100 not in page


def test_a_page_named_in_the_query_keeps_the_name_in_its_filter(played):
    response, text = _page("/u/?name=alice&ruleset=british")
    assert response.status_code == 200 and _figure(text, "Games played") == "2"
    assert '<input type="hidden" name="name" value="alice">' in text
    assert 'href="?name=alice&ruleset=british"' not in text  # no link to the page it is
    assert '<a href="?name=alice&">All rulesets</a>' in text
