"""Issue 38, item 13 at the table: a long player name is shown whole (it wraps, and its title
holds it) rather than cut to "Bot Chrysanthem…"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parent / "dev" / "fixtures" / "start.json"
LONG = "Bot Chrysanthemum (for Featherstonehaugh)"
SIZES = [(1366, 768), (1280, 900), (1024, 700), (390, 844)]


def _start(page, site_url, names: bool = False) -> None:
    frame = json.loads(FIXTURE.read_text())
    if names:
        for seat in frame["seats"][1:]:
            seat["name"] = LONG
    page.route("**/fixtures/start.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(frame)))
    page.emulate_media(reduced_motion="reduce")  # the dice lie where they end up
    page.goto(site_url + "/static/dev/table.html?f=start")
    page.wait_for_selector(".board .felt-dice .die")


@pytest.mark.parametrize("width,height", SIZES)
def test_long_names_are_shown_whole(site_url, new_page, artifacts, width, height):
    page = new_page(width, height)
    _start(page, site_url, names=True)
    names = page.locator(f".seat .name[title='{LONG}']")
    assert names.count() == 3
    for i in range(3):
        name = names.nth(i)
        cut = name.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert not cut, f"seat {i}'s name is cut at {width}x{height}"
        assert name.inner_text().replace("\n", " ") == LONG
    page.screenshot(path=str(artifacts / f"table-long-names-{width}.png"))

