"""History's "Won" and "Not first" filters follow one player's placings (issue 45, item 3): a
visitor who is not signed in and names no player is shown every result with a note saying why,
never a server error; naming a player, or signing in, filters by that player's placings."""

import html
import re

import pytest

from .finished import saved_game

pytestmark = pytest.mark.django_db

NOTE = "“Won” and “Not first” follow one player's placings"


def _page(client, query: str) -> str:
    response = client.get("/games/" + query)
    assert response.status_code == 200, response.status_code
    return html.unescape(response.content.decode())


def _tables(text: str) -> set[int]:
    return {int(n) for n in re.findall(r'<th scope="row">(\d+)', text)}


@pytest.fixture
def games(players):
    return [saved_game(players[:1], 3, seed=f"placings-{n}", ago_minutes=n) for n in range(3)]


@pytest.mark.parametrize("result", ["won", "not_won"])
def test_a_visitor_asking_for_a_placing_without_a_player_sees_every_game_and_why(
        client, games, result):
    page = _page(client, f"?result={result}")
    assert NOTE in page
    assert _tables(page) == {g.pk for g in games}
    assert _tables(_page(client, "")) == {g.pk for g in games}
    # The form no longer claims the choice it set aside.
    assert 'value="won" selected' not in page and 'value="not_won" selected' not in page


def test_a_visitor_naming_a_player_filters_by_that_players_placings(client, players, games):
    alice = players[0]
    firsts = {g.pk for g in games if g.seats.get(user=alice).place == 1}
    won = _page(client, "?result=won&player=alice")
    not_won = _page(client, "?result=not_won&player=alice")
    assert NOTE not in won and NOTE not in not_won
    assert _tables(won) == firsts
    assert _tables(not_won) == {g.pk for g in games} - firsts


def test_signed_in_the_placing_is_the_viewers_own(client, players, games):
    alice = players[0]
    client.force_login(alice)
    firsts = {g.pk for g in games if g.seats.get(user=alice).place == 1}
    page = _page(client, "?result=won")
    assert NOTE not in page and _tables(page) == firsts
