"""Make puzzles (docs/puzzles.md): from the finished games named (--game, repeated), or from
--games N games of bots played for the purpose; prints the counts and the time it took."""

import secrets
import time

from django.core.management.base import BaseCommand, CommandError

from games.engine.ruleset import PLAYABLE
from games.models import Game
from games.services import puzzles
from games.thinking import pool


class Command(BaseCommand):
    help = "Make puzzles from finished games, or from games of bots."

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", default="chinese-classical", choices=sorted(PLAYABLE))
        parser.add_argument("--games", type=int, default=10,
                            help="games of bots to play when no --game is named")
        parser.add_argument("--game", type=int, action="append", default=[],
                            help="a finished game's id (repeat for several)")
        parser.add_argument("--until", type=int, default=None,
                            help="stop once the ruleset has this many public puzzles")
        parser.add_argument("--seed", default=None, help="the bot games' seeds start with this")

    def handle(self, *args, ruleset, games, game, until, seed, **options):
        if games < 0 or games > 100_000:
            raise CommandError("--games must be between 0 and 100000")
        started = time.perf_counter()
        try:
            if game:
                made = 0
                for row in Game.objects.filter(pk__in=game):
                    if not puzzles.may_make(row):
                        self.stdout.write(f"game {row.pk}: not finished, private or hidden")
                        continue
                    made += len(puzzles.make_for_game(row.pk))
                counts = {"games": len(game), "made": made}
            else:
                def progress(c):
                    if c["games"] % 10 == 0:
                        self.stdout.write(f"  {c['games']} games, {c['made']} puzzles, "
                                          f"{time.perf_counter() - started:.0f}s")
                counts = puzzles.make_simulated(
                    ruleset, games, seed or f"make-puzzles:{ruleset}:{secrets.token_hex(4)}",
                    until, progress)
        finally:
            pool.shutdown()
        elapsed = time.perf_counter() - started
        total = puzzles.public(ruleset).count()
        shown = ", ".join(f"{k} {v}" for k, v in counts.items())
        self.stdout.write(f"{ruleset}: {shown}; {total} public puzzles of the ruleset; "
                          f"{elapsed:.1f}s with {pool.workers()} workers")
