"""Bot accounts and their tokens (docs/bot-api.md). A person turns a new account of theirs into a
bot account; its programs then connect with tokens made for it. A token is shown once and only
its SHA-256 digest is stored: it is 32 random bytes, so a fast hash is as safe as a slow one."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

# What a token may do: play the bot's games (its socket and the invitations), or only read.
PLAY, READ = "play", "read"
SCOPES = (PLAY, READ)


class BotAccount(models.Model):
    """Marks an account as a bot's, for good: it is shown as BOT everywhere, is never seated at a
    rated table of people and never enters the people's ratings."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="bot_account")
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"BOT {self.user.username}"


class BotToken(models.Model):
    account = models.ForeignKey(BotAccount, on_delete=models.CASCADE, related_name="tokens")
    name = models.CharField(max_length=60)
    scope = models.CharField(max_length=10, choices=[(s, s) for s in SCOPES], default=PLAY)
    prefix = models.CharField(max_length=16, help_text="the token's first characters, to tell it")
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the token, hex")
    created = models.DateTimeField(default=timezone.now)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.account}"

    @property
    def active(self) -> bool:
        return self.revoked is None


class ArenaEntry(models.Model):
    """A bot waiting in the bots' arena for a rated bot game of one ruleset (services/arena.py)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="arena_entry")
    ruleset_name = models.CharField(max_length=40)
    levels = models.BooleanField(default=True, help_text="the site's levels may fill the table")
    joined = models.DateTimeField()
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.user} waiting in the {self.ruleset_name} arena"


class ArenaGame(models.Model):
    """A table the arena seated: rated in the bots' pool once over (services/arena.py)."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="arena")
    rated = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"arena game {self.game_id}"


def is_bot(user) -> bool:
    """Whether `user` is a bot account (anonymous and None are not)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return BotAccount.objects.filter(user_id=user.pk).exists()


def bot_ids(user_ids) -> set[int]:
    """Which of these accounts are bots', in one query (for lists that mark them)."""
    ids = {i for i in user_ids if i is not None}
    if not ids:
        return set()
    return set(BotAccount.objects.filter(user_id__in=ids).values_list("user_id", flat=True))


RATED_BOT = ("A bot account plays casual tables and the bots' arena only: people's ratings are "
             "for people.")
