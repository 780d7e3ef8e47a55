"""What is said at a table (docs/protocol.md, "Table talk"): canned lines and, where the table
allows it, free text; the players' own channel and the spectators'. Kept with the game, written
only by games/services/talk.py."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

PLAYERS, SPECTATORS = "players", "spectators"  # a line's channel
CANNED, TEXT = "canned", "text"  # a line's kind
TEXT_MAX = 200  # characters of a free line


class TalkLine(models.Model):
    game = models.ForeignKey("games.Game", related_name="talk", on_delete=models.CASCADE)
    channel = models.CharField(max_length=10, choices=[(PLAYERS, "players"),
                                                       (SPECTATORS, "spectators")])
    kind = models.CharField(max_length=6, choices=[(CANNED, "canned line"), (TEXT, "free text")])
    # A canned line's id (services/talk.py CANNED_LINES); empty for free text.
    code = models.CharField(max_length=20, blank=True, default="")
    text = models.CharField(max_length=TEXT_MAX, blank=True, default="")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL)
    # The name shown, as it was when it was said; a player's engine seat (null before the deal
    # and for a spectator).
    name = models.CharField(max_length=150)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(help_text="the game's version when it was said")
    deal = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text="the deal being played, if any")
    # A spectator's line said while a deal was being played: kept from the players until that
    # deal (or the game) ends.
    held = models.BooleanField(default=False)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "-id"], name="talk_game_newest")]

    def __str__(self) -> str:
        return f"{self.name} at game {self.game_id}: {self.code or self.text[:40]}"
