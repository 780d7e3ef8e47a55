"""Play many deals with random legal choices: a soak test of the rules and a speed figure.

The random player goes out whenever it can (else nearly every deal is a draw) and otherwise
picks uniformly among its legal actions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from . import actions as A
from .actions import Action
from .bots import exchange_tiles
from .deal import Deal
from .ruleset import get_ruleset


def play_deal(deal: Deal, rng: random.Random) -> int:
    moves = 0
    while not deal.is_over:
        seat = deal.waiting_on()[0]
        legal = deal.legal_actions(seat)
        win = [a for a in legal if a.type == A.WIN]
        if legal[0].type == A.EXCHANGE:  # a Goulash: any three tiles, the random bot's pick
            deal.apply(Action(seat, A.EXCHANGE, tiles=exchange_tiles(deal, seat, "random", rng)))
        else:
            deal.apply(win[0] if win else rng.choice(legal))
        moves += 1
    return moves


def simulate(deals: int, seed: str, ruleset: str = "chinese-classical", progress=None):
    rs = get_ruleset(ruleset)
    endings: Counter[str] = Counter()
    moves = 0
    start = time.perf_counter()
    last_report = start
    for i in range(deals):
        deal = Deal(rs, f"{seed}:{i}")
        moves += play_deal(deal, random.Random(f"{seed}:{i}"))
        endings[deal.result.how] += 1
        now = time.perf_counter()
        if progress and now - last_report >= 1.0:
            progress(i + 1, deals, now - start)
            last_report = now
    return endings, moves, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine simulate")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--ruleset", default="chinese-classical")
    args = parser.parse_args(argv)

    def progress(done: int, total: int, elapsed: float) -> None:
        print(f"  {done}/{total} deals, {done / elapsed:.0f} deals/s", file=sys.stderr, flush=True)

    endings, moves, elapsed = simulate(args.deals, args.seed, args.ruleset, progress)
    names = {
        "self_drawn": "self-drawn",
        "discard": "on a discard",
        "robbed_kong": "robbing a kong",
        "draw": "draw (wash-out)",
    }
    print(f"deals: {args.deals} ({args.ruleset}, seed {args.seed})")
    for key, label in names.items():
        n = endings.get(key, 0)
        print(f"  {label:16} {n:7} ({100 * n / max(args.deals, 1):5.1f}%)")
    print(f"actions: {moves} ({moves / max(elapsed, 1e-9):.0f}/s)")
    print(f"deals/s: {args.deals / max(elapsed, 1e-9):.0f}")
    return 0
