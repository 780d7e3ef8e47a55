"""Declared sets on the table: chows, pungs and the three kinds of kong (seed 003 §3.2, §3.4.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import NotationError
from .tiles import format_tiles, parse_tiles

CHOW, PUNG, KONG = "chow", "pung", "kong"
# Groups a player lays out when showing a finished hand to the scoring calculator; they are
# part of the hand, never declared sets: a pair, and BMJA's knitted pairs and triples (one
# number in two or three suits, leagues.md §4).
PAIR, KNITTED = "pair", "knitted"
CONCEALED_KONG, CLAIMED_KONG, PROMOTED_KONG = "concealed", "claimed", "promoted"


@dataclass(frozen=True)
class Meld:
    """A declared set. `exposed` is False only for a concealed kong.

    `kong` names the kind of kong: concealed (all self-drawn), claimed (a concealed pung completed
    by a discard: scores as exposed, counts as concealed) or promoted (a melded pung plus a drawn
    fourth tile). `from_seat` is the discarder whose tile completed it, if any.
    """

    kind: str
    tiles: tuple[int, ...]
    exposed: bool = True
    kong: str | None = None
    from_seat: int | None = None

    @property
    def tile(self) -> int:
        return self.tiles[0]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "tiles": format_tiles(self.tiles),
            "exposed": self.exposed,
        }
        if self.kong:
            data["kong"] = self.kong
        if self.from_seat is not None:
            data["from_seat"] = self.from_seat
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Meld:
        """Reads the score CLI's meld form: {"tiles": "d6 d7 d8", "exposed": true, "kong": ...}."""
        tiles = tuple(parse_tiles(data.get("tiles", "")))
        kong = data.get("kong")
        if kong is not None and kong not in (CONCEALED_KONG, CLAIMED_KONG, PROMOTED_KONG):
            raise NotationError(f"unknown kong kind {kong!r}")
        if len(tiles) == 4 and len(set(tiles)) == 1:
            kind = KONG
            kong = kong or (PROMOTED_KONG if data.get("exposed", True) else CONCEALED_KONG)
        elif len(tiles) == 3 and len(set(tiles)) == 1:
            kind = PUNG
        elif (
            len(tiles) == 3
            and all(t < 27 for t in tiles)
            and sorted(tiles)[0] // 9 == sorted(tiles)[2] // 9
            and [t - min(tiles) for t in sorted(tiles)] == [0, 1, 2]
        ):
            kind = CHOW
        elif len(tiles) == 2 and tiles[0] == tiles[1]:
            kind = PAIR
        elif (
            len(tiles) in (2, 3)
            and all(t < 27 for t in tiles)
            and len({t % 9 for t in tiles}) == 1
            and len({t // 9 for t in tiles}) == len(tiles)
        ):
            kind = KNITTED
        else:
            raise NotationError(f"{data.get('tiles')!r} is not a chow, pung, kong, pair or "
                                "knitted pair or triple")
        if kind != KONG and kong is not None:
            raise NotationError("only a kong has a kong kind")
        exposed = kong != CONCEALED_KONG if kind == KONG else bool(data.get("exposed", True))
        return cls(kind, tuple(sorted(tiles)), exposed, kong, data.get("from_seat"))
