"""A bot-only game through the whole live stack on the embedded default (SQLite file, in-memory
channel layer): the service door, the ticker, the channel layer and a spectator's WebSocket.
Prints moves per second.  Usage: python bench/live_game.py [--games N] [--rounds R]"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup(db_dir: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_dir}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ["MAHJONG_BOT_DELAY_MS"] = "0"
    # A window everyone passed closes at once: the moves' rate, not the windows' least wait.
    os.environ["MAHJONG_CLAIM_MIN_MS"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


async def play(rounds: int, seed: str) -> tuple[int, float]:
    import json

    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from games import services
    from games.models import Game
    from mahjong_site.asgi import application

    def create():
        game = services.create_game(None, seed=seed, settings={"rounds": rounds})
        for _ in range(4):
            services.add_bot(game.pk, "greedy")
        return game

    game = await database_sync_to_async(create)()
    comm = WebsocketCommunicator(application, f"/ws/game/{game.pk}/",
                                 headers=[(b"origin", b"http://127.0.0.1")])
    assert (await comm.connect())[0]
    start = time.perf_counter()
    await database_sync_to_async(services.start_game)(game.pk)
    while True:
        frame = json.loads(await comm.receive_from(timeout=600))
        if frame.get("status") == "finished":
            break
    elapsed = time.perf_counter() - start
    await comm.disconnect()
    moves = (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version
    return moves, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=4, help="4 is a whole game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as db_dir:
        setup(db_dir)
        total_moves, total_time = 0, 0.0
        for n in range(args.games):
            moves, elapsed = asyncio.run(play(args.rounds, f"bench-{n}"))
            total_moves += moves
            total_time += elapsed
            print(f"game {n + 1}: {moves} moves in {elapsed:.1f} s ({moves / elapsed:.0f} moves/s)")
        print(f"live stack, embedded default: {total_moves / total_time:.0f} moves/s "
              f"over {args.games} game(s) of {args.rounds} round(s)")


if __name__ == "__main__":
    main()
