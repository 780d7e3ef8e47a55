"""The comfort switches at the table (issue 38), in real Chromium: each is in the settings panel,
labelled and reached by keys, and remembered after a reload; auto-discard throws the tile just
drawn when the turn offers nothing but discards, once per turn; no calls passes a chow the player
could have made; auto-win goes out, once, and nothing more is sent once the game is over; the
volume slider sets the chime's volume; a spectator's switches never act."""

from __future__ import annotations

import json

import pytest

from .server import manage_shell

# Every frame the page's socket receives and sends, and every chime played with its volume.
WATCH = """
window.__frames = [];
window.__sent = [];
window.__played = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (ev) => window.__frames.push(JSON.parse(ev.data)));
  }
  send(data) {
    // With the last view the page was sent before it sent this (what it decided on).
    const seen = window.__frames.filter((f) => f.view && (f.type === "state" || f.type === "update")).pop();
    window.__sent.push({ ...JSON.parse(data), seen: seen ? { version: seen.version, view: seen.view } : null });
    return super.send(data);
  }
};
HTMLMediaElement.prototype.play = function () {
  window.__played.push(this.volume);
  return Promise.resolve();
};
"""
SWITCHES = {
    "auto-win": "Auto-win: go out whenever I can",
    "auto-discard": "Auto-discard the tile I draw when I can only discard",
    "no-calls": "No calls: pass every chow, pung and kong (a win is still offered)",
}


def sent_actions(page, seen: bool = False) -> list[dict]:
    """The moves the page sent; `seen`: each with the last view it had been sent before."""
    return [m if seen else {k: v for k, v in m.items() if k != "seen"}
            for m in page.evaluate("window.__sent") if m["type"] == "action"]


def open_settings(page):
    if not page.locator("#table-settings").count():
        page.click("[data-act='settings']")
    return page.locator("#table-settings")


def close_settings(page):
    """Escape folds the panel (a click outside may land on the deal's score sheet, which the bots
    can open at any moment)."""
    if page.locator("#table-settings").count():
        page.focus("#table-settings input, #table-settings button")
        page.keyboard.press("Escape")
        page.locator("#table-settings").wait_for(state="detached")


@pytest.fixture(scope="module")
def guest(browser, site_url):
    """One guest's browser for the module, at a table of bots (play now); its page errors."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.add_init_script(WATCH)
    page.goto(site_url + "/")
    page.click("#play-now")
    page.wait_for_selector(".hand .tile")
    page.guest_name = page.locator(".who-am-i").inner_text().strip()
    page.first_table = page.url
    yield page
    context.close()
    assert errors == []


def test_the_switches_are_labelled_reached_by_keys_and_remembered(guest, artifacts):
    page = guest
    page.keyboard.press("Escape")  # the rituals fold away
    page.focus("[data-act='settings']")
    page.keyboard.press("Enter")
    panel = page.locator("#table-settings")
    panel.wait_for()
    for act, words in SWITCHES.items():
        switch = page.get_by_role("button", name=words)
        assert switch.get_attribute("data-act") == act
        assert switch.get_attribute("aria-pressed") == "false"
    # Tab from the Settings button reaches the switches in order; Space turns one on.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.act") == "auto-win"
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    assert panel.locator("[data-act='auto-discard']").get_attribute("aria-pressed") == "true"
    assert panel.locator("[data-act='no-calls']").get_attribute("aria-pressed") == "true"
    assert panel.locator("[data-act='auto-win']").get_attribute("aria-pressed") == "false"

    # The volume: labelled, 0 is silent, and the chime plays at the volume chosen.
    volume = page.get_by_label("Volume")
    volume.focus()
    played = len(page.evaluate("window.__played"))  # the turn's chime, perhaps
    page.keyboard.press("Home")
    assert panel.locator("output").inner_text() == "Silent"
    assert len(page.evaluate("window.__played")) == played  # silent: nothing played
    page.keyboard.press("End")
    for _ in range(12):
        page.keyboard.press("ArrowLeft")
    assert volume.input_value() == "40"
    assert panel.locator("output").inner_text() == "40%"
    assert page.evaluate("window.__played").pop() == pytest.approx(0.4)
    page.screenshot(path=str(artifacts / "comfort-settings.png"))
    page.keyboard.press("Escape")
    panel.wait_for(state="detached")

    page.reload()
    page.wait_for_selector(".hand .tile")
    panel = open_settings(page)
    assert panel.locator("[data-act='auto-discard']").get_attribute("aria-pressed") == "true"
    assert panel.locator("[data-act='no-calls']").get_attribute("aria-pressed") == "true"
    assert panel.locator("[data-act='auto-win']").get_attribute("aria-pressed") == "false"
    assert page.get_by_label("Volume").input_value() == "40"
    close_settings(page)


# What the table waits for: three discards the switches made, the deal's end, or a discard left
# to the player (no tile drawn: East's first; an Original Call, a kong or a win on offer).
PLAYED_OR_MINE = """n => {
  const t = document.getElementById("table");
  const made = window.__sent.filter((m) => m.type === "action" && m.action.type === "discard"
    && !window.__mine.includes(m.version)).length;
  if (made >= 3 || document.querySelector(".sheet")) return "done";
  const left = t.dataset.auto === `none ${t.dataset.version}` && document.querySelector(".hand .tile.can");
  return left ? "mine" : false;
}"""


def _switch_discards(page) -> int:
    return page.evaluate("""() => window.__sent.filter((m) => m.type === "action"
        && m.action.type === "discard" && !window.__mine.includes(m.version)).length""")


def _auto_discards_or_the_deals_end(page) -> str:
    """Wait for three discards the switch made, or the deal's end, throwing by hand each turn
    that is left to the player."""
    while (found := page.wait_for_function(PLAYED_OR_MINE, timeout=90_000).json_value()) == "mine":
        v = int(page.get_attribute("#table", "data-version"))
        offered = set(page.get_attribute("#table", "data-legal").split())
        # Left to the player only when it is more than a plain discard of the tile drawn.
        assert offered != {"discard"} or not page.locator(".hand button.drawn").count() or page.locator(
            "[data-act='original-call']").count(), "a plain turn with a tile drawn was left to the player"
        page.evaluate("v => window.__mine.push(v)", v)
        page.locator(".hand .tile.can").last.click()
        page.wait_for_function("v => Number(document.getElementById('table').dataset.version) > v", arg=v)
    return found


def test_auto_discard_throws_the_tile_drawn_once_a_turn(guest):
    page = guest  # auto-discard and no calls are on (the test before)
    page.evaluate("window.__mine = []")
    for _ in range(3):  # a deal the bots end before the player's first plain turn: the next one
        found = _auto_discards_or_the_deals_end(page)
        if found != "done" or not page.locator(".sheet").count() or _switch_discards(page):
            break
        page.locator(".sheet .act.ready").click()
        page.wait_for_function("() => !document.querySelector('.sheet')")
    assert found == "done"
    mine = page.evaluate("window.__mine")
    actions = sent_actions(page, seen=True)
    discards = [m for m in actions if m["action"]["type"] == "discard" and m["version"] not in mine]
    assert len(discards) >= 3 or page.locator(".sheet").count()
    assert discards
    versions = [m["version"] for m in actions]
    assert len(versions) == len(set(versions)), "two moves sent for one decision"
    for m in discards:
        assert m["seen"]["version"] == m["version"], "a move sent for a version the page had not been shown"
        view = m["seen"]["view"]
        assert view["turn"] == view["viewer"]
        assert m["action"]["tile"] == view["drawn"]
        assert {a["type"] for a in view["legal_actions"]} == {"discard"}  # nothing else offered


def test_no_calls_passes_a_chow_the_player_could_make(guest, site_url, site_env):
    page = guest
    game_id = int(manage_shell(site_env, "from tests.browser.claim_table import at_first_claim; "
                                  f"print(at_first_claim({page.guest_name!r}))"))
    page.evaluate("window.__frames = []; window.__sent = []")
    page.add_init_script("""window.__sawClaim = false;
      new MutationObserver(() => { if (document.querySelector('.actions .act.claim')) window.__sawClaim = true; })
        .observe(document, { childList: true, subtree: true });""")
    page.goto(f"{site_url}/game/{game_id}/")
    page.wait_for_function("() => window.__sent.some(m => m.type === 'action')")
    first = next(f for f in page.evaluate("window.__frames") if f["type"] == "state")
    offered = {a["type"] for a in first["view"]["legal_actions"]}
    assert "chow" in offered and "win" not in offered
    assert sent_actions(page)[0] == {"type": "action", "version": first["version"],
                                     "action": {"type": "pass", "seat": first["seat"]}}
    page.wait_for_function("v => Number(document.getElementById('table').dataset.version) > v",
                           arg=first["version"])
    assert page.evaluate("window.__sawClaim") is False  # the chow was never offered on screen
    assert [m["version"] for m in sent_actions(page)].count(first["version"]) == 1
    page.claim_table = page.url


def test_a_spectators_switches_never_act(browser, guest):
    """A spectator whose browser has every switch on watches the table the guest plays on (by
    its own switches, the test before's): the spectator's page sends no move."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        page.add_init_script("""for (const k of ['mahjong-auto-win', 'mahjong-auto-discard',
            'mahjong-no-calls']) localStorage.setItem(k, '1');""")
        page.goto(guest.claim_table)
        page.wait_for_selector("#table[data-phase]")
        start = int(page.get_attribute("#table", "data-version"))
        page.wait_for_function("v => Number(document.getElementById('table').dataset.version) > v + 6"
                               " || !!document.querySelector('.sheet')", arg=start, timeout=90_000)
        assert page.locator(".hand").count() == 0  # a spectator: no hand
        # Nothing decided for the version shown (read together: the table moves on meanwhile).
        page.wait_for_function("() => { const t = document.getElementById('table');"
                               " return t.dataset.auto === `none ${t.dataset.version}`; }")
        panel = open_settings(page)
        assert panel.locator("[data-act='auto-win'], [data-act='auto-discard']").count() == 0
        assert [m for m in page.evaluate("window.__sent") if m["type"] == "action"] == []
    finally:
        context.close()


def test_auto_win_goes_out_once_and_nothing_is_sent_after_the_game(guest, site_url, site_env,
                                                                   artifacts):
    page = guest
    found = json.loads(manage_shell(
        site_env, f"from tests.browser.comfort_tables import win_table; print(win_table({page.guest_name!r}))"))
    page.evaluate("window.__frames = []; window.__sent = []")
    page.goto(f"{site_url}/game/{found['game']}/")
    win = page.locator(".actions .act.win")
    win.wait_for()  # auto-win is off: the win is offered, not taken
    assert sent_actions(page) == []
    panel = open_settings(page)
    panel.locator("[data-act='auto-win']").click()  # on: the win owed now is taken at once
    page.locator(".sheet").wait_for()
    page.wait_for_function("() => window.__frames.some(f => f.status === 'finished')")
    final = next(f for f in page.evaluate("window.__frames") if f.get("status") == "finished")
    me = next(f["seat"] for f in page.evaluate("window.__frames") if f["type"] == "state")
    assert final["view"]["last_deal"]["winner"] == me
    page.screenshot(path=str(artifacts / "comfort-auto-win.png"))
    actions = sent_actions(page)
    assert [(m["action"]["type"], m["version"]) for m in actions] == [("win", found["version"])]
    # The game is over: the switches decide nothing more, then or after a reload.
    over = f"none {final['version']}"
    page.wait_for_function("a => document.getElementById('table').dataset.auto === a", arg=over)
    assert len(sent_actions(page)) == 1
    page.reload()
    page.wait_for_function("a => document.getElementById('table').dataset.auto === a", arg=over)
    assert sent_actions(page) == []

