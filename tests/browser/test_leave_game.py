"""Leaving a game under way in real Chromium (issue 20 §6): Alice opens "Leave the game", confirms,
and her page shows the game going on without her: she watches, a bot plays her seat in her
name, and the moves keep coming while Bob plays."""

from __future__ import annotations

from .helpers import click, until_my_discard, version, wait_for_change


def _table_for_two(site_url, new_page):
    alice = new_page()
    alice.goto(site_url + "/lobby/")
    alice.select_option("#id_seat_3", "beginner")
    alice.select_option("#id_seat_4", "beginner")
    alice.locator("form[action$='/game/new/'] button").first.click()
    alice.wait_for_selector(".waiting-room")
    bob = new_page()
    bob.goto(alice.input_value("#invite-link"))
    bob.wait_for_selector("#table[data-connected='1']", state="attached")
    with bob.expect_navigation():
        bob.click("#take-seat")
    alice.wait_for_selector("#start-game")
    for page in (alice, bob):
        page.wait_for_selector("#table[data-connected='1']", state="attached")
    alice.click("#start-game")
    for page in (alice, bob):
        page.wait_for_selector(".hand .tile")
    return alice, bob


def test_leaving_a_started_game_from_the_table(site_url, new_page, artifacts):
    alice, bob = _table_for_two(site_url, new_page)
    name = alice.locator(".who-am-i").inner_text().strip()

    # A confirm step: the link only opens the question; the button below it leaves.
    alice.click("#leave-game summary")
    confirm = alice.locator("#confirm-leave")
    confirm.wait_for()
    assert "A bot plays your seat" in alice.locator("#leave-game").inner_text()
    alice.screenshot(path=str(artifacts / "leave-confirm.png"))
    with alice.expect_navigation():
        confirm.click()

    assert "You left the game:" in alice.locator(".message").inner_text()
    alice.wait_for_selector("p.watching")
    assert alice.locator(".hand").count() == 0 and alice.locator("#leave-game").count() == 0
    alice.wait_for_function(
        "n => [...document.querySelectorAll('.seat .name')].some(e => e.textContent.includes(n))",
        arg=f"(for {name})",
    )

    # The game goes on: Bob plays a tile (passing claims first), and Alice's page moves on.
    since = version(alice)
    until_my_discard(bob)
    click(bob.locator(".hand .tile.can").last)
    wait_for_change(alice, since)
    alice.screenshot(path=str(artifacts / "left-watching.png"))
