"""A running game's replay steps, extended as its moves come instead of rebuilt per request.

Each process keeps the steps of the few running games being watched (least recently used go
first), already encoded and gzipped up to their last step: a request applies only the moves
made since, then finishes a copy of the gzip stream with the part that changes (the version,
the deals). A finished game's steps (every hand revealed) are built once and cached elsewhere.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from typing import Any

import orjson

from games.engine.actions import Action
from games.engine.replay import Steps
from games.engine.ruleset import Ruleset
from games.models import Game

KEEP = 16  # running games per process whose steps are kept
_games: OrderedDict[tuple[int, str], _Running] = OrderedDict()
_games_lock = threading.Lock()


class _Running:
    def __init__(self, game: Game) -> None:
        self.lock = threading.Lock()
        self.zip = zlib.compressobj(5, zlib.DEFLATED, 31)  # 31: the gzip format
        self.parts = [self.zip.compress(b'{"steps":[')]
        self.count = 0
        self.steps = Steps(Ruleset.from_json(game.ruleset), game.seed, reveal=False,
                           sink=self._add)

    def _add(self, step: dict[str, Any]) -> None:
        text = orjson.dumps(step)
        self.parts.append(self.zip.compress(b"," + text if self.count else text))
        self.count += 1

    def gz(self) -> bytes:
        """The steps so far as one gzipped JSON object; the stream itself goes on."""
        end = self.zip.copy()
        head = orjson.dumps(self.steps.head())  # {"reveal":..., "deals":[...]}
        return b"".join(self.parts) + end.compress(b"]," + head[1:]) + end.flush()


def steps_gz(game: Game) -> bytes:
    """The running `game`'s steps as gzipped JSON, at the game's version."""
    key = (game.pk, game.seed)
    with _games_lock:
        entry = _games.get(key)
        if entry is not None and entry.steps.version > game.version:
            entry = None  # a row read before a newer request's: build afresh for this one
        if entry is None:
            entry = _games[key] = _Running(game)
        _games.move_to_end(key)
        while len(_games) > KEEP:
            _games.popitem(last=False)
    with entry.lock:
        if entry.steps.version < game.version:
            new = game.moves.filter(seq__gt=entry.steps.version, seq__lte=game.version)
            entry.steps.extend(
                Action.from_json(a) for a in new.order_by("seq").values_list("action", flat=True)
            )
        return entry.gz()


def forget_all() -> None:
    with _games_lock:
        _games.clear()
