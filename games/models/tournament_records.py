"""A tournament's records: the organiser's penalties and bonuses, corrections of a table's
result, and the audit log of every change (written through the service door)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.models.tournaments import Entry, Table, TableSeat, Tournament

MAX_ADJUSTMENT_TABLE_POINTS = 1000.0
MAX_ADJUSTMENT_SCORE = 1_000_000


class Penalty(models.Model):
    """A penalty (negative) or bonus (positive) the organiser gives an entry, at a table or for
    the whole tournament; it counts in the standings. Added and removed through the service
    door (games/services/penalties.py), which writes the audit log."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   related_name="penalties", on_delete=models.CASCADE)
    entry = models.ForeignKey(Entry, verbose_name=_("entry"),
                              related_name="penalties", on_delete=models.CASCADE)
    table = models.ForeignKey(
        Table, verbose_name=_("table"),
        null=True, blank=True, related_name="penalties", on_delete=models.CASCADE,
        help_text=_("the table it was given at; empty: for the tournament as a whole"))
    table_points = models.FloatField(
        verbose_name=_("table points"),
        default=0, help_text=_("table points added: negative for a penalty, positive for a bonus"))
    score = models.IntegerField(
        verbose_name=_("score"),
        default=0, help_text=_("score points added: negative for a penalty, positive for a bonus"))
    reason = models.CharField(verbose_name=_("reason"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"),
        null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = pgettext_lazy("model", "penalty")
        ordering = ["created", "pk"]
        verbose_name_plural = pgettext_lazy("model", "penalties")

    def __str__(self) -> str:
        return f"{'bonus' if self.is_bonus else 'penalty'} for {self.entry}: {self.reason}"

    @property
    def is_bonus(self) -> bool:
        return self.table_points > 0 or (self.table_points == 0 and self.score > 0)

    def clean(self) -> None:
        errors = {}
        entry = Entry.objects.filter(pk=self.entry_id).first() if self.entry_id else None
        if entry is not None and self.tournament_id and entry.tournament_id != self.tournament_id:
            errors["entry"] = "this player is not in this tournament"
        if self.table_id and entry is not None:
            table = Table.objects.select_related("round").filter(pk=self.table_id).first()
            if table is None or table.round.tournament_id != entry.tournament_id:
                errors["table"] = "this table is not in this tournament"
            elif not table.places.filter(entry=entry).exists():
                errors["table"] = f"{entry} did not play at {table}"
        if not (self.table_points or self.score):
            errors["table_points"] = "give table points or score points (negative for a penalty)"
        if abs(self.table_points or 0) > MAX_ADJUSTMENT_TABLE_POINTS:
            errors["table_points"] = f"at most {MAX_ADJUSTMENT_TABLE_POINTS:g} either way"
        if abs(self.score or 0) > MAX_ADJUSTMENT_SCORE:
            errors["score"] = f"at most {MAX_ADJUSTMENT_SCORE} either way"
        if not (self.reason or "").strip():
            errors["reason"] = "say why"
        if errors:
            raise ValidationError(errors)


class Correction(models.Model):
    """A table result the organiser corrected: one place's result before and after, and why.
    Made through the service door (games/services/penalties.py), which writes the audit log."""

    table = models.ForeignKey(Table, verbose_name=_("table"),
                              related_name="corrections", on_delete=models.CASCADE)
    wind = models.PositiveSmallIntegerField(verbose_name=_("wind"),
                                            help_text=_("0 East, 1 South, 2 West, 3 North"))
    place = models.PositiveSmallIntegerField(verbose_name=_("place"),
                                             help_text=_("the corrected place, 1 to 4"))
    score = models.IntegerField(verbose_name=_("score"), help_text=_("the corrected score"))
    table_points = models.FloatField(verbose_name=_("table points"),
                                     help_text=_("the corrected table points"))
    before = models.JSONField(verbose_name=_("before"), default=dict, blank=True)
    reason = models.CharField(verbose_name=_("reason"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"),
        null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = pgettext_lazy("model", "correction")
        verbose_name_plural = pgettext_lazy("model", "corrections")
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"correction at {self.table}, wind {self.wind}"

    def clean(self) -> None:
        errors = {}
        if self.wind is not None and not 0 <= self.wind <= 3:
            errors["wind"] = "0 East, 1 South, 2 West or 3 North"
        elif self.table_id and self.wind is not None:
            seat = TableSeat.objects.filter(table_id=self.table_id, wind=self.wind).first()
            if seat is None or seat.place is None:
                errors["table"] = "only a finished table's result can be corrected"
        if self.place is not None and not 1 <= self.place <= 4:
            errors["place"] = "a place from 1 to 4"
        if self.score is not None and abs(self.score) > MAX_ADJUSTMENT_SCORE:
            errors["score"] = f"at most {MAX_ADJUSTMENT_SCORE} either way"
        if self.table_points is not None and abs(self.table_points) > MAX_ADJUSTMENT_TABLE_POINTS:
            errors["table_points"] = f"at most {MAX_ADJUSTMENT_TABLE_POINTS:g} either way"
        if not (self.reason or "").strip():
            errors["reason"] = "say why"
        if errors:
            raise ValidationError(errors)


class AuditLog(models.Model):
    """Who changed what in a tournament, when and why: written by the service door for every
    organiser change, never edited."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"),
        null=True, blank=True, related_name="audit", on_delete=models.CASCADE)
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("who"), null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    when = models.DateTimeField(verbose_name=_("when"), default=timezone.now)
    action = models.CharField(verbose_name=_("action"), max_length=40)
    object_type = models.CharField(verbose_name=_("object type"), max_length=40, blank=True)
    object_id = models.PositiveIntegerField(verbose_name=_("object id"), null=True, blank=True)
    object_repr = models.CharField(verbose_name=_("object repr"), max_length=200, blank=True)
    details = models.JSONField(verbose_name=_("details"), default=dict, blank=True)
    reason = models.CharField(verbose_name=_("reason"), max_length=200, blank=True)

    class Meta:
        ordering = ["-when", "-pk"]
        verbose_name = pgettext_lazy("model", "audit log entry")
        verbose_name_plural = pgettext_lazy("model", "audit log")

    def __str__(self) -> str:
        return f"{self.when:%Y-%m-%d %H:%M} {self.action} {self.object_repr}"


