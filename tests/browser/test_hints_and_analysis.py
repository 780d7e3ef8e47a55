"""Hints at the table and the game's analysis in the replay, in real Chromium (issue: a mahjong
brain). The hints switch lives in the table's settings and is remembered; the analysis of an
imported game appears on its end screen and beside the replay's move list, each miss linked to
the position where it was made."""

from __future__ import annotations

import json
import re

from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset

from .helpers import click, play_now, until_my_discard


def test_hints_weigh_my_discard_and_the_switch_is_remembered(site_url, new_page, artifacts):
    page = new_page(1400, 900)
    play_now(page, site_url)
    until_my_discard(page)
    assert not page.locator(".hints").count()  # off until asked for
    page.click('[data-act="settings"]')
    page.click('[data-act="hints"]')
    table = page.locator(".hints .hint-list")
    table.wait_for()
    rows = table.locator("li")
    assert rows.count() >= 2
    best = rows.first
    assert "The strong bot’s choice" in best.inner_text()
    assert "Discard" in best.inner_text()
    # The choice it names is a tile in my hand.
    label = best.locator(".h-top .tile").get_attribute("aria-label")
    hand = page.locator(".hand .tile").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert f"Discard {label}" in hand
    assert best.locator(".danger").inner_text() in ("safe", "low", "medium", "high")
    page.screenshot(path=str(artifacts / "hints.png"))
    page.reload()
    until_my_discard(page)
    page.locator(".hints .hint-list").wait_for()  # still on after a reload


def _record(name: str) -> dict:
    rules = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1,
                               "max_deals": 3})
    match = Match(rules, f"analysis {name}")
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "beginner"))
    players = [{"chair": c, "seat": match.seating.seat_of[c],
                "name": name if c == 0 else f"Bot {c}", "bot": None if c == 0 else "beginner"}
               for c in range(4)]
    return build_record(match, players=players)


def test_the_analysis_on_the_end_screen_and_in_the_replay(site_url, new_page, artifacts):
    page = new_page(1400, 900)
    play_now(page, site_url)
    name = page.locator(".who-am-i").inner_text().strip()
    page.goto(site_url + "/games/import/")
    page.fill("textarea[name=text]", json.dumps(_record(name)))
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/game/\d+/"))
    game_id = int(re.search(r"/game/(\d+)/", page.url).group(1))

    page.goto(f"{site_url}/game/{game_id}/")
    line = page.locator(".sheet .decisions-line")
    page.wait_for_function(
        "() => /matched the strong bot/.test(document.querySelector('.sheet .decisions-line')"
        "?.textContent || '')", timeout=60_000)
    assert re.search(r"Your decisions: \d+% matched the strong bot \(\d+ of \d+\)", line.inner_text())
    page.screenshot(path=str(artifacts / "end-screen-decisions.png"))

    page.goto(f"{site_url}/game/{game_id}/replay/")
    box = page.locator("#analysis-box[data-ready='1']")
    box.wait_for(timeout=60_000)
    assert "Your decisions:" in box.inner_text()
    misses = box.locator(".misses li a")
    assert 1 <= misses.count() <= 5
    href = misses.first.get_attribute("href")
    assert re.fullmatch(r"#d\d+m\d+", href)
    click(misses.first)
    page.wait_for_function("h => location.hash === h", arg=href)
    page.screenshot(path=str(artifacts / "replay-analysis.png"))
