"""Arranging the hand (issue 38), in real Chromium: a tile dragged with the mouse or a finger, or
moved with Shift and the arrow keys, stays where it was put while the deal lasts (new frames, a
reload); the tile just drawn stays at the right end and joins the hand there; discarding by a
click still throws the tile clicked; Sort puts the hand back in order; a new deal starts sorted."""

from __future__ import annotations

import pytest

from .helpers import click, until_my_discard, wait_while_moving

# The views the page is sent, to read the server's own (sorted) hand.
WATCH = """
window.__views = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (ev) => {
      const f = JSON.parse(ev.data);
      if (f.view) window.__views.push(f.view);
    });
  }
};
"""


def hand(page) -> list[str]:
    """The hand's tiles as shown, the tile just drawn aside."""
    return page.locator(".hand button:not(.drawn)").evaluate_all("els => els.map(e => e.dataset.tile)")


def drawn(page) -> str | None:
    el = page.locator(".hand button.drawn")
    return el.get_attribute("data-tile") if el.count() else None


def server_hand(page) -> list[str]:
    return page.evaluate("window.__views[window.__views.length - 1].hand").split()


MY_DISCARDS = ("[...document.querySelectorAll('#move-log li .log-words')]"
               ".map(e => e.textContent).filter(t => t.startsWith('You discard '))")


def my_discards(page) -> list[str]:
    return page.evaluate(f"() => {MY_DISCARDS}")


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def moved(tiles: list[str], frm: int, to: int) -> list[str]:
    out = list(tiles)
    out.insert(to, out.pop(frm))
    return out


def until_drawn(page) -> None:
    """Until this player is to discard with a tile just drawn (East's first discard has none: it
    is made here, and the next turn awaited)."""
    until_my_discard(page)
    while drawn(page) is None:
        v = int(page.get_attribute("#table", "data-version"))
        click(page.locator(".hand .tile.can").last)
        page.wait_for_function("v => Number(document.getElementById('table').dataset.version) > v", arg=v)
        until_my_discard(page)


def new_table(browser, site_url, **options):
    context = browser.new_context(**options)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(WATCH)
    page.goto(site_url + "/")
    page.click("#play-now")
    page.wait_for_selector(".hand .tile")
    return context, page


@pytest.fixture(scope="module")
def table(browser, site_url):
    context, page = new_table(browser, site_url, viewport={"width": 1366, "height": 900})
    until_drawn(page)  # the table waits on this player: the hand stays put meanwhile
    page.keyboard.press("Escape")  # the rituals fold away
    yield page
    context.close()
    assert page.errors == []


def test_dragging_and_keys_reorder_the_hand_and_a_reload_keeps_it(table, artifacts):
    page = table
    before = hand(page)
    assert before == server_hand(page)  # sorted, as the server sends it
    assert page.locator("[data-act='sort-hand']").count() == 0
    taken = drawn(page)
    # The mouse: the first tile dropped between the fourth and the fifth.
    x0, y0 = centre(page, ".hand [data-idx='0']")
    x4, _ = centre(page, ".hand [data-idx='4']")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x4 - 5, y0, steps=8)
    page.mouse.up()
    after_drag = moved(before, 0, 3)
    assert hand(page) == after_drag
    assert drawn(page) == taken  # the tile just drawn stays at the right end
    assert page.locator(".hand .tile").count() == len(before) + 1  # the drop discarded nothing

    # The keys: Shift and an arrow moves the focused tile, which keeps the focus.
    page.locator(".hand [data-idx='5']").focus()
    tile = hand(page)[5]
    page.keyboard.press("Shift+ArrowRight")
    after_keys = moved(after_drag, 5, 6)
    assert hand(page) == after_keys
    assert page.evaluate("document.activeElement.dataset.idx") == "6"
    assert page.evaluate("document.activeElement.dataset.tile") == tile
    page.keyboard.press("Shift+Home")
    after_keys = moved(after_keys, 6, 0)
    assert hand(page) == after_keys
    said = page.locator("#announcer").inner_text()
    assert f"moved to place 1 of {len(before)}." in said.splitlines()[-1]
    page.locator("[data-act='sort-hand']").wait_for()
    page.screenshot(path=str(artifacts / "hand-arranged.png"))

    page.reload()
    page.wait_for_selector(".hand .tile")
    assert hand(page) == after_keys
    assert drawn(page) == taken


def test_a_click_still_discards_and_new_frames_keep_the_order(table):
    page = table
    arranged = hand(page)
    taken = drawn(page)
    # Discard the second tile of the arranged hand, where it lies now.
    target = page.locator(".hand [data-idx='1']")
    label = target.get_attribute("aria-label")
    assert label.startswith("Discard ")  # a tile this player may discard
    before = len(my_discards(page))
    target.click()
    # The log says so (the bots play on at once: the next tile drawn may be in the hand already).
    page.wait_for_function(f"() => ({MY_DISCARDS}).length > {before}")
    said = my_discards(page)
    assert f"You discard {label.removeprefix('Discard ')}." in said
    kept = arranged[:1] + arranged[2:] + [taken]  # the tile drawn joins the hand at its right end
    assert hand(page) == kept
    # The bots play on until this player's next turn (claims offered meanwhile are passed): the
    # order survives their frames, and the new tile drawn waits at the right end.
    until_my_discard(page)
    assert hand(page) == kept
    assert drawn(page)


def test_sort_restores_the_order_and_a_new_deal_starts_sorted(table):
    page = table
    page.locator("[data-act='sort-hand']").click()
    page.locator("[data-act='sort-hand']").wait_for(state="detached")
    assert hand(page) == server_hand(page)

    # Arranged again, then the deal is played out (the switches play it; a kong is declined by
    # a discard): the next deal's hand is in the server's order, no Sort offered.
    x0, y0 = centre(page, ".hand [data-idx='0']")
    x2, _ = centre(page, ".hand [data-idx='2']")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x2 + 5, y0, steps=6)
    page.mouse.up()
    page.locator("[data-act='sort-hand']").wait_for()
    page.evaluate("""() => { for (const k of ['mahjong-auto-win', 'mahjong-auto-discard',
        'mahjong-no-calls']) localStorage.setItem(k, '1'); }""")
    page.reload()
    page.wait_for_selector(".hand .tile")
    assert page.locator("[data-act='sort-hand']").count() == 1  # kept across the reload
    while not page.locator(".sheet").count():
        # What the switches leave to the player: a kong of its own, an Original Call.
        wait_while_moving(page, ".sheet, .actions .act.kong-own, [data-act='original-call']")
        if not page.locator(".sheet").count():
            click(page.locator(".hand .tile.can").last)
    click(page.locator(".sheet .act.ready"))
    page.wait_for_selector(".sheet", state="detached")
    page.wait_for_selector(".hand .tile")
    assert hand(page) == server_hand(page)
    assert page.locator("[data-act='sort-hand']").count() == 0


def test_a_finger_drags_a_tile_on_a_phone(browser, site_url, artifacts):
    context, page = new_table(browser, site_url, viewport={"width": 390, "height": 844},
                              has_touch=True, is_mobile=True)
    try:
        until_drawn(page)
        before = hand(page)
        x1, y = centre(page, ".hand [data-idx='1']")
        x5, _ = centre(page, ".hand [data-idx='5']")
        cdp = context.new_cdp_session(page)

        def touch(kind: str, x: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", x1)
        for k in range(1, 9):
            touch("touchMove", x1 + (x5 + 4 - x1) * k / 8)
        touch("touchEnd", x5)
        assert hand(page) == moved(before, 1, 5)
        assert page.locator(".hand .tile").count() == len(before) + 1  # nothing discarded
        page.screenshot(path=str(artifacts / "hand-arranged-phone.png"))
        assert page.errors == []
    finally:
        context.close()
