"""Replay every rated game from the inputs stored with it (each seat's place), in the order the
games were rated, everyone starting from the model's defaults (games/services/ratings.py): after
a restore, after changing the model's parameters, or to check what is stored (--check: only
report the values that differ, change nothing; exit status 1 if any do)."""

from django.core.management.base import BaseCommand

from games.services import ratings


class Command(BaseCommand):
    help = "Replay every rated game and rewrite the stored ratings (docs/ratings.md)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="only count the stored values that differ from the replay")

    def handle(self, *args, check=False, **options):
        done = ratings.rebuild(write=not check)
        verb = "differ" if check else "rewritten"
        self.stdout.write(
            f"{done.games} rated games replayed; {done.changes} seat values and "
            f"{done.ratings} current ratings {verb}.")
        if check and (done.changes or done.ratings):
            raise SystemExit(1)
