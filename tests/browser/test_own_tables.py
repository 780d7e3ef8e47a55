"""Issue 38 §7, §8 in real Chromium: a table of one person and three bots is dealt without
*Start the game*, and the lobby and History offer it back as "Back to your table", not "Watch";
History names the player ("... (you)")."""

from __future__ import annotations

import re


def test_one_person_and_three_bots_is_dealt_and_listed_as_yours(site_url, new_page, artifacts):
    page = new_page()
    page.goto(site_url + "/lobby/")
    for seat in ("#id_seat_2", "#id_seat_3", "#id_seat_4"):
        page.select_option(seat, "beginner")
    page.locator("form[action$='/game/new/'] button").first.click()
    page.wait_for_selector(".hand .tile")  # dealt: nobody pressed Start the game
    assert page.locator("#start-game").count() == 0
    table = int(re.search(r"/game/(\d+)/", page.url).group(1))

    page.goto(site_url + "/lobby/")
    live = page.locator("#live ~ ul.games")
    mine = live.get_by_role("link", name=f"Back to your table {table}")
    assert mine.count() == 1 and live.get_by_text(f"Watch table {table}").count() == 0
    page.screenshot(path=str(artifacts / "lobby-your-table.png"), full_page=True)

    page.goto(site_url + "/games/")
    row = page.locator("tbody tr").filter(has_text="being played").first
    assert row.get_by_role("link", name="Back to your table").count() == 1
    assert row.get_by_role("link", name="Watch").count() == 0
    assert "(you)" in row.inner_text() and "You" not in row.inner_text().replace("(you)", "")
    page.screenshot(path=str(artifacts / "history-your-table.png"), full_page=True)
