"""Issue 12 §3: opponents' concealed hands are rows of tile backs, and each claimed tile of an
exposed set lies sideways toward the seat it came from (seed 003 §3.4.2 says the Chinese custom
does not mark it: a setting turns the marking off)."""

from __future__ import annotations


def test_opponents_show_tile_backs_and_claimed_tiles_point_at_their_discarder(site_url, new_page):
    page = new_page(1366, 768)
    page.goto(site_url + "/static/dev/table.html?f=play")
    page.wait_for_selector(".hand .tile")
    for seat in page.locator(".opp .seat").all():
        n = int(seat.locator(".hidden-hand .n").inner_text())
        assert seat.locator(".hidden-hand .tile.back").count() == n
    # Seat 3's pung of White Dragons was claimed from seat 1, across the table: the middle tile.
    pung = page.locator(".seat[data-seat='3'] .meld.pung .meld-tiles > *")
    assert pung.count() == 3
    assert [pung.nth(i).evaluate("e => e.classList.contains('side')") for i in range(3)] == [
        False, True, False]
    side = page.locator(".seat[data-seat='3'] .meld.pung .side .tile").bounding_box()
    assert side["width"] > side["height"]  # turned on its side

    # Settings: marking off, and it stays off after a reload.
    page.click("[data-act='settings']")
    toggle = page.locator("[data-act='mark-claims']")
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    assert page.locator(".meld .side").count() == 0
    page.reload()
    page.wait_for_selector(".hand .tile")
    assert page.locator(".seat[data-seat='3'] .meld.pung").count() == 1
    assert page.locator(".meld .side").count() == 0
