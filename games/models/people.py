"""Playing together (docs/people.md): who follows whom, challenges to a table, and the
moderation that keeps it pleasant (mutes, blocks, reports, staff silences, the word filter).
Written only by games/services/friends.py, challenges.py and moderation.py; the operator edits
the word filter in the admin."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

USER = settings.AUTH_USER_MODEL


class Follow(models.Model):
    """`follower` follows `followed`: the people someone follows are their friends list."""

    follower = models.ForeignKey(USER, related_name="following", on_delete=models.CASCADE)
    followed = models.ForeignKey(USER, related_name="followers", on_delete=models.CASCADE)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["follower", "followed"],
                                               name="follow_once")]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class Mute(models.Model):
    """`user` no longer hears `muted` at any table."""

    user = models.ForeignKey(USER, related_name="mutes", on_delete=models.CASCADE)
    muted = models.ForeignKey(USER, related_name="+", on_delete=models.CASCADE)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class Block(models.Model):
    """`user` blocks `blocked`: hears nothing from them, takes no challenge from them, and
    neither follows the other."""

    user = models.ForeignKey(USER, related_name="blocks", on_delete=models.CASCADE)
    blocked = models.ForeignKey(USER, related_name="+", on_delete=models.CASCADE)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "blocked"], name="block_once")]

    def __str__(self) -> str:
        return f"{self.user} blocks {self.blocked}"


class ChallengeStatus(models.TextChoices):
    PENDING = "pending", "waiting for an answer"
    ACCEPTED = "accepted", "accepted"
    DECLINED = "declined", "declined"
    CANCELLED = "cancelled", "withdrawn"


class Challenge(models.Model):
    """An invitation of one person to a table: a new private table with chosen rules, or an
    open table the challenger sits at. Accepted, it seats the challenged player there."""

    challenger = models.ForeignKey(USER, related_name="challenges_sent", on_delete=models.CASCADE)
    challenged = models.ForeignKey(USER, related_name="challenges_received",
                                   on_delete=models.CASCADE)
    # SET_NULL: a table closed before the answer (its last person left) leaves the challenge
    # unanswerable, not gone.
    game = models.ForeignKey("games.Game", null=True, blank=True, related_name="challenges",
                             on_delete=models.SET_NULL)
    status = models.CharField(max_length=10, choices=ChallengeStatus.choices,
                              default=ChallengeStatus.PENDING)
    created = models.DateTimeField(default=timezone.now)
    answered = models.DateTimeField(null=True, blank=True)
    # The challenger has been told the answer (the notifications' poll tells once).
    told = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [
            models.Index(fields=["challenged", "status"], name="challenge_incoming"),
            models.Index(fields=["challenger", "status"], name="challenge_outgoing"),
        ]

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged} ({self.status})"


class ReportReason(models.TextChoices):
    ABUSE = "abuse", _("insults or harassment")
    SPAM = "spam", _("spam or flooding")
    HAND = "hand", _("telling the players a hand")
    CHEATING = "cheating", _("cheating or collusion")
    NAME = "name", _("an offensive name or profile")
    OTHER = "other", _("something else")


class ReportStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("status", "open")
    RESOLVED = "resolved", pgettext_lazy("status", "acted on")
    DISMISSED = "dismissed", pgettext_lazy("status", "dismissed")


class Report(models.Model):
    """A person's report of a line said at a table, or of a player. The line and the lines
    around it are copied into `context`, so the report keeps its evidence even if the speaker
    deletes their talk."""

    reporter = models.ForeignKey(USER, verbose_name=_("reporter"),
                                 null=True, blank=True, related_name="reports_made",
                                 on_delete=models.SET_NULL)
    reported = models.ForeignKey(USER, verbose_name=_("reported"),
                                 null=True, blank=True, related_name="reports_against",
                                 on_delete=models.SET_NULL)
    reported_name = models.CharField(verbose_name=_("reported name"), max_length=150)
    line = models.ForeignKey("games.TalkLine", verbose_name=_("line"),
                             null=True, blank=True, related_name="+",
                             on_delete=models.SET_NULL)
    game = models.ForeignKey("games.Game", verbose_name=_("game"),
                             null=True, blank=True, related_name="+",
                             on_delete=models.SET_NULL)
    reason = models.CharField(verbose_name=_("reason"), max_length=10, choices=ReportReason.choices)
    note = models.CharField(verbose_name=_("note"), max_length=500, blank=True)
    context = models.JSONField(verbose_name=_("context"), default=list, blank=True,
                               help_text=_("the reported line and the lines around it, as said"))
    status = models.CharField(verbose_name=_("status"), max_length=10, choices=ReportStatus.choices,
                              default=ReportStatus.OPEN, db_index=True)
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)
    handled_by = models.ForeignKey(USER, verbose_name=_("handled by"),
                                   null=True, blank=True, related_name="+",
                                   on_delete=models.SET_NULL)
    handled_at = models.DateTimeField(verbose_name=_("handled at"), null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "report")
        verbose_name_plural = pgettext_lazy("model", "reports")
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["reporter", "-created"], name="report_by")]

    def __str__(self) -> str:
        what = f"a line at game {self.game_id}" if self.line_id or self.context else "a player"
        return f"{self.reported_name}: {what} ({self.get_reason_display()})"


class Silence(models.Model):
    """Staff silenced an account until `until`: it may not talk, challenge or change its
    profile's words meanwhile. Lifting one early sets `lifted`."""

    user = models.ForeignKey(USER, verbose_name=_("user"),
                             related_name="silences", on_delete=models.CASCADE)
    until = models.DateTimeField(verbose_name=_("until"))
    reason = models.CharField(verbose_name=_("reason"), max_length=200)
    by = models.ForeignKey(USER, verbose_name=_("by"), null=True, blank=True, related_name="+",
                           on_delete=models.SET_NULL)
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)
    lifted = models.BooleanField(verbose_name=_("lifted"), default=False)

    class Meta:
        verbose_name = pgettext_lazy("model", "silence")
        verbose_name_plural = pgettext_lazy("model", "silences")
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["user", "-until"], name="silence_of")]

    def __str__(self) -> str:
        return f"{self.user} silenced until {self.until:%Y-%m-%d %H:%M}"


WORD_MAX = 40


class FilteredWord(models.Model):
    """A word the operator keeps out of free text and profiles: masked with asterisks, or the
    whole line refused."""

    word = models.CharField(verbose_name=_("word"), max_length=WORD_MAX, unique=True,
                            help_text=_("matched without regard to case; a word of letters only "
                                      "matches whole words"))
    refuse = models.BooleanField(verbose_name=_("refuse"), default=False,
                                 help_text=_("refuse the whole line instead of masking the word"))
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = pgettext_lazy("model", "filtered word")
        verbose_name_plural = pgettext_lazy("model", "filtered words")
        ordering = ["word"]

    def __str__(self) -> str:
        return self.word
