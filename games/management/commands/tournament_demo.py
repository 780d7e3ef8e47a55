"""A demonstration tournament: N players register, and the autopilot plays the first rounds
through the service door, so the tournament pages have something to show."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services
from games.models import ACTIVE, Game, Tournament
from games.services import tournaments


def play_out(game_id: int) -> None:
    while Game.objects.get(pk=game_id).status == ACTIVE:
        services.autopilot_waiting(game_id)


class Command(BaseCommand):
    help = "Create a demonstration tournament and play some of its rounds with the autopilot."

    def add_arguments(self, parser):
        parser.add_argument("--name", default="Demo Cup")
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--rounds", type=int, default=5)
        parser.add_argument("--deals", type=int, default=1, help="deals per table (0: whole games)")
        parser.add_argument("--play", type=int, default=2, help="rounds to play to the end")
        parser.add_argument("--start", action="store_true", help="start the next round after")
        parser.add_argument("--seat", action="store_true",
                            help="seat the next round after, without starting it (to swap seats)")
        parser.add_argument("--duplicate", action="store_true",
                            help="duplicate walls: every table of a round plays the same walls")

    def handle(self, *args, **o):
        users = get_user_model()
        t = Tournament.objects.create(
            name=o["name"], rounds=o["rounds"], deals_per_table=o["deals"] or None,
            registration_open=True, duplicate_walls=o["duplicate"],
        )
        for i in range(o["players"]):
            user, _ = users.objects.get_or_create(username=f"demo-player-{i + 1:02}")
            tournaments.register(t.pk, user)
        for _ in range(o["play"]):
            rnd = tournaments.start_next_round(t.pk)
            for table in rnd.tables.all():
                play_out(table.game_id)
        if o["start"]:
            tournaments.start_next_round(t.pk)
        elif o["seat"]:
            tournaments.seat_next_round(t.pk)
        self.stdout.write(f"tournament {t.pk}: /tournaments/{t.pk}/")
