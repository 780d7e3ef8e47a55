"""What a player can do. Each action is a frozen value with a JSON form used by records,
the web protocol and the CLI.

  {"seat": 0, "type": "discard", "tile": "b1"}            (add "call": true for an Original Call)
  {"seat": 1, "type": "chow", "tiles": "b1 b2 b3"}         claim the discard for this chow
  {"seat": 2, "type": "pung"} / {"type": "kong"}           claim the discard
  {"seat": 3, "type": "win"}                               go out (self-drawn, on a discard, robbing)
  {"seat": 0, "type": "concealed_kong", "tile": "c5"}      declare on one's own turn
  {"seat": 0, "type": "promote_kong", "tile": "c5"}        add a drawn fourth tile to a melded pung
  {"seat": 1, "type": "pass"}                              decline a claim or a robbing chance
  {"seat": 2, "type": "ready"}                             after a deal: ready for the next one
  {"seat": 0, "type": "exchange", "tiles": "b1 c5 wn"}     a Goulash: pass three concealed tiles

In `legal_actions` an exchange is offered as `{"seat": 0, "type": "exchange"}` with no tiles:
any three concealed tiles may be passed, and listing every choice would run to hundreds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import NotationError
from .settings_check import show
from .tiles import format_tiles, parse_tile, parse_tiles, tile_words

DISCARD = "discard"
CHOW = "chow"
PUNG = "pung"
KONG = "kong"
WIN = "win"
CONCEALED_KONG = "concealed_kong"
PROMOTE_KONG = "promote_kong"
PASS = "pass"
READY = "ready"
EXCHANGE = "exchange"
EXCHANGE_COUNT = 3  # tiles passed in each round of a Goulash exchange

TYPES = (DISCARD, CHOW, PUNG, KONG, WIN, CONCEALED_KONG, PROMOTE_KONG, PASS, READY, EXCHANGE)
_WITH_TILE = (DISCARD, CONCEALED_KONG, PROMOTE_KONG)
CLAIMS = (WIN, KONG, PUNG, CHOW)  # precedence, highest first (seed 003 §3.4)


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    type: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    call: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "type": self.type}
        if self.tile is not None:
            data["tile"] = format_tiles([self.tile])
        if self.tiles:
            data["tiles"] = format_tiles(self.tiles)
        if self.call:
            data["call"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict):
            raise NotationError("an action must be a JSON object")
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise NotationError("an action needs a seat from 0 to 3")
        kind = data.get("type")
        if kind not in TYPES:
            raise NotationError(f"unknown action type {kind!r}")
        tile = None
        if kind in _WITH_TILE:
            if not isinstance(data.get("tile"), str):
                raise NotationError(f'a {kind} action names its tile, e.g. "tile": "b5"')
            tile = parse_tile(data["tile"].strip())
        tiles: tuple[int, ...] = ()
        if kind == CHOW:
            if not isinstance(data.get("tiles"), str):
                raise NotationError('a chow names its three tiles, e.g. "tiles": "b3 b4 b5"')
            tiles = tuple(sorted(parse_tiles(data["tiles"])))
            if len(tiles) != 3:
                raise NotationError("a chow has exactly three tiles")
        if kind == EXCHANGE and "tiles" in data:
            # Offered without tiles in `legal_actions`; sent, it names the three to pass.
            if not isinstance(data["tiles"], str):
                raise NotationError('an exchange names its tiles, e.g. "tiles": "b1 c5 wn"')
            tiles = tuple(sorted(parse_tiles(data["tiles"])))
            if len(tiles) != EXCHANGE_COUNT:
                raise NotationError(f"an exchange passes exactly {EXCHANGE_COUNT} tiles")
        call = data.get("call", False)
        if not isinstance(call, bool) or (call and kind != DISCARD):
            raise NotationError("only a discard can carry an Original Call")
        return cls(seat, kind, tile, tiles, call)

    def describe(self) -> str:
        """A player's words: 'discards 5 Dots', 'chows 3-4-5 Bamboo'."""
        if self.type == DISCARD:
            return f"discards {tile_words(self.tile)}" + (
                " with an Original Call" if self.call else ""
            )
        if self.type == CHOW:
            return "chows " + ", ".join(tile_words(t) for t in self.tiles)
        if self.type == EXCHANGE:
            return "passes three tiles"
        if self.type in (CONCEALED_KONG, PROMOTE_KONG):
            return f"declares a kong of {tile_words(self.tile)}"
        return {PUNG: "pungs", KONG: "kongs", WIN: "goes out", PASS: "passes", READY: "is ready"}[
            self.type
        ]


def _is_tile(t: Any) -> bool:
    return isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 42


def malformed(action: Action) -> str | None:
    """Why an action built in code cannot be a move at all (from_json checks those read from
    JSON): asked before any rule, so a bad value is refused in words, never by a crash."""
    seat = action.seat
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        return f"an action needs a seat from 0 to 3, not {show(seat)}"
    if action.type not in TYPES:
        return f"unknown action type {show(action.type)}"
    if action.tile is not None and not _is_tile(action.tile):
        return f"{show(action.tile)} is not a tile (tiles are numbered 0 to 41)"
    if action.type in _WITH_TILE and action.tile is None:
        return f"a {action.type} action names its tile"
    if not isinstance(action.tiles, tuple) or not all(_is_tile(t) for t in action.tiles):
        return f"{show(action.tiles)} is not a tuple of tiles (numbered 0 to 41)"
    if not isinstance(action.call, bool):
        return "an Original Call is true or false"
    return None

