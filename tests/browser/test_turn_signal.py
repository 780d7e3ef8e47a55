"""The table tells a player when it waits on them: the tab's title, a chime, and while the tab is
hidden a notification they allowed; a mute switch silences the chime and is remembered; a table
that starts while its waiting room is open says so once."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import click, play_now, until_my_discard, version, wait_for_change
from .server import manage_shell

# Counts the chimes played, the notifications shown and the tab's titles; the tab's visibility
# and the browser's answer to notifications are the test's.
WATCH = """
window.__played = [];
window.__notes = [];
window.__hidden = false;
window.__titles = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => window.__titles.push(document.title))
    .observe(document.querySelector("title"), { childList: true, characterData: true, subtree: true });
});
HTMLMediaElement.prototype.play = function () {
  window.__played.push(document.getElementById("table")?.dataset.signal || "");
  return Promise.resolve();
};
Object.defineProperty(Document.prototype, "visibilityState",
  { configurable: true, get() { return window.__hidden ? "hidden" : "visible"; } });
class FakeNotification {
  constructor(title) { window.__notes.push(title); }
  close() {}
  static requestPermission() {
    FakeNotification.permission = "granted";
    sessionStorage.setItem("test-permission", "granted");  // the browser remembers its answer
    return Promise.resolve("granted");
  }
}
FakeNotification.permission = sessionStorage.getItem("test-permission") || "default";
window.Notification = FakeNotification;
"""
TURN = "● Your turn — Classical Mahjong"


def played(page) -> int:
    return page.evaluate("window.__played.length")


def settings_switch(page, act: str):
    if page.locator("#table-settings").count() == 0:
        page.click("[data-act='settings']")
    return page.locator(f"#table-settings [data-act='{act}']")


def discard(page) -> list[str]:
    """Discard the drawn tile; the titles the tab took until it stopped saying "your turn". The
    title changes as the frame arrives, the table is drawn a frame later: both are waited for."""
    n = page.evaluate("window.__titles.length")
    v = version(page)
    click(page.locator(".hand .tile.can").last)
    page.wait_for_function("([n, t]) => window.__titles.slice(n).some(s => s !== t)", arg=[n, TURN])
    wait_for_change(page, v)
    return page.evaluate("n => window.__titles.slice(n)", n)


def test_the_title_chime_and_notification_say_it_is_your_turn(site_url, new_page, artifacts):
    page = new_page(1366, 900)
    page.add_init_script(WATCH)
    play_now(page, site_url)
    game_id = int(re.search(r"/game/(\d+)/", page.url).group(1))
    base = f"Table {game_id} · Classical Mahjong"

    notify = settings_switch(page, "notify")
    assert notify.get_attribute("aria-pressed") == "false"
    notify.click()  # asks the browser, on this click only
    expect(settings_switch(page, "notify")).to_have_attribute("aria-pressed", "true")
    assert settings_switch(page, "turn-sound").get_attribute("aria-pressed") == "true"
    page.screenshot(path=str(artifacts / "turn-signal-settings.png"))
    page.click("#prompt")  # closes the settings panel

    until_my_discard(page)
    assert page.title() == TURN
    assert played(page) >= 1
    assert page.evaluate("window.__notes") == []  # the tab is in view: no notification

    # The tab is hidden: the next turn chimes and notifies.
    page.evaluate("window.__hidden = true")
    before = played(page)
    assert base in discard(page)  # the title is restored once the turn has passed
    until_my_discard(page)
    assert played(page) > before
    assert f"Your turn at table {game_id}" in page.evaluate("window.__notes")
    assert page.title() == TURN

    # Muted: the next decision point is signalled (the title) without a sound.
    page.evaluate("window.__hidden = false")
    settings_switch(page, "turn-sound").click()
    assert settings_switch(page, "turn-sound").get_attribute("aria-pressed") == "false"
    page.click("#prompt")
    before = played(page)
    signal = page.get_attribute("#table", "data-signal")
    assert base in discard(page)
    until_my_discard(page)
    page.wait_for_function("s => document.getElementById('table').dataset.signal !== s", arg=signal)
    assert page.title() == TURN
    assert played(page) == before
    # Each decision point was signalled once.
    signals = page.evaluate("window.__played")
    assert len(signals) == len(set(signals)), signals

    # Both choices are remembered by this browser.
    page.reload()
    page.wait_for_selector(".hand .tile")
    assert settings_switch(page, "turn-sound").get_attribute("aria-pressed") == "false"
    assert settings_switch(page, "notify").get_attribute("aria-pressed") == "true"


def test_a_table_starting_while_its_waiting_room_is_open_chimes_once(site_url, site_env, new_page,
                                                                     artifacts):
    page = new_page(1366, 900)
    page.add_init_script(WATCH)
    play_now(page, site_url)
    name = page.locator(".who-am-i").inner_text().strip()
    # Seed "start-signal-10" seats the second person East, the dealer: until they discard, the
    # table owes the first person nothing, so only the start itself is signalled.
    game_id = int(manage_shell(site_env, "from tests.browser.claim_table import open_table; "
                                  f"print(open_table({name!r}, 'start-signal-10', bots=0))"))
    table = f"{site_url}/game/{game_id}/"
    page.goto(table)
    page.wait_for_selector(".waiting-room")
    assert "any of them starts the game with Start the game" in page.locator(".waiting-room").inner_text()
    page.screenshot(path=str(artifacts / "waiting-room.png"))

    other = new_page(1366, 900)
    play_now(other, site_url)
    other.goto(table)
    other.click("#take-seat")
    other.wait_for_selector("#add-bot")
    manage_shell(site_env, f"from tests.browser.claim_table import add_bots; print(add_bots({game_id}, 2))")
    other.goto(table)
    other.click("#start-game")
    # The first person's waiting room reloads into the table, which chimes once for the start.
    page.wait_for_selector(".hand .tile")
    page.wait_for_function("window.__played.length > 0")
    assert page.evaluate("window.__played[0]").split()[0] == "start"
    assert page.evaluate("window.__played").count(page.evaluate("window.__played[0]")) == 1
    assert played(page) == 1
    page.reload()  # a reload is no new start
    page.wait_for_selector(".hand .tile")
    assert played(page) == 0
