"""Every playable ruleset's table fits a phone (390×844) and a desktop (1400×900): each tile of
the hand, the drawn tile too, is on screen, every button is in view and the page never scrolls
sideways; the sixteen-tile game's one throw shows its numbers."""

from __future__ import annotations

import os

import pytest

from games.engine.ruleset import PLAYABLE

from .helpers import until_my_discard

SHOTS = os.environ.get("FIT_SHOTS")  # a folder to keep the screenshots in, when set

MEASURE = """() => {
    const box = (e) => { const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
    return {
        viewport: {width: window.innerWidth, height: window.innerHeight},
        scrollWidth: document.documentElement.scrollWidth,
        tiles: [...document.querySelectorAll('.hand .tile')].map(box),
        controls: [...document.querySelectorAll(
            '.actions .act, .status-bar .chip-button, .status-bar .chip-link')].map(box),
    };
}"""


def open_table(page, base: str, ruleset: str) -> None:
    """A new table of `ruleset` from the lobby, three bots beside the player: dealt at once
    (one person and three bots need no *Start the game*)."""
    page.goto(base + "/lobby/")
    page.check(f"input[name=ruleset][value='{ruleset}']")
    for seat in ("#id_seat_2", "#id_seat_3", "#id_seat_4"):
        page.select_option(seat, "beginner")
    page.locator("form[action$='/game/new/'] button[type=submit]").click()
    page.wait_for_selector(".hand .tile")


def inside(box, viewport) -> bool:
    return (box["left"] >= 0 and box["top"] >= 0
            and box["right"] <= viewport["width"] + 0.5
            and box["bottom"] <= viewport["height"] + 0.5)


def check_fit(page, ruleset: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("window.scrollTo(0, 0)")
    m = page.evaluate(MEASURE)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{ruleset}-{width}x{height}.png"))
    vp = m["viewport"]
    assert m["scrollWidth"] <= vp["width"], ("the page scrolls sideways", m["scrollWidth"])
    for tile in m["tiles"]:
        assert inside(tile, vp), ("hand tile off screen", tile, vp)
    for control in m["controls"]:
        assert inside(control, vp), ("control off screen", control, vp)
    # The table's settings open in view, each toggle within the screen.
    settings = page.locator("[data-act='settings']")
    settings.click()
    for toggle in page.locator(".table-settings .set-toggle").all():
        b = toggle.bounding_box()
        box = {"left": b["x"], "top": b["y"], "right": b["x"] + b["width"],
               "bottom": b["y"] + b["height"]}
        assert inside(box, vp), ("setting off screen", box, vp)
    settings.click()
    page.wait_for_selector(".table-settings", state="detached")


@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_the_hand_and_controls_fit_a_phone_and_a_desktop(site_url, new_page, ruleset):
    page = new_page(390, 844)
    open_table(page, site_url, ruleset)
    until_my_discard(page)  # the hand holds its drawn tile now
    # Claims were passed, so the whole hand is concealed: a player's tiles and one more.
    assert page.locator(".hand .tile").count() == (17 if ruleset == "sixteen-tile" else 14)
    check_fit(page, ruleset, 390, 844)
    check_fit(page, ruleset, 1400, 900)


def test_the_sixteen_tile_break_shows_its_one_throw(site_url, new_page):
    """Seed 002: East's one throw names the wall and the count; no second throw is drawn."""
    page = new_page(390, 844)
    open_table(page, site_url, "sixteen-tile")
    rituals = page.locator("[data-act='show-rituals']")
    if rituals.get_attribute("aria-expanded") != "true":
        rituals.click()
    page.wait_for_selector(".rituals")
    dice = page.locator(".board .felt-dice")
    assert dice.locator(".die").count() == 2
    text = dice.inner_text() + page.locator(".rituals").inner_text()
    assert "NaN" not in text and "undefined" not in text
    total = sum(int(d.get_attribute("aria-label")) for d in dice.locator(".die").all())
    assert dice.inner_text().strip() == f"= {total}"
