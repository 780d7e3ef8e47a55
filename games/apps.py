from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The admin's pages live in games/organiser/ (Django's autodiscovery looks only for
        # games/admin.py); the ticker starts with the server.
        from games.organiser import admin  # noqa: F401
        from games.realtime import timers

        timers.start_with_server()
