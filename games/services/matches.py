"""An in-process cache of engine Matches, keyed by game and checked against the game's version.

The moves in the database are the truth: a missing or outdated entry is rebuilt (or brought
forward) by replaying them. A Match being changed is taken out of the cache and put back only
after its transaction commits, so a rolled-back move never lingers here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from games.engine.actions import Action
from games.engine.match import Match
from games.engine.ruleset import Ruleset

from . import snapshots

_MAX_GAMES = 512
_SNAPSHOT_WORTH = 50  # a Match this many moves behind looks for a snapshot before replaying
_cache: OrderedDict[int, Match] = OrderedDict()
_lock = threading.Lock()


def _replay(game, match: Match | None) -> Match:
    if match is not None and (match.version > game.version or match.seed != game.seed):
        match = None  # ahead of the row, or another game's (a database restored, ids reused)
    if match is None or game.version - match.version > _SNAPSHOT_WORTH:
        match = snapshots.latest(game, match.version if match else -1) or match
    if match is None:
        match = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    if match.version < game.version:
        for data in game.moves.filter(seq__gt=match.version).order_by("seq").values_list(
            "action", flat=True
        ):
            match.apply(Action.from_json(data))
    return match


def match_for(game) -> Match:
    """A Match for reading at game.version (shared: do not change it)."""
    with _lock:
        match = _cache.get(game.pk)
        if match is not None and match.version == game.version:
            _cache.move_to_end(game.pk)
            return match
        _cache.pop(game.pk, None)
    match = _replay(game, match)
    put(game.pk, match)
    return match


def cached(game) -> Match | None:
    """The cached Match at game.version, if there is one (never replays: for cheap glances)."""
    with _lock:
        match = _cache.get(game.pk)
    return match if match is not None and match.version == game.version else None


def cached_at(game_id: int, version: int) -> Match | None:
    """The cached Match of this game if it is at `version` (shared: do not change it)."""
    with _lock:
        match = _cache.get(game_id)
    return match if match is not None and match.version == version else None


def take(game) -> Match:
    """A Match the caller may change; nobody else sees it until put() back."""
    with _lock:
        match = _cache.pop(game.pk, None)
    if match is not None and match.version == game.version:
        return match
    return _replay(game, match)


def put(game_id: int, match: Match) -> None:
    with _lock:
        _cache[game_id] = match
        _cache.move_to_end(game_id)
        while len(_cache) > _MAX_GAMES:
            _cache.popitem(last=False)


def forget(game_id: int) -> None:
    """This game's Match must be replayed from the moves: its ruleset changed with no new move
    (a round's time limit), which the version check cannot see."""
    with _lock:
        _cache.pop(game_id, None)


def forget_all() -> None:
    """As after a process restart: every Match must be replayed from the moves."""
    with _lock:
        _cache.clear()
