"""Live-table settings: read once in settings.py from the environment; each is checked here when
first asked for (a bad value fails loudly) and kept until a setting changes (the tests)."""


from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

from .engine.bots import LEVELS

# name: (the environment variable settings.py reads it from, smallest allowed)
_KNOWN = {
    "GAMES_BOT_DELAY_MS": ("MAHJONG_BOT_DELAY_MS", 0),
    "GAMES_CLAIM_SECONDS": ("MAHJONG_CLAIM_SECONDS", 1),
    "GAMES_CLAIM_MIN_MS": ("MAHJONG_CLAIM_MIN_MS", 0),
    "GAMES_TOURNAMENT_TURN_SECONDS": ("MAHJONG_TOURNAMENT_TURN_SECONDS", 1),
    "GAMES_ABSENT_GRACE_SECONDS": ("MAHJONG_ABSENT_GRACE_SECONDS", 0),
    "GAMES_ABANDON_MINUTES": ("MAHJONG_ABANDON_MINUTES", 1),
    "GAMES_TICK_POLL_SECONDS": ("MAHJONG_TICK_POLL_SECONDS", 1),
    "GAMES_MAX_FRAME_BYTES": ("MAHJONG_MAX_FRAME_BYTES", 256),
    "GAMES_PRESENCE_TTL_SECONDS": ("MAHJONG_PRESENCE_TTL_SECONDS", 3),
    "GAMES_RATE_PER_SECOND": ("MAHJONG_RATE_PER_SECOND", 1),
    "GAMES_RATE_BURST": ("MAHJONG_RATE_BURST", 1),
    "GAMES_USER_RATE_PER_SECOND": ("MAHJONG_USER_RATE_PER_SECOND", 1),
    "GAMES_USER_RATE_BURST": ("MAHJONG_USER_RATE_BURST", 1),
    "GAMES_RATE_CLOSE_AFTER": ("MAHJONG_RATE_CLOSE_AFTER", 1),
    "GAMES_THINK_WORKERS": ("MAHJONG_THINK_WORKERS", 0),
    "GAMES_THINK_EXTRA_MS": ("MAHJONG_THINK_EXTRA_MS", 0),
    "GAMES_THINK_NICENESS": ("MAHJONG_THINK_NICENESS", 0),
    "GAMES_PAGE_PROCESSES": ("MAHJONG_PAGE_PROCESSES", 0),
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
    env_name, least = _KNOWN[name]
    value = getattr(settings, name)
    if not isinstance(value, int) or value < least:
        raise ImproperlyConfigured(f"{name} / {env_name} must be a whole number >= {least}")
    return value


def autopilot_level() -> str:
    """The bot level that plays a seat handed over (a withdrawn, timed-out or absent player's):
    the setting GAMES_AUTOPILOT_LEVEL (MAHJONG_AUTOPILOT_LEVEL, "strong" by default)."""
    level = _levels.get("autopilot")
    if level is None:
        level = settings.GAMES_AUTOPILOT_LEVEL
        if level not in LEVELS:
            raise ImproperlyConfigured(
                f"GAMES_AUTOPILOT_LEVEL / MAHJONG_AUTOPILOT_LEVEL must be one of {', '.join(LEVELS)}")
        _levels["autopilot"] = level
    return level
