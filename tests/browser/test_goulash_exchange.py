"""The Goulash's exchanges in real Chromium (seed 001; classical.md §4 "Draw" row): a person at
a British table in a Goulash deal chooses three tiles by clicking or by keyboard, is refused a
fourth, passes them three times, and sees the tiles received marked in the hand."""

from __future__ import annotations

import re

from .axe import report, violations
from .helpers import play_now
from .server import manage_shell


def _goulash_table(env, username: str) -> int:
    code = f"from tests.browser.goulash_table import make; print(make({username!r}))"
    return int(manage_shell(env, code))


def _round(page, n: int) -> None:
    """Wait until this player is asked for round n's tiles."""
    page.wait_for_function(
        "n => !!document.querySelector('.hand.to-exchange')"
        " && document.getElementById('prompt').textContent.includes(`round ${n} of 3`)",
        arg=n,
    )
    assert page.locator("#prompt").inner_text().startswith("Goulash: pass 3 tiles to ")
    assert page.locator(".hand .tile.picked").count() == 0  # a new round starts afresh


def test_a_player_passes_three_tiles_three_times(site_url, site_env, new_page, artifacts):
    page = new_page(1366, 900)
    play_now(page, site_url)  # a guest account
    name = page.locator(".who-am-i").inner_text().strip()
    game_id = _goulash_table(site_env, name)
    page.goto(f"{site_url}/game/{game_id}/")
    tiles = page.locator(".hand button")
    button = page.locator(".actions [data-act='exchange']")

    # Round 1 (East-West, North-South): by clicking; a fourth tile is refused.
    _round(page, 1)
    assert button.get_attribute("aria-disabled") == "true"

    # A spectator sees who has chosen (the three bots), never what.
    watcher = new_page(1366, 900)
    watcher.goto(f"{site_url}/game/{game_id}/")
    watcher.wait_for_selector(".badge.chosen")
    watcher.wait_for_function("document.querySelectorAll('.badge.chosen').length === 3")
    words = watcher.locator("#prompt").inner_text()
    assert words.startswith("Goulash exchange, round 1 of 3") and "Waiting for" in words
    assert watcher.locator(".hand").count() == 0
    watcher.screenshot(path=str(artifacts / "goulash-spectator.png"))
    for i in (0, 2, 4):
        tiles.nth(i).click()
    assert page.locator(".hand .tile.picked").count() == 3
    assert tiles.nth(2).get_attribute("aria-pressed") == "true"
    assert "3 of 3 chosen" in page.locator("#prompt").inner_text()
    page.screenshot(path=str(artifacts / "goulash-exchange.png"))
    found = violations(page)
    assert not found, report(found)
    tiles.nth(6).click()
    assert "click one of them to put it back" in page.locator("#refusal").inner_text()
    assert page.locator(".hand .tile.picked").count() == 3
    tiles.nth(2).click()  # put one back, choose another
    tiles.nth(6).click()
    chosen = sorted(tiles.nth(i).get_attribute("data-tile") for i in (0, 4, 6))
    button.click()
    # The round completes once the bots have chosen: the three tiles received are marked.
    page.wait_for_selector(".hand .tile.received")
    assert page.locator(".hand .tile.received").count() == 3
    log = page.locator("#move-log li .log-words").all_inner_texts()
    passed = next(t for t in log if t.startswith("You pass"))
    names = {"b": "Bamboo", "c": "Characters", "d": "Dots"}
    for tile in chosen:
        if tile[0] in names:
            assert f"{tile[1]} {names[tile[0]]}" in passed, (tile, passed)
    assert any(t.startswith("You receive") for t in log)
    page.screenshot(path=str(artifacts / "goulash-received.png"))

    # Round 2 (East-South, West-North): by keyboard alone, as a discard is chosen.
    _round(page, 2)
    tiles.first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.locator(".hand .tile.picked").count() == 3
    button.focus()
    page.keyboard.press("Enter")

    # Round 3 (East-North, West-South) on a phone: the prompt and the button fit, no sideways
    # scrolling; then play begins.
    _round(page, 3)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert button.is_visible()
    for i in (1, 3, 5):
        tiles.nth(i).click()
    page.screenshot(path=str(artifacts / "goulash-phone.png"))
    button.click()
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'exchange'")
    assert page.locator(".hand.to-exchange").count() == 0
    assert "exchanges are over" in page.locator("#move-log").inner_text()
    page.screenshot(path=str(artifacts / "goulash-play.png"))

    # The running game's replay names the rounds and never the tiles passed.
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{site_url}/game/{game_id}/replay/")
    page.wait_for_selector("body[data-replay-ready]")
    moves = page.locator("#move-list").inner_text()
    assert "Goulash exchange, round 3 of 3" in moves and "exchanges are over" in moves
    tile = r"(\d (Bamboo|Characters|Dots)|(East|South|West|North) Wind|(Red|Green|White) Dragon)"
    assert not re.search(r"pass(es)? " + tile, moves)
    assert "receive" not in moves
