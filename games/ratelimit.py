"""Token buckets for the live table: per connection and per user (all of that user's sockets in
this process), so one client can neither tie a process up nor crowd out other tables."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from . import conf

CLOSE_CODE = 4429  # like HTTP 429: the socket sent far more than it may


class TokenBucket:
    def __init__(self, rate: float, burst: int, clock=time.monotonic):
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


def user_bucket(user_id: int) -> TokenBucket:
    with _users_lock:
        bucket = _users.get(user_id)
        if bucket is None:
            bucket = TokenBucket(
                conf.get("GAMES_USER_RATE_PER_SECOND"), conf.get("GAMES_USER_RATE_BURST")
            )
            _users[user_id] = bucket
            while len(_users) > _MAX_USERS:
                _users.popitem(last=False)
        _users.move_to_end(user_id)
        return bucket


def forget_users() -> None:
    with _users_lock:
        _users.clear()


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
