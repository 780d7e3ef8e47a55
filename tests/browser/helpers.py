"""Driving the table page as a person does: by what is on the screen, waiting on the DOM."""

from __future__ import annotations

# Anything that asks this player to act, or the end of the deal.
YOUR_MOVE = ".hand .tile.can, .actions .act, .sheet"
CLAIMS = ("win", "kong", "pung", "chow")


def log_in(page, base: str, name: str, password: str) -> None:
    """Sign in through the login form, landing on the lobby."""
    page.goto(base + "/accounts/login/?next=/lobby/")
    page.fill("#id_username", name)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.locator("main form.stacked button[type=submit]").click()


def play_now(page, base: str) -> None:
    page.goto(base + "/")
    page.click("#play-now")
    page.wait_for_selector(".hand .tile")


def until_my_discard(page, most: int = 50) -> None:
    """Wait until this player may discard, passing any claim offered first: seats are drawn, so
    the guest is not always East, and another seat's discard may offer a pung or a chow, whose
    window would otherwise wait out its whole length for an answer. Waits as long as the table
    moves; at most `most` claims are passed."""
    for _ in range(most):
        wait_while_moving(page, ".hand .tile.can, .actions .act.pass")
        if page.locator(".hand .tile.can").count():
            return
        click(page.locator(".actions .act.pass"))
    raise AssertionError(f"no turn to discard came within {most} claims passed")


def legal(page) -> set[str]:
    return set((page.get_attribute("#table", "data-legal") or "").split())


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


def wait_for_change(page, since: int) -> None:
    """Wait until the table shows a newer version than `since`, or the deal's sheet."""
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v"
        " || !!document.querySelector('.sheet')",
        arg=since,
    )


def legal_and_shown(page) -> tuple[set[str], set[str]]:
    """At one instant: the action types the view allows, and the claim buttons on screen."""
    legal_types, shown = page.evaluate(
        """() => [
            (document.getElementById('table').dataset.legal || '').split(' ').filter(Boolean),
            [...document.querySelectorAll('.actions .act.win, .actions .act.claim')]
                .map(b => b.classList.contains('win') ? 'win'
                    : {K: 'kong', P: 'pung', C: 'chow'}[b.getAttribute('aria-keyshortcuts')]),
        ]"""
    )
    return set(legal_types), set(shown)


def claim_buttons(page) -> set[str]:
    shown = set()
    for kind in CLAIMS:
        sel = {"win": ".act.win", "chow": ".act.claim[aria-keyshortcuts='C']"}.get(
            kind, f".act.claim[aria-keyshortcuts='{kind[0].upper()}']"
        )
        if page.locator(f".actions {sel}").count():
            shown.add(kind)
    return shown


def click(locator) -> None:
    """Click unless the control vanished first (the table moved on): the caller waits anew."""
    try:
        locator.click(timeout=5_000)
    except Exception as exc:  # playwright's TimeoutError; the loop looks at the page again
        if "Timeout" not in type(exc).__name__:
            raise


def play_until_sheet(page, most: int = 400, on_turn=None) -> int:
    """Discard by clicking (the drawn tile, else the last one) and pass on claims until the
    end-of-deal sheet appears, waiting as long as the table moves (a deal has fewer than `most`
    answers of one seat). Returns how many tiles this player discarded."""
    discards = 0
    for _ in range(most):
        wait_while_moving(page, YOUR_MOVE)
        if page.locator(".sheet").count():
            return discards
        v = version(page)
        if on_turn:
            on_turn(page)
        if page.locator(".actions .act.win").count():
            click(page.locator(".actions .act.win"))
        elif page.locator(".hand .tile.can").count():
            click(page.locator(".hand .tile.can").last)
            discards += 1
        elif page.locator(".actions .act.pass").count():
            click(page.locator(".actions .act.pass"))
        elif page.locator(".actions .act").count():
            click(page.locator(".actions .act").first)
        wait_for_change(page, v)
    raise AssertionError(f"the deal did not end within {most} answers")


def wait_while_moving(page, selector: str, stall_s: float = 90) -> None:
    """Wait for `selector` for as long as the table keeps moving: fail only when its version has
    not changed for `stall_s` seconds (a stuck game), however long a whole game takes."""
    outcome = page.wait_for_function(
        """([sel, stallMs]) => {
          if (document.querySelector(sel)) return "done";
          const v = document.getElementById("table").dataset.version;
          const now = performance.now();
          if (window.__lastVersion !== v) {
            window.__lastVersion = v;
            window.__lastMoveAt = now;
          }
          return now - window.__lastMoveAt > stallMs ? "stalled at version " + v : false;
        }""",
        arg=[selector, stall_s * 1000],
        polling=250,
        timeout=0,
    ).json_value()
    assert outcome == "done", f"no move for {stall_s} s: {outcome}"
