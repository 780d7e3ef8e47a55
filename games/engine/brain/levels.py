"""The levels that decide with the evaluator: intermediate (speed and value) and strong (and
defence, and a lookahead two draws deep). Each picks the best candidate; every candidate is a legal
action, so a bot never plays an illegal one."""

from __future__ import annotations

import random

from ..actions import Action
from .evaluate import INTERMEDIATE, STRONG, evaluate
from .knowledge import Knowledge

STYLES = {"intermediate": INTERMEDIATE, "strong": STRONG}


NEAR_TIE = 0.01  # of the best score: candidates this close are equally good to a tie-break


def decide(knowledge: Knowledge, level: str, ties: random.Random | None = None) -> Action | None:
    candidates = evaluate(knowledge, STYLES[level])
    if not candidates:
        return None
    if ties is None:
        return candidates[0].action
    best = candidates[0].score
    near = [c for c in candidates if c.score >= best - max(1e-9, NEAR_TIE * abs(best))]
    return ties.choice(near).action
