"""Table talk in real Chromium (issue 43): two people at a private table exchange a canned line
and a free one (markup shown as text), each shown beside the speaker's seat and in the talk box's
log; a spectator's line reaches the other spectators at once and the players only once the deal
is over. At a public table the box offers the canned lines and says why there is no text field.
Screenshots at 1280x900 and 390x844."""

from __future__ import annotations

import secrets
import time

from .helpers import click, log_in, play_now
from .server import manage_shell

PASSWORD = "pw-talking-1234"


def _private_table(site_env) -> tuple[int, str, list[str]]:
    names = [f"t{secrets.token_hex(3)}{i}" for i in range(3)]
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from games import services\n"
        f"people = [get_user_model().objects.create_user(n, password={PASSWORD!r}) "
        f"for n in {names!r}]\n"
        "g = services.create_game(people[0], seed='talk in a browser', private=True)\n"
        "[services.take_seat(g.pk, u) for u in people[:2]]\n"
        "[services.add_bot(g.pk, 'greedy') for _ in range(2)]\n"
        "g = services.start_game(g.pk)\n"
        "print(g.pk, g.invite)"
    )
    game_id, invite = manage_shell(site_env, code).split()
    return int(game_id), invite, names


def _log(page) -> str:
    return page.locator("#talk .talk-log").inner_text()


def _text(page) -> str:
    """The talk log's lines, the box open or not."""
    return "\n".join(page.locator("#talk .talk-entry").all_text_contents())


def _heard(page, words: str) -> None:
    page.locator("#talk .talk-words", has_text=words).wait_for(state="attached")


def _play_both_until_sheet(pages, most_s: float = 240) -> None:
    """Both people play by clicking (go out, discard the last tile, pass) until each sees the
    deal's score sheet."""
    end = time.monotonic() + most_s
    while time.monotonic() < end:
        if all(p.locator(".sheet").count() for p in pages):
            return
        for p in pages:
            if p.locator(".sheet").count():
                continue
            if p.locator(".actions .act.win").count():
                click(p.locator(".actions .act.win"))
            elif p.locator(".hand .tile.can").count():
                click(p.locator(".hand .tile.can").last)
            elif p.locator(".actions .act.pass").count():
                click(p.locator(".actions .act.pass"))
        time.sleep(0.15)
    raise AssertionError("the deal did not end")


def test_friends_talk_and_a_spectators_line_waits_for_the_deals_end(
    site_env, site_url, new_page, artifacts
):
    game_id, invite, (alice_name, bob_name, sam_name) = _private_table(site_env)
    alice, bob, sam = new_page(), new_page(390, 844), new_page()
    for page, name in ((alice, alice_name), (bob, bob_name), (sam, sam_name)):
        log_in(page, site_url, name, PASSWORD)
    sam.goto(f"{site_url}/t/{invite}/")  # invited: the spectator may open the private table
    for page in (alice, bob, sam):
        page.goto(f"{site_url}/game/{game_id}/")
        page.wait_for_selector("#table[data-connected='1']", state="attached")
        page.locator(".hand .tile, .seat").first.wait_for()

    alice.click("#talk summary")
    alice.locator("#talk button.talk-line", has_text="Good luck!").click()
    assert alice.locator("#talk").get_attribute("open") is None  # a reaction closes the box
    bob.locator(".talk-bubble", has_text="Good luck!").wait_for()
    assert bob.locator("#talk .talk-unread").inner_text() == "1"
    bob.click("#talk summary")
    assert f"{alice_name}: Good luck!" in _log(bob)
    bob.fill("#talk-text", "<b>thanks</b>, you too")
    bob.click("#talk .talk-send")
    _heard(alice, "<b>thanks</b>, you too")
    assert alice.locator("#talk .talk-log b.talk-name").count() == 2  # no <b> from the text
    assert alice.locator(".talk-bubble", has_text="<b>thanks</b>").count() == 1
    assert "You: <b>thanks</b>, you too" in _log(bob)
    alice.click("#talk summary")
    # Open on a desktop, the box lies above the player's own seat, clear of the hand's tiles.
    box = alice.locator("#talk").bounding_box()
    seat = alice.locator(".seat.pos-0").bounding_box()
    assert box["y"] + box["height"] <= seat["y"] + 1, (box, seat)
    alice.screenshot(path=str(artifacts / "talk-desktop.png"))
    bob.screenshot(path=str(artifacts / "talk-phone.png"))
    alice.keyboard.press("Escape")
    assert alice.locator("#talk").get_attribute("open") is None

    sam.click("#talk summary")
    sam.locator("#talk button.talk-line", has_text="Nice hand!").click()
    _heard(sam, "Nice hand!")
    assert f"{sam_name} (watching): Nice hand!" in _text(sam)
    # Bob's next line reaches Alice; the spectator's, said before it, has not.
    bob.locator("#talk button.talk-line", has_text="Thinking").click()
    _heard(alice, "Thinking")
    assert "Nice hand!" not in _text(alice) and "Nice hand!" not in _text(bob)
    alice.reload()  # nor does a reload tell it
    alice.wait_for_selector("#table[data-connected='1']", state="attached")
    _heard(alice, "Thinking")
    assert "Nice hand!" not in _text(alice)
    bob.screenshot(path=str(artifacts / "talk-phone-closed.png"))

    _play_both_until_sheet([alice, bob])
    for page in (alice, bob):
        _heard(page, "Nice hand!")
    assert f"{sam_name} (watching): Nice hand! (during the deal)" in _text(bob)
    bob.click("#talk summary")
    bob.screenshot(path=str(artifacts / "talk-phone-after-deal.png"))


def test_a_public_table_offers_canned_lines_and_says_why_no_text(site_url, new_page, artifacts):
    page = new_page(390, 844)
    play_now(page, site_url)  # a guest with three bots: a public casual table
    page.click("#talk summary")
    assert page.locator("#talk button.talk-line").count() >= 7
    assert page.locator("#talk-text").count() == 0
    assert "private tables" in page.locator("#talk .talk-off").inner_text()
    page.screenshot(path=str(artifacts / "talk-public-phone-open.png"))
    page.locator("#talk button.talk-line", has_text="Hello!").click()
    _heard(page, "Hello!")
    page.locator(".talk-bubble", has_text="Hello!").wait_for()
    page.screenshot(path=str(artifacts / "talk-public-phone.png"))
