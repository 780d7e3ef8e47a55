"""Issue 36 §6: a per-address limit holds across processes when they share Redis: two server
processes asked at once by one address let through the bound between them, not twice it; another
address is counted apart. Both processes' window clocks are pinned, so no window turns mid-test."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from games.access import limits

pytestmark = [pytest.mark.scale, pytest.mark.django_db]

ROOT = Path(__file__).resolve().parents[2]
OTHER_PROCESS = """
import json, sys, django
django.setup()
from games.access import limits
limits.set_clock(lambda: 1_000_000.0)
address, count = json.loads(sys.argv[1])
print(json.dumps([limits.hit("connects", address).allowed for _ in range(count)]))
"""


def _start(address: str, count: int) -> subprocess.Popen:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "mahjong_site.settings",
           "MAHJONG_LIMITS": "connects=10/60"}
    return subprocess.Popen(
        [sys.executable, "-c", OTHER_PROCESS, json.dumps([address, count])],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _allowed(proc: subprocess.Popen) -> list[bool]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return json.loads(out)


def test_the_cache_is_redis():
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"


def test_a_limit_is_shared_by_processes_on_redis(settings):
    settings.GAMES_LIMITS = {"connects": (10, 60)}
    limits.set_clock(lambda: 1_000_000.0)
    try:
        assert all(limits.hit("connects", "198.51.100.7").allowed for _ in range(3))
        procs = [_start("198.51.100.7", 8), _start("198.51.100.7", 8), _start("198.51.100.8", 4)]
        first, second, other = (_allowed(p) for p in procs)
        assert (first + second).count(True) == 7  # ten in all, three taken here
        assert other == [True] * 4
        verdict = limits.hit("connects", "198.51.100.7")
        assert not verdict.allowed and "Too many connections" in verdict.message
    finally:
        limits.set_clock(None)
