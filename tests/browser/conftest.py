"""Real Chromium against a live Daphne: one server for the session (fresh SQLite database, fast
bots), a fresh browser profile per test, console errors collected and checked."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .server import ROOT, SERVE, daphne, migrated_db

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# A wait for a condition checks it every 50 ms, not on every animation frame (Playwright's
# default): polling by frames keeps a waiting page drawing 60 frames a second, about 6% of a core
# for each page that waits, on a machine the whole suite shares.
_wait_for_function = Page.wait_for_function


def _wait_polled(self, expression, *, arg=None, polling=50, timeout=None):
    return _wait_for_function(self, expression, arg=arg, polling=polling, timeout=timeout)


Page.wait_for_function = _wait_polled


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)
            if not os.path.exists(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed"))


@pytest.fixture(scope="session")
def site_env(tmp_path_factory):
    """The live server's environment (its own migrated database), so that a test can prepare a
    game there through the services, as a management shell would."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    db = migrated_db(tmp_path_factory.mktemp("browser-db") / "db.sqlite3")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "1",
        "MAHJONG_BOT_DELAY_MS": "0",
        "MAHJONG_CLAIM_SECONDS": "20",
        # A window everyone passed closes at once: tests play many of them (the minimum a site
        # keeps is tested in tests/web/test_timers.py).
        "MAHJONG_CLAIM_MIN_MS": "0",
        "MAHJONG_TICK_POLL_SECONDS": "1",
        # A finished test's table pauses soon after its page closes, instead of its bots
        # playing on at full speed beside the tests that follow.
        "MAHJONG_ABSENT_GRACE_SECONDS": "5",
        # Every browser is 127.0.0.1: no per-address bound (games/access/limits.py).
        "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,queue-join=1000000/60,notices=1000000/60,people=1000000/60,challenges=1000000/60",
        # The autopilot stays at its default, strong, as a site runs it: test_lost_claim.py
        # hands a seat to it.
    }
    env.pop("REDIS_URL", None)
    env.pop("MAHJONG_AUTOPILOT_LEVEL", None)
    return env


@pytest.fixture(scope="session")
def site_url(site_env, tmp_path_factory):
    """The server `make run` starts (Daphne with our caps) on a free port with its own database;
    yields its base URL."""
    env = site_env
    log = tmp_path_factory.mktemp("browser-log") / "daphne.log"
    with daphne(env, log, command=SERVE) as base:
        yield base


@pytest.fixture(scope="module")
def browser():
    """One Chromium a module: Playwright's sync API runs an event loop on the main thread while
    it lives, and a worker that goes on to other modules (pytest-xdist) must not find it there
    (Django refuses database calls under a running loop, asyncio.run refuses to start)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield ReducedMotion(b)
        b.close()


class ReducedMotion:
    """Chromium whose pages prefer reduced motion unless a test says otherwise: the table's
    dealing, dice and waiting animations cost a headless Chromium, drawing in software, much of
    a core on a busy machine. The animations themselves are checked in test_dice.py."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("reduced_motion", "reduce")
        return self._browser.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


class Console:
    """Every console error and uncaught exception of the pages it watches."""

    def __init__(self):
        self.errors: list[str] = []
        self.expected: list[str] = []  # parts of messages a test causes on purpose

    def expect(self, part: str) -> None:
        self.expected.append(part)

    def watch(self, page):
        page.on(
            "console",
            lambda m: (
                self.errors.append(f"{m.text} ({m.location.get('url')})")
                if m.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        return page


@pytest.fixture
def console():
    c = Console()
    yield c
    errors = [e for e in c.errors if not any(part in e for part in c.expected)]
    assert errors == [], "console errors:\n" + "\n".join(errors)


@pytest.fixture
def new_page(browser, console):
    """A page in a fresh context (own cookies: a different person)."""
    contexts = []

    def make(width=1280, height=900):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.set_default_timeout(30_000)
        contexts.append(ctx)
        return console.watch(ctx.new_page())

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
