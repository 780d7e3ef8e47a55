"""Tournaments, run from the admin: entries register, each round is seated
(games.tournaments.seating) and played as ordinary tournament Games; a table's result is recorded
as its game finishes. The organiser's penalties and corrections, and the audit log of every
change."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone

from games.engine.errors import NotationError
from games.engine.ruleset import PLAYABLE, Ruleset, get_ruleset
from games.models.games import OFFERED_BOT_LEVELS, Game
from games.models.status import (
    FINISHED,
    PLANNED,
    PLAYING,
    SEATED,
    RoundStatus,
    TournamentStatus,
)

FILL_BOTS, FILL_SITOUT = "bots", "sitout"
WITHDRAW_BOT, WITHDRAW_SKIP = "bot", "skip"


def _tournament_seed() -> str:
    return secrets.token_hex(8)


def parse_table_points(text: str) -> list[float]:
    """"4,2,1,0" -> [4.0, 2.0, 1.0, 0.0]: the table points for 1st to 4th place."""
    try:
        values = [float(x) for x in str(text).split(",")]
    except ValueError:
        values = []
    if len(values) != 4:
        raise ValueError("table points are four numbers for 1st to 4th place, e.g. 4,2,1,0")
    return values


class Tournament(models.Model):
    FILLS = [(FILL_BOTS, "bots fill the empty seats"), (FILL_SITOUT, "players sit out in turn")]
    WITHDRAWALS = [(WITHDRAW_BOT, "a bot takes their seat"), (WITHDRAW_SKIP, "they are left out")]

    name = models.CharField(max_length=100)
    ruleset_name = models.CharField(max_length=40, default="chinese-classical")
    settings = models.JSONField(
        default=dict, blank=True, help_text='ruleset settings changed from the preset, e.g. {"limit": 500}'
    )
    rounds = models.PositiveSmallIntegerField(default=5)
    deals_per_table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="a set number of deals per table; empty: a whole game"
    )
    claim_seconds = models.PositiveIntegerField(default=8)
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="empty: the site's tournament turn timer"
    )
    registration_open = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=TournamentStatus.choices, default=PLANNED)
    fill = models.CharField(
        max_length=10, choices=FILLS, default=FILL_BOTS, help_text="when players are not a multiple of four"
    )
    withdrawal = models.CharField(max_length=10, choices=WITHDRAWALS, default=WITHDRAW_BOT)
    bot_level = models.CharField(
        max_length=16, choices=[(b, b) for b in OFFERED_BOT_LEVELS], default="strong",
        help_text="the bots that fill empty seats and play for withdrawn or absent players")
    hide_scores = models.BooleanField(
        default=True, help_text="a round's scores are shown only once all its tables finished"
    )
    swiss = models.BooleanField(default=False, help_text="seat rounds after the first by standings")
    round_minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="a time limit per round: when it passes, each table "
        "finishes the deal in play and its game ends there; empty: no limit")
    check_in = models.BooleanField(
        default=False, help_text="players check in before each round (I'm here on the tournament "
        "page, or ticked by the organiser); who has not when it starts is a no-show")
    no_show = models.CharField(
        max_length=10, choices=WITHDRAWALS, default=WITHDRAW_BOT,
        help_text="a player who has not checked in when a round starts")
    table_points = models.CharField(max_length=40, default="4,2,1,0")
    rated = models.BooleanField(
        default=False, help_text="tables of four people (no bots, no guests) change ratings")
    duplicate_walls = models.BooleanField(
        default=False, help_text="every table of a round plays the same walls, seats rotated "
        "between tables; the round page compares each player with the others who held the "
        "same hands")
    free_text = models.BooleanField(
        default=False, help_text="players and spectators may type their own lines at this "
        "tournament's tables, not only the canned ones (the word filter, silences, mutes and "
        "blocks still apply)")
    seed = models.CharField(max_length=32, default=_tournament_seed, help_text="seats the rounds")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.pk])

    def clean(self) -> None:
        errors = {}
        try:
            parse_table_points(self.table_points)
        except ValueError as exc:
            errors["table_points"] = str(exc)
        if self.ruleset_name not in PLAYABLE:
            errors["ruleset_name"] = f"playable rulesets: {', '.join(PLAYABLE)}"
        elif not isinstance(self.settings, dict):
            errors["settings"] = "a JSON object of ruleset settings"
        else:
            try:
                Ruleset.from_json({**get_ruleset(self.ruleset_name).to_json(), **self.settings})
            except (NotationError, TypeError) as exc:
                errors["settings"] = str(exc)
        if errors:
            raise ValidationError(errors)


ENTRY_NAME_MAX = 100


def claim_code() -> str:
    return secrets.token_urlsafe(12)


class Entry(models.Model):
    """A player of a tournament: an account, or a named player without one (a bot plays their
    seats, scoring for them) until they claim the entry with its code."""

    tournament = models.ForeignKey(Tournament, related_name="entries", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    name = models.CharField(
        max_length=ENTRY_NAME_MAX, blank=True, default="",
        help_text="a player without an account (until they claim the entry)")
    claim_code = models.CharField(
        max_length=32, blank=True, default="", db_index=True,
        help_text="the secret of the claim link a named player signs in with")
    withdrawn = models.BooleanField(default=False)
    joined = models.DateTimeField(auto_now_add=True)
    checked_in_for = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the round the player checked in for")

    class Meta:
        ordering = ["joined", "pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "name"], condition=~models.Q(name=""),
                                    name="one_entry_per_name"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | ~models.Q(name=""),
                name="entry_has_user_or_name"),
        ]

    def __str__(self) -> str:
        return self.user.username if self.user_id else self.name

    @property
    def unclaimed(self) -> bool:
        """A named player without an account yet: a bot plays their seats."""
        return self.user_id is None

    def save(self, *args, **kwargs):
        if self.user_id is None and not self.claim_code:
            self.claim_code = claim_code()
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "claim_code"}
        super().save(*args, **kwargs)


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, related_name="round_set", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=PLAYING)
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, help_text="the round's time limit")
    seed = models.CharField(
        max_length=64, blank=True, default="",
        help_text="duplicate walls: every table's game is dealt from this seed (secret until "
        "the round is finished); empty: each game its own")
    time_called = models.DateTimeField(
        null=True, blank=True, help_text="when the time limit ended the tables' games")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"

    @property
    def is_finished(self) -> bool:
        return self.status == FINISHED

    @property
    def is_seated(self) -> bool:
        return self.status == SEATED

    @property
    def duplicate(self) -> bool:
        return bool(self.seed)


class Table(models.Model):
    round = models.ForeignKey(Round, related_name="tables", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        Game, null=True, blank=True, related_name="tournament_table", on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class TableSeat(models.Model):
    """One of a table's four places (its starting wind) and, once the game ends, its result."""

    table = models.ForeignKey(Table, related_name="places", on_delete=models.CASCADE)
    wind = models.PositiveSmallIntegerField(help_text="0 East, 1 South, 2 West, 3 North")
    # RESTRICT: an entry with results is withdrawn, not deleted (the whole tournament may be).
    entry = models.ForeignKey(
        Entry, null=True, blank=True, related_name="places", on_delete=models.RESTRICT
    )
    # A no-show's or withdrawn player's place: a bot plays it for nobody (`entry` is empty),
    # and the pages name it for the player it stands in for.
    stood_in_for = models.ForeignKey(
        Entry, null=True, blank=True, related_name="+", on_delete=models.SET_NULL,
        help_text="the absent player whose place a bot plays (scoring for nobody)")
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True, help_text="points won or lost")
    table_points = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["table", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="one_place_per_wind")
        ]

    def __str__(self) -> str:
        return f"{self.entry or 'bot'} at {self.table}"


MAX_ADJUSTMENT_TABLE_POINTS = 1000.0
MAX_ADJUSTMENT_SCORE = 1_000_000


class Penalty(models.Model):
    """A penalty (negative) or bonus (positive) the organiser gives an entry, at a table or for
    the whole tournament; it counts in the standings. Added and removed through the service
    door (games/services/penalties.py), which writes the audit log."""

    tournament = models.ForeignKey(Tournament, related_name="penalties", on_delete=models.CASCADE)
    entry = models.ForeignKey(Entry, related_name="penalties", on_delete=models.CASCADE)
    table = models.ForeignKey(
        Table, null=True, blank=True, related_name="penalties", on_delete=models.CASCADE,
        help_text="the table it was given at; empty: for the tournament as a whole")
    table_points = models.FloatField(
        default=0, help_text="table points added: negative for a penalty, positive for a bonus")
    score = models.IntegerField(
        default=0, help_text="score points added: negative for a penalty, positive for a bonus")
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name_plural = "penalties"

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

    table = models.ForeignKey(Table, related_name="corrections", on_delete=models.CASCADE)
    wind = models.PositiveSmallIntegerField(help_text="0 East, 1 South, 2 West, 3 North")
    place = models.PositiveSmallIntegerField(help_text="the corrected place, 1 to 4")
    score = models.IntegerField(help_text="the corrected score")
    table_points = models.FloatField(help_text="the corrected table points")
    before = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
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
        Tournament, null=True, blank=True, related_name="audit", on_delete=models.CASCADE)
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    when = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=40)
    object_type = models.CharField(max_length=40, blank=True)
    object_id = models.PositiveIntegerField(null=True, blank=True)
    object_repr = models.CharField(max_length=200, blank=True)
    details = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-when", "-pk"]
        verbose_name = "audit log entry"
        verbose_name_plural = "audit log"

    def __str__(self) -> str:
        return f"{self.when:%Y-%m-%d %H:%M} {self.action} {self.object_repr}"


