"""Guest accounts nobody came back to. "Play now" and a casual queue make a guest per browser
(games/access/accounts.py); one that never sat at a table leaves a user row behind. The ticker
(games/realtime/timers.py) removes those: guests with no game at all (no seat, no table created, no
queue or tournament entry, no statistics or rating) that have not signed in for
GAMES_GUEST_HOURS (MAHJONG_GUEST_HOURS, 24 by default). A guest with a game is kept: the game
names them, and signing up later keeps it theirs."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.models import Entry, Game, PlayerStat, QueueEntry, Rating, Seat

# At most this many a sweep, so one sweep's work is bounded however many have piled up.
BATCH = 500


def idle_guests(now: datetime | None = None):
    """The guest accounts a sweep at `now` removes. On the wall clock, as Django stamps
    last_login and date_joined (not the games' clock, which tests move)."""
    cutoff = (now or timezone.now()) - timedelta(hours=settings.GAMES_GUEST_HOURS)
    user = OuterRef("pk")
    held = (
        Exists(Seat.objects.filter(user=user)) | Exists(Game.objects.filter(created_by=user))
        | Exists(QueueEntry.objects.filter(user=user)) | Exists(Entry.objects.filter(user=user))
        | Exists(PlayerStat.objects.filter(user=user)) | Exists(Rating.objects.filter(user=user))
    )
    last_seen = Q(last_login__lt=cutoff) | Q(last_login__isnull=True, date_joined__lt=cutoff)
    return (get_user_model().objects
            .filter(last_seen, profile__is_guest=True, is_staff=False, is_superuser=False)
            .exclude(held))


def remove_idle_guests(now: datetime | None = None) -> int:
    """Delete up to BATCH idle guests (their profiles go with them); how many went."""
    ids = list(idle_guests(now).values_list("pk", flat=True)[:BATCH])
    if not ids:
        return 0
    # Asked again in the delete: a guest who sat down since the list was read is kept.
    with transaction.atomic():
        users = idle_guests(now).filter(pk__in=ids)
        count = users.count()
        users.delete()
    return count
