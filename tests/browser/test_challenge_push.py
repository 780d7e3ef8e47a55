"""A challenge pushed to a table page in real Chromium (issue 43): Bob waits at his table; Alice
challenges him from the friends page; the notice shows on Bob's table page at once, well before
the notices' next poll (15 seconds), over the table's socket."""

from __future__ import annotations

import secrets
import time

from .helpers import log_in
from .server import manage_shell

PASSWORD = "pw-push-1234"
POLL_MS = 15_000


def _people_and_table(site_env) -> tuple[list[str], int]:
    names = [f"q{secrets.token_hex(3)}{i}" for i in range(2)]
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from games import services\n"
        f"people = [get_user_model().objects.create_user(n, password={PASSWORD!r}) "
        f"for n in {names!r}]\n"
        "game = services.create_game(people[1])\n"
        "services.take_seat(game.pk, people[1])\n"
        "print(game.pk)"
    )
    return names, int(manage_shell(site_env, code))


def test_a_challenge_shows_on_the_challenged_persons_table_page_at_once(
        site_env, site_url, new_page, artifacts):
    (alice_name, bob_name), table = _people_and_table(site_env)
    alice, bob = new_page(), new_page()
    log_in(alice, site_url, alice_name, PASSWORD)
    log_in(bob, site_url, bob_name, PASSWORD)
    with bob.expect_response("**/notices.json"):  # the page's first poll, before the challenge
        bob.goto(f"{site_url}/game/{table}/")
    bob.wait_for_selector("#table[data-connected='1']", state="attached")

    alice.goto(f"{site_url}/friends/")
    alice.fill("#challenge-name", bob_name)
    sent = time.monotonic()
    with alice.expect_navigation():
        alice.locator("#challenge button[type=submit]").click()
    notice = bob.locator(".notice-challenge", has_text=f"{alice_name} challenges you")
    notice.wait_for(timeout=POLL_MS - 5_000)  # sooner than any poll could have brought it
    assert time.monotonic() - sent < 10
    # The notice sits below the header: the account's links and the language chooser stay free.
    header = bob.locator(".site-header").bounding_box()
    assert bob.locator(".notices").bounding_box()["y"] >= header["y"] + header["height"]
    bob.screenshot(path=str(artifacts / "challenge-pushed-to-table.png"))
