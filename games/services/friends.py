"""Friends (docs/people.md, "Friends"): following a player, and who of the people you follow is
online and at which table. The only writer of Follow rows.

Online means a socket open at a table (a Connection, swept when its process dies) or a page of
the site open lately: every page's notification poll marks its account as seen, in the cache
(shared through Redis when processes share it), never in the database."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction

from games import clock
from games.access import policy
from games.access.accounts import is_guest
from games.models import ACTIVE, OPEN, Block, Connection, Follow, Game
from games.models.bots import is_bot

from .errors import ServiceError
from .moderation import person

FOLLOWS_MAX = 300  # people one account follows at most
SHOWN = 100  # friends a page lists at most (online first)
SEEN_SECONDS = 120  # a page seen this lately counts as online


def _key(user_id: int) -> str:
    return f"seen:{user_id}"


def seen(user) -> None:
    """This account has a page of the site open now."""
    if user is not None and user.is_authenticated:
        cache.set(_key(user.pk), 1, SEEN_SECONDS)


def member(user, what: str) -> None:
    """Friends and challenges are for members: a guest signs up first."""
    if user is None or not user.is_authenticated:
        raise ServiceError("sign_in", f"Sign in to {what}.")
    if is_guest(user):
        raise ServiceError("guest", f"Keep your name (sign up) to {what}: a guest account "
                                    "lasts only as long as its session.")


def follow(user, name: str):
    member(user, "follow players")
    other = person(name, me=user)
    if is_bot(other):
        raise ServiceError("bot", "Bot accounts are not followed: their games are on their page.")
    if Block.objects.filter(user=other, blocked=user).exists():
        raise ServiceError("blocked", f"{other.username} does not take follows from you.")
    if Block.objects.filter(user=user, blocked=other).exists():
        raise ServiceError("blocked", f"You have blocked {other.username}: unblock them first.")
    with transaction.atomic():
        if not Follow.objects.filter(follower=user, followed=other).exists():
            if Follow.objects.filter(follower=user).count() >= FOLLOWS_MAX:
                raise ServiceError("too_many", f"You may follow at most {FOLLOWS_MAX} players.")
            Follow.objects.get_or_create(follower=user, followed=other,
                                         defaults={"created": clock.now()})
    return other


def unfollow(user, name: str):
    if user is None or not user.is_authenticated:
        raise ServiceError("sign_in", "Sign in first.")
    other = person(name, me=user)
    Follow.objects.filter(follower=user, followed=other).delete()
    return other


@dataclass(frozen=True)
class Friend:
    user: object
    online: bool
    table: Game | None  # the table they play at, where the viewer may see it
    mutual: bool


def friends_of(user, requester: policy.Requester) -> list[Friend]:
    """The people `user` follows, online first, each with a table they play at if the access
    policy lists it to the requester (a private table only to those it exists for). Bounded:
    three queries and one cache read, whatever the number of friends."""
    follows = list(Follow.objects.filter(follower=user).select_related("followed")
                   .order_by("followed__username")[:FOLLOWS_MAX])
    people = [f.followed for f in follows]
    ids = [p.pk for p in people]
    back = set(Follow.objects.filter(follower_id__in=ids, followed=user)
               .values_list("follower_id", flat=True))
    at = {}
    for user_id, game_id in (Connection.objects.filter(
            seat__user_id__in=ids, seat__left=False, seat__game__status__in=[OPEN, ACTIVE])
            .values_list("seat__user_id", "seat__game_id")):
        at.setdefault(user_id, game_id)
    shown = {g.pk: g for g in policy.listed(requester, Game.objects.filter(pk__in=at.values()))}
    online = cache.get_many([_key(i) for i in ids])
    rows = [Friend(p, p.pk in at or _key(p.pk) in online, shown.get(at.get(p.pk)), p.pk in back)
            for p in people]
    rows.sort(key=lambda f: (not f.online, f.user.username.lower()))
    return rows[:SHOWN]


def followers_of(user, most: int = SHOWN) -> list:
    """Who follows `user` (newest first), with whether `user` follows them back."""
    rows = list(Follow.objects.filter(followed=user).select_related("follower")
                .order_by("-created")[:most])
    mine = set(Follow.objects.filter(follower=user, followed_id__in=[r.follower_id for r in rows])
               .values_list("followed_id", flat=True))
    return [(r.follower, r.follower_id in mine) for r in rows]
