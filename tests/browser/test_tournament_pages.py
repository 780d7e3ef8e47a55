"""The organiser's pages of a finished 8-player tournament in Chromium: the public page (final
ranking, winner, a penalty and its reason), the seating and table slips on screen and as
printed, the standings CSV, and the admin's ruleset form. Screenshots go to test-artifacts/.

The tournament is made on the server's own database: tournament_demo plays both rounds with the
autopilot, then a shell gives a penalty, finishes it and adds the organiser's account."""

from __future__ import annotations

import csv
import io
import json
import os
import re

import pytest

from .conftest import CHROMIUM
from .server import daphne, demo_tournament, manage_shell

PASSWORD = "pw-organiser-5678"
REASON = "Late arrival at round 2"
# A4 at 96 px an inch, less Chromium's default print margins: what one printed page holds.
PRINTED_PAGE = (718, 1047)

SETUP = f"""
import json
from django.contrib.auth import get_user_model
from games.models import Tournament
from games.services import penalties, standings, tournaments
t = Tournament.objects.get(name="Slips Cup")
organiser = get_user_model().objects.create_superuser("organiser", password="{PASSWORD}")
leader = standings.ranking(t, public=True)[0]
penalties.add_penalty(leader.entry.pk, table_points=-3, score=-100, reason="{REASON}",
                      by=organiser)
tournaments.finish(t.pk, by=organiser)
# A player entered by a long name, never claimed: their row has a claim link in the admin.
t.entries.create(name="Chrysanthemum Featherstonehaugh-Wolstenholme")
rows = standings.ranking(t, public=True)
print(json.dumps({{"id": t.pk, "penalised": leader.name,
                  "ranking": [[r.rank, r.name, r.table_points, r.score] for r in rows]}}))
"""


@pytest.fixture(scope="module")
def cup(tmp_path_factory):
    """(base URL, facts): the finished tournament's id, its ranking and the penalised player."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    env = demo_tournament(tmp_path_factory.mktemp("slips-db"), "--name", "Slips Cup",
                          "--players", "8", "--rounds", "2", "--play", "2")
    facts = json.loads(manage_shell(env, SETUP))
    log = tmp_path_factory.mktemp("slips-log") / "daphne.log"
    with daphne(env, log, "/tournaments/") as base:
        yield base, facts


def test_the_public_page_shows_the_final_ranking_and_the_penalty(cup, new_page, artifacts):
    base, facts = cup
    page = new_page()
    page.goto(f"{base}/tournaments/{facts['id']}/")
    assert page.get_by_role("heading", name="Final standings").is_visible()
    # The autopilot's games can leave two players level at the top: the page says so.
    winners = [name for rank, name, _, _ in facts["ranking"] if rank == 1]
    expected = (f"Winner: {winners[0]}" if len(winners) == 1
                else f"Joint winners: {', '.join(winners[:-1])} and {winners[-1]}")
    assert page.locator(".t-winner").inner_text() == expected
    rows = page.locator(".t-standings section[aria-labelledby=standings-h] tbody tr")
    shown = [rows.nth(i).locator("td.pname").inner_text() for i in range(rows.count())]
    assert shown == [name for _, name, _, _ in facts["ranking"]]
    penalty = page.locator(".t-penalties tbody tr")
    assert penalty.count() == 1
    assert penalty.locator("td.pname").inner_text() == facts["penalised"]
    assert REASON in penalty.inner_text() and "-3" in penalty.inner_text()
    page.screenshot(path=str(artifacts / "tournament-final.png"), full_page=True)


def test_the_standings_csv_link_gives_the_ranking(cup, new_page):
    base, facts = cup
    page = new_page()
    page.goto(f"{base}/tournaments/{facts['id']}/")
    href = page.get_by_role("link", name="Standings (CSV)").get_attribute("href")
    response = page.request.get(base + href)
    assert response.ok and response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(response.text())))
    assert rows[0] == ["rank", "player", "table_points", "score", "rounds_played"]
    assert [r[1] for r in rows[1:]] == [name for _, name, _, _ in facts["ranking"]]
    assert all(r[4] == "2" for r in rows[1:])


def test_the_slips_print_one_block_per_table_without_the_site_around_them(
    cup, new_page, artifacts
):
    base, facts = cup
    page = new_page()
    page.goto(f"{base}/tournaments/{facts['id']}/")
    page.get_by_role("link", name="Seating and slips (print)").click()
    page.wait_for_url("**/slips/")
    slips = page.locator(".slip")
    assert slips.count() == 2  # 8 players, 2 tables
    for i in range(2):
        assert slips.nth(i).locator("tbody tr").count() == 4
        assert f"table {i + 1}" in slips.nth(i).locator("h2").inner_text()
    assert page.locator(".seating-list tbody tr").count() == 8
    assert page.get_by_role("button", name="Print").is_visible()
    page.screenshot(path=str(artifacts / "tournament-slips.png"), full_page=True)

    page.set_viewport_size({"width": PRINTED_PAGE[0], "height": PRINTED_PAGE[1]})
    page.emulate_media(media="print")
    for chrome in ("header", "nav", "footer", ".no-print", "button", ".seated-banner"):
        shown = [e for e in page.locator(chrome).all() if e.is_visible()]
        assert shown == [], f"{chrome} is printed"
    for i in range(2):
        slip = slips.nth(i)
        box = slip.bounding_box()
        assert box["width"] <= PRINTED_PAGE[0] and box["height"] <= PRINTED_PAGE[1]
        assert slip.evaluate("e => getComputedStyle(e).breakInside") == "avoid"
        grid = slip.locator("table").bounding_box()
        assert grid["x"] + grid["width"] <= box["x"] + box["width"] + 1  # no cut-off column
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.slip td')).fontSize)")
    assert size >= 12  # readable on paper
    page.screenshot(path=str(artifacts / "tournament-slips-print.png"), full_page=True)
    # Printed: the seating list on its own page, then both slips on the next.
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 2


def _organiser_opens(page, base: str, path: str) -> None:
    """Signs in to the admin as the organiser, landing on `path`."""
    page.goto(f"{base}/admin/login/?next={path}")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(f"**{path}")


def test_the_admin_chooses_the_ruleset_from_the_presets(cup, new_page, artifacts):
    base, facts = cup
    page = new_page(1280, 1000)
    _organiser_opens(page, base, f"/admin/games/tournament/{facts['id']}/change/")
    ruleset = page.locator("#id_ruleset_name")
    titles = ruleset.locator("option").all_inner_texts()
    assert titles[0] == "Chinese Classical" and "Cantonese (Hong Kong)" in titles
    assert page.input_value("#id_limit") == "1000"
    assert page.input_value("#id_starting_points") == "2000"
    assert page.is_disabled("#id_min_faan") and page.is_disabled("#id_payout")
    labels = {"limit": "Limit", "mahjong_points": "Points for going Mah Jong",
              "starting_points": "Starting points", "min_faan": "Fewest faan to go out",
              "payout": "Payout table", "discard_display": "Discards",
              "settings": "Other settings (JSON)"}
    for key, label in labels.items():
        assert page.locator(f"label[for=id_{key}]").inner_text().rstrip(":") == label
        assert page.locator(f"#id_{key}").is_visible()
    page.locator("fieldset", has=ruleset).screenshot(path=str(artifacts / "admin-ruleset.png"))

    # Another preset shows its values; the organiser changes one and saves.
    ruleset.select_option(label="Cantonese (Hong Kong)")
    assert page.input_value("#id_limit") == "128"
    assert page.input_value("#id_starting_points") == "500"
    assert page.input_value("#id_min_faan") == "3" and page.is_enabled("#id_payout")
    page.fill("#id_min_faan", "1")
    page.locator("fieldset", has=ruleset).screenshot(
        path=str(artifacts / "admin-ruleset-cantonese.png"))
    with page.expect_navigation():
        page.get_by_role("button", name="Save and continue editing").click()
    assert page.locator(".errorlist").count() == 0, page.locator(".errorlist").all_inner_texts()
    assert page.locator(".messagelist .success").is_visible()
    assert page.input_value("#id_min_faan") == "1"
    assert page.input_value("#id_settings") == ""

    # A bad value is refused with the engine's reason, next to its field.
    page.fill("#id_settings", '{"dead_wall_stacks": 99}')
    with page.expect_navigation():
        page.get_by_role("button", name="Save and continue editing").click()
    error = page.locator(".errorlist").filter(has_text="dead_wall_stacks")
    assert "must be a whole number from 0 to 16, not 99" in error.first.inner_text()
    page.locator("fieldset", has=page.locator("#id_ruleset_name")).screenshot(
        path=str(artifacts / "admin-ruleset-refused.png"))


def _status_requests(page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/status.json" in r.url else None)
    return asked


def test_a_finished_tournaments_page_asks_for_no_status(cup, new_page):
    """Issue 38, item 12: nothing changes any more, so the page never polls status.json (its
    timers are run forward on a fake clock: ten minutes pass without a request)."""
    base, facts = cup
    page = new_page()
    asked = _status_requests(page)
    page.clock.install()
    page.goto(f"{base}/tournaments/{facts['id']}/")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.locator("#tournament").get_attribute("data-poll") == ""
    page.clock.run_for(10 * 60 * 1000)
    page.evaluate("() => fetch('/tournaments/').then(r => r.ok)")  # the network has caught up
    assert asked == []


def test_the_admin_entries_inline_fits_a_laptop_window(cup, new_page, artifacts):
    """Issue 38, item 13: the tournament's entries (username, account, name, claim link...) fit
    a 1366 px window, with nothing to scroll sideways."""
    base, facts = cup
    page = new_page(1366, 900)
    _organiser_opens(page, base, f"/admin/games/tournament/{facts['id']}/change/")
    group = page.locator("#entries-group")
    table = group.locator("table")
    assert table.locator("tbody tr.form-row.has_original").count() == 9
    group.screenshot(path=str(artifacts / "admin-entries-1366.png"))
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1366, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    claim = group.locator("input[aria-label='claim link']")
    assert claim.count() == 1 and claim.is_visible()
    assert claim.input_value().endswith("/")  # the whole link is in the box to copy
