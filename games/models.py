"""What is persisted. A game is its ruleset, its secret seed and its ordered moves: the engine's
replay of the moves is the truth, and the Match kept in memory is only a cache of it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

OPEN, ACTIVE, FINISHED, ABANDONED = "open", "active", "finished", "abandoned"
BOT_LEVELS = ("random", "greedy")
# One name per chair, so the bots at a table never share a name; the level is shown apart.
BOT_NAMES = ("Bot Plum", "Bot Orchid", "Bot Chrysanthemum", "Bot Bamboo")


class Profile(models.Model):
    """Extra facts about a user. A guest plays without an account and may sign up later."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    is_guest = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.user} ({'guest' if self.is_guest else 'member'})"


class Game(models.Model):
    STATUSES = [(s, s) for s in (OPEN, ACTIVE, FINISHED, ABANDONED)]

    ruleset_name = models.CharField(max_length=40)
    ruleset = models.JSONField(help_text="the ruleset's settings as saved for this game")
    seed = models.CharField(max_length=64, help_text="secret until the game is over")
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    version = models.PositiveIntegerField(default=0, help_text="number of moves applied")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    tournament = models.BooleanField(default=False)
    private = models.BooleanField(
        default=False, help_text="not listed in the lobby; anyone with the link can open it"
    )
    claim_seconds = models.PositiveIntegerField(default=8)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True, help_text="empty: no timer")
    # When the last move was applied: claim windows and turn timers count from here.
    changed_at = models.DateTimeField(null=True, blank=True)
    # The earliest moment something is due (a bot, a timer, an autopilot); an index for tickers.
    due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # Claim answers given in an open window, applied together when it closes: {"2": action}.
    pending = models.JSONField(default=dict, blank=True)
    # Bumped whenever a seat changes (taken, drawn, connected, absent): processes cache the
    # seats per game and read them again only when this moved.
    seats_version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.ruleset_name}, {self.status})"

    def state(self):
        """The engine's Match at this game's version (replayed from the moves, cached)."""
        from .services.matches import match_for

        return match_for(self)

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator); after the game, everything."""
        match = self.state()
        if match.is_over:
            return match.review_view()
        return match.spectator_view() if seat is None else match.view_for(seat)

    @property
    def is_live(self) -> bool:
        return self.status == ACTIVE


class Seat(models.Model):
    game = models.ForeignKey(Game, related_name="seats", on_delete=models.CASCADE)
    chair = models.PositiveSmallIntegerField(help_text="order in which players sat down")
    position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="engine seat, drawn by the seating ritual at the start"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    bot_level = models.CharField(max_length=10, blank=True)
    connections = models.PositiveSmallIntegerField(default=0)
    absent_since = models.DateTimeField(null=True, blank=True)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["chair"]
        constraints = [
            models.UniqueConstraint(fields=["game", "chair"], name="one_player_per_chair"),
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_position"),
        ]

    def __str__(self) -> str:
        return f"{self.name} at chair {self.chair} of game {self.game_id}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        if self.is_bot:
            # Shifted by the game's id so tables differ, yet a bijection of chairs within one.
            return BOT_NAMES[(self.game_id + self.chair) % len(BOT_NAMES)]
        return self.user.username if self.user else "(empty)"

    @property
    def connected(self) -> bool:
        return self.is_bot or self.connections > 0


class Connection(models.Model):
    """One open socket of a seated player. Its process refreshes `seen_at` while it lives; a row
    not refreshed within the presence TTL belongs to a process or socket that died, and any
    process sweeps it away, so a crash can never leave a seat shown connected."""

    seat = models.ForeignKey(Seat, related_name="sockets", on_delete=models.CASCADE)
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"connection {self.pk} of {self.seat}"


class Move(models.Model):
    """Append-only: one applied action."""

    game = models.ForeignKey(Game, related_name="moves", on_delete=models.CASCADE)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq}: {self.action}"


class Snapshot(models.Model):
    """A Match saved as a deal began, so a process that lost its cache replays only the moves
    since. Only a cache: the moves are the truth, and a snapshot written by another engine
    build (`format`) is ignored."""

    game = models.ForeignKey(Game, related_name="snapshots", on_delete=models.CASCADE)
    version = models.PositiveIntegerField()
    format = models.CharField(max_length=40)
    data = models.BinaryField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_snapshot_per_version")
        ]

    def __str__(self) -> str:
        return f"snapshot of game {self.game_id} at move {self.version}"
