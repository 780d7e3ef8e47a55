"""The end of a game in real Chromium: a record is imported through the form (verified first),
then its table shows the final standings with the player called "You", the points plot, "Replay
this game" and "Play again"; history and the player page list it."""

from __future__ import annotations

import json
import re

from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset

from .helpers import play_now


def _record_for(name: str) -> dict:
    ruleset = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1})
    match = Match(ruleset, f"end-screen {name}")
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    players = [{"chair": c, "seat": match.seating.seat_of[c],
                "name": name if c == 0 else f"Bot {c}", "bot": None if c == 0 else "greedy"}
               for c in range(4)]
    return build_record(match, players=players)


def test_imported_game_end_screen_history_and_player_page(site_url, new_page, artifacts, console):
    page = new_page(1280, 900)
    play_now(page, site_url)  # a guest account
    name = page.locator(".who-am-i").inner_text().strip()
    record = _record_for(name)

    page.goto(site_url + "/games/import/")
    tampered = json.loads(json.dumps(record))
    tampered["results"]["points"][0] += 1
    console.expect("status of 400 (Bad Request) (" + site_url + "/games/import/)")  # refused
    page.fill("textarea[name=text]", json.dumps(tampered))
    page.click("button.primary[type=submit]")
    assert "the results differ from the replay" in page.locator(".refusal").inner_text()

    page.fill("textarea[name=text]", json.dumps(record))
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/game/\d+/"))
    game_id = int(re.search(r"/game/(\d+)/", page.url).group(1))

    page.goto(f"{site_url}/game/{game_id}/")
    sheet = page.locator(".sheet .standings")
    sheet.wait_for()
    my_seat = next(p["seat"] for p in record["players"] if p["name"] == name)
    me = next(s for s in record["results"]["standings"] if s["seat"] == my_seat)
    assert f"You placed {['', '1st', '2nd', '3rd', '4th'][me['place']]}" in sheet.inner_text()
    assert sheet.locator("li.me .name").inner_text() == "You"
    page.locator(".sheet-plot svg.points-plot").wait_for()
    deals = len(record["results"]["deals"])
    assert page.locator(".sheet-plot tbody tr").count() == deals + 1
    assert page.locator(".sheet-plot svg polyline").count() == 4
    assert page.locator("#replay-game").get_attribute("href") == f"/game/{game_id}/replay/"
    page.screenshot(path=str(artifacts / "end-screen.png"))

    page.goto(site_url + "/games/")
    first_row = page.locator("table.list tbody tr").first
    assert first_row.locator("th").inner_text().startswith(f"{game_id} imported")
    assert "(you)" in first_row.inner_text()
    page.screenshot(path=str(artifacts / "history.png"), full_page=True)
    page.goto(f"{site_url}/u/{name}/")
    assert "Games played" in page.inner_text("main")
    page.screenshot(path=str(artifacts / "player.png"), full_page=True)

    page.goto(f"{site_url}/game/{game_id}/")
    page.locator("#play-again").click()
    page.wait_for_url(re.compile(rf"/game/(?!{game_id}/)\d+/"))
    assert page.locator(".seat.me .name").inner_text() == "You"
