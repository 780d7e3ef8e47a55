"""Live-table settings. Each reads a Django setting first (tests override those), then the
environment, so a bad value fails loudly when it is first read."""

import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

from mahjong_site.env import env_int

from .engine.bots import LEVELS

# name: (environment variable, default, smallest allowed)
_KNOWN = {
    "GAMES_BOT_DELAY_MS": ("MAHJONG_BOT_DELAY_MS", 700, 0),
    "GAMES_CLAIM_SECONDS": ("MAHJONG_CLAIM_SECONDS", 8, 1),
    # The least time a claim window stays open when nobody claims, whoever could have claimed:
    # its closing moment must not tell that nobody could (docs/protocol.md, "Claim windows").
    "GAMES_CLAIM_MIN_MS": ("MAHJONG_CLAIM_MIN_MS", 1200, 0),
    "GAMES_TOURNAMENT_TURN_SECONDS": ("MAHJONG_TOURNAMENT_TURN_SECONDS", 30, 1),
    "GAMES_ABSENT_GRACE_SECONDS": ("MAHJONG_ABSENT_GRACE_SECONDS", 20, 0),
    # A casual table under way with no person connected this long is ended as abandoned.
    "GAMES_ABANDON_MINUTES": ("MAHJONG_ABANDON_MINUTES", 30, 1),
    "GAMES_TICK_POLL_SECONDS": ("MAHJONG_TICK_POLL_SECONDS", 1, 1),
    "GAMES_MAX_FRAME_BYTES": ("MAHJONG_MAX_FRAME_BYTES", 4096, 256),
    # A socket's row not refreshed for this long is a dead one (its process refreshes every third).
    "GAMES_PRESENCE_TTL_SECONDS": ("MAHJONG_PRESENCE_TTL_SECONDS", 30, 3),
    # Token buckets: messages a second and burst, per connection and per user (all their tabs
    # in this process); a connection whose messages keep being dropped is closed.
    "GAMES_RATE_PER_SECOND": ("MAHJONG_RATE_PER_SECOND", 30, 1),
    "GAMES_RATE_BURST": ("MAHJONG_RATE_BURST", 60, 1),
    "GAMES_USER_RATE_PER_SECOND": ("MAHJONG_USER_RATE_PER_SECOND", 60, 1),
    "GAMES_USER_RATE_BURST": ("MAHJONG_USER_RATE_BURST", 120, 1),
    "GAMES_RATE_CLOSE_AFTER": ("MAHJONG_RATE_CLOSE_AFTER", 100, 1),
    # Worker processes that think for the tables (games/thinking): bots, hints, reviews. 0: think
    # on the thread that asks (the unit tests).
    "GAMES_THINK_WORKERS": ("MAHJONG_THINK_WORKERS", os.cpu_count() or 1, 0),
    # Time added to each bot decision in the workers: a slow bot on purpose (tests, demos).
    "GAMES_THINK_EXTRA_MS": ("MAHJONG_THINK_EXTRA_MS", 0, 0),
    # How much the workers lower their priority: on a machine whose cores are all busy, the
    # process that applies moves gets the CPU first. 0: the same as the server (the tests'
    # servers share their cores with the test runner and browsers, which would starve them).
    "GAMES_THINK_NICENESS": ("MAHJONG_THINK_NICENESS", 10, 0),
}


_values: dict[str, int] = {}  # read on every move: kept once read, until a setting changes
_levels: dict[str, str] = {}


def _forget(**kwargs) -> None:
    _values.clear()
    _levels.clear()


setting_changed.connect(_forget)


def get(name: str) -> int:
    value = _values.get(name)
    if value is None:
        value = _values[name] = _read(name)
    return value


def _read(name: str) -> int:
    env_name, default, least = _KNOWN[name]
    value = getattr(settings, name, None)
    if value is None:
        value = env_int(env_name, default)
    if not isinstance(value, int) or value < least:
        raise ImproperlyConfigured(f"{name} / {env_name} must be a whole number >= {least}")
    return value


def autopilot_level() -> str:
    """The bot level that plays a seat handed over (a withdrawn, timed-out or absent player's):
    the setting GAMES_AUTOPILOT_LEVEL, else MAHJONG_AUTOPILOT_LEVEL, else "strong"."""
    level = _levels.get("autopilot")
    if level is None:
        level = getattr(settings, "GAMES_AUTOPILOT_LEVEL", None) or os.environ.get(
            "MAHJONG_AUTOPILOT_LEVEL", "strong")
        if level not in LEVELS:
            raise ImproperlyConfigured(
                f"GAMES_AUTOPILOT_LEVEL / MAHJONG_AUTOPILOT_LEVEL must be one of {', '.join(LEVELS)}")
        _levels["autopilot"] = level
    return level
