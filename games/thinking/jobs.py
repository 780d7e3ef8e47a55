"""What a worker process runs: pure functions of the engine, no Django, no database. Each takes
only what its answer may depend on (a seat's view, never a deal), so a worker cannot see more
than the seat it thinks for."""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from games.engine.actions import Action
from games.engine.brain.evaluate import evaluate
from games.engine.brain.knowledge import Knowledge
from games.engine.brain.levels import decide
from games.engine.brain.review import review_game
from games.engine.record import Checked, Verification, replay_checked
from games.engine.ruleset import Ruleset


def start_worker(parent: int, niceness: int = 10) -> None:
    """A worker's first step: lower its priority by `niceness` (GAMES_THINK_NICENESS) and leave
    when the process that started it is gone (killed without the chance to shut its pool
    down)."""
    try:
        if niceness:
            os.nice(niceness)
    except OSError:
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _slow(extra_ms: int) -> None:
    if extra_ms:
        time.sleep(extra_ms / 1000)


def weigh(view: dict[str, Any], ruleset: Ruleset, level: str, extra_ms: int = 0) -> dict | None:
    """A bot level's choice for the seat whose view this is (engine/brain/levels.py), as the
    action's JSON; None if the level has no opinion (the caller falls back to its rule of
    thumb). `extra_ms`: time added on purpose (the setting GAMES_THINK_EXTRA_MS: a slow bot)."""
    _slow(extra_ms)
    chosen: Action | None = decide(Knowledge.from_view(view, ruleset), level)
    return None if chosen is None else chosen.to_json()


def candidates(view: dict[str, Any], ruleset: Ruleset, shown: int) -> list[dict[str, Any]]:
    """Every candidate of the seat's decision, weighed by the strong evaluator (hints)."""
    return [c.to_json() for c in evaluate(Knowledge.from_view(view, ruleset))[:shown]]


def review(ruleset: Ruleset, seed: str, actions: list[dict], people: list[int]) -> dict:
    """A finished game's review of its people's decisions (engine/brain/review.py)."""
    return review_game(ruleset, seed, [Action.from_json(a) for a in actions], people)


def replay_record(record: dict, checked: Checked) -> Verification:
    """An imported record dealt and replayed, and compared with what it claims (its cheap
    checks already passed: engine/record.py check_record)."""
    return replay_checked(record, checked)
