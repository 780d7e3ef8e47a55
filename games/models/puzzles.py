"""What puzzles keep (docs/puzzles.md): the puzzles, the bot games some were found in, each
player's puzzle rating per ruleset and every attempt. Imported by games/models.py; foreign keys
name the other models by string, so this module imports none of them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Glicko-2's starting values (the library's own defaults).
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06


class PuzzleSource(models.Model):
    """A game of bots played by `manage.py make_puzzles` (no game row): its seed and actions,
    so a puzzle's position can be replayed from it."""

    ruleset_name = models.CharField(max_length=40)
    seed = models.CharField(max_length=64)
    actions = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"bot game {self.seed} ({self.ruleset_name})"


class Puzzle(models.Model):
    """One seat's view at one decision where one action is clearly best (games/thinking/
    puzzle_jobs.py): the view as the seat saw it, every candidate's figures, the margin and the
    simulation that confirmed it. `owner`: a person's own puzzle, from their own game, shown to
    them only and unrated."""

    ruleset_name = models.CharField(verbose_name=_("ruleset name"), max_length=40)
    game = models.ForeignKey("games.Game", verbose_name=_("game"),
                             null=True, blank=True, on_delete=models.CASCADE,
                             related_name="puzzles")
    source = models.ForeignKey(PuzzleSource, verbose_name=_("source"),
                               null=True, blank=True, on_delete=models.CASCADE,
                               related_name="puzzles")
    move = models.PositiveIntegerField(verbose_name=_("move"),
                                       help_text=_("actions applied before the position"))
    deal = models.PositiveSmallIntegerField(verbose_name=_("deal"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    view = models.JSONField(verbose_name=_("view"))
    solution = models.JSONField(verbose_name=_("solution"))
    played = models.JSONField(verbose_name=_("played"), null=True, blank=True)
    candidates = models.JSONField(verbose_name=_("candidates"))
    margin = models.FloatField(verbose_name=_("margin"),
                               help_text=_("expected points the best leads the second by"))
    margin_chance = models.FloatField(verbose_name=_("margin chance"),
                                      help_text=_("chance of going out it leads by"))
    simulation = models.JSONField(verbose_name=_("simulation"))
    themes = models.CharField(verbose_name=_("themes"), max_length=200, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"),
                              null=True, blank=True,
                              on_delete=models.CASCADE, related_name="own_puzzles")
    rating = models.FloatField(verbose_name=_("rating"), default=START_RATING)
    deviation = models.FloatField(verbose_name=_("deviation"), default=START_DEVIATION)
    volatility = models.FloatField(verbose_name=_("volatility"), default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(verbose_name=_("attempts"), default=0)
    solved = models.PositiveIntegerField(verbose_name=_("solved"), default=0)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "puzzle")
        verbose_name_plural = pgettext_lazy("model", "puzzles")
        constraints = [
            models.UniqueConstraint(fields=["game", "move", "seat", "owner"],
                                    name="one_puzzle_per_game_move"),
            models.UniqueConstraint(fields=["source", "move", "seat"],
                                    name="one_puzzle_per_source_move"),
        ]
        indexes = [models.Index(fields=["ruleset_name", "owner", "rating"], name="puzzle_level")]

    def __str__(self) -> str:
        return f"puzzle {self.pk} ({self.ruleset_name})"

    @property
    def theme_list(self) -> list[str]:
        return [t for t in self.themes.split(",") if t]


class PuzzleRating(models.Model):
    """A player's puzzle rating in one ruleset (Glicko-2)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="puzzle_ratings")
    ruleset_name = models.CharField(max_length=40)
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "ruleset_name"],
                                               name="one_puzzle_rating_per_ruleset")]

    def __str__(self) -> str:
        return f"{self.user}: puzzles {self.ruleset_name} {round(self.rating)}"


class PuzzleAttempt(models.Model):
    """One answer to a puzzle. Only a person's first answer to a puzzle is rated."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="puzzle_attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="tries")
    answer = models.JSONField()
    correct = models.BooleanField()
    rated = models.BooleanField(default=False)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["user", "puzzle"], name="puzzle_attempt_user")]

    def __str__(self) -> str:
        return f"{self.user} on puzzle {self.puzzle_id}: {'right' if self.correct else 'wrong'}"
