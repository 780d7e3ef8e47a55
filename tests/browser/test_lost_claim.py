"""A claim that another seat's claim beats is explained at the table (seed 003 §3.4: a win
outranks a kong or pung, which outrank a chow): the person chows East's first discard, the bot
sitting North pungs it, and the table says whose pung took the tile and why. At a table of
several people, the pass the server gives for a seat with nothing to claim is noted once in the
log."""

from __future__ import annotations

import re

from .helpers import click, play_now, until_my_discard, version, wait_for_change
from .server import manage_shell


def test_a_chow_beaten_by_a_pung_says_whose_pung_took_the_tile(site_url, site_env, new_page,
                                                              artifacts):
    page = new_page(1366, 900)
    play_now(page, site_url)  # a guest account
    name = page.locator(".who-am-i").inner_text().strip()
    game_id = int(manage_shell(site_env, "from tests.browser.claim_table import at_first_claim; "
                                  f"print(at_first_claim({name!r}))"))
    page.goto(f"{site_url}/game/{game_id}/")
    chow = page.locator(".actions .act.claim[aria-keyshortcuts='C']")
    chow.wait_for()
    # Truly this seat's decision on the page's first load: the tab says so.
    page.wait_for_function("document.title.startsWith('● Claim? — ')")
    chow.click()

    notice = page.locator("#claim-notice.shown")
    notice.wait_for()
    words = notice.inner_text()
    m = re.fullmatch(r"(.+)'s pung outranks your chow\.", words)
    assert m, words
    # The log may be drawn a frame after the notice: wait for the public claim's line.
    page.wait_for_function(
        "w => [...document.querySelectorAll('#move-log li .log-words')]"
        ".some(li => li.textContent.startsWith(w + ' pungs '))", arg=m.group(1))
    log = page.locator("#move-log li .log-words").all_inner_texts()
    # The public claim says the same seat took the tile; the explanation follows it.
    pung = next(i for i, t in enumerate(log) if re.match(rf"{re.escape(m.group(1))} pungs .+ from ", t))
    assert log[pung + 1] == words
    assert words in page.locator("#announcer").inner_text()
    page.screenshot(path=str(artifacts / "lost-claim.png"))


def test_a_pass_given_for_a_seat_with_nothing_to_claim_is_noted_once(site_url, site_env, new_page,
                                                                     artifacts):
    page = new_page(1366, 900)
    play_now(page, site_url)
    name = page.locator(".who-am-i").inner_text().strip()
    # Another person sits at the table and never comes: their seat plays by autopilot. The
    # server passes for this seat whenever it has nothing to claim; the page only notes it.
    code = ("from tests.browser.claim_table import open_table, start; "
            f"print(start(open_table({name!r}, 'pass-note', bots=2, others=('absent-{name}',))))")
    game_id = int(manage_shell(site_env, code))
    page.goto(f"{site_url}/game/{game_id}/")
    page.wait_for_selector(".hand .tile")
    note = page.locator("#move-log li.log-note")
    # The passes given before the page connected are in no update: play on (this seat's
    # discards, a claim it could make passed by hand) until the table passes for it again.
    for _ in range(40):
        page.wait_for_selector("#move-log li.log-note, .hand .tile.can, .actions .act.pass",
                               timeout=90_000)
        if note.count():
            break
        v = version(page)
        offered = page.locator(".actions .act.pass")
        click(offered if offered.count() else page.locator(".hand .tile.can").last)
        wait_for_change(page, v)
    note.wait_for()
    assert note.inner_text().startswith("Passed: nothing to claim")
    # Later passes of the same deal add nothing more.
    for _ in range(3):
        page.wait_for_selector(".hand .tile.can, .actions .act.pass, .sheet")
        if page.locator(".sheet").count():
            break  # the deal is over: its log is complete
        until_my_discard(page)
        v = version(page)
        click(page.locator(".hand .tile.can").last)
        wait_for_change(page, v)
    assert page.locator("#move-log li.log-note").count() == 1
    page.screenshot(path=str(artifacts / "pass-note.png"))
