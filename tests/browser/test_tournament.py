"""A visitor opens the tournaments list, a tournament's page (standings, chart, tables) and
follows a finished table to its replay. The tournament is made, and its first round played by
the autopilot, with the tournament_demo command on the server's own database."""

from __future__ import annotations

import os

import pytest
from django.urls import NoReverseMatch, reverse

from .conftest import CHROMIUM
from .server import daphne, demo_tournament


@pytest.fixture(scope="module")
def tournament_site(tmp_path_factory):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    env = demo_tournament(tmp_path_factory.mktemp("tournament-db"), "--name", "Browser Cup",
                          "--players", "8", "--rounds", "3", "--play", "1", "--start")
    # Round 2 stays in play while the tests look: its bots wait ten minutes a move here.
    env["MAHJONG_BOT_DELAY_MS"] = "600000"
    log = tmp_path_factory.mktemp("tournament-log") / "daphne.log"
    with daphne(env, log, "/tournaments/") as base:
        yield base


def test_a_visitor_follows_a_table_to_its_replay(tournament_site, new_page, artifacts):
    page = new_page()
    page.goto(tournament_site + "/tournaments/")
    page.get_by_role("link", name="Browser Cup").click()
    page.wait_for_url("**/tournaments/*/")
    assert page.get_by_role("heading", name="Standings after round 1").is_visible()
    assert page.locator("svg.bump-chart .player").count() == 8
    assert page.locator(".standings tbody tr").first.is_visible()
    # Round 2 is being played: its tables are live and show no scores.
    live = page.locator("article.t-table", has=page.get_by_text("live", exact=True))
    assert live.count() == 2 and live.first.get_by_role("link", name="Watch live").is_visible()
    page.screenshot(path=str(artifacts / "tournament.png"), full_page=True)
    replay = page.get_by_role("link", name="Replay").first
    href = replay.get_attribute("href")
    assert href.startswith("/game/") and href.endswith("/replay/")
    try:
        reverse("game_replay", args=[1])
    except NoReverseMatch:
        pytest.skip("the replay page (/game/<id>/replay/, url name game_replay) is not in this "
                    "branch yet; the link to it is checked above")
    replay.click()
    page.wait_for_url("**/replay/")
    assert page.url.endswith(href)
    assert page.locator("main").is_visible()


def test_a_playing_tournaments_page_follows_its_tables_every_five_seconds(
        tournament_site, new_page):
    """Issue 38, item 12 (the other side): while a round is played the page keeps asking."""
    page = new_page()
    page.clock.install()
    page.goto(tournament_site + "/tournaments/")
    with page.expect_response("**/status.json") as first:
        page.get_by_role("link", name="Browser Cup").click()
    assert first.value.json()["poll"] == 5000
    page.wait_for_selector("#tournament[data-polls='1']", state="attached")  # next one set
    with page.expect_response("**/status.json"):
        page.clock.run_for(5000)
    page.wait_for_selector("#tournament[data-polls='2']", state="attached")
