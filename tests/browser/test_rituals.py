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


def test_bonus_tiles_go_to_their_owners_on_the_felt(site_url, new_page):
    """Seed 000 §2.2: the bonus tiles melded in the rituals (here your Spring and the player on
    your right's Plum) are shown on the felt going to their owners' sides, and the stacks their
    replacements come from are marked; any key puts them away with the rest of the rituals."""
    page = new_page(1366, 768)
    page.emulate_media(reduced_motion="reduce")  # the tiles stand where they end up
    page.goto(site_url + "/static/dev/table.html?f=start")
    page.wait_for_selector(".board .felt-bonus")
    flying = page.locator(".board .felt-bonus .bonus-fly")
    assert flying.count() == 2
    inner = page.locator(".board .inner").bounding_box()
    mine = page.locator(".felt-bonus .to-0").bounding_box()
    right = page.locator(".felt-bonus .to-1").bounding_box()
    assert mine["y"] > inner["y"] + inner["height"] * 0.7  # at your side, the bottom
    assert right["x"] > inner["x"] + inner["width"] * 0.7  # at the right-hand player's side
    assert page.locator(".felt-bonus .to-0 .tile.t-s1").count() == 1
    assert page.locator(".board.rituals-on .stack.repl").count() >= 1
    page.keyboard.press("x")
    page.wait_for_selector(".rituals", state="detached", timeout=2_000)
    assert page.locator(".felt-bonus").count() == 0
    assert page.locator(".board .stack.repl").count() == 0
