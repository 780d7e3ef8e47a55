"""The table fits the screen: at common desktop and phone sizes the hand, the prompt and the
action buttons are in view with the page at its top (no scrolling needed), nothing scrolls
sideways on a narrow phone, and the rituals panel folds itself away once play starts."""

from __future__ import annotations

import re

import pytest

from .helpers import YOUR_MOVE, play_now

# Boxes of what must be on screen, measured in one go, with the page scrolled to its top.
BOXES = """() => {
    const box = (e) => { const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
    return {
        scrollY: window.scrollY,
        viewport: {width: window.innerWidth, height: window.innerHeight},
        scroll: {width: document.documentElement.scrollWidth,
                 height: document.documentElement.scrollHeight},
        tiles: [...document.querySelectorAll('.hand .tile')].map(box),
        prompt: box(document.querySelector('.prompt-row')),
        actions: [...document.querySelectorAll('.actions .act')].map(box),
        board: box(document.querySelector('.board')),
    };
}"""


def inside(box, viewport) -> bool:
    return (
        box["left"] >= 0
        and box["top"] >= 0
        and box["right"] <= viewport["width"] + 0.5
        and box["bottom"] <= viewport["height"] + 0.5
    )


def measure(page) -> dict:
    # Wait until something asks this player to act, so the prompt and a button are showing.
    page.wait_for_selector(YOUR_MOVE)
    return page.evaluate(BOXES)


@pytest.mark.parametrize("width,height", [(1366, 768), (390, 844)])
def test_hand_prompt_and_actions_fit_the_screen(site_url, new_page, artifacts, width, height):
    page = new_page(width, height)
    play_now(page, site_url)
    page.wait_for_selector(".actions .act, .hand .tile.can")
    m = measure(page)
    vp = m["viewport"]
    assert m["scrollY"] == 0
    assert len(m["tiles"]) >= 13
    for tile in m["tiles"]:
        assert inside(tile, vp), ("hand tile off screen", tile, vp)
    assert inside(m["prompt"], vp), ("prompt off screen", m["prompt"], vp)
    for button in m["actions"]:
        assert inside(button, vp), ("action button off screen", button, vp)
    assert inside(m["board"], vp), ("board off screen", m["board"], vp)
    assert m["scroll"]["width"] <= vp["width"]
    if width >= 900:
        # On a desktop nothing at all lies below the fold.
        assert m["scroll"]["height"] <= vp["height"]
    page.screenshot(path=str(artifacts / f"fit-{width}x{height}.png"))


def test_narrow_phone_has_no_sideways_scroll_and_tappable_tiles(site_url, new_page, artifacts):
    page = new_page(360, 740)
    play_now(page, site_url)
    m = measure(page)
    vp = m["viewport"]
    assert m["scroll"]["width"] <= 360
    widths = [t["width"] for t in m["tiles"]]
    assert min(widths) >= 24, widths
    assert len({round(t["top"]) for t in m["tiles"] if t["top"] >= 0}) <= 2  # one or two rows
    for tile in m["tiles"]:
        assert inside(tile, vp), ("hand tile off screen", tile, vp)
    assert inside(m["prompt"], vp)
    page.screenshot(path=str(artifacts / "fit-360x740.png"))


def test_rituals_fold_away_and_come_back(site_url, new_page):
    page = new_page(390, 844)
    page.goto(site_url + "/static/dev/table.html?f=start")  # a deal just dealt
    # The round reads "East round, deal 1": no stray space before the comma.
    assert re.fullmatch(r"\w+ round, deal \d+", page.locator(".sb-round").inner_text().strip())
    rituals = page.locator("[data-act='show-rituals']")
    # Shown as the deal starts, then folded into the status bar's button by itself.
    page.wait_for_selector(".rituals")
    page.wait_for_selector(".rituals", state="detached", timeout=15_000)
    assert rituals.get_attribute("aria-expanded") == "false"
    rituals.click()
    page.wait_for_selector(".rituals")
    assert rituals.get_attribute("aria-expanded") == "true"
    page.locator(".rituals .close").click()
    page.wait_for_selector(".rituals", state="detached")


@pytest.mark.parametrize("width,height", [(1366, 768), (390, 844)])
def test_score_sheet_fits_with_its_next_deal_button_in_view(site_url, new_page, width, height):
    page = new_page(width, height)
    page.goto(site_url + "/static/dev/table.html?f=over")
    ready = page.locator(".sheet .act.ready")
    ready.wait_for()
    vp = {"width": width, "height": height}
    sheet = page.locator(".sheet").bounding_box()
    assert sheet["x"] >= 0 and sheet["x"] + sheet["width"] <= width
    assert sheet["y"] >= 0 and sheet["y"] + sheet["height"] <= height
    box = ready.bounding_box()
    assert inside(
        {
            "left": box["x"],
            "top": box["y"],
            "right": box["x"] + box["width"],
            "bottom": box["y"] + box["height"],
        },
        vp,
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width
