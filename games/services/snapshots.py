"""Snapshots of a Match taken as each deal begins, so rebuilding a late game after a restart
replays one deal's moves, not the whole game's.

The format is a pickle of the engine's own objects, tagged with a digest of the engine's source:
after any engine change old snapshots are simply ignored (the moves are replayed instead). The
data is only ever written by this module from Matches the engine built itself.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path

from django.db import IntegrityError

from games.engine.actions import Action
from games.engine.match import Match
from games.models import Snapshot


@lru_cache(maxsize=1)
def engine_format() -> str:
    digest = hashlib.sha1()
    root = Path(__file__).resolve().parent.parent / "engine"
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return "pickle5-" + digest.hexdigest()[:24]


def dump(match: Match) -> tuple[int, bytes]:
    """(version, data). Actions travel as plain tuples: far cheaper to pickle than dataclasses."""
    actions = match.actions
    match.actions = [(a.seat, a.type, a.tile, a.tiles, a.call) for a in actions]
    try:
        return len(actions), pickle.dumps(match, protocol=5)
    finally:
        match.actions = actions


def load(data: bytes) -> Match:
    match = pickle.loads(data)
    made: dict[tuple, Action] = {}  # a game repeats few distinct actions: build each once
    match.actions = [made.get(t) or made.setdefault(t, Action(*t)) for t in match.actions]
    return match


def store(game_id: int, snapshot: tuple[int, bytes]) -> None:
    version, data = snapshot
    try:
        Snapshot.objects.create(game_id=game_id, version=version, format=engine_format(), data=data)
    except IntegrityError:
        pass  # another process stored this one first


def latest(game, above: int) -> Match | None:
    """The newest usable snapshot of `game` with above < version <= game.version."""
    data = (
        Snapshot.objects.filter(
            game_id=game.pk, format=engine_format(), version__gt=above, version__lte=game.version
        )
        .order_by("-version")
        .values_list("data", flat=True)
        .first()
    )
    if data is None:
        return None
    try:
        return load(bytes(data))
    except Exception:  # unreadable: the moves are the truth, replay them instead
        return None
