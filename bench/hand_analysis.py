"""Hand analysis speed: this engine against the `mahjong` package from PyPI, on the same hands.

Run: python bench/hand_analysis.py [--hands N] [--seed S]
Hands are seeded: random 14-tile hands from a full wall, and complete hands built from four sets
and a pair. Each side first runs once over the hands (a warm-up: ours fills its per-suit
tables there), then is timed on a second pass. The last three lines are the figures to quote.
A "16-tile" line times ours alone on 17-tile hands (seed 002: five sets and a pair), which the
`mahjong` package does not take.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.agari import Agari  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from games.engine.analysis import is_winning, shanten  # noqa: E402
from games.engine.ruleset import get_ruleset  # noqa: E402
from games.engine.scoring import WinInfo, score_hand  # noqa: E402

# Ours: bamboo, characters, dots, E S W N, red green white. Theirs (34-array): characters (man),
# dots (pin), bamboo (sou), E S W N, white (haku), green (hatsu), red (chun).
_TO_THEIRS = [18 + i for i in range(9)] + [i for i in range(9)] + [9 + i for i in range(9)] + [
    27, 28, 29, 30, 33, 32, 31]


def theirs(counts: Sequence[int]) -> list[int]:
    out = [0] * 34
    for k in range(34):
        out[_TO_THEIRS[k]] = counts[k]
    return out


def random_hands(rng: random.Random, n: int) -> list[list[int]]:
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, 14):
            counts[t] += 1
        hands.append(counts)
    return hands


def random_long_hands(rng: random.Random, n: int, size: int = 17) -> list[list[int]]:
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        hands.append(counts)
    return hands


def complete_hands(rng: random.Random, n: int, sets: int = 4) -> list[list[int]]:
    hands = []
    while len(hands) < n:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                lo = 9 * rng.randrange(3) + rng.randrange(7)
                for t in (lo, lo + 1, lo + 2):
                    counts[t] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def rate(fn: Callable[[list[int]], object], hands: list[list[int]]) -> tuple[float, float]:
    """(first pass, second pass) hands per second."""
    rates = []
    for _ in range(2):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        rates.append(len(hands) / (time.perf_counter() - start))
    return rates[0], rates[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000, help="hands of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    ours = random_hands(rng, args.hands) + complete_hands(rng, args.hands)
    other = [theirs(h) for h in ours]

    disagree = sum(
        shanten(a) != Shanten.calculate_shanten(b, use_chiitoitsu=False)
        or is_winning(a) != Agari.is_agari(b)
        for a, b in zip(ours[:2000], other[:2000])
    )
    print(f"hands: {len(ours)} ({args.hands} random 14-tile, {args.hands} complete); "
          f"disagreements on the first 2000: {disagree}")

    win_ours = rate(is_winning, ours)
    win_theirs = rate(Agari.is_agari, other)
    print(f"is_winning      ours {win_ours[1]:>11,.0f}/s   mahjong {win_theirs[1]:>11,.0f}/s")
    sh_ours = rate(shanten, ours)
    sh_theirs = rate(lambda h: Shanten.calculate_shanten(h, use_chiitoitsu=False), other)
    print(f"shanten (warm)  ours {sh_ours[1]:>11,.0f}/s   mahjong {sh_theirs[1]:>11,.0f}/s")
    print(f"shanten (first pass, tables filling) ours {sh_ours[0]:,.0f}/s   "
          f"mahjong {sh_theirs[0]:,.0f}/s")

    rs = get_ruleset("chinese-classical")
    wins = []
    for h in ours[args.hands:]:
        tiles = [k for k in range(34) for _ in range(h[k])]
        wins.append((tiles, WinInfo(tile=tiles[rng.randrange(14)], source="wall")))

    def score(item):
        tiles, win = item
        return score_hand(rs, concealed=tiles, melds=[], bonus=[], seat_wind=1,
                          prevailing_wind=0, win=win)

    score_rate = rate(score, wins)

    long_hands = random_long_hands(rng, args.hands) + complete_hands(rng, args.hands, 5)
    long_win = rate(is_winning, long_hands)
    long_sh = rate(shanten, long_hands)
    sixteen = get_ruleset("chinese-classical").replace(hand_size=16)
    long_wins = []
    for h in long_hands[args.hands:]:
        tiles = [k for k in range(34) for _ in range(h[k])]
        long_wins.append((tiles, WinInfo(tile=tiles[rng.randrange(17)], source="wall")))
    long_score = rate(lambda item: score_hand(sixteen, concealed=item[0], melds=[], bonus=[],
                                              seat_wind=1, prevailing_wind=0, win=item[1]),
                      long_wins)
    print(f"16-tile (17 tiles: {args.hands} random, {args.hands} complete): is_winning "
          f"{long_win[1]:,.0f}/s, shanten {long_sh[1]:,.0f}/s (first pass {long_sh[0]:,.0f}/s), "
          f"score {long_score[1]:,.0f}/s")
    print(f"is_winning ratio: {win_ours[1] / win_theirs[1]:.2f}")
    print(f"shanten ratio: {sh_ours[1] / sh_theirs[1]:.2f}")
    print(f"score hands/s: {score_rate[1]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
