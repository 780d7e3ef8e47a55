"""The table's talk in a finished game's replay, in real Chromium (issue 43, "Everything said is
kept with the game"): the person who sat at the table reads what was said up to the step shown,
each line linked to its move, a spectator's line held during a deal shown at its end and typed
markup shown as text; another person's replay of the same game has no talk box at all."""

from __future__ import annotations

import json
import re

from .axe import report, violations
from .helpers import play_now
from .missed_win import record
from .server import manage_shell

LINES = """
from games.models import Game, TalkLine
from django.contrib.auth import get_user_model
game = Game.objects.get(pk={game})
seat = game.seats.get(chair=0)
sam, _ = get_user_model().objects.get_or_create(username="replay-talk-sam")
def line(user, name, **kw):
    TalkLine.objects.create(game=game, user=user, name=name, **kw)
line(seat.user, seat.name, channel="players", kind="canned", code="hello", version=0)
line(seat.user, seat.name, channel="players", kind="canned", code="good_luck", seat=seat.position,
     version=0, deal=1)
line(sam, "replay-talk-sam", channel="spectators", kind="text", text="watch the <b>bamboo</b>",
     version=12, deal=1, held=True)
line(seat.user, seat.name, channel="players", kind="text", text="last words", seat=seat.position,
     version=game.version)
print(TalkLine.objects.filter(game=game).count())
"""


def _imported(page, site_url) -> int:
    name = page.locator(".who-am-i").inner_text().strip()
    page.goto(site_url + "/games/import/")
    page.fill("textarea[name=text]", json.dumps(record(name, seed="replay-talk 1")))
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/game/\d+/"))
    return int(re.search(r"/game/(\d+)/", page.url).group(1))


def test_the_replay_shows_the_talk_to_who_sat_there_in_step_with_the_moves(
        site_url, site_env, new_page, artifacts):
    page = new_page(1366, 900)
    play_now(page, site_url)
    game_id = _imported(page, site_url)
    assert manage_shell(site_env, LINES.format(game=game_id)) == "4"
    page.goto(f"{site_url}/game/{game_id}/replay/")
    box = page.locator("#replay-talk[data-ready='1']")
    box.wait_for(timeout=60_000)
    log = box.locator(".replay-talk-log")
    # At the first step only what was said before the first move: the viewer's own lines, one
    # said before the seats were drawn (no seat yet), are theirs all the same.
    assert log.locator(".talk-entry").count() == 2
    assert "You: Hello!" in log.inner_text() and "You: Good luck!" in log.inner_text()
    assert "2 more lines are said later in the game." in box.inner_text()
    # The held spectator's line appears at its deal's end, as the players heard it.
    page.keyboard.press("PageDown")
    page.wait_for_function("() => document.querySelectorAll('#replay-talk .talk-entry').length"
                           " === 3")
    held = log.locator(".talk-spectators")
    assert "replay-talk-sam (watching)" in held.inner_text()
    assert held.locator(".talk-words").inner_text() == "watch the <b>bamboo</b>"  # as text
    assert held.locator(".talk-words b").count() == 0
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelectorAll('#replay-talk .talk-entry').length"
                           " === 4")
    assert box.locator(".replay-talk-note").is_hidden()
    page.screenshot(path=str(artifacts / "replay-talk.png"))
    # The box adds nothing the accessibility check finds (the rest of the page is checked in
    # test_accessibility.py).
    found = [v for v in violations(page) if any("replay-talk" in n for n in v["nodes"])]
    assert found == [], report(found)
    # A line's link goes to the move it was said at.
    link = log.locator(".talk-entry").first.locator("a.replay-talk-at")
    link.click()
    page.wait_for_function("() => document.querySelectorAll('#replay-talk .talk-entry').length"
                           " === 2")
    assert page.evaluate("() => location.hash") == "#d1m1"

    other = new_page(1366, 900)
    play_now(other, site_url)
    other.goto(f"{site_url}/game/{game_id}/replay/")
    other.wait_for_function("() => document.body.dataset.replayReady === '1'")
    assert other.locator("#replay-talk").count() == 0
    assert "bamboo" not in other.content()
    assert other.request.get(f"{site_url}/game/{game_id}/replay/talk.json").status == 403
