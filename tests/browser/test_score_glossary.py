"""Score lines link to the scoring glossary, and the Hong Kong game's scores read in faan, in real
Chromium: an imported one-deal game's end-of-deal sheet (the player called "You" goes out), and
the calculator, whose invalid input is answered without a failed request in the console."""

from __future__ import annotations

import json
import re

from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset

from .axe import report, violations
from .helpers import play_now


def _record_won_by_chair_0(ruleset: str, name: str) -> dict:
    """A one-deal game that the first chair wins (the first such seed: deterministic)."""
    rs = Ruleset.from_json({**get_ruleset(ruleset).to_json(), "max_deals": 1})
    for i in range(50):
        match = Match(rs, f"glossary {ruleset} {i}")
        while not match.is_over:
            match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
        if match.history[-1].result.winner == match.seating.seat_of[0]:
            break
    else:
        raise AssertionError("no seed where the first chair wins")
    players = [{"chair": c, "seat": match.seating.seat_of[c],
                "name": name if c == 0 else f"Bot {c}", "bot": None if c == 0 else "greedy"}
               for c in range(4)]
    return build_record(match, players=players)


def _open_imported(page, site_url: str, record: dict):
    page.goto(site_url + "/games/import/")
    page.fill("textarea[name=text]", json.dumps(record))
    page.click("button.primary[type=submit]")
    page.wait_for_selector(".refusal, #table, .sheet")
    assert not page.locator(".refusal").count(), page.locator(".refusal").inner_text()
    page.wait_for_url(re.compile(r"/game/\d+/"))
    game_id = int(re.search(r"/game/(\d+)/", page.url).group(1))
    page.goto(f"{site_url}/game/{game_id}/")
    page.locator(".sheet .sheet-hand.winner table.score").wait_for()
    return page.locator(".sheet")


def test_sheet_lines_link_to_the_glossary_in_a_new_tab(site_url, new_page, console):
    """classical.md §1: each score line names its rule; its code opens the rule's entry."""
    page = new_page(1280, 900)
    play_now(page, site_url)
    name = page.locator(".who-am-i").inner_text().strip()
    sheet = _open_imported(page, site_url, _record_won_by_chair_0("chinese-classical", name))
    assert re.search(r"Deal \d+: You go out", sheet.locator("#sheet-title").inner_text())
    winner = sheet.locator(".sheet-hand.winner")
    assert winner.locator("thead").inner_text().split()[-1] == "Doubles"
    link = winner.locator("a.rule-link", has_text=re.compile(r"^M1$"))
    assert link.get_attribute("href") == "/rules/scoring/#M1"
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    glossary = opened.value
    glossary.wait_for_load_state()
    assert glossary.url.endswith("/rules/scoring/#M1")
    entry = glossary.locator("li.entry:target")
    assert entry.get_attribute("id") == "M1" and "Mah Jong" in entry.inner_text()
    assert entry.locator(".tile").count() >= 14  # the example hand, drawn
    found = violations(glossary)
    assert found == [], report(found)
    assert page.locator(".sheet").is_visible()  # the game stays where it was


def test_a_cantonese_sheet_reads_in_faan(site_url, new_page, artifacts, console):
    """Seed 004 (docs/scoring.md, Hong Kong table): only the winner scores, in faan."""
    page = new_page(1280, 900)
    play_now(page, site_url)
    name = page.locator(".who-am-i").inner_text().strip()
    sheet = _open_imported(page, site_url, _record_won_by_chair_0("cantonese", name))
    winner = sheet.locator(".sheet-hand.winner")
    assert winner.locator("thead").inner_text().split()[-1] == "Faan"
    total = winner.locator("tfoot").inner_text()
    assert re.search(r"\d+ faan → \d[\d,]* points?|Limit hand", total), total
    assert "×" not in total and "2^" not in total
    assert sheet.locator("a.rule-link").first.get_attribute("href").startswith(
        "/rules/scoring/#hongkong-")
    losers = sheet.locator(".sheet-hand:not(.winner)")
    assert losers.count() == 3
    assert "Nothing scores" not in sheet.inner_text()
    assert losers.locator("table.score").count() == 0
    assert losers.first.locator(".no-score").inner_text() == "Only the winner scores in this game."
    sheet.screenshot(path=str(artifacts / "sheet-faan.png"))


def test_calculator_faan_links_and_errors_without_failed_requests(site_url, new_page, console):
    """The console fixture fails the test on any error, a failed request's included."""
    page = new_page(1366, 900)
    page.goto(site_url + "/calculator/?ruleset=sixteen-tile&hand=b1+b1+b1+b2+b3+b4+c5+c6+c7"
                         "+d2+d2+d2+dr+dr&win=dr")
    alert = page.locator(".calc-error")
    alert.wait_for()
    assert "a complete hand is five sets and a pair, 17 tiles" in alert.inner_text()
    page.fill("#hand", "b1 b2 zz")
    page.wait_for_function("document.querySelector('.calc-error')?.textContent.includes('zz')")

    page.select_option("#ruleset", "cantonese")
    # A half flush with a dragon pung, self-drawn: above the table's three-faan minimum.
    page.fill("#hand", "b1 b1 b1 b2 b3 b4 b5 b6 b7 dr dr dr b9 b9")
    page.fill("#win", "b9")
    page.locator("#win").dispatch_event("input")
    page.wait_for_function("document.querySelector('.calc-result .verdict')?.textContent.includes('faan')")
    assert re.search(r"Mahjong: \d+ faan → \d+ points?", page.locator(".verdict").inner_text())
    assert page.locator("#result thead").inner_text().split()[-1] == "Faan"
    link = page.locator("#result a.rule-link").first
    href = link.get_attribute("href")
    assert href.startswith("/rules/scoring/#hongkong-") and link.get_attribute("target") is None
    link.click()
    page.wait_for_url(re.compile(r"/rules/scoring/#hongkong-"))
    assert page.locator("li.entry:target").count() == 1
