"""Issue 12 §4: the lobby, the live table and the score sheet pass an automated accessibility
check (axe-core, WCAG 2.1 A/AA), and the sheet's Next deal is the one Tab stop of its kind."""

from __future__ import annotations

from .axe import report, violations
from .helpers import play_now, until_my_discard


def test_lobby_home_and_rules_pass_the_accessibility_check(site_url, new_page):
    page = new_page(1366, 768)
    page.goto(site_url + "/lobby/")
    found = violations(page)
    assert found == [], report(found)
    for path in ("/", "/rules/"):
        page.goto(site_url + path)
        found = violations(page)
        assert found == [], (path, report(found))


def test_live_table_passes_the_accessibility_check(site_url, new_page):
    page = new_page(1366, 768)
    play_now(page, site_url)
    until_my_discard(page)
    found = violations(page)
    assert found == [], report(found)


def test_score_sheet_passes_the_check_and_takes_the_focus(site_url, new_page):
    page = new_page(1366, 768)
    page.goto(site_url + "/static/dev/table.html?f=over")
    page.wait_for_selector(".sheet .act.ready")
    # The focus moves to the sheet's Next deal, the only Next deal on the page.
    page.wait_for_function("document.activeElement.matches('.sheet .act.ready')")
    assert page.locator("button.ready").count() == 1
    found = violations(page)
    assert found == [], report(found)


def test_a_seat_with_nothing_to_claim_sees_no_buttons_only_a_quiet_note(site_url, new_page):
    """Issue 12 §4: no Pass, no countdown, no "you cannot claim it" when only passing is legal."""
    page = new_page(1366, 768)
    page.goto(site_url + "/static/dev/table.html?f=claim-pass")
    page.wait_for_selector(".claims-wait")
    assert page.locator(".actions .act").count() == 0
    assert page.locator(".countdown").count() == 0
    assert "cannot claim" not in page.locator("#prompt").inner_text()
    # A seat that may claim the same tile gets its buttons and the countdown.
    page.goto(site_url + "/static/dev/table.html?f=claim-timer")
    page.wait_for_selector(".actions .act.claim")
    assert page.locator(".actions .act.pass").count() == 1
    assert page.locator(".countdown").count() == 1
    assert page.locator(".claims-wait").count() == 0
