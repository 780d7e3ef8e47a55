"""The one clock the live table reads, so tests can move time instead of waiting for it."""

from collections.abc import Callable
from datetime import datetime

from django.utils import timezone

_now: Callable[[], datetime] = timezone.now


def now() -> datetime:
    return _now()


def set_clock(fn: Callable[[], datetime] | None) -> None:
    """Install a clock (None restores the real one)."""
    global _now
    _now = fn or timezone.now
