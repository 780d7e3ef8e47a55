"""Issue 16: a guest plays *Play now* to the end of a whole game (16+ deals) through the server
`make run` starts: the end screen with the standings and the plot, the same after a reload, the
replay opens; a spectator's page, open from the first deal, sees the same end. No console
errors (the `console` fixture fails the test on any)."""

from __future__ import annotations

import re

from .helpers import play_now, wait_while_moving

# Clicks as a player would, as fast as the table offers something: Next deal on a score sheet,
# Mah Jong when offered, else the rightmost tile that may be thrown, else Pass.
AUTOPLAY = """() => {
  const root = document.getElementById("table");
  window.__autoplay = setInterval(() => {
    if (root.dataset.phase === "game_over") return clearInterval(window.__autoplay);
    const b = root.querySelector(".sheet .act.ready:not([disabled])")
      || root.querySelector(".actions .act.win")
      || [...root.querySelectorAll(".hand .tile.can")].pop()
      || root.querySelector(".actions .act.pass");
    if (b) b.click();
  }, 40);
}"""


def _standings(page) -> list[str]:
    return page.locator(".sheet .standings ol.final li").all_inner_texts()


def test_a_guest_plays_a_whole_game_to_its_end_screen(site_url, new_page, artifacts):
    page = new_page(1280, 900)
    play_now(page, site_url)
    game = int(re.search(r"/game/(\d+)/", page.url).group(1))
    watcher = new_page(1280, 900)
    watcher.goto(f"{site_url}/game/{game}/")
    watcher.wait_for_selector("#table .watching")

    page.evaluate(AUTOPLAY)
    # Bounded by progress, not by the game's length: a stuck table fails, a slow machine does not.
    wait_while_moving(page, "#table[data-phase='game_over'] .sheet .standings")
    assert "You placed" in page.locator(".sheet .standings").inner_text()
    mine = _standings(page)
    assert len(mine) == 4 and sum("You" in row for row in mine) == 1
    page.locator(".sheet-plot svg.points-plot").wait_for()
    deals = page.locator(".sheet-plot tbody tr").count() - 1  # the start, then each deal
    assert deals >= 16, f"a whole game: {deals} deals"
    page.screenshot(path=str(artifacts / "whole-game-end.png"))

    # The spectator, open since the first deal, sees the same end.
    watcher.wait_for_selector("#table[data-phase='game_over'] .sheet .standings", timeout=30_000)
    seen = _standings(watcher)
    assert [re.sub(r"\s+", " ", r) for r in seen] != []
    assert [r.split()[-1] for r in seen] == [r.split()[-1] for r in mine]  # the same points
    watcher.screenshot(path=str(artifacts / "whole-game-spectator-end.png"))

    # A reload opens the finished table on its end screen at once, connected.
    page.reload()
    page.wait_for_selector("#table[data-phase='game_over'] .sheet .standings")
    assert _standings(page) == mine
    assert page.get_attribute("#table", "data-connected") == "1"
    assert page.locator("#connection-lost").count() == 0

    page.click("#replay-game")
    page.wait_for_selector("body[data-replay-ready]")
    assert re.search(rf"/game/{game}/replay/", page.url)
