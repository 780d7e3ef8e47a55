"""Playing together in real Chromium (issue 43): Alice challenges Bob from the friends page to a
private table; Bob, on another page of the site, gets the notice and accepts, landing at the
table; they talk; Alice mutes Bob from his name in the talk log and his lines disappear, and a
new one never shows; Bob blocks Alice from her page, and her next challenge is refused with the
reason. Screenshots: the friends page, the notice on a phone, the talk menu, a player page."""

from __future__ import annotations

import secrets

from .helpers import log_in
from .server import manage_shell

PASSWORD = "pw-together-1234"


def _people(site_env) -> list[str]:
    names = [f"p{secrets.token_hex(3)}{i}" for i in range(2)]
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from games.models import Profile\n"
        f"people = [get_user_model().objects.create_user(n, password={PASSWORD!r}) "
        f"for n in {names!r}]\n"
        "Profile.objects.create(user=people[1], bio='Weekend player from Kowloon.', "
        "country='HK', languages=['yue', 'en'], picture='dg')\n"
        "print('ok')"
    )
    assert manage_shell(site_env, code).strip() == "ok"
    return names


def _said(page) -> str:
    return "\n".join(page.locator("#talk .talk-entry").all_text_contents())


def test_a_challenge_accepted_then_a_mute_and_a_block(site_env, site_url, new_page, artifacts):
    alice_name, bob_name = _people(site_env)
    alice, bob = new_page(), new_page(390, 844)
    log_in(alice, site_url, alice_name, PASSWORD)
    log_in(bob, site_url, bob_name, PASSWORD)

    alice.goto(f"{site_url}/u/{bob_name}/")
    alice.locator(".profile-actions button", has_text="Follow").click()
    alice.locator(".message", has_text="You follow").wait_for()
    alice.screenshot(path=str(artifacts / "people-player-page.png"), full_page=True)
    alice.locator(".profile-actions a", has_text="Challenge").click()
    assert alice.locator("#challenge-name").input_value() == bob_name
    alice.select_option("#challenge-bots", "beginner")
    alice.screenshot(path=str(artifacts / "people-friends.png"), full_page=True)
    with alice.expect_navigation():
        alice.locator("#challenge button[type=submit]").click()
    table_url = alice.url
    assert "/game/" in table_url

    bob.goto(f"{site_url}/lobby/")  # any page: the notice finds him there
    notice = bob.locator(".notice-challenge", has_text=f"{alice_name} challenges you")
    notice.wait_for()
    bob.screenshot(path=str(artifacts / "people-notice-phone.png"))
    with bob.expect_navigation(url=table_url):
        notice.locator("button", has_text="Accept").click()

    alice.reload()
    alice.locator("#start-game").click()
    for page in (alice, bob):
        page.wait_for_selector("#table[data-connected='1']", state="attached")
        page.locator(".hand .tile").first.wait_for()
    bob.click("#talk summary")
    bob.fill("#talk-text", "first words")
    bob.click("#talk .talk-send")
    alice.locator("#talk .talk-words", has_text="first words").wait_for(state="attached")
    alice.click("#talk summary")
    alice.locator(f"#talk li[data-by='{bob_name}'] button.talk-who").click()
    alice.screenshot(path=str(artifacts / "people-talk-menu.png"))
    alice.locator(".talk-menu button", has_text=f"Mute {bob_name}").click()
    alice.locator(".talk-menu-done", has_text="muted").wait_for()
    assert "first words" not in _said(alice)  # gone from the log at once

    bob.fill("#talk-text", "second words")
    bob.click("#talk .talk-send")
    bob.locator("#talk .talk-words", has_text="second words").wait_for(state="attached")
    alice.fill("#talk-text", "anyone there?")
    alice.click("#talk .talk-send")
    alice.locator("#talk .talk-words", has_text="anyone there?").wait_for(state="attached")
    assert "second words" not in _said(alice)  # said before Alice's line, never shown
    bob.locator("#talk .talk-words", has_text="anyone there?").wait_for(state="attached")

    bob.goto(f"{site_url}/u/{alice_name}/")
    bob.locator(".profile-actions button", has_text="Block").click()
    bob.locator(".message", has_text="is blocked").wait_for()
    alice.goto(f"{site_url}/friends/?name={bob_name}")
    with alice.expect_navigation():
        alice.locator("#challenge button[type=submit]").click()
    assert alice.locator(".message.error").inner_text() == (
        f"{bob_name} does not take challenges from you.")
    bob.goto(f"{site_url}/friends/")
    assert bob.locator("#muted-blocked").get_by_text(alice_name).is_visible()
    bob.screenshot(path=str(artifacts / "people-friends-phone.png"), full_page=True)
    bob.goto(f"{site_url}/account/profile/")
    assert bob.locator("#bio").input_value() == "Weekend player from Kowloon."
    bob.screenshot(path=str(artifacts / "people-profile-phone.png"), full_page=True)
