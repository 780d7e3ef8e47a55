"""The site's top bar at a table and the score sheet. On a phone (390×844) the bar is one short
line: its items keep their words on one line and scroll sideways within the bar. At a phone's
and a desktop's size (1400×900) the sheet opens below the bar: the bar's Leave the game and
Resign, kept above the sheet so that they can be used there, never lie over its words."""

from __future__ import annotations

from .helpers import play_now
from .server import manage_shell

SEED = "sheet below the bar"

# Points across the sheet's heading and the top of the sheet: anything there not the sheet's.
OVER_THE_SHEET = """() => {
  const sheet = document.querySelector('.sheet');
  const s = sheet.getBoundingClientRect();
  const h = sheet.querySelector('h2').getBoundingClientRect();
  const over = new Set();
  const look = (x, y) => {
    const e = document.elementFromPoint(x, y);
    if (e && !sheet.contains(e)) over.add((e.closest('summary, a, button') || e).textContent.trim());
  };
  for (let x = s.left + 16; x < s.right - 16; x += 5) { // clear of its rounded corners
    for (let y = s.top + 2; y < h.bottom; y += 4) look(x, y);
  }
  return [...over];
}"""

BAR = """() => {
  const bar = document.querySelector('.site-header').getBoundingClientRect();
  const lines = [...document.querySelectorAll('.site-nav > *')]
    .map((e) => e.querySelector('summary') || e)
    .filter((e) => e.getClientRects().length)
    .map((e) => ({ text: e.textContent.trim(), height: e.getBoundingClientRect().height,
                   line: parseFloat(getComputedStyle(e).lineHeight) || 20 }));
  return { height: bar.height, wrapped: lines.filter((l) => l.height > l.line * 1.5).map((l) => l.text),
           scrollWidth: document.documentElement.scrollWidth };
}"""


def test_the_bar_is_one_line_on_a_phone_and_the_sheet_opens_below_it(site_url, site_env, new_page,
                                                                      artifacts):
    page = new_page(1400, 900)
    play_now(page, site_url)  # a guest account
    name = page.locator(".who-am-i").inner_text().strip()
    game_id = int(manage_shell(site_env, (
        "from tests.browser.comfort_tables import table, drive; "
        f"g = table({name!r}, {SEED!r}); "
        f"drive(g, {name!r}, lambda game, match, seat: match.phase == 'deal_over'); print(g)")))
    page.goto(f"{site_url}/game/{game_id}/")
    page.locator(".sheet h2").wait_for()
    assert page.locator("#leave-game summary").is_visible()  # a casual table: leave and resign
    assert page.locator("#resign-game summary").is_visible()

    for width, height in ((1400, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts / f"sheet-below-the-bar-{width}.png"))
        assert page.evaluate(OVER_THE_SHEET) == [], f"the top bar lies over the sheet at {width}x{height}"
        if width < 600:
            bar = page.evaluate(BAR)
            assert bar["wrapped"] == [], ("the top bar's items wrap on a phone", bar)
            assert bar["height"] <= 48, ("the top bar is more than one line on a phone", bar)
            assert bar["scrollWidth"] <= width

    # Still reached above the sheet: Resign opens its box there.
    page.click("#resign-game summary")
    assert page.locator("#confirm-resign").is_visible()
