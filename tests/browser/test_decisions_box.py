"""The replay's Decisions box and the table's hints, in real Chromium (issue 38, items 1, 5, 6
and 11): a win let go reads as a missed win, with no sentinel number; the open box leaves the
move list room and a miss clicked keeps the board on screen; a hints question the table has
left is withdrawn, and a Ready is never asked about; a rated table says why it has no hints."""

from __future__ import annotations

import json
import re

from .helpers import click, play_now, until_my_discard
from .missed_win import record
from .server import manage_shell

WIDTH, HEIGHT = 1366, 768


def _imported(page, site_url) -> int:
    name = page.locator(".who-am-i").inner_text().strip()
    page.goto(site_url + "/games/import/")
    page.fill("textarea[name=text]", json.dumps(record(name)))
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/game/\d+/"))
    return int(re.search(r"/game/(\d+)/", page.url).group(1))


def test_the_decisions_box_words_a_missed_win_and_leaves_the_board_in_view(
        site_url, new_page, artifacts):
    page = new_page(WIDTH, HEIGHT)
    play_now(page, site_url)
    game_id = _imported(page, site_url)
    page.goto(f"{site_url}/game/{game_id}/replay/")
    box = page.locator("#analysis-box[data-ready='1']")
    box.wait_for(timeout=120_000)
    words = box.inner_text()
    # Item 1: a win let go is a missed win, worded so, with no sentinel number.
    assert "a missed win" in words and "go out on " in words, words
    assert not re.search(r"\d{6,}", words), words
    assert "would go out " not in words.replace("would go out on ", "")

    # Item 5: with the box open, the move list keeps a useful height beside the table.
    assert page.locator("#analysis-box").evaluate("el => el.open")
    moves = page.locator("#move-list").bounding_box()
    assert moves["height"] >= 150 and moves["width"] >= 200, moves
    page.screenshot(path=str(artifacts / "replay-decisions-box.png"))

    missed = box.locator(".misses li", has_text="a missed win").first
    link = missed.locator("a")
    href = link.get_attribute("href")
    # Clicked where it is: Playwright's own click first scrolls the window to a link that lies
    # below the fold, which is not what is checked here (that the replay does not move the page).
    link.evaluate("a => a.click()")
    page.wait_for_function("h => location.hash === h", arg=href)
    page.wait_for_function("() => document.querySelector('#table .hand, #table .seat')")
    table = page.locator("#table").bounding_box()
    scroll = page.evaluate("() => [window.scrollX, window.scrollY]")
    # The page moves only as far as the board needs: not at all when it fits at the top (the
    # header's verification line, filled in when it is worked out, can push it a line lower).
    assert scroll[0] == 0, scroll
    if scroll[1]:
        assert table["y"] + scroll[1] + table["height"] > HEIGHT, (scroll, table)
        assert abs(table["y"] + table["height"] - HEIGHT) <= 2, (scroll, table)
    assert table["y"] >= 0 and table["y"] + table["height"] <= HEIGHT + 1, table
    assert table["x"] >= 0 and table["x"] + table["width"] <= WIDTH + 1, table
    page.screenshot(path=str(artifacts / "replay-decisions-miss.png"))


def test_a_late_hints_answer_for_a_position_left_behind_is_never_read(site_url, new_page,
                                                                      console):
    """At game over the page asked for hints and got 409: a question asked for a position the
    table has since left (here the player discards while the hints are still being weighed, and
    the server's answer comes after the game has moved on) is withdrawn, so its 409 never
    reaches the page."""
    page = new_page(1280, 900)
    page.add_init_script("localStorage.setItem('mahjong-hints', '1')")
    held = []
    page.route("**/hints.json", lambda route: held.append(route))
    play_now(page, site_url)
    until_my_discard(page)
    page.wait_for_function("() => document.querySelector('.hints')")
    asked = len(held)
    assert asked >= 1
    before = int(page.get_attribute("#table", "data-version"))
    click(page.locator(".hand .tile.can").last)
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v", arg=before)
    for route in held[:asked]:  # the server answers late: the game is no longer under way
        try:
            route.fulfill(status=409, content_type="application/json",
                          body=json.dumps({"error": "Hints are given only while the game is played.",
                                           "code": "not_active"}))
        except Exception as exc:  # the page withdrew the question: nothing to answer
            assert "aborted" in str(exc).lower() or "handled" in str(exc).lower(), exc
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    assert "409" not in " ".join(console.errors)


def _rated_table(site_env) -> tuple[int, str]:
    code = (
        "from django.contrib.auth.models import User; from games import services\n"
        "people = []\n"
        "for i in range(4):\n"
        "    u, _ = User.objects.get_or_create(username=f'rated-hints-{i}')\n"
        "    u.set_password('rated hints pw'); u.save(); people.append(u)\n"
        "g = services.create_game(people[0], seed='rated hints', rated=True)\n"
        "[services.take_seat(g.pk, u) for u in people]\n"
        "services.start_game(g.pk)\n"
        "print(g.pk)"
    )
    return int(manage_shell(site_env, code)), "rated-hints-0"


def test_a_rated_table_says_why_it_has_no_hints(site_url, site_env, new_page, artifacts):
    game_id, username = _rated_table(site_env)
    page = new_page(WIDTH, HEIGHT)
    page.goto(site_url + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "rated hints pw")
    page.locator("main form button[type=submit], main form input[type=submit]").first.click()
    page.wait_for_load_state()
    page.goto(f"{site_url}/game/{game_id}/")
    page.locator(".hand .tile").first.wait_for()
    page.click('[data-act="settings"]')
    settings = page.locator("#table-settings")
    settings.wait_for()
    assert not settings.locator('[data-act="hints"]').count()
    assert settings.locator(".hints-off").inner_text() == "Hints are off in rated games."
    page.screenshot(path=str(artifacts / "rated-no-hints.png"))
