"""The states a game, a tournament and a round go through: plain strings in the database and in
every query (the constants), and the choices the fields offer (the TextChoices)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy

OPEN, ACTIVE, FINISHED, ABANDONED = "open", "active", "finished", "abandoned"
# How a player gave a game up (Seat.forfeit).
RESIGNED, LEFT = "resigned", "left"
PLANNED, RUNNING = "planned", "running"  # a tournament's; then FINISHED
SEATED = "seated"  # a round seated ahead, not started: its seats may still be swapped
PLAYING = "playing"  # a round being played; then FINISHED


class GameStatus(models.TextChoices):
    OPEN = OPEN, pgettext_lazy("status", "open")
    ACTIVE = ACTIVE, pgettext_lazy("status", "active")
    FINISHED = FINISHED, pgettext_lazy("status", "finished")
    ABANDONED = ABANDONED, pgettext_lazy("status", "abandoned")


class TournamentStatus(models.TextChoices):
    PLANNED = PLANNED, pgettext_lazy("status", "planned")
    RUNNING = RUNNING, pgettext_lazy("status", "running")
    FINISHED = FINISHED, pgettext_lazy("status", "finished")


class RoundStatus(models.TextChoices):
    SEATED = SEATED, pgettext_lazy("status", "seated")
    PLAYING = PLAYING, pgettext_lazy("status", "playing")
    FINISHED = FINISHED, pgettext_lazy("status", "finished")
