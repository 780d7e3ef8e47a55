"""The ready indicator above the hand (issue 38): at a casual table a hand one tile from going out
shows the tiles that would let it go out and how many of each the player has not seen; a switch
in the settings hides it, remembered. At a rated table it is never shown, no frame carries it,
and the settings say why."""

from __future__ import annotations

import json

import pytest

from .server import manage_shell

WATCH_FRAMES = """
window.__frames = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (ev) => window.__frames.push(ev.data));
  }
};
"""


def _shown(page) -> list[dict]:
    return page.locator(".waits .wait").evaluate_all(
        "els => els.map(e => ({tile: e.dataset.tile, left: Number(e.dataset.left)}))")


@pytest.fixture(scope="module")
def guest(browser, site_url):
    """One guest's browser for the module: a page whose errors are collected."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.add_init_script(WATCH_FRAMES)
    page.goto(site_url + "/")
    page.click("#play-now")  # a guest account (and a table of bots, left behind)
    page.wait_for_selector(".hand .tile")
    yield page
    context.close()
    assert errors == []


def test_a_ready_hand_shows_its_winning_tiles_and_what_is_left(guest, site_url, site_env,
                                                               artifacts):
    page = guest
    name = page.locator(".who-am-i").inner_text().strip()
    found = json.loads(manage_shell(
        site_env, f"from tests.browser.comfort_tables import ready_table; print(ready_table({name!r}))"))
    page.goto(f"{site_url}/game/{found['game']}/")
    page.locator(".waits").wait_for()
    assert page.get_attribute("#table", "data-version") == str(found["version"])
    assert found["waits"], found
    assert _shown(page) == found["waits"]
    total = sum(w["left"] for w in found["waits"])
    assert page.locator(".waits .waits-total").inner_text() == f"{total} left"
    words = page.locator(".waits .sr-only").inner_text()
    assert words.startswith("You are one tile from going out. Winning tiles: ")
    page.screenshot(path=str(artifacts / "ready-indicator.png"))

    # The switch hides it, and the choice is remembered.
    page.click("[data-act='settings']")
    switch = page.locator("#table-settings [data-act='show-waits']")
    assert switch.get_attribute("aria-pressed") == "true"
    switch.click()
    page.locator(".waits").wait_for(state="detached")
    page.reload()
    page.wait_for_selector(".hand .tile")
    assert page.locator(".waits").count() == 0
    page.click("[data-act='settings']")
    switch = page.locator("#table-settings [data-act='show-waits']")
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    page.locator(".waits").wait_for()
    assert _shown(page) == found["waits"]


def test_a_rated_table_shows_no_indicator_and_says_why(browser, site_url, site_env, artifacts):
    people = [f"ready-rated-{i}" for i in range(4)]
    code = (
        "from django.contrib.auth.models import User\n"
        f"for n in {people!r}:\n"
        "    u, _ = User.objects.get_or_create(username=n); u.set_password('ready rated pw'); u.save()\n"
        "from tests.browser.comfort_tables import ready_table\n"
        f"print(ready_table({people[0]!r}, people={tuple(people[1:])!r}, rated=True))"
    )
    found = json.loads(manage_shell(site_env, code))
    assert found["waits"]  # the hand is one tile from going out: at a casual table it would show
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        page.add_init_script(WATCH_FRAMES)
        page.goto(site_url + "/accounts/login/")
        page.fill("input[name=username]", people[0])
        page.fill("input[name=password]", "ready rated pw")
        page.locator("main form button[type=submit], main form input[type=submit]").first.click()
        page.wait_for_load_state()
        page.goto(f"{site_url}/game/{found['game']}/")
        page.wait_for_selector(".hand .tile")
        assert page.get_attribute("#table", "data-version") == str(found["version"])
        assert page.locator(".waits").count() == 0
        page.click("[data-act='settings']")
        settings = page.locator("#table-settings")
        assert settings.locator("[data-act='show-waits']").count() == 0
        assert settings.locator(".waits-off").inner_text() == (
            "The ready indicator is off in rated games, as hints are.")
        page.screenshot(path=str(artifacts / "ready-rated.png"))
        frames = [json.loads(t) for t in page.evaluate("window.__frames")]
        views = [f["view"] for f in frames if f.get("view")]
        assert views and all("waits" not in v for v in views)
    finally:
        context.close()
