"""Write every finished game's per-seat results again from the result kept with the game, then
every player's statistics from those (games/services/results.py): after a restore, or to check what is
stored (--check: only report seats and statistics that differ, change nothing)."""

from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import FINISHED, Game, PlayerStat, Seat
from games.results import seat_results
from games.services.results import rebuild_statistics

BATCH = 500


class Command(BaseCommand):
    help = "Rebuild each seat's stored result (place, points, deals won, ...) from its game."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="only count the seats whose stored results differ")

    def handle(self, *args, check=False, **options):
        fields = list(seat_results({}, 0))
        games = Game.objects.filter(status=FINISHED).exclude(result=None).order_by("pk")
        seen = differ = 0
        last = 0
        while True:
            batch = list(games.filter(pk__gt=last).only("pk", "result")[:BATCH])
            if not batch:
                break
            last = batch[-1].pk
            with transaction.atomic():
                seats = Seat.objects.filter(game__in=batch, position__isnull=False)
                by_game = {g.pk: g.result for g in batch}
                changed = []
                for seat in seats:
                    want = seat_results(by_game[seat.game_id], seat.position)
                    seen += 1
                    if any(getattr(seat, f) != v for f, v in want.items()):
                        differ += 1
                        for f, v in want.items():
                            setattr(seat, f, v)
                        changed.append(seat)
                if changed and not check:
                    Seat.objects.bulk_update(changed, fields)
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
