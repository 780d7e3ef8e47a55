"""A person's own rows: the profile, the statistics kept per ruleset, the ratings and their
history, and a place in the queue."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models.games import Game


class Profile(models.Model):
    """Extra facts about a user. A guest plays without an account and may sign up later."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    is_guest = models.BooleanField(default=False)
    # What the player page shows of them (docs/people.md, "Profiles"); set by
    # games/services/moderation.py's profile change.
    bio = models.CharField(max_length=300, blank=True, default="")
    country = models.CharField(max_length=2, blank=True, default="", help_text="ISO 3166 code")
    languages = models.JSONField(default=list, blank=True, help_text="language codes, at most 5")
    picture = models.CharField(max_length=2, blank=True, default="",
                               help_text="a tile's code: its picture stands for the player")
    # The site's language chosen while signed in (docs/i18n.md): set on each browser they log
    # in from.
    site_language = models.CharField(max_length=10, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user} ({'guest' if self.is_guest else 'member'})"



class PlayerStat(models.Model):
    """A player's totals over their finished games of one ruleset, added to as each game's
    result is shown (games/models/seat_results.py): player pages read these rows, never the games."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.CASCADE, related_name="game_stats")
    name = models.CharField(max_length=150, blank=True)  # a recorded name, when no account
    ruleset_name = models.CharField(max_length=40)
    games = models.PositiveIntegerField(default=0)
    games_won = models.PositiveIntegerField(default=0)
    first = models.PositiveIntegerField(default=0)
    second = models.PositiveIntegerField(default=0)
    third = models.PositiveIntegerField(default=0)
    fourth = models.PositiveIntegerField(default=0)
    deals = models.PositiveIntegerField(default=0)
    deals_won = models.PositiveIntegerField(default=0)
    self_drawn = models.PositiveIntegerField(default=0)
    dealt_in = models.PositiveIntegerField(default=0)
    points_won = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "ruleset_name"], name="one_stat_per_account",
                                    condition=models.Q(user__isnull=False)),
            models.UniqueConstraint(fields=["name", "ruleset_name"], name="one_stat_per_name",
                                    condition=models.Q(user__isnull=True)),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.name}: {self.ruleset_name}"


# ---------------------------------------------------------------------------- ratings
# Ratings are openskill's Plackett-Luce (mu, sigma) per player and ruleset (docs/ratings.md).
# What a page shows is the conservative ordinal mu - 3 sigma on a familiar scale: a settled
# average player (mu 25, sigma near 25/6) shows about 1500; a newcomer (mu 25, sigma 25/3) 1000.
RATING_CENTRE, RATING_SCALE, RATING_OFFSET = 1500, 40, 12.5
PROVISIONAL_GAMES = 10  # fewer rated games than this in a ruleset: the rating is provisional


def shown_rating(mu: float, sigma: float) -> float:
    """The rating a page shows: 1500 + 40 * (mu - 3 sigma - 12.5)."""
    return RATING_CENTRE + RATING_SCALE * (mu - 3 * sigma - RATING_OFFSET)


class Rating(models.Model):
    """A player's current rating in one ruleset, written in the transaction that rates a game:
    the leaderboard and player pages read these rows (one per player and ruleset), never the
    games."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    ruleset_name = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    score = models.FloatField(help_text="the shown rating, shown_rating(mu, sigma)")
    games = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "ruleset_name"], name="one_rating_per_ruleset"),
        ]
        indexes = [
            # The leaderboard: one ruleset's best first.
            models.Index(fields=["ruleset_name", "-score", "id"], name="rating_board"),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.ruleset_name} {self.shown}"

    @property
    def shown(self) -> int:
        return round(self.score)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    """One seat of one rated game: what went in (the place, the rating before) and what came
    out, so `manage.py rebuild_ratings` can replay every rated game, in the order of these rows,
    and check that it gets the same values."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    # SET_NULL: a deleted account's rows keep their values, so the others' still replay.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="rating_changes")
    ruleset_name = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField(help_text="the engine seat")
    place = models.PositiveSmallIntegerField(help_text="1-4 as rated; a tie shares a place")
    final_points = models.IntegerField(null=True, blank=True)
    abandoned = models.BooleanField(default=False, help_text="left the game before its end")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games = models.PositiveIntegerField(help_text="the player's rated games in it, this one too")
    rated_at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_change_per_seat"),
        ]
        indexes = [
            # A player's history in one ruleset, newest first (the player page's plot).
            models.Index(fields=["user", "ruleset_name", "-id"], name="rating_change_history"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}: {self.before} -> {self.after}"

    @property
    def before(self) -> int:
        return round(shown_rating(self.mu_before, self.sigma_before))

    @property
    def after(self) -> int:
        return round(shown_rating(self.mu_after, self.sigma_after))

    @property
    def change(self) -> int:
        return self.after - self.before



# ---------------------------------------------------------------------------- the queue
class QueueEntry(models.Model):
    """A person waiting for a table (games/services/queue.py). It lives in the database, so
    every server process sees the same queue; the person's page refreshes `seen_at` while it is
    open, and an entry not refreshed within the queue's TTL is gone."""

    # One entry per account: a person waits in one queue at a time.
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="queue_entry")
    ruleset_name = models.CharField(max_length=40)
    rated = models.BooleanField(default=False)
    joined = models.DateTimeField()
    # A casual table may be filled with bots from this moment (the wait the person chose);
    # empty: only people (always, for a rated one).
    bots_at = models.DateTimeField(null=True, blank=True)
    seen_at = models.DateTimeField()
    # The table the person was seated at; the entry is kept a little while so their page learns it.
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="queue_entries")

    class Meta:
        ordering = ["joined", "pk"]
        indexes = [
            models.Index(fields=["ruleset_name", "rated", "joined"], name="queue_waiting"),
            models.Index(fields=["seen_at"], name="queue_seen"),
        ]

    def __str__(self) -> str:
        return f"{self.user} waiting for {'rated' if self.rated else 'casual'} {self.ruleset_name}"


