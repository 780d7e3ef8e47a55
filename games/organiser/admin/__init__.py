"""The Django admin, by domain: games and puzzles, tournaments, and the organiser's records.
Imported by GamesConfig.ready (Django's autodiscovery looks for games/admin.py only)."""

from games.organiser.admin import games, records, tournaments  # noqa: F401
