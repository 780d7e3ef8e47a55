"""Write every finished game's per-seat results again from the result kept with the game, then
every player's statistics from those (games/services/results.py): after a restore, or to
check what is stored (--check: only report seats and statistics that differ, change nothing)."""

from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import PlayerStat
from games.services.results import rebuild_seat_results, rebuild_statistics


class Command(BaseCommand):
    help = "Rebuild each seat's stored result (place, points, deals won, ...) from its game."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="only count the seats whose stored results differ")

    def handle(self, *args, check=False, **options):
        seen, differ = rebuild_seat_results(check=check)
        verb = "differ" if check else "rebuilt"
        self.stdout.write(f"{seen} seats of finished games; {differ} {verb}.")
        before = _stat_rows()
        with transaction.atomic():
            written = rebuild_statistics()
            after = _stat_rows()
            if check:
                transaction.set_rollback(True)
        stats_differ = len(before ^ after)
        self.stdout.write(f"{written} players' statistics by ruleset; "
                          f"{stats_differ if check else written} {verb}.")
        if check and (differ or stats_differ):
            raise SystemExit(1)


def _stat_rows() -> set[tuple]:
    fields = [f.name for f in PlayerStat._meta.fields if f.name != "id"]
    return set(PlayerStat.objects.values_list(*fields))
