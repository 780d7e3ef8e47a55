"""The Django admin, by domain: games and puzzles, tournaments, the organiser's records, and
moderation (reports, silences, the word filter, the talk).
Imported by GamesConfig.ready (Django's autodiscovery looks for games/admin.py only)."""

from games.organiser.admin import games, moderation, records, tournaments  # noqa: F401
