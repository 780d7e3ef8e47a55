"""Personas shared by the web and scale tests: four players, a spectator, an organiser and an
outsider; plus a clock the tests move by hand instead of waiting."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from django.db import connections

from mahjong_site.catalogues import compile_all

# The servers the tests start think in one worker process each (a test that is about the
# workers says how many it wants): the suite runs several servers at once on a few cores.
os.environ.setdefault("MAHJONG_THINK_WORKERS", "1")
# At the servers' own priority: lowered, they would wait behind the runner and the browsers.
os.environ.setdefault("MAHJONG_THINK_NICENESS", "0")
# One page process per test server (mahjong_site/pages.py): answered apart, as a site does.
os.environ.setdefault("MAHJONG_PAGE_PROCESSES", "1")
# The test-only pages (tests/browser/dev/, served at /static/dev/).
os.environ.setdefault("MAHJONG_DEV_PAGES", "1")

# The translation catalogues as the servers and the pages read them: compiled from the .po files
# when a .mo is missing or older (docs/i18n.md), as `make install` does.
compile_all()


class ManualClock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    from games import clock as game_clock

    manual = ManualClock()
    game_clock.set_clock(manual)
    yield manual
    game_clock.set_clock(None)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # No background analysis thread: it would write to the test database beside the test
    # (test_analysis.py asks for it inline; the browser tests' server runs the worker).
    settings.GAMES_ANALYSIS_WORKER = False
    # Nor the puzzle maker's (tests/web/test_puzzles.py makes puzzles inline).
    settings.GAMES_PUZZLES_WORKER = False
    # The autopilot (a handed-over seat, and the tests' play_out) at the cheapest level that
    # still plays to win: 0.35 s a one-deal table against 2.5 s at the default, strong. The
    # browser tests' server keeps the default (a test there hands a seat to the autopilot), and
    # tests/engine plays every level.
    settings.GAMES_AUTOPILOT_LEVEL = "beginner"
    # Decisions made where they are asked, so a test that ticks a game sees the bot's move at
    # once; the workers are tested in tests/server/test_thinking*.py and by every browser and
    # scale test, whose servers run them.
    settings.GAMES_THINK_WORKERS = 0


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache, as a new process does: no test is throttled by the
    requests of the tests before it (games/access/limits.py counts in the cache)."""
    from django.core.cache import cache

    from games.services import matches, thoughts
    from games.web.pages import running_steps

    cache.clear()
    matches.forget_all()
    thoughts.forget_all()
    running_steps.forget_all()
    yield


@pytest.fixture(autouse=True)
def english_first():
    """Each test starts in English, as a new process does: a request read in Chinese leaves its
    language active in the thread, and the pages' words are the reader's language
    (docs/i18n.md)."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def live_settings(settings):
    """Bots act at once; the ticker looks again within a second at most."""
    settings.GAMES_BOT_DELAY_MS = 0
    settings.GAMES_TICK_POLL_SECONDS = 1
    return settings


@pytest.fixture(autouse=True)
def no_claim_minimum(settings):
    """Claim windows close as soon as every answer is held: tests that drive a game through the
    door need not wait out the minimum a site keeps (GAMES_CLAIM_MIN_MS); the tests of that
    minimum set one."""
    settings.GAMES_CLAIM_MIN_MS = 0


def _user(django_user_model, name: str):
    return django_user_model.objects.create_user(name, password="pw-" + name + "-1234")


@pytest.fixture
def players(db, django_user_model):
    return [_user(django_user_model, n) for n in ("alice", "bob", "carol", "dave")]


@pytest.fixture
def spectator(db, django_user_model):
    return _user(django_user_model, "sam")


@pytest.fixture
def organiser(db, django_user_model):
    return _user(django_user_model, "olga")


@pytest.fixture
def outsider(db, django_user_model):
    return _user(django_user_model, "otto")


@pytest.fixture
async def app(live_settings):
    """The real ASGI application with a fresh channel layer, ticker and Match cache; tidied
    afterwards so no test sees another's state."""
    from games.realtime import timers
    from games.services import matches
    from tests.web.live import application

    channel_layers.backends.clear()
    matches.forget_all()
    yield application()
    await timers.stop()
    # Close the connection of the thread that ran database_sync_to_async calls, so the test
    # database can be dropped at the end.
    await database_sync_to_async(connections.close_all)()
    layer = get_channel_layer()
    if hasattr(layer, "flush"):
        await layer.flush()
    channel_layers.backends.clear()
    matches.forget_all()


# The longest modules first (their share of a whole run, longest first): with --dist loadfile a
# module goes to the next free worker, and a long one handed out last would run alone at the
# end while the other workers wait.
LONGEST_FIRST = [
    "tests/server/test_whole_games.py", "tests/engine/test_properties.py",
    "tests/browser/test_puzzles.py", "tests/browser/test_whole_game.py",
    "tests/web/test_route_matrix.py", "tests/web/test_puzzles.py", "tests/browser/test_queue.py",
    "tests/engine/test_bot_levels.py", "tests/browser/test_fit.py",
    "tests/browser/test_turn_signal.py", "tests/browser/test_log.py",
    "tests/browser/test_hand_order.py", "tests/browser/test_ready_indicator.py",
    "tests/browser/test_lost_claim.py", "tests/browser/test_table.py",
    "tests/browser/test_replay.py", "tests/browser/test_comfort.py",
    "tests/browser/test_rulesets_fit.py", "tests/server/test_thinking_server.py",
    "tests/browser/test_decisions_box.py", "tests/engine/test_bot_attribution.py",
    "tests/tournaments/test_organiser_run.py", "tests/browser/test_tournament_pages.py",
]


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
