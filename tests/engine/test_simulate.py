"""The simulator: python -m games.engine simulate."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_simulate_prints_how_deals_ended_and_deals_per_second():
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "simulate", "--deals", "40", "--seed", "7"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.strip().splitlines()
    assert out[-1].startswith("deals/s: ") and int(out[-1].split()[-1]) > 0
    counts = {}
    for line in out:
        for label in ("self-drawn", "on a discard", "robbing a kong", "draw (wash-out)"):
            if line.strip().startswith(label):
                counts[label] = int(line.strip()[len(label):].split()[0])
    assert sum(counts.values()) == 40 and len(counts) == 4


def test_the_same_seed_plays_the_same_deals():
    def run():
        lines = subprocess.run(
            [sys.executable, "-m", "games.engine", "simulate", "--deals", "10", "--seed", "x"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.splitlines()
        return lines[:5] + [lines[5].split("(")[0]]  # endings and the number of actions

    assert run() == run()


def test_unknown_command_is_refused():
    res = subprocess.run(
        [sys.executable, "-m", "games.engine", "fly"], cwd=ROOT, capture_output=True, text=True
    )
    assert res.returncode == 2 and "usage" in res.stderr
