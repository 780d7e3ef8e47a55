"""How long each bot level takes to decide, on one core: p50, p95 and the slowest decision.

    python bench/decisions.py [--deals N] [--ruleset R|all] [--levels a,b,...]

Each level plays whole deals at all four seats of each preset; only decisions with a choice are
timed (a lone legal action is not a decision). The target: every level's p95 under 50 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import bots  # noqa: E402
from games.engine.match import Match  # noqa: E402
from games.engine.ruleset import PLAYABLE  # noqa: E402

BUDGET_MS = 50.0


def timings(ruleset: str, level: str, deals: int, seed: str) -> list[float]:
    out = []
    for i in range(deals):
        match = Match.new(ruleset, f"{seed}:{ruleset}:{i}")
        while not match.deal.is_over:
            seat = match.waiting_on()[0]
            choice = len(match.legal_actions(seat)) > 1
            start = time.perf_counter()
            action = bots.choose(match, seat, level)
            if choice:
                out.append((time.perf_counter() - start) * 1000)
            match.apply(action)
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/decisions.py")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--ruleset", default="all")
    parser.add_argument("--levels", default="beginner,intermediate,strong")
    parser.add_argument("--seed", default="decisions")
    args = parser.parse_args(argv)
    rulesets = PLAYABLE if args.ruleset == "all" else (args.ruleset,)
    print(f"decision time, ms ({args.deals} deals per ruleset and level, four seats each)")
    print(f"{'ruleset':18} {'level':13} {'decisions':>9} {'p50':>7} {'p95':>7} {'max':>7}")
    worst = 0.0
    for ruleset in rulesets:
        for level in args.levels.split(","):
            t = timings(ruleset, level, args.deals, args.seed)
            if not t:
                continue
            p50, p95 = t[len(t) // 2], t[min(len(t) - 1, int(0.95 * len(t)))]
            worst = max(worst, p95)
            print(f"{ruleset:18} {level:13} {len(t):9} {p50:7.2f} {p95:7.2f} {t[-1]:7.1f}",
                  flush=True)
    print(f"worst p95: {worst:.1f} ms (budget {BUDGET_MS:.0f} ms)")
    return 0 if worst <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
