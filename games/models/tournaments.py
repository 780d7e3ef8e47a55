"""Tournaments, run from the admin: entries register, each round is seated
(games.tournaments.seating) and played as ordinary tournament Games; a table's result is recorded
as its game finishes. The organiser's penalties and corrections, and the audit log of every
change, are games/models/tournament_records.py's."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

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
    FILLS = [(FILL_BOTS, _("bots fill the empty seats")),
             (FILL_SITOUT, _("players sit out in turn"))]
    WITHDRAWALS = [(WITHDRAW_BOT, _("a bot takes their seat")),
                   (WITHDRAW_SKIP, _("they are left out"))]

    name = models.CharField(verbose_name=_("name"), max_length=100)
    ruleset_name = models.CharField(verbose_name=_("ruleset name"),
                                    max_length=40, default="chinese-classical")
    settings = models.JSONField(
        verbose_name=_("settings"),
        default=dict, blank=True, help_text=_('ruleset settings changed from the preset, e.g. {"limit": 500}')
    )
    rounds = models.PositiveSmallIntegerField(verbose_name=_("rounds"), default=5)
    deals_per_table = models.PositiveSmallIntegerField(
        verbose_name=_("deals per table"),
        null=True, blank=True, help_text=_("a set number of deals per table; empty: a whole game")
    )
    claim_seconds = models.PositiveIntegerField(verbose_name=_("claim seconds"), default=8)
    turn_seconds = models.PositiveIntegerField(
        verbose_name=_("turn seconds"),
        null=True, blank=True, help_text=_("empty: the site's tournament turn timer")
    )
    registration_open = models.BooleanField(verbose_name=_("registration open"), default=False)
    status = models.CharField(verbose_name=_("status"),
                              max_length=10, choices=TournamentStatus.choices, default=PLANNED)
    fill = models.CharField(
        verbose_name=_("fill"),
        max_length=10, choices=FILLS, default=FILL_BOTS, help_text=_("when players are not a multiple of four")
    )
    withdrawal = models.CharField(verbose_name=_("withdrawal"),
                                  max_length=10, choices=WITHDRAWALS, default=WITHDRAW_BOT)
    bot_level = models.CharField(
        verbose_name=_("bot level"),
        max_length=16, choices=[(b, b) for b in OFFERED_BOT_LEVELS], default="strong",
        help_text=_("the bots that fill empty seats and play for withdrawn or absent players"))
    hide_scores = models.BooleanField(
        verbose_name=_("hide scores"),
        default=True, help_text=_("a round's scores are shown only once all its tables finished")
    )
    swiss = models.BooleanField(verbose_name=_("swiss"),
                                default=False, help_text=_("seat rounds after the first by standings"))
    round_minutes = models.PositiveSmallIntegerField(
        verbose_name=_("round minutes"),
        null=True, blank=True, help_text=_("a time limit per round: when it passes, each table "
        "finishes the deal in play and its game ends there; empty: no limit"))
    check_in = models.BooleanField(
        verbose_name=_("check in"),
        default=False, help_text=_("players check in before each round (I'm here on the tournament "
        "page, or ticked by the organiser); who has not when it starts is a no-show"))
    no_show = models.CharField(
        verbose_name=_("no show"), max_length=10, choices=WITHDRAWALS, default=WITHDRAW_BOT,
        help_text=_("a player who has not checked in when a round starts"))
    table_points = models.CharField(verbose_name=_("table points"),
                                    max_length=40, default="4,2,1,0")
    rated = models.BooleanField(
        verbose_name=_("rated"),
        default=False, help_text=_("tables of four people (no bots, no guests) change ratings"))
    duplicate_walls = models.BooleanField(
        verbose_name=_("duplicate walls"),
        default=False, help_text=_("every table of a round plays the same walls, seats rotated "
        "between tables; the round page compares each player with the others who held the "
        "same hands"))
    free_text = models.BooleanField(
        verbose_name=_("free text"),
        default=False, help_text=_("players and spectators may type their own lines at this "
        "tournament's tables, not only the canned ones (the word filter, silences, mutes and "
        "blocks still apply)"))
    seed = models.CharField(verbose_name=_("seed"),
                            max_length=32, default=_tournament_seed, help_text=_("seats the rounds"))
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "tournament")
        verbose_name_plural = pgettext_lazy("model", "tournaments")
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

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   related_name="entries", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"),
        null=True, blank=True, on_delete=models.CASCADE)
    name = models.CharField(
        verbose_name=_("name"), max_length=ENTRY_NAME_MAX, blank=True, default="",
        help_text=_("a player without an account (until they claim the entry)"))
    claim_code = models.CharField(
        verbose_name=_("claim code"), max_length=32, blank=True, default="", db_index=True,
        help_text=_("the secret of the claim link a named player signs in with"))
    withdrawn = models.BooleanField(verbose_name=_("withdrawn"), default=False)
    joined = models.DateTimeField(verbose_name=_("joined"), auto_now_add=True)
    checked_in_for = models.PositiveSmallIntegerField(
        verbose_name=_("checked in for"),
        null=True, blank=True, help_text=_("the round the player checked in for"))

    class Meta:
        verbose_name = pgettext_lazy("model", "entry")
        ordering = ["joined", "pk"]
        verbose_name_plural = pgettext_lazy("model", "entries")
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
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   related_name="round_set", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    status = models.CharField(verbose_name=_("status"),
                              max_length=10, choices=RoundStatus.choices, default=PLAYING)
    started = models.DateTimeField(verbose_name=_("started"), auto_now_add=True)
    finished = models.DateTimeField(verbose_name=_("finished"), null=True, blank=True)
    deadline = models.DateTimeField(verbose_name=_("deadline"),
                                    null=True, blank=True, help_text=_("the round's time limit"))
    seed = models.CharField(
        verbose_name=_("seed"), max_length=64, blank=True, default="",
        help_text=_("duplicate walls: every table's game is dealt from this seed (secret until "
        "the round is finished); empty: each game its own"))
    time_called = models.DateTimeField(
        verbose_name=_("time called"),
        null=True, blank=True, help_text=_("when the time limit ended the tables' games"))

    class Meta:
        verbose_name = pgettext_lazy("model", "round")
        verbose_name_plural = pgettext_lazy("model", "rounds")
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
    round = models.ForeignKey(Round, verbose_name=_("round"),
                              related_name="tables", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    game = models.OneToOneField(
        Game, verbose_name=_("game"),
        null=True, blank=True, related_name="tournament_table", on_delete=models.SET_NULL
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "table")
        verbose_name_plural = pgettext_lazy("model", "tables")
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class TableSeat(models.Model):
    """One of a table's four places (its starting wind) and, once the game ends, its result."""

    table = models.ForeignKey(Table, verbose_name=_("table"),
                              related_name="places", on_delete=models.CASCADE)
    wind = models.PositiveSmallIntegerField(verbose_name=_("wind"),
                                            help_text=_("0 East, 1 South, 2 West, 3 North"))
    # RESTRICT: an entry with results is withdrawn, not deleted (the whole tournament may be).
    entry = models.ForeignKey(
        Entry, verbose_name=_("entry"),
        null=True, blank=True, related_name="places", on_delete=models.RESTRICT
    )
    # A no-show's or withdrawn player's place: a bot plays it for nobody (`entry` is empty),
    # and the pages name it for the player it stands in for.
    stood_in_for = models.ForeignKey(
        Entry, verbose_name=_("stood in for"),
        null=True, blank=True, related_name="+", on_delete=models.SET_NULL,
        help_text=_("the absent player whose place a bot plays (scoring for nobody)"))
    place = models.PositiveSmallIntegerField(verbose_name=_("place"), null=True, blank=True)
    score = models.IntegerField(verbose_name=_("score"),
                                null=True, blank=True, help_text=_("points won or lost"))
    table_points = models.FloatField(verbose_name=_("table points"), null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "table seat")
        verbose_name_plural = pgettext_lazy("model", "table seats")
        ordering = ["table", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="one_place_per_wind")
        ]

    def __str__(self) -> str:
        return f"{self.entry or 'bot'} at {self.table}"
