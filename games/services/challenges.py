"""Challenges (docs/people.md, "Challenges"): inviting a friend or any named player to a table.
The only writer of Challenge rows.

A challenge names a table: a new private table with the rules the challenger chose (they sit
at it at once; the other seats are left for people or given to bots), or an open table the
challenger sits at. The challenged player hears of it on whatever page of the site they have
open (the notifications' poll, a chime) and accepts (they are seated there) or declines; the
challenger is told the answer once. A challenge waits TTL at most. A table page open at the
moment hears of a challenge, an answer or a withdrawal at once: a `notice` frame to every table
socket of the person concerned (`tell`), on which the page asks the poll without waiting."""

from __future__ import annotations

import json
from datetime import timedelta

from django.db import transaction
from django.db.models import Q

from games import clock
from games.engine.ruleset import PLAYABLE
from games.models import BOT_LEVELS, OPEN, Block, Challenge, ChallengeStatus, Game
from games.models.bots import is_bot
from games.realtime import protocol

from . import broadcast, lobby
from .errors import ServiceError
from .friends import member
from .moderation import person, refuse_if_silenced

TTL = timedelta(minutes=30)
OUTGOING_MAX = 5  # challenges one person has waiting at once
PENDING = ChallengeStatus.PENDING


def tell(user_id: int, about: str) -> None:
    """After the commit, a small `notice` frame to every table socket of this person (the
    group per person, joined by each socket a signed-in person opens): the page then asks
    /notices.json at once, its poll staying the way the notice itself arrives."""
    text = json.dumps({"type": protocol.S_NOTICE, "about": about})
    broadcast.on_commit_send([(protocol.group_for_user(user_id),
                               {"type": protocol.LAYER_PEOPLE_NOTICE, "text": text})])


def _fresh(queryset):
    return queryset.filter(status=PENDING, created__gt=clock.now() - TTL)


def _refuse_between(challenger, other) -> None:
    if Block.objects.filter(user=other, blocked=challenger).exists():
        raise ServiceError("blocked", f"{other.username} does not take challenges from you.")
    if Block.objects.filter(user=challenger, blocked=other).exists():
        raise ServiceError("blocked", f"You have blocked {other.username}: unblock them to "
                                      "challenge them.")


def _table_of(challenger, game_id) -> Game:
    """The open table the challenger invites to: theirs, with a chair free."""
    try:
        game = Game.objects.filter(pk=int(game_id)).first()
    except (TypeError, ValueError):
        game = None
    if game is None or not game.seats.filter(user=challenger, left=False).exists():
        raise ServiceError("not_your_table", "You can invite players only to a table you sit at.")
    if game.status != OPEN:
        raise ServiceError("seating_closed", "That table has started: invite players to a new one.")
    if game.tournament:
        raise ServiceError("tournament", "A tournament seats its own tables.")
    if game.seats.count() >= 4:
        raise ServiceError("table_full", "All four seats of that table are taken.")
    return game


def send(challenger, name: str, *, ruleset_name: str = "", rated: bool = False,
         bots: str = "", game_id=None, friends_only: bool = False) -> Challenge:
    """Challenge the player called `name`: to the open table `game_id` the challenger sits at,
    or to a new private table of `ruleset_name` (`bots`: a bot level for the two other seats,
    or "" to leave them for people; `friends_only`: the challenger's friends may find and join
    it too)."""
    member(challenger, "challenge players")
    refuse_if_silenced(challenger, "challenge players")
    other = person(name, me=challenger)
    if is_bot(other):
        raise ServiceError("bot", "Bot accounts take invitations through their own programs "
                                  "(docs/bot-api.md), not challenges.")
    _refuse_between(challenger, other)
    if _fresh(Challenge.objects.filter(challenger=challenger, challenged=other)).exists():
        raise ServiceError("already", f"{other.username} has your challenge already: wait "
                                      "for their answer.")
    if _fresh(Challenge.objects.filter(challenger=challenger)).count() >= OUTGOING_MAX:
        raise ServiceError("too_many", f"You have {OUTGOING_MAX} challenges waiting: withdraw "
                                       "one first.")
    if game_id not in (None, ""):
        game = _table_of(challenger, game_id)
    else:
        if ruleset_name not in PLAYABLE:
            raise ServiceError("bad_ruleset", "Choose the rules of the table.")
        if bots and bots not in BOT_LEVELS:
            raise ServiceError("bad_bot", f"Unknown bot level {bots!r}.")
        if rated and bots:
            raise ServiceError("rated_bot", "A rated table is for four people: no bots.")
        with transaction.atomic():
            game = lobby.create_game(challenger, ruleset_name, private=True, rated=rated,
                                     friends_only=friends_only)
            lobby.take_seat(game.pk, challenger)
            if bots:
                for chair in (2, 3):  # chair 1 is kept for the challenged player
                    lobby.add_bot(game.pk, bots, chair=chair)
    with transaction.atomic():
        made = Challenge.objects.create(challenger=challenger, challenged=other, game=game,
                                        created=clock.now())
        tell(other.pk, "challenge")
    return made


def _pending_for(challenge_id, user, *, mine: str) -> Challenge:
    try:
        pk = int(challenge_id)
    except (TypeError, ValueError):
        pk = 0
    found = Challenge.objects.select_for_update().filter(pk=pk, **{mine: user}).first()
    if found is None:
        raise ServiceError("no_challenge", "No such challenge.")
    if found.status != PENDING:
        raise ServiceError("answered", f"That challenge was {found.get_status_display()} "
                                       "already.")
    if found.created <= clock.now() - TTL:
        raise ServiceError("expired", "That challenge has expired.")
    return found


def _close(found: Challenge, status: str, told: bool = False) -> Challenge:
    found.status, found.answered, found.told = status, clock.now(), told
    found.save(update_fields=["status", "answered", "told"])
    return found


def accept(challenge_id, user) -> Challenge:
    """The challenged player takes the seat the challenge keeps for them."""
    with transaction.atomic():
        found = _pending_for(challenge_id, user, mine="challenged")
        if found.game_id is None or found.game.status != OPEN:
            _close(found, ChallengeStatus.CANCELLED)
            raise ServiceError("table_gone", "That table has closed or started without you.")
        lobby.take_seat(found.game_id, user)
        tell(found.challenger_id, "answer")
        return _close(found, ChallengeStatus.ACCEPTED)


def decline(challenge_id, user) -> Challenge:
    with transaction.atomic():
        found = _close(_pending_for(challenge_id, user, mine="challenged"),
                       ChallengeStatus.DECLINED)
        tell(found.challenger_id, "answer")
        return found


def cancel(challenge_id, user) -> Challenge:
    """The challenger withdraws it (their table stays theirs)."""
    with transaction.atomic():
        found = _close(_pending_for(challenge_id, user, mine="challenger"),
                       ChallengeStatus.CANCELLED, told=True)
        tell(found.challenged_id, "withdrawn")
        return found


ANSWERS = {"accept": accept, "decline": decline, "cancel": cancel}


def answer(challenge_id, user, what: str) -> Challenge:
    if what not in ANSWERS:
        raise ServiceError("bad_answer", "Answer accept, decline or cancel.")
    if user is None or not user.is_authenticated:
        raise ServiceError("sign_in", "Sign in first.")
    return ANSWERS[what](challenge_id, user)


def incoming(user, most: int = 10) -> list[Challenge]:
    """The challenges waiting for `user`'s answer, newest first."""
    return list(_fresh(Challenge.objects.filter(challenged=user))
                .select_related("challenger", "game")[:most])


def outgoing(user, most: int = OUTGOING_MAX) -> list[Challenge]:
    return list(_fresh(Challenge.objects.filter(challenger=user))
                .select_related("challenged", "game")[:most])


def take_answers(user, most: int = 10) -> list[Challenge]:
    """The answers to `user`'s challenges not told yet (accepted, declined, or expired
    unanswered), marked told: each is told once."""
    untold = (Challenge.objects.filter(challenger=user, told=False)
              .filter(~Q(status=PENDING) | Q(created__lte=clock.now() - TTL))
              .select_related("challenged")[:most])
    rows = list(untold)
    if rows:
        Challenge.objects.filter(pk__in=[c.pk for c in rows]).update(told=True)
    return rows


def open_tables(user, most: int = 5) -> list[Game]:
    """The open tables `user` sits at with a chair free: where a challenge may invite to."""
    return [g for g in Game.objects.filter(status=OPEN, tournament=False, seats__user=user,
                                           seats__left=False)
            .order_by("-pk").prefetch_related("seats")[:most] if len(g.seats.all()) < 4]
