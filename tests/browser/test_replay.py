"""The replay viewer in real Chromium: a permalink opens at its move, the keyboard steps through
moves and deals, the scoring proof shows at a deal's end, the plot is on the page, and a
running game's replay shows no hidden tile."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .server import ROOT, daphne, migrated_db

SEED_GAMES = """
import django
django.setup()
from tests.web.replay_games import saved_game
print(saved_game("browser-replay").pk, saved_game("browser-replay-running", moves=400).pk)
"""


@pytest.fixture(scope="module")
def replay_site(tmp_path_factory):
    """A server whose database holds a finished bot game and a running one."""
    db = migrated_db(tmp_path_factory.mktemp("replay-db") / "db.sqlite3")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "DJANGO_DEBUG": "1",
           "DJANGO_SETTINGS_MODULE": "mahjong_site.settings", "PYTHONPATH": str(ROOT)}
    env.pop("REDIS_URL", None)
    run = dict(cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    finished, running = subprocess.run([sys.executable, "-c", SEED_GAMES], **run).stdout.split()
    with daphne(env, tmp_path_factory.mktemp("replay-log") / "daphne.log") as base:
        yield base, int(finished), int(running)


def open_replay(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-replay-ready]")


def where(page) -> str:
    return page.locator("#rc-where").inner_text()


def test_a_permalink_opens_the_replay_at_its_move(replay_site, new_page, artifacts):
    base, game, _ = replay_site
    page = new_page(1366, 768)
    open_replay(page, f"{base}/game/{game}/replay/#d3m41")
    assert where(page).startswith("Deal 3, move 41 of")
    current = page.locator('#move-list [aria-current="step"]')
    assert current.get_attribute("href") == "#d3m41"
    assert current.inner_text().split()[0] == "41"
    # Every hand is face up in a finished game's replay, and the wall is there to read.
    assert page.locator(".seat .open-hand").count() == 4
    assert page.locator(".board .wall").count() == 4
    page.screenshot(path=str(artifacts / "replay-desktop.png"))


def test_the_keyboard_steps_through_moves_and_deals(replay_site, new_page):
    base, game, _ = replay_site
    page = new_page(1366, 768)
    open_replay(page, f"{base}/game/{game}/replay/#d2m10")
    step = lambda: int(page.get_attribute("#table", "data-step"))  # noqa: E731
    at = step()
    page.keyboard.press("ArrowRight")
    assert step() == at + 1 and page.evaluate("location.hash") == "#d2m11"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert step() == at - 1 and where(page).startswith("Deal 2, move 9 ")
    page.keyboard.press("PageDown")
    assert where(page).startswith("Deal 3, move 1 ")
    page.keyboard.press("PageUp")
    assert where(page).startswith("Deal 2, move 1 ")
    page.keyboard.press("Home")
    assert step() == 0 and where(page).startswith("Deal 1, move 1 ")
    page.keyboard.press("End")
    assert page.get_attribute("#table", "data-phase") == "game_over"
    # A deal's rituals are steps: the first steps of a deal throw the dice and break the wall.
    page.keyboard.press("Home")
    captions = []
    for _ in range(4):
        page.keyboard.press("ArrowRight")
        captions.append(page.locator("#rc-caption").inner_text())
    assert any("throws" in c for c in captions) and any("broken" in c for c in captions)
    # Play at the fastest speed moves on by itself until paused.
    page.select_option('[data-rc="speed"]', "4")
    at = step()
    page.click('[data-rc="play"]')
    page.wait_for_function(f"Number(document.getElementById('table').dataset.step) > {at + 1}")
    page.click('[data-rc="play"]')
    assert page.get_attribute('[data-rc="play"]', "aria-pressed") == "false"


def test_a_deals_last_move_shows_its_scoring_proof_and_the_plot_is_on_the_page(
        replay_site, new_page, artifacts):
    base, game, _ = replay_site
    page = new_page(1366, 768)
    open_replay(page, f"{base}/game/{game}/replay/#d1m1")
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowLeft")  # the last move of deal 1
    assert page.get_attribute("#table", "data-phase") == "deal_over"
    proof = page.locator("#proof-box .proof")
    proof.wait_for()
    assert proof.locator(".sheet-hand").count() == 4
    assert proof.locator("table.score td.rule").count() >= 1
    if proof.locator(".sheet-hand.winner").count():
        assert proof.locator(".winning-tile").count() >= 1
        assert proof.locator(".how-won").inner_text().startswith("Winning tile")
        assert proof.locator("table.payment-grid tbody tr").count() == 4
    plot = page.locator("figure.plot")
    plot.wait_for()
    assert plot.count() == 1 and plot.locator("svg").count() >= 1
    page.wait_for_function("document.getElementById('verification').textContent.includes('verified')")
    proof.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "replay-proof.png"))


def test_seat_choice_and_phone_layout(replay_site, new_page, artifacts):
    base, game, _ = replay_site
    page = new_page(390, 844)
    open_replay(page, f"{base}/game/{game}/replay/#d1m30")
    bottom = page.locator(".my-area .seat").get_attribute("data-seat")
    other = str((int(bottom) + 2) % 4)
    page.select_option('[data-rc="bottom"]', other)
    assert page.locator(".my-area .seat").get_attribute("data-seat") == other
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".rc-buttons").is_visible()
    page.screenshot(path=str(artifacts / "replay-phone.png"))
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowLeft")  # a deal's end: the proof, payments grid and all
    page.locator("#proof-box .payment-grid").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_running_games_replay_shows_no_concealed_tile(replay_site, new_page):
    base, _, game = replay_site
    page = new_page(1366, 768)
    open_replay(page, f"{base}/game/{game}/replay/")
    assert page.locator(".open-hand").count() == 0
    assert page.locator("#wall-box").is_hidden()
    assert page.locator(".seat .hidden-hand").count() == 4
