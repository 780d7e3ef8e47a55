"""Bot accounts, their tokens, and the tables a bot is invited to (docs/bot-api.md).

A person turns a new account of theirs (no game played, no rating, not a guest) into a bot
account, for good, and makes tokens for it: each shown once, stored as its SHA-256 digest,
named, scoped (`play` or `read`) and revocable. A revoked token is refused from that moment:
every socket it opened is told and closed (the `bot.revoked` message below) and every later
request or action with it is refused.

A bot plays where it is invited: a table against the site's own levels it asks for itself
(`challenge`), or an open casual lobby table whose number it is given (`join`). It never sits
at a rated table of people (services.lobby refuses it), so it never enters their ratings."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games import clock
from games.access.accounts import is_guest
from games.engine.ruleset import DEFAULT_RULESET
from games.models import ACTIVE, BOT_LEVELS, OPEN, Game, QueueEntry, Rating, Seat
from games.models.bots import PLAY, SCOPES, BotAccount, BotToken, is_bot

from . import lobby
from .errors import ServiceError

TOKEN_PREFIX = "mjb_"  # every token starts so, which tells a leaked one at a glance
MAX_TOKENS = 20  # live tokens an account may hold
LAYER_REVOKED = "bot.revoked"  # to bot-token-<id>: close every socket this token opened
USED_EVERY = timedelta(minutes=1)  # last_used is written at most this often
MAX_GAMES = 8  # tables a bot may be seated at, open or being played, at once


def group_for_token(token_id: int) -> str:
    return f"bot-token-{token_id}"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def make_bot(user) -> BotAccount:
    """Turn `user`'s new account into a bot account, for good."""
    if user is None or not user.is_authenticated:
        raise ServiceError("not_signed_in", "Log in to the account you want to make a bot.")
    if is_guest(user):
        raise ServiceError("guest", "A guest account cannot be a bot: sign up first.")
    existing = BotAccount.objects.filter(user=user).first()
    if existing is not None:
        return existing
    if (Seat.objects.filter(user=user).exists() or Rating.objects.filter(user=user).exists()
            or QueueEntry.objects.filter(user=user).exists()):
        raise ServiceError("not_new", "Only a new account can become a bot: this one has played "
                                      "or waited for games. Make a new account for your bot.")
    return BotAccount.objects.create(user=user)


def make_token(user, name: str, scope: str = PLAY) -> tuple[BotToken, str]:
    """A new token for the bot account `user`: the row, and the token itself (shown once)."""
    account = BotAccount.objects.filter(user=user).first() if user is not None else None
    if account is None:
        raise ServiceError("not_a_bot", "Only a bot account has tokens.")
    name = str(name or "").strip()[:60]
    if not name:
        raise ServiceError("bad_name", "Give the token a name, to tell it from the others.")
    if scope not in SCOPES:
        raise ServiceError("bad_scope", f"A token's scope is one of {', '.join(SCOPES)}.")
    if account.tokens.filter(revoked=None).count() >= MAX_TOKENS:
        raise ServiceError("too_many_tokens", f"An account holds {MAX_TOKENS} live tokens at "
                                              "most: revoke one first.")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = BotToken.objects.create(account=account, name=name, scope=scope,
                                    prefix=secret[:10], digest=digest(secret))
    return token, secret


def revoke_token(user, token_id: int) -> BotToken:
    """Revoke one of `user`'s tokens: refused from now on, its sockets closed."""
    with transaction.atomic():
        token = (BotToken.objects.select_for_update()
                 .filter(pk=token_id, account__user=user).first())
        if token is None:
            raise ServiceError("no_token", "No such token.")
        if token.revoked is None:
            token.revoked = clock.now()
            token.save(update_fields=["revoked"])
            transaction.on_commit(lambda: _tell_revoked(token.pk))
    return token


def _tell_revoked(token_id: int) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_for_token(token_id), {"type": LAYER_REVOKED})


def authenticate(secret: Any, scope: str = PLAY) -> BotToken | None:
    """The live token `secret` is, if it may do `scope` (a play token may read too)."""
    if not isinstance(secret, str) or not secret.startswith(TOKEN_PREFIX) or len(secret) > 100:
        return None
    token = (BotToken.objects.select_related("account__user")
             .filter(digest=digest(secret), revoked=None).first())
    if token is None or not token.account.user.is_active:
        return None
    if scope == PLAY and token.scope != PLAY:
        return None
    now = clock.now()
    if token.last_used is None or now - token.last_used > USED_EVERY:
        BotToken.objects.filter(pk=token.pk).update(last_used=now)
    return token


def still_live(token_id: int) -> bool:
    return BotToken.objects.filter(pk=token_id, revoked=None).exists()


def seated(game_id: int, user) -> bool:
    return Seat.objects.filter(game_id=game_id, user=user, left=False).exists()


def games_of(user) -> list[dict[str, Any]]:
    """The bot's tables not over yet: where it is invited and what it plays."""
    rows = (Seat.objects.filter(user=user, left=False, game__status__in=(OPEN, ACTIVE))
            .select_related("game").order_by("-game_id")[:50])
    return [{"game": s.game_id, "status": s.game.status, "ruleset": s.game.ruleset_name,
             "socket": f"/ws/bot/game/{s.game_id}/"} for s in rows]


def _room(user) -> None:
    busy = Seat.objects.filter(user=user, left=False, game__status__in=(OPEN, ACTIVE)).count()
    if busy >= MAX_GAMES:
        raise ServiceError("too_many_games", f"A bot plays {MAX_GAMES} tables at once at most.")


def challenge(user, ruleset_name: str = DEFAULT_RULESET, *, settings: dict | None = None,
              opponents: list[str] | None = None, turn_seconds: int | None = None,
              seed: str | None = None) -> int:
    """A casual table for the bot against three of the site's bots (`opponents`, their levels),
    dealt at once. Returns the game's number."""
    if not is_bot(user):
        raise ServiceError("not_a_bot", "Only a bot account plays through the bot API.")
    opponents = list(opponents or ["intermediate"] * 3)
    if len(opponents) != 3 or any(level not in BOT_LEVELS for level in opponents):
        raise ServiceError("bad_bot", "Name three opponents, each one of: "
                                      + ", ".join(BOT_LEVELS) + ".")
    if settings is not None and not isinstance(settings, dict):
        raise ServiceError("bad_ruleset", "settings is an object of ruleset settings.")
    _room(user)
    with transaction.atomic():
        game = lobby.create_game(user, ruleset_name, settings=settings, turn_seconds=turn_seconds,
                                 seed=seed)
        lobby.take_seat(game.pk, user)
        for level in opponents:
            lobby.add_bot(game.pk, level)
    lobby.start_game(game.pk)
    return game.pk


def join(user, game_id: Any) -> int:
    """Seat the bot at an open casual lobby table (not a private one, nor a tournament's)."""
    if not is_bot(user):
        raise ServiceError("not_a_bot", "Only a bot account plays through the bot API.")
    if not isinstance(game_id, int) or isinstance(game_id, bool):
        raise ServiceError("bad_message", "Name the table by its number.")
    found = Game.objects.filter(pk=game_id, private=False, tournament=False).first()
    if found is None:
        raise ServiceError("no_game", "No such open table.")
    if found.rated:
        raise ServiceError("rated_bot", "A bot account does not sit at rated tables of people.")
    _room(user)
    lobby.take_seat(game_id, user)
    return game_id


def invite(game_id: int, inviter, name: Any) -> int:
    """A person seated at an open casual table seats the bot account `name` there; the bot
    finds the table among its games (`games_of`)."""
    if not Seat.objects.filter(game_id=game_id, user=inviter, left=False).exists():
        raise ServiceError("not_seated", "Only a player at the table invites a bot.")
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != OPEN:
        raise ServiceError("seating_closed", "Seats can only change before the game starts.")
    if game.rated or game.tournament:
        raise ServiceError("rated_bot", "A bot account plays casual tables only.")
    bot = BotAccount.objects.filter(user__username=str(name or "")[:150]).select_related(
        "user").first()
    if bot is None or not bot.user.is_active:
        raise ServiceError("not_a_bot", f"There is no bot account named {str(name)[:40]!r}.")
    _room(bot.user)
    lobby.take_seat(game_id, bot.user)
    return game_id
