"""Per-address limits on the requests that cost the server real work (an import replays a whole
game; a running game's replay steps replay its new moves). Counted in the cache in fixed
windows, so processes that share a cache (Redis) share the count; a local-memory cache counts
per process. Behind a proxy every request comes from the proxy's address: set
MAHJONG_CLIENT_IP_HEADER (e.g. HTTP_X_REAL_IP) to the header the proxy sets."""

from __future__ import annotations

import time
from functools import wraps

from django.core.cache import cache
from django.http import HttpResponse

from mahjong_site.env import env_str

from .models import FINISHED, Game


def client_address(request) -> str:
    header = env_str("MAHJONG_CLIENT_IP_HEADER", "")
    if header and request.META.get(header):
        return request.META[header].split(",")[-1].strip()[:64]
    return request.META.get("REMOTE_ADDR", "")[:64]


def allow(name: str, address: str, limit: int, window: int) -> tuple[bool, int]:
    """Count one request; (allowed, seconds until the window turns)."""
    now = int(time.time())
    key = f"throttle:{name}:{address}:{now // window}"
    if cache.add(key, 1, window + 1):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr: a new window
            cache.add(key, 1, window + 1)
            count = 1
    return count <= limit, window - now % window


def _refused(retry: int, what: str) -> HttpResponse:
    response = HttpResponse(
        f"Too many {what} from your address: try again in {retry} seconds.",
        status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(retry)
    return response


def limit_posts(name: str, limit: int, window: int, what: str):
    """At most `limit` POSTs to the view per address per `window` seconds (GETs are free)."""

    def wrap(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST":
                ok, retry = allow(name, client_address(request), limit, window)
                if not ok:
                    return _refused(retry, what)
            return view(request, *args, **kwargs)

        return wrapped

    return wrap


def limit_running(name: str, limit: int, window: int, what: str):
    """As limit_posts, for the requests about a game still being played (a finished game's
    answers are cached whole and cost nothing to repeat)."""

    def wrap(view):
        @wraps(view)
        def wrapped(request, game_id: int, *args, **kwargs):
            if not Game.objects.filter(pk=game_id, status=FINISHED).exists():
                ok, retry = allow(name, client_address(request), limit, window)
                if not ok:
                    return _refused(retry, what)
            return view(request, game_id, *args, **kwargs)

        return wrapped

    return wrap
