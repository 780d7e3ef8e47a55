"""The queue: people asking for a table of one ruleset, rated or casual, are seated together at a
new table as soon as four wait; a casual table may be filled with bots after a wait each person
chooses (at once, 30 s, 2 min, or never).

The queue lives in the database (QueueEntry), so any server process adds to it and matches it.
Each person's page refreshes their entry while it is open (`poll`, every POLL_SECONDS), and an
entry not refreshed within TTL_SECONDS is dropped: closing the page leaves the queue even when
its goodbye (`leave`) never arrives. Matching one queue is serialized across processes (a
transaction-scoped advisory lock per queue on PostgreSQL; on SQLite every transaction here takes
the write lock as it begins), and a group is seated only if each of its entries is still unmatched
when marked, so nobody is ever seated twice.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q
from django.utils.translation import get_language, gettext

from games import clock
from games.access.accounts import is_guest
from games.engine import hand_names
from games.engine.ruleset import PLAYABLE, PRESETS
from games.models import QueueEntry
from games.models.bots import RATED_BOT, is_bot

from . import lobby
from .errors import ServiceError

POLL_SECONDS = 3
# Longer than a page's poll interval by far: a browser may wake a tab hidden for minutes only
# once a minute. A page that goes away says so at once (`leave`); this is for one that cannot.
TTL_SECONDS = 90
SEATED_KEEP_SECONDS = 120  # a seated entry is kept this long, for its pages to learn the table
# The waits a person may choose before bots fill a casual table (seconds; None: never).
BOT_WAITS = {"0": 0, "30": 30, "120": 120, "never": None}
BOT_LEVEL = "intermediate"
# A rated table found through the queue has a clock, so nobody can stall it: seconds a move,
# and a bank per deal.
RATED_CLOCK = (30, 120)
MAX_TABLES = 5  # tables seated by one call at most; the next poll seats the rest
LOCK_SPACE = 0x6D6A  # PostgreSQL advisory locks: the first key, "mj", for the queue's locks


@dataclass(frozen=True)
class QueueStatus:
    """What a person's page shows: "waiting" (with how many wait in the same queue, how long
    they have waited, seconds until bots may fill), "seated" (the table), or "none"."""

    state: str
    ruleset_name: str = ""
    rated: bool = False
    game_id: int | None = None
    waiting: int = 0
    waited: int = 0
    bots_in: int | None = None
    reason: str = ""

    @property
    def title(self) -> str:
        return title_words(self.ruleset_name, self.rated) if self.ruleset_name else ""

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "ruleset": self.ruleset_name, "rated": self.rated,
                "title": self.title, "game": self.game_id, "waiting": self.waiting,
                "waited": self.waited, "bots_in": self.bots_in, "reason": self.reason}


def title_words(ruleset_name: str, rated: bool) -> str:
    """The game waited for, as the queue's page says it in its reader's language ("a rated
    Chinese Classical game"); `describe` is the English a refusal says it in."""
    title = (hand_names.ruleset_title(ruleset_name, get_language()) if ruleset_name in PRESETS
             else ruleset_name)
    if rated:
        return gettext("a rated %(ruleset)s game") % {"ruleset": title}
    return gettext("a casual %(ruleset)s game") % {"ruleset": title}


def describe(ruleset_name: str, rated: bool) -> str:
    preset = PRESETS.get(ruleset_name)
    return f"a {'rated' if rated else 'casual'} {preset.title if preset else ruleset_name} game"


def _fresh(now: datetime) -> Q:
    return Q(game=None, seen_at__gte=now - timedelta(seconds=TTL_SECONDS))


def _waiting(ruleset_name: str, rated: bool, now: datetime):
    entries = QueueEntry.objects.filter(_fresh(now), ruleset_name=ruleset_name, rated=rated)
    # Never a guest at a rated table (join refuses them; this keeps one from blocking a table).
    return entries.exclude(user__profile__is_guest=True) if rated else entries


def sweep(now: datetime | None = None) -> int:
    """Drop entries whose page stopped asking, and seated ones kept long enough."""
    now = now or clock.now()
    gone, _ = QueueEntry.objects.filter(
        Q(game=None, seen_at__lt=now - timedelta(seconds=TTL_SECONDS))
        | Q(game__isnull=False, seen_at__lt=now - timedelta(seconds=SEATED_KEEP_SECONDS))
    ).delete()
    return gone


def join(user, ruleset_name: str, *, rated: bool, bots: str | None = "never") -> QueueStatus:
    """`user` waits for a table of `ruleset_name`; `bots`: a key of BOT_WAITS (casual only).
    Seats them at once if they make a table."""
    if user is None or not user.is_authenticated:
        raise ServiceError("not_signed_in", "Log in, or play as a guest, to find a game.")
    if ruleset_name not in PLAYABLE:
        raise ServiceError("bad_ruleset", f"There is no playable ruleset {str(ruleset_name)[:40]!r}.")
    if rated and is_guest(user):
        raise ServiceError("rated_guest", lobby.RATED_GUEST)
    if rated and is_bot(user):
        raise ServiceError("rated_bot", RATED_BOT)
    if not rated and bots not in BOT_WAITS:
        raise ServiceError("bad_wait", "Choose when bots may fill the table: at once, after 30 "
                                       "seconds, after 2 minutes, or never.")
    wait = None if rated else BOT_WAITS[bots]
    now = clock.now()
    with transaction.atomic():
        sweep(now)
        mine = QueueEntry.objects.filter(user=user).first()
        if mine is not None and mine.game_id is None:
            raise ServiceError(
                "already_queued",
                f"You are already waiting for {describe(mine.ruleset_name, mine.rated)}: "
                "leave that queue first.")
        if mine is not None:  # seated before: that table is theirs, the entry done with
            mine.delete()
        try:
            with transaction.atomic():
                QueueEntry.objects.create(
                    user=user, ruleset_name=ruleset_name, rated=bool(rated), joined=now,
                    seen_at=now, bots_at=None if wait is None else now + timedelta(seconds=wait))
        except IntegrityError:  # the same account joining at the same moment elsewhere
            raise ServiceError("already_queued", "You are already waiting for a game.") from None
    match(ruleset_name, bool(rated), now)
    return status(user, now)


def leave(user) -> bool:
    """`user` stops waiting; False if they were not waiting."""
    if user is None or not user.is_authenticated:
        return False
    gone, _ = QueueEntry.objects.filter(user=user, game=None).delete()
    return bool(gone)


def poll(user) -> QueueStatus:
    """A waiting person's page asks: their entry is refreshed, their queue matched, and the
    answer says whether they have a table."""
    if user is None or not user.is_authenticated:
        return QueueStatus("none")
    now = clock.now()
    entry = QueueEntry.objects.filter(user=user).first()
    if entry is None:
        return QueueStatus("none")
    if entry.game_id is None:
        if entry.seen_at < now - timedelta(seconds=TTL_SECONDS):
            QueueEntry.objects.filter(pk=entry.pk, game=None).delete()
            return QueueStatus("none", entry.ruleset_name, entry.rated,
                               reason="Your page was away too long, so you left the queue.")
        QueueEntry.objects.filter(pk=entry.pk, game=None).update(seen_at=now)
        match(entry.ruleset_name, entry.rated, now)
    return status(user, now)


def status(user, now: datetime | None = None) -> QueueStatus:
    """Where `user` stands, without changing anything."""
    now = now or clock.now()
    entry = QueueEntry.objects.filter(user=user).first() if user.is_authenticated else None
    if entry is None:
        return QueueStatus("none")
    if entry.game_id is not None:
        return QueueStatus("seated", entry.ruleset_name, entry.rated, entry.game_id)
    bots_in = None
    if entry.bots_at is not None:
        bots_in = max(0, int((entry.bots_at - now).total_seconds()))
    return QueueStatus(
        "waiting", entry.ruleset_name, entry.rated,
        waiting=_waiting(entry.ruleset_name, entry.rated, now).count(),
        waited=max(0, int((now - entry.joined).total_seconds())), bots_in=bots_in)


def counts(now: datetime | None = None) -> dict[tuple[str, bool], int]:
    """{(ruleset, rated): people waiting}: one grouped query over the live entries."""
    now = now or clock.now()
    rows = (QueueEntry.objects.filter(_fresh(now)).order_by()
            .values("ruleset_name", "rated").annotate(n=Count("pk")))
    return {(r["ruleset_name"], r["rated"]): r["n"] for r in rows}


# ------------------------------------------------------------------ matching
def _lock_queue(ruleset_name: str, rated: bool) -> None:
    """Serialize matching of one queue across processes until the transaction ends."""
    if connection.vendor != "postgresql":
        return  # SQLite: the transaction took the database's write lock as it began
    key = zlib.crc32(f"queue:{ruleset_name}:{int(rated)}".encode())
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)",
                       [LOCK_SPACE, key - (1 << 32) if key >= 1 << 31 else key])


def _worth_matching(ruleset_name: str, rated: bool, now: datetime) -> bool:
    """Without the lock: could a table be made now (four waiting, or someone's bots due)?"""
    waiting = _waiting(ruleset_name, rated, now)
    if waiting[3:4].exists():
        return True
    return not rated and waiting.filter(bots_at__lte=now).exists()


class _Taken(Exception):
    """An entry of the group was seated elsewhere meanwhile."""


def _seat(group: list[QueueEntry], ruleset_name: str, rated: bool, now: datetime) -> int | None:
    """A new table for `group` (bots fill the rest), started at once; None, and nothing kept, if
    any of them was seated elsewhere meanwhile or can no longer sit there."""
    move, bank = RATED_CLOCK if rated else (None, 0)
    try:
        with transaction.atomic():
            marked = QueueEntry.objects.filter(pk__in=[e.pk for e in group], game=None)
            game = lobby.create_game(group[0].user, ruleset_name, rated=rated,
                                     turn_seconds=move, bank_seconds=bank)
            if marked.update(game=game, seen_at=now) != len(group):
                raise _Taken
            for entry in group:
                lobby.take_seat(game.pk, entry.user)
            for _ in range(4 - len(group)):
                lobby.add_bot(game.pk, BOT_LEVEL)
            lobby.start_game(game.pk)
            return game.pk
    except (_Taken, ServiceError):
        return None


def match(ruleset_name: str, rated: bool, now: datetime | None = None) -> list[int]:
    """Seat whoever can be seated in one queue: fours of people, longest waiting first; then,
    in a casual queue, those whose wait for bots is over, with bots. Returns the new tables."""
    now = now or clock.now()
    if not _worth_matching(ruleset_name, rated, now):
        return []
    made: list[int] = []
    with transaction.atomic():
        _lock_queue(ruleset_name, rated)
        waiting = list(_waiting(ruleset_name, rated, now).select_related("user")
                       .order_by("joined", "pk")[:4 * MAX_TABLES])
        while len(waiting) >= 4 and len(made) < MAX_TABLES:
            group, waiting = waiting[:4], waiting[4:]
            game_id = _seat(group, ruleset_name, rated, now)
            if game_id is not None:
                made.append(game_id)
        ready = [e for e in waiting if e.bots_at is not None and e.bots_at <= now]
        if not rated and ready and len(made) < MAX_TABLES:
            game_id = _seat(ready[:3], ruleset_name, rated, now)
            if game_id is not None:
                made.append(game_id)
    return made
