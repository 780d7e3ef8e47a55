"""Issue 12 §7: the scoring calculator, used as a person does: tiles picked by clicking, the
score of a worked example from rules/classical.md shown at once, and a link that brings it back."""

from __future__ import annotations

from .axe import report, violations


def _click_tiles(page, tokens: str) -> None:
    for t in tokens.split():
        page.locator(f".palette [data-tile='{t}']").click()


def test_calculator_scores_worked_example_e1_by_clicking(site_url, new_page):
    """classical.md §5 E1: West, East round, wins on a discarded Green Dragon: 52 × 2 = 104."""
    page = new_page(1366, 768)
    page.goto(site_url + "/calculator/")
    page.check("input[name='to'][value='melds']")
    _click_tiles(page, "b1 b1 b1 b1")
    page.fill("#melds", page.input_value("#melds") + "/concealed")
    page.check("input[name='to'][value='hand']")
    _click_tiles(page, "d5 d5 d5 b3 b4 b5 we we dg dg dg")  # the last one clicked went out
    assert page.input_value("#win") == "dg"
    page.select_option("#seat", "ww")
    page.select_option("#round", "we")
    page.select_option("#from", "discard")
    page.wait_for_function("document.querySelector('.calc-result .verdict')?.textContent.includes('104')")
    result = page.locator("#result")
    assert "Mah Jong" in result.inner_text() and "Concealed kong of 1 Bamboo" in result.inner_text()
    assert page.locator("#result .waits .tile").count() == 2  # Green Dragon / East Wind
    # The page's address is the hand: opened elsewhere, it shows the same score.
    link = page.url
    other = new_page(390, 844)
    other.goto(link)
    other.wait_for_function("document.querySelector('.calc-result .verdict')?.textContent.includes('104')")
    found = violations(other)
    assert found == [], report(found)


def test_bad_notation_gets_a_clear_message(site_url, new_page, console):
    page = new_page(1366, 768)
    page.goto(site_url + "/calculator/")
    page.fill("#hand", "b1 b2 zz")
    alert = page.locator(".calc-error")
    alert.wait_for()
    assert "Concealed hand: bad tile 'zz' at position 3" in alert.inner_text()
