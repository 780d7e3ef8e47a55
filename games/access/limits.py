"""Every rate limit of the site, in one place.

Two kinds:

- **Per client address, in Django's cache** (`hit`): record imports, a running game's replay
  steps, queue joins, new tables, new guest accounts and socket connects. Counted in fixed
  windows; on Redis (`REDIS_URL`) every process shares the count, on the local-memory cache each
  process counts alone, on the monotonic clock.
- **Per socket, in this process** (`Limiter`): token buckets for a connection's messages and for
  all of one user's connections in this process, on the monotonic clock. A message costs a token
  count, never a cache or database call.

Behind a proxy every request comes from the proxy's address: set MAHJONG_CLIENT_IP_HEADER
(e.g. HTTP_X_REAL_IP) to the header the proxy sets. The bounds are below (LIMITS); the setting
GAMES_LIMITS (from MAHJONG_LIMITS, e.g. "guests=20/3600,connects=60/60") overrides any of them.
A refusal always says what was refused and when to try again: a 429 for a page, a close code
with its reason for a socket."""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

from games import conf
from games.models import FINISHED, Game

CLOSE_CODE = 4429  # like HTTP 429: a socket that sent far more than it may, or came too often


@dataclass(frozen=True)
class Bound:
    count: int
    seconds: int
    what: str  # what is refused, in the refusal's words: "Too many <what> from your address"


LIMITS = {
    "import": Bound(10, 60, "imports"),  # each one verifies a whole game
    "steps": Bound(60, 60, "replay requests"),  # a running game's steps replay its new moves
    "queue-join": Bound(30, 60, "requests to find a game"),
    "tables": Bound(30, 3600, "new tables"),
    "guests": Bound(20, 3600, "new guest accounts"),
    "connects": Bound(60, 60, "connections to tables"),  # each locks the game row
    "api": Bound(120, 60, "API requests"),  # the read API (/api/...), per address
    "bot-api": Bound(60, 60, "bot API requests"),  # a bot's invitations (/api/bot/...)
    # Playing together (docs/people.md): follows, mutes and blocks; challenges; reports; a
    # profile's changes and talk exports; the notifications' poll of every open page.
    "people": Bound(60, 60, "follows, mutes and blocks"),
    "challenges": Bound(30, 3600, "challenges"),
    "reports": Bound(20, 3600, "reports"),
    "profile": Bound(30, 3600, "profile changes"),
    "notices": Bound(120, 60, "notification checks"),
}


def bound(name: str) -> Bound:
    count, seconds = getattr(settings, "GAMES_LIMITS", {}).get(name, (None, None))
    default = LIMITS[name]
    if count is None:
        return default
    return Bound(count, seconds, default.what)


# The clocks. Tests set a fake one (set_clock) and move it instead of sleeping.
_fake: Callable[[], float] | None = None


def set_clock(fn: Callable[[], float] | None) -> None:
    global _fake
    _fake = fn


def monotonic() -> float:
    return _fake() if _fake is not None else time.monotonic()


def window_clock() -> float:
    """Seconds for the cache's windows: monotonic when the cache is this process's own; the
    wall clock when processes share it (their monotonic clocks do not agree)."""
    if _fake is not None:
        return _fake()
    return time.monotonic() if isinstance(cache, LocMemCache) else time.time()


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int  # seconds until the window turns
    what: str

    @property
    def message(self) -> str:
        return f"Too many {self.what} from your address: try again in {self.retry_after} seconds."


class Refused(Exception):
    """A limit refused this request; RefusedMiddleware answers it with a 429."""

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.message)
        self.verdict = verdict


def hit(name: str, address: str) -> Verdict:
    """Count one for `address` under the limit `name`; whether it is still within the bound."""
    limit = bound(name)
    now = window_clock()
    key = f"limit:{name}:{address}:{int(now // limit.seconds)}"
    if cache.add(key, 1, limit.seconds + 1):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr: a new window
            cache.add(key, 1, limit.seconds + 1)
            count = 1
    retry = max(1, math.ceil(limit.seconds - now % limit.seconds))
    return Verdict(count <= limit.count, retry, limit.what)


def check(name: str, address: str) -> None:
    """hit(), raising Refused past the bound."""
    verdict = hit(name, address)
    if not verdict.allowed:
        raise Refused(verdict)


def _header() -> str:
    return settings.GAMES_CLIENT_IP_HEADER


def client_address(request) -> str:
    header = _header()
    if header and request.META.get(header):
        return request.META[header].split(",")[-1].strip()[:64]
    return request.META.get("REMOTE_ADDR", "")[:64]


def socket_address(scope) -> str:
    """client_address for a WebSocket's scope (its headers spelled as sent, not as META)."""
    header = _header()
    if header:
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode()
        for key, value in scope.get("headers", ()):
            if key.lower() == name and value:
                return value.decode("latin-1").split(",")[-1].strip()[:64]
    client = scope.get("client") or ("",)
    return str(client[0] or "")[:64]


# Each limit's refusal as the reader's language says it (the English is Verdict.message's), by
# what it counts.
TOO_MANY = {
    "imports": _("Too many imports from your address: try again in %(n)s seconds."),
    "replay requests": _("Too many replay requests from your address: try again in %(n)s "
                         "seconds."),
    "requests to find a game": _("Too many requests to find a game from your address: try "
                                 "again in %(n)s seconds."),
    "new tables": _("Too many new tables from your address: try again in %(n)s seconds."),
    "new guest accounts": _("Too many new guest accounts from your address: try again in "
                            "%(n)s seconds."),
    "connections to tables": _("Too many connections to tables from your address: try again "
                               "in %(n)s seconds."),
    "API requests": _("Too many API requests from your address: try again in %(n)s seconds."),
    "bot API requests": _("Too many bot API requests from your address: try again in %(n)s "
                          "seconds."),
    "follows, mutes and blocks": _("Too many follows, mutes and blocks from your address: try "
                                   "again in %(n)s seconds."),
    "challenges": _("Too many challenges from your address: try again in %(n)s seconds."),
    "reports": _("Too many reports from your address: try again in %(n)s seconds."),
    "profile changes": _("Too many profile changes from your address: try again in %(n)s "
                         "seconds."),
    "notification checks": _("Too many notification checks from your address: try again in "
                             "%(n)s seconds."),
}


def refusal(verdict: Verdict) -> HttpResponse:
    words = TOO_MANY.get(verdict.what)
    message = words % {"n": verdict.retry_after} if words is not None else verdict.message
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(verdict.retry_after)
    return response


class RefusedMiddleware:
    """A view (or what it called, such as accounts.ensure_user) that raised Refused is answered
    with the 429 and its reason, not a server error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, Refused):
            return refusal(exception.verdict)
        return None


def limit_posts(name: str):
    """The view's POSTs count against `name` per address (GETs are free)."""

    def wrap(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST":
                verdict = hit(name, client_address(request))
                if not verdict.allowed:
                    return refusal(verdict)
            return view(request, *args, **kwargs)

        return wrapped

    return wrap


def limit_requests(name: str):
    """Every request to the view (GETs too) counts against `name` per address."""

    def wrap(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            verdict = hit(name, client_address(request))
            if not verdict.allowed:
                return refusal(verdict)
            return view(request, *args, **kwargs)

        return wrapped

    return wrap


def limit_running(name: str):
    """As limit_posts, for the requests about a game still being played (a finished game's
    answers are cached whole and cost nothing to repeat)."""

    def wrap(view):
        @wraps(view)
        def wrapped(request, game_id: int, *args, **kwargs):
            if not Game.objects.filter(pk=game_id, status=FINISHED).exists():
                verdict = hit(name, client_address(request))
                if not verdict.allowed:
                    return refusal(verdict)
            return view(request, game_id, *args, **kwargs)

        return wrapped

    return wrap


# Per socket, in this process.


class TokenBucket:
    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


_MAX_USERS = 10_000
_users: OrderedDict[int, TokenBucket] = OrderedDict()
_users_lock = threading.Lock()


def _kept(table: OrderedDict, key: int, make: Callable[[], TokenBucket]) -> TokenBucket:
    """The bucket of `key` in `table` (made on first use), the least recently used dropped past
    _MAX_USERS."""
    with _users_lock:
        bucket = table.get(key)
        if bucket is None:
            bucket = table[key] = make()
            while len(table) > _MAX_USERS:
                table.popitem(last=False)
        table.move_to_end(key)
        return bucket


def user_bucket(user_id: int) -> TokenBucket:
    return _kept(_users, user_id, lambda: TokenBucket(
        conf.get("GAMES_USER_RATE_PER_SECOND"), conf.get("GAMES_USER_RATE_BURST")))


def forget_users() -> None:
    with _users_lock:
        _users.clear()
        _tokens.clear()
        _talkers.clear()


class Limiter:
    """One connection's limits. `allow()` says whether to handle a message; `flooding` turns
    true once dropped messages outrun the close allowance (which refills at the same rate)."""

    def __init__(self, user_id: int | None):
        rate = conf.get("GAMES_RATE_PER_SECOND")
        self.own = TokenBucket(rate, conf.get("GAMES_RATE_BURST"))
        self.user = user_bucket(user_id) if user_id is not None else None
        self.allowance = TokenBucket(rate, conf.get("GAMES_RATE_CLOSE_AFTER"))
        self.flooding = False

    def allow(self) -> bool:
        if self.own.take() and (self.user is None or self.user.take()):
            return True
        if not self.allowance.take():
            self.flooding = True
        return False


# A bot token's messages, across all the sockets it opened in this process (docs/bot-api.md).
BOT_TOKEN_RATE = (10.0, 40)  # messages a second, burst
_tokens: OrderedDict[int, TokenBucket] = OrderedDict()


def token_bucket(token_id: int) -> TokenBucket:
    return _kept(_tokens, token_id, lambda: TokenBucket(*BOT_TOKEN_RATE))


class BotLimiter(Limiter):
    """A bot socket's limits: the connection's and its user's, and its token's besides."""

    def __init__(self, user_id: int, token_id: int):
        super().__init__(user_id)
        self.token = token_bucket(token_id)

    def allow(self) -> bool:
        if self.token.take():
            return super().allow()
        if not self.allowance.take():
            self.flooding = True
        return False


# Table talk (services/talk.py), on top of the message limits: lines a second and the burst, per
# connection and for each account across its sockets in this process.
TALK_RATE = (0.5, 5)
_talkers: OrderedDict[int, TokenBucket] = OrderedDict()


def talk_bucket(user_id: int) -> TokenBucket:
    return _kept(_talkers, user_id, lambda: TokenBucket(*TALK_RATE))


class TalkLimiter:
    """One connection's talk: its own bucket and its account's. `allow()` takes a line."""

    TOO_FAST = "You are talking too fast: wait a few seconds before the next line."

    def __init__(self, user_id: int | None):
        self.own = TokenBucket(*TALK_RATE)
        self.user = talk_bucket(user_id) if user_id is not None else None

    def allow(self) -> bool:
        return self.own.take() and (self.user is None or self.user.take())


async def ahit(name: str, address: str) -> Verdict:
    """hit() from an event loop: the cache is asked off the loop (Redis is a round trip)."""
    return await sync_to_async(hit, thread_sensitive=False)(name, address)
