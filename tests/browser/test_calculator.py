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


def test_the_picker_refuses_a_fifth_copy_and_says_why(site_url, new_page, artifacts):
    """Issue 38 item 10; seed 000 §2.2: a set has four of each tile and one of each flower.
    Clicking a fifth 5 Dots (one of them in a declared set) or a second Plum adds nothing and
    the page says why; the used-up tile is marked."""
    page = new_page(1366, 768)
    page.goto(site_url + "/calculator/")
    page.check("input[name='to'][value='melds']")
    _click_tiles(page, "d5")
    page.check("input[name='to'][value='hand']")
    _click_tiles(page, "d5 d5 d5")
    note = page.locator("#pick-note")
    assert note.is_hidden()
    # The marked tile is still a button a person can press (aria-disabled, not disabled).
    page.locator(".palette [data-tile='d5']").click(force=True)
    note.wait_for()
    assert page.input_value("#hand") == "d5 d5 d5"
    assert "only four 5 Dots" in note.inner_text() and "already holds all four" in note.inner_text()
    assert page.locator(".palette [data-tile='d5']").get_attribute("aria-disabled") == "true"
    page.check("input[name='to'][value='bonus']")
    _click_tiles(page, "f1")
    page.locator(".palette [data-tile='f1']").click(force=True)
    assert page.input_value("#bonus") == "f1"
    assert "only one Plum (flower 1)" in note.inner_text()
    page.screenshot(path=str(artifacts / "calculator-fifth-copy.png"), full_page=True)


def test_typed_tiles_in_any_case_without_spaces_and_a_short_hong_kong_hand(site_url, new_page,
                                                                         artifacts):
    """Issue 38 items 10 and 16 (seed 004, a Hong Kong table's 3-faan minimum): 'B1b2b3' is
    read as b1 b2 b3, and a hand play refuses is shown below the minimum, not won."""
    page = new_page(1366, 768)
    page.goto(site_url + "/calculator/")
    page.select_option("#ruleset", "cantonese")
    page.select_option("#seat", "ws")
    page.select_option("#from", "discard")
    page.fill("#win", "WW")
    page.fill("#hand", "B1b2b3 C4C5C6 d7d8d9 DRdrdr wwWW")
    page.wait_for_function("document.querySelector('.calc-result .verdict')?.textContent.includes('minimum')")
    verdict = page.locator("#result .verdict").inner_text()
    assert verdict.startswith("Not a winning hand: below the table's minimum of 3 faan")
    assert "worth 2 without its flowers" in verdict
    assert page.locator(".preview[data-for='hand'] .tile").count() == 14
    page.screenshot(path=str(artifacts / "calculator-below-minimum.png"), full_page=True)
