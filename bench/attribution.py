"""Where strong's difference from the intermediate comes from, decision by decision.

    python bench/attribution.py --deals N --ruleset R [--seed S]

On the arena's walls (the same seeds, so the total is the arena's points/deal for strong vs 3
intermediate), each wall is played once by four intermediates (the control) and then four times
with strong in one seat. Strong plays exactly as the intermediate until its first decision that
differs; everything after follows from it. That decision is named by its cause, the part of
strong without which it would have chosen as the intermediate did (`defence`: the danger of a
discard and the bills it may bring; `lookahead`: the draws further; `spared`: what going out
spares it paying another winner; `several` when no one part alone decides it), and its kind (a
discard, or a claim window as strong's choice > the intermediate's). Each play's difference from the control's result for that seat is put to
its cause. Printed per cause: how many plays, the mean difference with its 95% interval, and its
share of the points per deal.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import defaultdict
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import actions as A  # noqa: E402
from games.engine import bots  # noqa: E402
from games.engine.brain import evaluate, knowledge_for  # noqa: E402
from games.engine.brain.evaluate import INTERMEDIATE, STRONG  # noqa: E402
from games.engine.match import Match  # noqa: E402

# Strong less one of its parts.
WITHOUT = {
    "defence": replace(STRONG, defence=False),
    "lookahead": replace(STRONG, lookahead=False),
    "spared": replace(STRONG, spared=False),
}


def _first(knowledge, style):
    ranked = evaluate(knowledge, style)
    return ranked[0].action if ranked else None


def cause_of(knowledge) -> str | None:
    """Why strong's choice here differs from the intermediate's (None: it does not)."""
    strong, plain = _first(knowledge, STRONG), _first(knowledge, INTERMEDIATE)
    if strong == plain:
        return None
    needed = [part for part, style in WITHOUT.items() if _first(knowledge, style) == plain]
    cause = needed[0] if len(needed) == 1 else "several"
    if knowledge.claim_tile is None:
        return f"{cause} / discard"
    return f"{cause} / claim {strong.type}>{plain.type}"


def _play(ruleset: str, wall: str, cand: int | None) -> tuple[list[int], str | None]:
    match = Match.new(ruleset, wall)
    cause = None
    diverged = False
    while not match.deal.is_over:
        seat = match.waiting_on()[0]
        strong = seat == cand
        if strong and not diverged and len(match.legal_actions(seat)) > 1 \
                and match.legal_actions(seat)[0].type != A.EXCHANGE:
            cause = cause_of(knowledge_for(match, seat))
            diverged = cause is not None
        match.apply(bots.choose(match, seat, "strong" if strong else "intermediate"))
    return match.history[-1].deltas, cause


def attribute_wall(task: tuple[str, str]) -> list[tuple[float, str | None]]:
    """One wall: strong at each seat in turn, each play's difference from the control's
    result for that seat and the cause of its first differing decision."""
    ruleset, wall = task
    control, _ = _play(ruleset, wall, None)
    out = []
    for cand in range(4):
        deltas, cause = _play(ruleset, wall, cand)
        out.append((deltas[cand] - control[cand], cause))
    return out


def summarise(walls: list[list[tuple[float, str | None]]]) -> tuple[float, dict]:
    """The points per deal (the control's four seats sum to zero, so it is the arena's figure)
    and, per cause, (plays, mean, half-width of the 95% interval, share per deal)."""
    deals = 4 * len(walls)
    by: dict[str, list[float]] = defaultdict(list)
    for wall in walls:
        for diff, cause in wall:
            by[cause or "same play"].append(diff)
    total = sum(sum(v) for v in by.values()) / deals
    table = {}
    for cause, diffs in by.items():
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        table[cause] = (len(diffs), statistics.fmean(diffs), half, sum(diffs) / deals)
    return total, table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/attribution.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--ruleset", default="chinese-classical")
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    walls = max(1, args.deals // 4)
    tasks = [(args.ruleset, f"{args.seed}:{args.ruleset}:{i}") for i in range(walls)]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            played = pool.map(attribute_wall, tasks, chunksize=4)
    else:
        played = [attribute_wall(t) for t in tasks]
    total, table = summarise(played)
    print(f"attribution {args.ruleset}: strong vs 3 intermediate: {total:+.2f} points/deal, "
          f"{4 * walls} deals")
    for cause, (n, mean, half, share) in sorted(table.items(), key=lambda kv: kv[1][3]):
        print(f"  {cause:<32} {n:>5} plays  mean {mean:+8.1f} (95% CI {mean - half:+.1f}.."
              f"{mean + half:+.1f})  {share:+.2f} points/deal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
