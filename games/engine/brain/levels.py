"""The levels that decide with the evaluator: intermediate (speed and value) and strong (and
defence, and one draw of lookahead). Each picks the best candidate; every candidate is a legal
action, so a bot never plays an illegal one."""

from __future__ import annotations

from ..actions import Action
from .evaluate import INTERMEDIATE, STRONG, evaluate
from .knowledge import Knowledge

STYLES = {"intermediate": INTERMEDIATE, "strong": STRONG}


def decide(knowledge: Knowledge, level: str) -> Action | None:
    candidates = evaluate(knowledge, STYLES[level])
    return candidates[0].action if candidates else None
