"""The analysis board's setup in real Chromium (docs/puzzles.md, "The analysis board"): another
seat's bonus tiles and a kong being added, clicked in, kept in the address, and weighed with the
engine's own figures, going out by robbing the kong first (seed 003 §3.5.1)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from django.http import QueryDict

from games.thinking import board_jobs
from games.web.pages.board_position import position


def _engine_rows(url: str) -> dict:
    q = QueryDict(mutable=True)
    for k, v in parse_qsl(urlsplit(url).query):
        q[k] = v
    ruleset, view = position(q)
    return board_jobs.board(view, ruleset)


def test_a_kong_to_rob_and_another_seats_flowers_by_clicks(site_url, new_page, artifacts):
    page = new_page(1366, 1100)
    page.goto(site_url + "/analysis/")
    page.select_option("#seat", "ws")
    page.select_option("#target", "hand")
    for t in "d3 d4 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws ws".split():
        page.locator(f".palette [data-tile='{t}']").click()
    page.fill("#m_ww", "d5 d5 d5")
    page.select_option("#target", "rob")
    page.locator(".palette [data-tile='d5']").click()
    page.select_option("#from", "ww")
    page.select_option("#target", "b_we")
    for t in ("f1", "s1"):
        page.locator(f".palette [data-tile='{t}']").click()
    page.click("#analyse")
    choice = page.locator("#bot-choice")
    choice.wait_for()
    q = dict(parse_qsl(urlsplit(page.url).query))
    assert (q["rob"], q["from"], q["b_we"], q["m_ww"]) == ("d5", "ww", "f1 s1", "d5 d5 d5")
    assert "rob the kong: go out on" in choice.inner_text()
    got = _engine_rows(page.url)
    shown = [float(x) for x in
             page.locator(".pz-candidates tbody tr td:last-child").all_inner_texts()]
    assert shown == [c["expected"] for c in got["candidates"]]
    assert [c["action"]["type"] for c in got["candidates"]] == ["win", "pass"]
    assert "which you may rob" in page.locator(".pz-claim").inner_text()
    east = page.locator(".pz-seat[data-seat='0'] .pz-bonus .tile")
    assert east.count() == 2
    page.screenshot(path=str(artifacts / "board-rob.png"), full_page=True)
    # The address alone sets the board up again, the flowers and the kong included.
    again = new_page(1000, 900)
    again.goto(page.url)
    again.locator("#bot-choice").wait_for()
    assert again.input_value("#rob") == "d5" and again.input_value("#b_we") == "f1 s1"
    assert again.locator(".pz-candidates tbody tr").count() == 2
