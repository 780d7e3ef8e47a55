"""History, player pages, lobby and home page as the games kept grow: 1,000, 10,000 and 100,000
finished games (copies of one real game's result with the seats varied; one keen player sits
in a tenth of them, so 10,000 at 100,000), on the embedded default (SQLite), a throwaway
database. For each page: the median server time over several requests (Django's test client,
the whole request in this process) and its number of SQL statements, then the ratio of the
time at the largest size to the time at 1,000.

Usage: python bench/history.py [--sizes 1000,10000,100000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
KEEN = "keen"
POOL = 2000  # other accounts seated at random


def setup(db_dir: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_dir}/history.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def real_result() -> dict:
    from games.engine import bots
    from games.engine.match import Match
    from games.engine.record import results_of

    match = Match.new("chinese-classical", "bench-history")
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    return results_of(match)


def rotated(result: dict, k: int) -> dict:
    """The same game with its seats turned by k: places and points move between seats."""
    def seat(s):
        return None if s is None else (s + k) % 4

    deals = [{**d, "winner": seat(d["winner"]), "discarder": seat(d["discarder"]),
              "deltas": d["deltas"][-k:] + d["deltas"][:-k],
              "points": d["points"][-k:] + d["points"][:-k]} for d in result["deals"]]
    points = result["points"][-k:] + result["points"][:-k]
    standings = [{**s, "seat": seat(s["seat"])} for s in result["standings"]]
    return {**result, "deals": deals, "points": points, "standings": standings}


def add_games(n: int, start: int, results: list[dict], users: list, keen, rng) -> None:
    from django.db import transaction
    from django.utils import timezone

    from games.models import FINISHED, Game, Seat
    from games.models.seat_results import seat_results
    from games.services.lobby import get_ruleset

    ruleset = get_ruleset("chinese-classical").to_json()
    base = timezone.now()
    batch = 2000
    for first in range(start, start + n, batch):
        count = min(batch, start + n - first)
        with transaction.atomic():
            games = []
            for i in range(first, first + count):
                k = i % 4
                when = base - timedelta(minutes=10**6 - i)
                games.append(Game(ruleset_name="chinese-classical", ruleset=ruleset,
                                  seed=f"history-{i}", status=FINISHED, version=3000,
                                  started=when, finished=when, changed_at=when, listed_at=when,
                                  result=results[k]))
            games = Game.objects.bulk_create(games)
            seats = []
            for i, game in zip(range(first, first + count), games):
                people = rng.sample(users, 4)
                if i % 10 == 0 and keen not in people:
                    people[(i // 10) % 4] = keen
                for chair in range(4):
                    seats.append(Seat(game=game, chair=chair, position=chair, user=people[chair],
                                      **seat_results(game.result, chair)))
            Seat.objects.bulk_create(seats)


PAGES = [
    ("history, all, first page", "/games/?scope=all", None),
    ("history, all, last page", "/games/?scope=all&page=last", None),
    ("history, keen's games", f"/games/?scope=all&player={KEEN}", None),
    ("history, keen won", f"/games/?scope=all&player={KEEN}&result=won", None),
    ("history, keen not first", f"/games/?scope=all&player={KEEN}&result=not_won", None),
    ("history, mine (keen signed in), won", "/games/?result=won", KEEN),
    ("player page of keen", f"/u/{KEEN}/", None),
    ("lobby", "/lobby/", KEEN),
    ("home page", "/", KEEN),
]


def measure(repeat: int) -> dict[str, tuple[float, int]]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    User = get_user_model()
    signed = Client()
    signed.force_login(User.objects.get(username=KEEN))
    anonymous = Client()
    out = {}
    for label, url, who in PAGES:
        client = signed if who else anonymous
        client.get(url)  # warm
        times = []
        for _ in range(repeat):
            with CaptureQueriesContext(connection) as queries:
                t = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - t)
            assert response.status_code == 200, (url, response.status_code)
        out[label] = (statistics.median(times), len(queries))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as db_dir:
        setup(db_dir)
        from django.contrib.auth import get_user_model

        User = get_user_model()
        rng = random.Random(1)
        base = real_result()
        results = [rotated(base, k) for k in range(4)]
        keen = User.objects.create_user(KEEN, password="x" * 12)
        users = list(User.objects.bulk_create(User(username=f"p{i}") for i in range(POOL)))
        have = 0
        table = {}
        for size in sizes:
            t = time.perf_counter()
            add_games(size - have, have, results, users, keen, rng)
            have = size
            print(f"{size:,} games ({size // 10:,} of them keen's): built in "
                  f"{time.perf_counter() - t:.0f} s", flush=True)
            table[size] = measure(args.repeat)
            for label, (secs, queries) in table[size].items():
                print(f"  {label:40s} {secs * 1000:8.1f} ms  {queries:3d} statements", flush=True)
        first, last = sizes[0], sizes[-1]
        print(f"ratio of the median time at {last:,} to that at {first:,}:")
        for label, _url, _who in PAGES:
            print(f"  {label:40s} {table[last][label][0] / table[first][label][0]:6.2f}")


if __name__ == "__main__":
    main()
