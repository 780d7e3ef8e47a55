"""Seating figures: repeat meetings and wind balance for the tested field sizes.

    .venv/bin/python bench/seating.py

`repeats`: times two players met who had met before; `bound`: the fewest repeats counting
allows (meetings beyond the number of distinct pairs); `wind spread`: the largest gap over
players between their most and least played starting wind; `designed`: rounds taken from a
resolvable design rather than searched.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.tournaments.seating import repeat_meetings, seat_round, wind_spread  # noqa: E402


def bound(n: int, rounds: int) -> int:
    return max(0, 6 * (n // 4) * rounds - n * (n - 1) // 2)


def main() -> None:
    print(f"{'players':>7} {'rounds':>6} {'repeats':>7} {'bound':>5} {'wind spread':>11} "
          f"{'designed':>8} {'seconds':>7}")
    for n in (8, 16, 20, 36, 64):
        for rounds in range(4, 9):
            start = time.perf_counter()
            history, designed = [], 0
            for _ in range(rounds):
                seating = seat_round(list(range(n)), history, seed="bench")
                history.append(seating.tables)
                designed += seating.designed
            took = time.perf_counter() - start
            print(f"{n:>7} {rounds:>6} {repeat_meetings(history):>7} {bound(n, rounds):>5} "
                  f"{wind_spread(history):>11} {designed:>8} {took:>7.2f}")


if __name__ == "__main__":
    main()
