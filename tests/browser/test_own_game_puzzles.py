"""A person's own puzzles after a game's analysis, in real Chromium (docs/puzzles.md): the replay
of a game they played shows, once its analysis is done, the puzzles the site made of their
costliest decisions there, each opening its puzzle page; another person opening the same replay
sees none of them and cannot open them."""

from __future__ import annotations

import json
import secrets

from .server import manage_shell

PASSWORD = "own-puzzles-1"
# A one-deal table whose player's decisions give an own puzzle (tests/web/test_own_game_puzzles.py)
SEED, DEALS = "pz-own-37", 1


def _log_in(page, base: str, name: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.locator("main form.stacked button[type=submit]").click()


def test_a_player_sees_their_own_puzzles_after_the_analysis_and_another_does_not(
        site_url, site_env, new_page, artifacts, console):
    console.expect("status of 404")  # the other person asking for the puzzle page
    tag = secrets.token_hex(3)
    name, other = f"og{tag}", f"oo{tag}"
    game_id = int(manage_shell(site_env, (
        "from django.contrib.auth import get_user_model\n"
        "from tests.web.replay_games import saved_game\n"
        "User = get_user_model()\n"
        f"u = User.objects.create_user({name!r}, password={PASSWORD!r})\n"
        f"User.objects.create_user({other!r}, password={PASSWORD!r})\n"
        f"print(saved_game({SEED!r}, user=u, deals={DEALS}).pk)")))
    page = new_page(1400, 900)
    _log_in(page, site_url, name)
    # The replay asks for the analysis (worked out in the background); the site makes the
    # puzzles after it, and the box lists them once they are made.
    page.goto(f"{site_url}/game/{game_id}/replay/")
    page.locator("#analysis-box[data-ready='1']").wait_for(timeout=180_000)
    section = page.locator("#own-game-puzzles[data-status='made']")
    section.wait_for(timeout=300_000)
    made = json.loads(manage_shell(site_env, (
        "import json\n"
        "from games.models.puzzles import Puzzle\n"
        f"print(json.dumps(list(Puzzle.objects.filter(game_id={game_id}, "
        f"owner__username={name!r}).order_by('move').values_list('pk', flat=True))))")))
    assert made, "the game gave its player no puzzle"
    links = section.locator("a[href^='/puzzles/']")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        f"/puzzles/{pk}/" for pk in made]
    assert "Only you see them" in section.inner_text()
    section.screenshot(path=str(artifacts / "own-game-puzzles.png"))
    # Each links its move in this replay too.
    step = section.locator("a[href^='#d']").first
    href = step.get_attribute("href")
    step.click()
    page.wait_for_function("h => location.hash === h", arg=href)
    links.first.click()
    page.locator(".badge", has_text="from your own game").wait_for()
    assert page.url.endswith(f"/puzzles/{made[0]}/")

    # Another person: the same replay and analysis, no puzzles of anyone else's.
    theirs = new_page(1400, 900)
    _log_in(theirs, site_url, other)
    theirs.goto(f"{site_url}/game/{game_id}/replay/")
    box = theirs.locator("#analysis-box[data-ready='1']")
    box.wait_for(timeout=180_000)
    # The section is added with the analysis, in the same step, for its players only.
    assert theirs.locator("#own-game-puzzles").count() == 0
    assert "Your puzzles" not in box.inner_text()
    asked = theirs.request.get(f"{site_url}/game/{game_id}/own-puzzles.json")
    assert asked.status == 403 and asked.json()["error"] == "not_seated"
    theirs.goto(f"{site_url}/puzzles/{made[0]}/")
    assert theirs.locator("#puzzle").count() == 0
