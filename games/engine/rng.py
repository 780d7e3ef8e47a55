"""Deterministic randomness: every throw and shuffle comes from the game's secret seed.

Each use draws from its own stream (seed + purpose), so adding a throw in one place never shifts
the tiles of another deal.
"""

from __future__ import annotations

import hashlib
import random


class Rng:
    def __init__(self, seed: str, purpose: str) -> None:
        digest = hashlib.sha256(f"{seed}\x00{purpose}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest, "big"))

    def throw(self) -> tuple[int, int]:
        """Two dice."""
        return (self._random.randint(1, 6), self._random.randint(1, 6))

    def shuffle(self, items: list) -> None:
        self._random.shuffle(items)

    def choice(self, items: list):
        return self._random.choice(items)
