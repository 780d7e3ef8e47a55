"""Issue 12 §1: the rituals never cover the board they describe (bounding boxes at desktop and
phone sizes), the dice lie on the felt while they are shown, and the account reads naturally
with "you"."""

from __future__ import annotations

import pytest


def _overlap(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("width,height", [(1366, 768), (390, 844)])
def test_rituals_do_not_cover_the_wall(site_url, new_page, width, height):
    page = new_page(width, height)
    page.goto(site_url + "/static/dev/table.html?f=start")
    page.wait_for_selector(".rituals")
    panel = page.locator(".rituals").bounding_box()
    board = page.locator(".board").bounding_box()
    assert not _overlap(panel, board), (panel, board)
    for wall in page.locator(".board .wall").all():
        assert not _overlap(panel, wall.bounding_box())
    # The throws that broke the wall lie on the felt, and the broken stack is marked.
    assert page.locator(".board .felt-dice .die").count() == 4
    assert page.locator(".board.rituals-on .stack.brk").count() == 1
    text = page.locator(".rituals").inner_text()
    assert "You are" not in text and "The dealer, You" not in text and "You takes" not in text


def test_any_key_skips_the_rituals(site_url, new_page):
    page = new_page(1366, 768)
    page.goto(site_url + "/static/dev/table.html?f=start")
    page.wait_for_selector(".rituals")
    page.keyboard.press("x")
    page.wait_for_selector(".rituals", state="detached", timeout=2_000)
    assert page.locator(".felt-dice").count() == 0
