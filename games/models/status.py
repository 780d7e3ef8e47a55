"""The states a game, a tournament and a round go through: plain strings in the database and in
every query (the constants), and the choices the fields offer (the TextChoices)."""

from __future__ import annotations

from django.db import models

OPEN, ACTIVE, FINISHED, ABANDONED = "open", "active", "finished", "abandoned"
# How a player gave a game up (Seat.forfeit).
RESIGNED, LEFT = "resigned", "left"
PLANNED, RUNNING = "planned", "running"  # a tournament's; then FINISHED
SEATED = "seated"  # a round seated ahead, not started: its seats may still be swapped
PLAYING = "playing"  # a round being played; then FINISHED


class GameStatus(models.TextChoices):
    OPEN = OPEN, "open"
    ACTIVE = ACTIVE, "active"
    FINISHED = FINISHED, "finished"
    ABANDONED = ABANDONED, "abandoned"


class TournamentStatus(models.TextChoices):
    PLANNED = PLANNED, "planned"
    RUNNING = RUNNING, "running"
    FINISHED = FINISHED, "finished"


class RoundStatus(models.TextChoices):
    SEATED = SEATED, "seated"
    PLAYING = PLAYING, "playing"
    FINISHED = FINISHED, "finished"
