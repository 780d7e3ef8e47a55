"""Bot levels against each other on duplicate walls.

    python bench/arena.py --deals N --ruleset R --levels a,b [--levels c,d ...] [--seed S]
    python bench/arena.py --deals 2000 --ruleset all          (strong vs beginner, vs intermediate)

One candidate (level a) plays three copies of the baseline (level b). Every wall (a deal's seed)
is played four times, the seats rotated so the candidate sits at each position on the same
tiles: N deals are N / 4 walls. The four plays' average is one independent sample, so luck of
the wall cancels. Single deals, each scored and settled as the engine settles it
(`match.history[-1].deltas`).

Printed per ruleset and pair: the candidate's mean points per deal with its 95% interval (normal
approximation over the walls), its average placing in the deal (1-4, ties shared) with its
interval, win rate, deal-in rate (it discarded the winning tile), call rate (deals where it
declared a claimed set), draw rate, mean winning score and its decision times. A calibration
line first: the baseline against itself, the candidate breaking its ties by a seeded draw, must
come out at 0 points and placing 2.50 within the interval.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import bots  # noqa: E402
from games.engine.match import Match  # noqa: E402

HEADLINE = ("chinese-classical", "british", "cantonese")
DEFAULT_PAIRS = ("strong,beginner", "strong,intermediate")


def play(ruleset: str, wall: str, levels: list[str], cand: int, ties: bool = False) -> dict:
    """One deal on the wall `wall`, seat s played by levels[s]; the candidate's figures.
    `ties`: the candidate breaks its ties by a seeded draw, not by the actions' order."""
    match = Match.new(ruleset, wall)
    rngs = [random.Random(f"{wall}:{cand}:{s}") for s in range(4)]
    tie_rng = random.Random(f"{wall}:{cand}:ties") if ties else None
    times: list[float] = []
    while not match.deal.is_over:
        seat = match.waiting_on()[0]
        choice = seat == cand and len(match.legal_actions(seat)) > 1
        start = time.perf_counter()
        action = bots.choose(match, seat, levels[seat], rngs[seat],
                             tie_rng if seat == cand else None)
        if choice:  # timed where there is a choice to make (a lone pass takes no thought)
            times.append(time.perf_counter() - start)
        match.apply(action)
    summary = match.history[-1]
    deltas = summary.deltas
    result = summary.result
    mine = deltas[cand]
    placing = 1 + sum(1 for s in range(4) if s != cand and deltas[s] > mine) + 0.5 * sum(
        1 for s in range(4) if s != cand and deltas[s] == mine)
    won = result.winner == cand
    score = summary.hands[cand].get("score", {}).get("total", 0) if won else None
    return {
        "delta": mine,
        "placing": placing,
        "won": won,
        "dealt_in": result.how == "discard" and result.discarder == cand,
        # It paid for everyone: a claimed set it fed (the cannon rule, Hong Kong's 包).
        "liable": result.winner is not None and result.liable == cand,
        "called": any(m.from_seat is not None for m in match.deal.seats[cand].melds),
        "draw": result.winner is None,
        "score": score,
        "times": times,
    }


def play_wall(task: tuple[str, str, str, str, bool]) -> list[dict]:
    """A wall played four times, the candidate at each seat in turn."""
    ruleset, wall, cand_level, base_level, ties = task
    out = []
    for cand in range(4):
        levels = [base_level] * 4
        levels[cand] = cand_level
        out.append(play(ruleset, wall, levels, cand, ties))
    return out


def interval(samples: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run_pair(ruleset: str, cand: str, base: str, deals: int, seed: str, workers: int,
             label: str = "arena") -> dict:
    walls = max(2, -(-deals // 4))
    # The calibration's candidate is the baseline with a seeded tie-break: the same level, so
    # it must come out at 0 and 2.50 within the interval, yet it plays differently from its
    # copies (a deterministic level against itself would give exactly 0 whatever the arena).
    ties = label == "calibration"
    tasks = [(ruleset, f"{seed}:{ruleset}:{i}", cand, base, ties) for i in range(walls)]
    started = time.perf_counter()
    if workers > 1:
        with Pool(workers) as pool:
            played = pool.map(play_wall, tasks, chunksize=max(1, walls // (workers * 8)))
    else:
        played = [play_wall(t) for t in tasks]
    elapsed = time.perf_counter() - started
    plays = [p for w in played for p in w]
    points = interval([statistics.fmean(p["delta"] for p in w) for w in played])
    placing = interval([statistics.fmean(p["placing"] for p in w) for w in played])
    n = len(plays)
    scores = [p["score"] for p in plays if p["won"]]
    times = [t for p in plays for t in p["times"]]
    figures = {
        "points": points, "placing": placing,
        "win": sum(p["won"] for p in plays) / n,
        "deal_in": sum(p["dealt_in"] for p in plays) / n,
        "liable": sum(p["liable"] for p in plays) / n,
        "calls": sum(p["called"] for p in plays) / n,
        "draws": sum(p["draw"] for p in plays) / n,
        "winning_score": statistics.fmean(scores) if scores else 0.0,
        "when_won": statistics.fmean([p["delta"] for p in plays if p["won"]] or [0]),
        "when_lost": statistics.fmean([p["delta"] for p in plays
                                       if not p["won"] and not p["draw"]] or [0]),
        "p50": percentile(times, 0.5) * 1000, "p95": percentile(times, 0.95) * 1000,
        "max": max(times, default=0.0) * 1000,
    }
    mean, lo, hi = points
    print(f"{label} {ruleset}: {cand} vs 3 {base}: {mean:+.1f} points/deal "
          f"(95% CI {lo:+.1f}..{hi:+.1f}), {n} deals", flush=True)
    pm, plo, phi = placing
    print(f"  placing {pm:.2f} (95% CI {plo:.2f}..{phi:.2f}), win {figures['win']:.1%}, "
          f"deal-in {figures['deal_in']:.1%}, liable {figures['liable']:.1%}, calls {figures['calls']:.1%}, "
          f"draws {figures['draws']:.1%}, mean winning score {figures['winning_score']:.1f}; "
          f"points when it wins {figures['when_won']:+.1f}, when another wins "
          f"{figures['when_lost']:+.1f}", flush=True)
    print(f"  {cand}'s decisions: p50 {figures['p50']:.2f} ms, p95 {figures['p95']:.2f} ms, "
          f"max {figures['max']:.1f} ms ({len(times)} decisions; {walls} walls in "
          f"{elapsed:.0f} s)", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/arena.py", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--deals", type=int, default=800,
                        help="deals to play (a multiple of 4: each wall is played 4 times)")
    parser.add_argument("--ruleset", default="all", help="a preset, or 'all' for "
                        + ", ".join(HEADLINE))
    parser.add_argument("--levels", action="append", help="candidate,baseline (repeatable); "
                        "default: " + " and ".join(DEFAULT_PAIRS))
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--calibrate", type=int, default=80, metavar="N",
                        help="deals for the baseline-against-itself line (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    rulesets = HEADLINE if args.ruleset == "all" else (args.ruleset,)
    pairs = [p.split(",") for p in (args.levels or DEFAULT_PAIRS)]
    for cand, base in pairs:
        for level in (cand, base):
            if level not in bots.LEVELS:
                parser.error(f"unknown level {level!r} (known: {', '.join(bots.LEVELS)})")
    for ruleset in rulesets:
        if args.calibrate:
            for base in dict.fromkeys(b for _, b in pairs):
                run_pair(ruleset, base, base, args.calibrate, f"{args.seed}-calibration",
                         args.workers, label="calibration")
        for cand, base in pairs:
            run_pair(ruleset, cand, base, args.deals, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
