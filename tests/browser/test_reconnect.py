"""Issue 16 §2: a table page whose socket keeps failing backs off between attempts and, after a
few in a row, stops and says so with a Reload button, instead of reconnecting every second for
ever. Time is the page's fake clock: the test waits for nothing."""

from __future__ import annotations

import re

from .helpers import play_now

TRIES = 7  # the first attempt and six more (static/js/socket.js, GIVE_UP_AFTER)


def test_a_table_that_cannot_be_reached_stops_trying_and_says_so(site_url, new_page):
    player = new_page()
    play_now(player, site_url)
    game = int(re.search(r"/game/(\d+)/", player.url).group(1))

    page = new_page()
    attempts: list[str] = []

    def refuse(ws):  # the server accepts, then fails at once (as a frame over its cap did)
        attempts.append(ws.url)
        ws.close(code=1011, reason="Internal server error")

    page.route_web_socket(re.compile(rf".*/ws/game/{game}/$"), refuse)
    page.clock.install()
    page.goto(f"{site_url}/game/{game}/")
    lost = page.locator("#connection-lost")
    for _ in range(20):  # a minute of the page's time at most, in steps
        if lost.count():
            break
        page.clock.run_for(3_000)
    assert lost.is_visible(), f"still trying after {len(attempts)} attempts"
    assert len(attempts) == TRIES
    assert "The table cannot be reached" in lost.inner_text()
    reload = lost.get_by_role("button", name="Reload")
    assert reload.evaluate("b => b === document.activeElement")
    page.clock.run_for(300_000)  # five minutes more: no further attempt
    assert len(attempts) == TRIES

    with page.expect_navigation():
        reload.click()
    page.wait_for_selector("#table .waiting-note")  # a fresh page, trying afresh
    assert page.locator("#connection-lost").count() == 0
