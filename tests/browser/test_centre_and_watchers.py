"""Seed 003 §3.3's random centre drawn on the table (issue 10: a table option), and the watcher
count everyone at a table sees (issue 12 §5), in real Chromium."""

from __future__ import annotations

from .helpers import play_until_sheet

SPOTS = """() => [...document.querySelectorAll('.pool .spot')].map(s =>
    s.dataset.tile + '@' + s.style.left + ',' + s.style.top)"""


def _centre_table(page, base: str) -> None:
    """Alice opens a table with the random centre and three bots."""
    page.goto(base + "/lobby/")
    page.select_option("#id_discard_display", "centre")
    for n in (2, 3, 4):
        page.select_option(f"#id_seat_{n}", "beginner")
    page.locator("form[action$='/game/new/'] button[type=submit]").first.click()
    page.wait_for_selector(".hand .tile, #start-game")
    if page.locator("#start-game").count():
        page.click("#start-game")
    page.wait_for_selector(".hand .tile")


def _watching(page) -> int:
    chip = page.locator(".sb-watching")
    return int(chip.get_attribute("data-watching")) if chip.count() else 0


def test_the_random_centre_lays_discards_at_random_and_keeps_them_put(
    site_url, new_page, artifacts
):
    page = new_page(1366, 768)
    _centre_table(page, site_url)
    seen = {"steps": 0, "moved": 0, "kept": 0, "offer": 0, "shot": False}
    before: list[set[str]] = []

    def look(p):
        spots = set(p.evaluate(SPOTS))
        # No seat's row of discards: nobody can read who threw what, or in which order.
        assert p.locator(".board .discards").count() == 0
        assert p.locator("li.log-discard").count() == 0  # nor a list of them in the move log
        assert p.locator(".pool .tile").count() == len(spots) or len(spots) == 0
        if before:
            # Tiles already lying in the centre stay where they lay (claims take a few away).
            kept = len(before[-1] & spots)
            seen["kept"] += kept
            seen["moved"] += len(before[-1]) - kept
        before.append(spots)
        seen["steps"] += 1
        if p.get_attribute("#table", "data-phase") == "claim":
            # The discard on offer is still told apart from the rest of the pool.
            assert p.locator(".pool .tile.last").count() == 1
            seen["offer"] += 1
        if not seen["shot"] and len(spots) >= 20:
            p.screenshot(path=str(artifacts / "centre-desktop.png"))
            seen["shot"] = True
            # A spectator's phone sees the same pool at the same places, fitted to its board.
            phone = new_page(390, 844)
            phone.goto(p.url)
            phone.wait_for_selector(".pool .spot")
            phone.wait_for_load_state("networkidle")  # the tiles' faces drawn
            phone.screenshot(path=str(artifacts / "centre-phone.png"))
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390
            assert phone.locator(".board .discards").count() == 0

    for _ in range(4):  # a deal may end early: play on until the pool has filled up once
        play_until_sheet(page, on_turn=look)
        if seen["shot"]:
            break
        before.clear()  # a new deal lays a new pool
        page.locator(".sheet .act.ready").click()
        page.wait_for_selector(".sheet", state="detached")
    assert seen["steps"] >= 5 and seen["kept"] > 0
    assert seen["moved"] <= seen["kept"] // 4, seen
    assert seen["shot"]


def test_everyone_at_the_table_sees_how_many_watch(site_url, new_page, artifacts):
    alice = new_page(1366, 768)
    _centre_table(alice, site_url)
    assert _watching(alice) == 0
    bob = new_page(390, 844)  # a guest who just opens the link
    bob.goto(alice.url)
    bob.wait_for_selector(".watching")
    assert "You are watching" in bob.locator(".watching").inner_text()
    bob.wait_for_selector(".sb-watching[data-watching='1']")
    assert bob.locator(".sb-watching").inner_text() == "1 watching"
    alice.wait_for_selector(".sb-watching[data-watching='1']")
    carol = new_page()
    carol.goto(alice.url)
    alice.wait_for_selector(".sb-watching[data-watching='2']")
    bob.wait_for_selector(".sb-watching[data-watching='2']")
    alice.screenshot(path=str(artifacts / "watching-desktop.png"))
    bob.screenshot(path=str(artifacts / "watching-phone.png"))
    carol.close()  # a spectator leaves: everyone's count goes down
    alice.wait_for_selector(".sb-watching[data-watching='1']")
    bob.wait_for_selector(".sb-watching[data-watching='1']")
