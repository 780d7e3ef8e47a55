"""An in-process cache of engine Matches, keyed by game and checked against the game's version
and its rules version.

The moves in the database are the truth: a missing or outdated entry is rebuilt (or brought
forward) by replaying them. A Match being changed is taken out of the cache and put back only
after its transaction commits, so a rolled-back move never lingers here. A live game's ruleset
may change with no new move (a round's time limit): that bumps `Game.rules_version`, and an
entry cached under another rules version is replayed, in every process, socket or not.
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict

from games.engine.actions import Action
from games.engine.match import Match
from games.engine.ruleset import Ruleset

from . import snapshots

_MAX_GAMES = 512
_SNAPSHOT_WORTH = 50  # a Match this many moves behind looks for a snapshot before replaying
# game id -> (the Match, the game's rules_version it was built under)
_cache: OrderedDict[int, tuple[Match, int]] = OrderedDict()
_lock = threading.Lock()


def _get(game) -> Match | None:
    """The cached Match of `game` under its current rules (any version), else None."""
    entry = _cache.get(game.pk)
    if entry is None or entry[1] != game.rules_version:
        return None
    return entry[0]


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


# With a live thread (services/broadcast.py), only it changes cached Matches (take, put): any
# other thread (a page view) reads a Match of its own, since the shared one may be changed under
# it at any moment.
_on_live = threading.local()
_shared = False


def share_with_live_thread() -> None:
    global _shared
    _shared = True


def mark_live_thread() -> None:
    _on_live.yes = True


def _apart() -> bool:
    """Whether this thread must not read the cached Matches themselves."""
    return _shared and not getattr(_on_live, "yes", False)


def match_for(game) -> Match:
    """A Match for reading at game.version (shared: do not change it)."""
    with _lock:
        match = _get(game)
        if match is not None and match.version == game.version:
            _cache.move_to_end(game.pk)
            return pickle.loads(pickle.dumps(match)) if _apart() else match
        if _apart():  # copied while nobody can be changing it (changes take it out first)
            match = pickle.loads(pickle.dumps(match)) if match is not None else None
        else:
            _cache.pop(game.pk, None)
    if _apart():  # brought forward for this reader alone
        return _replay(game, match)
    match = _replay(game, match)
    put(game, match)
    return match


def cached(game) -> Match | None:
    """The cached Match at game.version, if there is one (never replays: for cheap glances at
    a few of its plain values, which another thread may be changing)."""
    with _lock:
        match = _get(game)
    return match if match is not None and match.version == game.version else None


def cached_at(game_id: int, version: int) -> tuple[Match, int] | None:
    """The cached Match of this game if it is at `version`, with the rules version it was built
    under, for a caller without the row to check it against (shared: do not change it)."""
    with _lock:
        entry = _cache.get(game_id)
    return entry if entry is not None and entry[0].version == version else None


def take(game) -> Match:
    """A Match the caller may change; nobody else sees it until put() back."""
    with _lock:
        match = _get(game)
        _cache.pop(game.pk, None)
    if match is not None and match.version == game.version:
        return match
    return _replay(game, match)


def put(game, match: Match) -> None:
    """Cache `match` as `game`'s, under the row's rules version."""
    with _lock:
        _cache[game.pk] = (match, game.rules_version)
        _cache.move_to_end(game.pk)
        while len(_cache) > _MAX_GAMES:
            _cache.popitem(last=False)


def forget(game_id: int) -> None:
    """This game's Match must be replayed from the moves (the rules version makes every
    process do so anyway; this only frees the entry at once)."""
    with _lock:
        _cache.pop(game_id, None)


def forget_all() -> None:
    """As after a process restart: every Match must be replayed from the moves."""
    with _lock:
        _cache.clear()
