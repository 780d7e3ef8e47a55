"""Finding a game in real Chromium: four people, each in their own browser, ask the lobby for a
rated game; all four land at the same table, dealt, after their page chimed and said so in its
title. A fifth who closes the queue's page is out of the queue at once."""

from __future__ import annotations

import re
import secrets

from .helpers import log_in
from .server import manage_shell

PASSWORD = "pw-queue-1234"
RULESET = "bmja"  # no other browser test queues for it, so these four meet nobody else
# Kept in the tab's sessionStorage across its pages: each title the page took, and each sound.
LOG_TITLES_AND_SOUNDS = """
(() => {
  const log = (what) => {
    try {
      const seen = JSON.parse(sessionStorage.getItem("queue-log") || "[]");
      seen.push(what);
      sessionStorage.setItem("queue-log", JSON.stringify(seen));
    } catch (e) {}
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    log("sound " + this.src);
    return play.call(this);
  };
  const title = Object.getOwnPropertyDescriptor(Document.prototype, "title");
  Object.defineProperty(Document.prototype, "title", {
    configurable: true,
    get() { return title.get.call(this); },
    set(value) { log("title " + value); title.set.call(this, value); },
  });
})();
"""


def _members(site_env, count: int) -> list[str]:
    names = [f"q{secrets.token_hex(3)}{i}" for i in range(count)]
    manage_shell(site_env, (
        "from django.contrib.auth import get_user_model\n"
        f"for n in {names!r}: get_user_model().objects.create_user(n, password={PASSWORD!r})\n"
        "print('made')"))
    return names


def _log_in(page, base: str, name: str) -> None:
    log_in(page, base, name, PASSWORD)
    page.wait_for_url("**/lobby/")


def _waiting(site_env) -> int:
    return int(manage_shell(site_env, (
        "from games.models import QueueEntry\n"
        "print(QueueEntry.objects.filter(game=None).count())")))


def test_four_browsers_find_a_rated_game_and_sit_at_one_table(site_env, site_url, new_page,
                                                              artifacts):
    pages = []
    for name in _members(site_env, 4):
        page = new_page()
        page.add_init_script(LOG_TITLES_AND_SOUNDS)
        _log_in(page, site_url, name)
        page.select_option("#id_queue-ruleset", RULESET)
        with page.expect_navigation():
            page.click("#find-rated")
        page.wait_for_url("**/queue/")
        pages.append(page)
        if len(pages) == 1:
            page.wait_for_selector("#queue-wait[data-state='waiting']")
            assert "Finding a rated British (BMJA) game" in page.locator("h1").inner_text()
            page.screenshot(path=str(artifacts / "queue-waiting.png"))
    table = re.compile(r"/game/(\d+)/$")
    for page in pages:
        page.wait_for_url(table, timeout=30_000)
    games = {table.search(p.url).group(1) for p in pages}
    assert len(games) == 1, f"seated at different tables: {games}"
    game = games.pop()
    for page in pages:
        page.wait_for_selector(".hand .tile")
        seen = page.evaluate("JSON.parse(sessionStorage.getItem('queue-log') || '[]')")
        assert f"title ● Table {game} is ready · Classical Mahjong" in seen, seen
        assert any(s.startswith("sound ") and s.endswith("/sounds/chime.wav") for s in seen), seen
    pages[0].screenshot(path=str(artifacts / "queue-seated.png"))
    assert _waiting(site_env) == 0


def test_closing_the_queue_page_leaves_the_queue(site_env, site_url, new_page):
    page = new_page()
    _log_in(page, site_url, _members(site_env, 1)[0])
    page.select_option("#id_queue-ruleset", RULESET)
    page.select_option("#id_queue-bots", "never")
    with page.expect_navigation():
        page.click("#find-casual")
    page.wait_for_selector("#queue-wait[data-state='waiting']")
    page.wait_for_function("document.title.startsWith('Finding a game (1/4)')")
    assert _waiting(site_env) == 1
    page.goto(site_url + "/rules/")  # leaving the page says goodbye
    for _ in range(30):
        if _waiting(site_env) == 0:
            break
    assert _waiting(site_env) == 0
