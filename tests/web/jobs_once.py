"""The puzzles' engine jobs worked out once per argument in a test process: they are pure
functions (the same game and thresholds give the same puzzles), so tests that make the puzzles of
the same games share the simulations, while the services still store them each time."""

from __future__ import annotations

import copy
import functools
import json

from games.thinking import puzzle_jobs

_worked_out: dict = {}


def once(job, thresholds: bool = True):
    """`job` worked out once for its arguments (and the thresholds, where they count); each call
    gets its own copy."""
    @functools.wraps(job)
    def run(*args, **kwargs):
        key = (job.__name__, (puzzle_jobs.MARGIN, puzzle_jobs.RELATIVE) if thresholds else (),
               json.dumps([args, kwargs], sort_keys=True, default=lambda o: o.to_json()))
        if key not in _worked_out:
            _worked_out[key] = job(*args, **kwargs)
        return copy.deepcopy(_worked_out[key])
    return run
