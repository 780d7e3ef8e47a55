"""Seed 002's flowers-only wall drawn in real Chromium: "if only Flowers are used, East and West
build a 18-tile long row and South and North build a 17-tile long row" (002 §2.2). A table
opened from the lobby with flowers only draws the dealer's and West's walls with 18 stacks and
South's and North's with 17, every stack the same size; and the drawing puts the break, the
dead wall and the next stack where the engine has them for every total of the dice."""

from __future__ import annotations

import pytest

from games.engine.rituals import WallBreak, count_round
from games.engine.ruleset import CHINESE_CLASSICAL, PRESETS, Ruleset
from games.engine.wall import Wall

FLOWERS_ONLY = PRESETS["sixteen-tile"].replace(bonus_tiles="flowers")
CLASSICAL_FLOWERS = CHINESE_CLASSICAL.replace(bonus_tiles="flowers")

# Each side's stacks numbered from its owner's right end by where they are on the screen:
# the bottom side's owner faces up (his right is the screen's right), the right side's faces
# left (his right is the top), the top side's faces down, the left side's faces right.
MEASURE = """(root) => {
    const el = typeof root === "string" ? document.querySelector(root) : root;
    return [...el.querySelectorAll(".wall")].map((side) => {
        const r = Number(side.className.match(/side-(\\d)/)[1]);
        const box = side.getBoundingClientRect();
        const stacks = [...side.querySelectorAll(".stack")].map((s) => {
            const b = s.getBoundingClientRect();
            // The stack's own size along the row (a stack of one tile is drawn scaled down).
            const size = getComputedStyle(s);
            return {x: b.x + b.width / 2, y: b.y + b.height / 2,
                    along: parseFloat(r % 2 ? size.height : size.width), cls: s.className};
        });
        const key = [(s) => -s.x, (s) => s.y, (s) => s.x, (s) => -s.y][r];
        stacks.sort((a, b) => key(a) - key(b));
        return {r, seat: Number(side.dataset.seat), length: r % 2 ? box.height : box.width,
                stacks: stacks.map((s, i) => ({n: i + 1, along: s.along, cls: s.cls}))};
    });
}"""


def test_002_a_flowers_only_table_draws_rows_of_18_for_east_and_west_and_17_for_the_others(
        site_url, new_page, artifacts):
    """Chosen in the lobby ("Bonus tiles: Flowers only"), the sixteen-tile table deals from a
    wall of 140 tiles; the felt draws the dealer's and West's walls with 18 stacks, South's and
    North's with 17, their stacks all one size, so the short walls are one stack shorter."""
    page = new_page(1366, 900)
    page.emulate_media(reduced_motion="reduce")  # stacks stand still, as the rituals leave them
    page.goto(site_url + "/lobby/")
    page.check("input[name=ruleset][value='sixteen-tile']")
    page.select_option("#id_bonus_tiles", "flowers")
    for seat in ("#id_seat_2", "#id_seat_3", "#id_seat_4"):
        page.select_option(seat, "beginner")
    page.locator("form[action$='/game/new/'] button[type=submit]").click()
    page.wait_for_selector(".hand .tile")  # one person and three bots: dealt at once
    page.keyboard.press("x")  # the rituals put away: the wall as play finds it
    page.wait_for_selector(".rituals", state="detached")
    winds = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        "section.seat[data-seat]")].map((s) => [s.dataset.seat,
        s.querySelector(".wind-name").textContent.trim()]))""")
    assert sorted(winds.values()) == ["East", "North", "South", "West"]
    sides = page.evaluate(MEASURE, ".board")
    page.screenshot(path=str(artifacts / "flowers-only-wall.png"))
    assert len(sides) == 4
    for side in sides:
        wind = winds[str(side["seat"])]
        assert len(side["stacks"]) == (18 if wind in ("East", "West") else 17), (wind, side)
    assert sum(len(side["stacks"]) for side in sides) == 70
    sizes = [s["along"] for side in sides for s in side["stacks"]]
    assert max(sizes) - min(sizes) < 1.0, sizes  # one size of stack on every side
    long = max(side["length"] for side in sides)
    for side in sides:
        assert side["length"] == pytest.approx(long * len(side["stacks"]) / 18, abs=2.0)
    # The table is the sixteen-tile game with flowers only, and only flowers are laid out.
    assert page.locator(".hand .tile").count() in (16, 17)
    assert page.locator(".board .tile[class*='t-s1'], .board .tile[class*='t-s2'], "
                        ".board .tile[class*='t-s3'], .board .tile[class*='t-s4']").count() == 0


def _fresh_wall(rs: Ruleset, dealer: int, brk: WallBreak) -> dict:
    rows = rs.wall_rows(dealer)
    wall = Wall(list(range(2 * sum(rows))), brk, rows, rs.dead_wall_stacks,
                rs.dead_wall_replenish, rs.loose_tiles, rs.untouchable_tail)
    return wall.public()


def _throw(total: int) -> tuple[int, int]:
    return (1, total - 1) if total <= 7 else (6, total - 6)


def _cases():
    """(ruleset, dealer, break) for every total: 002's one throw (2 to 12) and 000's two
    throws (4 to 24) on a flowers-only wall, each dealer."""
    for dealer in range(4):
        for total in range(2, 13):
            brk = WallBreak(dealer, _throw(total), count_round(dealer, total), ())
            yield FLOWERS_ONLY, dealer, brk
        for total in range(4, 25):
            first = min(12, total - 2)
            brk = WallBreak(dealer, _throw(first), count_round(dealer, first),
                            _throw(total - first))
            yield CLASSICAL_FLOWERS, dealer, brk


def _expected(rs: Ruleset, dealer: int, brk: WallBreak) -> dict:
    """Where the stacks are, counted as the seeds count them: the break `total` stacks from the
    right end of the breaker's wall, turning the corner where a row ends."""
    rows = rs.wall_rows(dealer)

    def along(count: int) -> tuple[int, int]:  # count 1 = the breaker's right end
        seat = brk.breaker
        while count > rows[seat]:
            count -= rows[seat]
            seat = (seat - 1) % 4
        while count < 1:
            seat = (seat + 1) % 4
            count += rows[seat]
        return seat, count

    total = brk.total
    if rs.loose_tiles:  # 000: the broken stack lifted as the loose tiles, 7 stacks beside it
        dead = {along(total - k) for k in range(1, rs.dead_wall_stacks + 1)}
        return {"brk": along(total), "dead": dead, "next": along(total + 1)}
    # 002: the eight stacks from the break's right on are the dead wall, nothing lifted
    dead = {along(total - k) for k in range(rs.dead_wall_stacks)}
    return {"brk": None, "dead": dead, "next": along(total + 1)}


def test_the_drawn_break_dead_wall_and_next_stack_at_every_total_of_the_dice(site_url, new_page):
    """002 §2.2 and 000 §2.2 on the flowers-only wall, for every dealer and every total of the
    dice: the felt draws each seat's row at its length, the break at the stack counted, the
    dead wall right of it (round the corner onto the next wall's left end, whatever that row's
    length) and the next stack to draw left of it, as the engine deals them."""
    page = new_page(900, 900)
    page.goto(site_url + "/static/dev/table.html?f=start")
    page.wait_for_selector(".board")
    cases = list(_cases())
    walls = [_fresh_wall(rs, dealer, brk) for rs, dealer, brk in cases]
    drawn = page.evaluate(
        """async ([walls, measure]) => {
            const { wallHTML } = await import("/static/js/render/wall.js");
            const probe = document.createElement("div");
            probe.style.cssText = "position:fixed;left:0;top:0;width:800px;z-index:99";
            probe.innerHTML = '<div class="board" id="probe-board"></div>';
            document.body.appendChild(probe);
            const board = probe.firstElementChild;
            const measureFn = eval(measure);
            return walls.map((wall, i) => {
                board.innerHTML = wallHTML({ wall }, i % 4, (s) => `Seat ${s}`);
                return measureFn(board);
            });
        }""",
        [walls, MEASURE],
    )
    for (rs, dealer, brk), sides in zip(cases, drawn, strict=True):
        where = f"{rs.name} dealer {dealer} total {brk.total} on seat {brk.breaker}'s wall"
        rows = rs.wall_rows(dealer)
        stacks = {}
        for side in sides:
            assert len(side["stacks"]) == rows[side["seat"]], where
            for s in side["stacks"]:
                stacks[(side["seat"], s["n"])] = s["cls"].split()
        marked = {k for k, cls in stacks.items() if "brk" in cls}
        dead = {k for k, cls in stacks.items() if "dead" in cls}
        nxt = {k for k, cls in stacks.items() if "next" in cls}
        want = _expected(rs, dealer, brk)
        assert marked == ({want["brk"]} if want["brk"] else set()), where
        assert dead == want["dead"], where
        assert nxt == {want["next"]}, where
        # A wall nobody has drawn from: every other stack two tiles high.
        full = [k for k, cls in stacks.items() if "h2" in cls]
        assert len(full) == sum(rows) - len(marked), where
