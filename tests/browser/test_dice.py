"""The dice on the felt at a deal's start (the rituals, board.js) never cover the centre's words:
the round and deal, the counts, the wall's key, the dealer and the break's caption. Checked at
1024x768 and on a phone (390x844), at several moments of the dice's roll and once it is over."""

from __future__ import annotations

import pytest

from .helpers import play_now

SIZES = [(1024, 768), (390, 844)]

# Each die's box against each line of the centre's words, with the roll's animations held at a
# quarter of their course at a time, then finished. Returns the overlaps found.
OVERLAPS = """() => {
  const words = [...document.querySelectorAll(
    ".centre .round, .centre .counts, .centre .wall-key, .centre .dealer-line, .centre .claim-tile,"
    + " .centre .felt-caption")];
  const dice = [...document.querySelectorAll(".felt-dice .die")];
  // The roll's own animations; a looping one (a claim window's pulse) has no course to step.
  const moving = document.getAnimations().filter((a) => a.effect?.target?.closest?.(".centre")
    && Number.isFinite(a.effect.getComputedTiming().endTime));
  const hits = [];
  const check = (when) => {
    for (const d of dice) {
      const a = d.getBoundingClientRect();
      for (const w of words) {
        const b = w.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          hits.push(`${when}: die over .${w.className}`);
        }
      }
    }
  };
  for (const f of [0, 0.25, 0.5, 0.75]) {
    for (const m of moving) {
      m.pause();
      m.currentTime = m.effect.getComputedTiming().endTime * f;
    }
    check(`at ${f * 100}%`);
  }
  for (const m of moving) m.finish();
  check("once rolled");
  return { hits, dice: dice.length, words: words.length };
}"""


@pytest.fixture(scope="module")
def table_page(browser, site_url):
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]},
                                  reduced_motion="no-preference")  # the roll is what is checked
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    play_now(page, site_url)
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_dice_never_cover_the_centre_words(table_page, artifacts, width, height):
    page = table_page
    if page.viewport_size != {"width": width, "height": height}:
        # The same deal, barely begun, shows its rituals again when the page is opened anew.
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
    page.wait_for_selector("#table[data-phase]")
    # Opened by the Rituals button they stay until closed (opened by themselves, at a deal's
    # start, they fold after a while, and a busy machine's bots may have played past it): the
    # dice rolled anew.
    button = page.locator("[data-act='show-rituals']")
    if button.get_attribute("aria-expanded") == "true":
        button.click()
    button.click()
    page.wait_for_selector(".felt-dice .die")
    found = page.evaluate(OVERLAPS)
    page.screenshot(path=str(artifacts / f"dice-{width}x{height}.png"))
    assert found["dice"] >= 2 and found["words"] >= 5
    assert found["hits"] == []
