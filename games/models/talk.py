"""What is said at a table (docs/protocol.md, "Table talk"): canned lines and, where the table
allows it, free text; the players' own channel and the spectators'. Kept with the game, written
only by games/services/talk.py."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

PLAYERS, SPECTATORS = "players", "spectators"  # a line's channel
CANNED, TEXT = "canned", "text"  # a line's kind
TEXT_MAX = 200  # characters of a free line


class TalkLine(models.Model):
    game = models.ForeignKey("games.Game", verbose_name=_("game"),
                             related_name="talk", on_delete=models.CASCADE)
    channel = models.CharField(verbose_name=_("channel"),
                               max_length=10, choices=[
        (PLAYERS, pgettext_lazy("talk channel", "players")),
        (SPECTATORS, pgettext_lazy("talk channel", "spectators"))])
    kind = models.CharField(verbose_name=_("kind"),
                            max_length=6, choices=[
        (CANNED, pgettext_lazy("talk kind", "canned line")),
        (TEXT, pgettext_lazy("talk kind", "free text"))])
    # A canned line's id (services/talk.py CANNED_LINES); empty for free text.
    code = models.CharField(verbose_name=_("code"), max_length=20, blank=True, default="")
    text = models.CharField(verbose_name=_("text"), max_length=TEXT_MAX, blank=True, default="")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"),
                             null=True, blank=True,
                             on_delete=models.SET_NULL)
    # The name shown, as it was when it was said; a player's engine seat (null before the deal
    # and for a spectator).
    name = models.CharField(verbose_name=_("name"), max_length=150)
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"), null=True, blank=True)
    version = models.PositiveIntegerField(verbose_name=_("version"),
                                          help_text=_("the game's version when it was said"))
    deal = models.PositiveSmallIntegerField(verbose_name=_("deal"), null=True, blank=True,
                                            help_text=_("the deal being played, if any"))
    # A spectator's line said while a deal was being played: kept from the players until that
    # deal (or the game) ends.
    held = models.BooleanField(verbose_name=_("held"), default=False)
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = pgettext_lazy("model", "talk line")
        verbose_name_plural = pgettext_lazy("model", "talk lines")
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "-id"], name="talk_game_newest")]

    def __str__(self) -> str:
        return f"{self.name} at game {self.game_id}: {self.code or self.text[:40]}"
