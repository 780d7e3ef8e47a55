"""Giving a game up in real Chromium (issue 38): a guest alone with bots resigns from the top bar
(asked first) and the end screen says so, placing them last; at a rated table two people, each
in their own browser, propose ending the game now and accept, and both see it end there."""

from __future__ import annotations

import json
import re
import secrets

from .helpers import log_in, play_now
from .server import manage_shell

PASSWORD = "pw-ending-1234"


def test_a_guest_alone_with_bots_resigns_and_sees_the_end_screen(site_url, new_page, artifacts):
    page = new_page()
    play_now(page, site_url)  # a guest, three bots, dealt at once

    page.click("#resign-game summary")
    confirm = page.locator("#confirm-resign")
    confirm.wait_for()
    assert "placed last" in page.locator("#resign-game").inner_text()
    page.screenshot(path=str(artifacts / "resign-confirm.png"))
    confirm.click()

    sheet = page.locator(".sheet .standings")
    sheet.wait_for()
    assert "Ended early: you resigned" in sheet.inner_text()
    mine = sheet.locator("li.me")
    assert mine.locator(".place").inner_text() == "4th"
    assert mine.locator(".gave-up").inner_text() == "(resigned)"
    assert "You placed 4th" in sheet.inner_text()
    assert "the game ends here" in page.locator("#resign-note").inner_text()
    assert page.locator("#table").get_attribute("data-phase") == "game_over"
    # Nothing left to give up: the top bar's Resign and Leave are gone.
    assert not page.locator("#resign-game").is_visible()
    assert not page.locator("#leave-game").is_visible()
    page.screenshot(path=str(artifacts / "resigned-end-screen.png"))


def _rated_table_after_a_deal(site_env) -> tuple[int, list[str]]:
    """Four members at a rated table whose first deal is scored; the last two have left it (a
    bot plays on for each), so the two who open it in a browser are its people."""
    names = [f"e{secrets.token_hex(3)}{i}" for i in range(4)]
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from games import services\n"
        "from games.models import Game\n"
        "from games.services.matches import match_for\n"
        f"people = [get_user_model().objects.create_user(n, password={PASSWORD!r}) "
        f"for n in {names!r}]\n"
        "g = services.create_game(people[0], seed='end early in a browser', rated=True)\n"
        "[services.take_seat(g.pk, u) for u in people]\n"
        "services.start_game(g.pk)\n"
        "for _ in range(5000):\n"
        "    if any(any(h.deltas) for h in match_for(Game.objects.get(pk=g.pk)).history): break\n"
        "    try: services.autopilot_waiting(g.pk)\n"
        "    except services.ServiceError: pass\n"  # the server's ticker moved first
        "services.leave_game(g.pk, people[2]); services.leave_game(g.pk, people[3])\n"
        "print(g.pk)"
    )
    quick = {**site_env, "MAHJONG_AUTOPILOT_LEVEL": "beginner"}
    return int(manage_shell(quick, code)), names


def _rating_places(site_env, game_id: int) -> dict[str, list]:
    code = (
        "import json\n"
        "from games.models import RatingChange\n"
        "print(json.dumps({c.user.username: [c.place, c.abandoned] for c in "
        f"RatingChange.objects.filter(game_id={game_id}).select_related('user')}}))"
    )
    return json.loads(manage_shell(site_env, code))


def test_two_people_at_a_rated_table_agree_to_end_it(site_env, site_url, new_page, artifacts):
    game_id, names = _rated_table_after_a_deal(site_env)
    pages = []
    for name in names[:2]:
        page = new_page()
        log_in(page, site_url, name, PASSWORD)
        page.goto(f"{site_url}/game/{game_id}/")
        page.wait_for_selector("#table[data-connected='1']", state="attached")
        page.locator(".sheet").wait_for()  # the first deal's score sheet: Next deal not pressed
        pages.append(page)
    first, second = pages

    first.click("#end-game summary")
    first.locator("#confirm-propose-end").click()
    box = second.locator("#end-proposal .end-proposal-box")
    box.wait_for()
    assert re.search(rf"{names[0]} proposes ending the game now", box.inner_text())
    assert "rated on it" in box.inner_text() and "Waiting for: you" in box.inner_text()
    first.locator("#end-proposal .end-proposal-box").wait_for()
    assert "You propose ending the game now" in first.locator("#end-proposal").inner_text()
    second.screenshot(path=str(artifacts / "end-proposal.png"))
    second.locator("#accept-end").click()

    for page in pages:
        page.wait_for_selector("#table[data-phase='game_over'] .sheet .standings .ended-line")
        line = page.locator(".sheet .ended-line").inner_text()
        assert line.startswith("Ended early: everyone at the table agreed to end it after 1 deal")
        assert "Everyone agreed: the game ends here" in page.locator("#end-proposal").inner_text()
        assert not page.locator("#end-game").is_visible()
    first.screenshot(path=str(artifacts / "ended-by-agreement.png"))
    places = _rating_places(site_env, game_id)
    # Those who left are below both who agreed, whatever their bots scored, the first to go last.
    assert sorted(places[n][0] for n in names[:2]) in ([1, 2], [1, 1])
    assert [places[n] for n in names[2:]] == [[4, True], [3, True]]
