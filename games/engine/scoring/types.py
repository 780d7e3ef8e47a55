"""The values scoring takes and gives back (rules/classical.md §1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

WALL, DEAD_WALL, DISCARD, ROBBED_KONG = "wall", "dead_wall", "discard", "robbed_kong"
SOURCES = (WALL, DEAD_WALL, DISCARD, ROBBED_KONG)
SELF_DRAWN = (WALL, DEAD_WALL)


@dataclass(frozen=True)
class WinInfo:
    """How the winner went out. `blessing` is Heaven's for East, Earth's for anyone else."""

    tile: int
    source: str
    last_tile: bool = False
    original_call: bool = False
    blessing: bool = False
    kong_on_kong: bool = False
    bonus_replacement: bool = False  # the winning tile replaced a flower or season
    robbed_kong_tile: bool = False
    set: tuple[int, ...] | None = None
    east_streak: int = 0

    @property
    def self_drawn(self) -> bool:
        return self.source in SELF_DRAWN

    @property
    def robbed(self) -> bool:
        return self.source == ROBBED_KONG or self.robbed_kong_tile


def win_info(result: Any, east_streak: int = 0) -> WinInfo:
    """How a deal's winner went out (the deal's DealResult), as scoring takes it."""
    return WinInfo(
        tile=result.tile,
        source=result.source,
        last_tile=result.last_tile,
        original_call=result.original_call,
        blessing=result.blessing,
        kong_on_kong=result.kong_on_kong,
        bonus_replacement=result.bonus_replacement,
        east_streak=east_streak,
    )


@dataclass(frozen=True)
class ScoreItem:
    """One line of a score: `kind` is "points", "doubles" or "limit"."""

    rule: str
    name: str
    kind: str
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "name": self.name, self.kind: self.value}


@dataclass(frozen=True)
class Reading:
    """The sets and pair of a winner's concealed tiles that the score was made from (§1.1):
    its pungs and its chows (each by its lowest tile), its pair, and `completed`, the group the
    winning tile finished: an index into the pungs then the chows, or -1 (winner.PAIR) for the
    pair. arrangement.py lays it out as the proof of the score."""

    pungs: tuple[int, ...]
    chows: tuple[int, ...]
    pair: int
    completed: int


@dataclass(frozen=True)
class HandScore:
    won: bool
    points: int
    doubles: int
    limit: str | None
    total: int
    items: tuple[ScoreItem, ...]
    reason: str | None = None
    # The reading the score was made from (score.py), or None: a loser, a special shape, a Hong
    # Kong hand (its proof shows it unsplit), or a hand whose scored tiles are not the ones
    # given (wilds standing for other tiles, groups laid out for the calculator). Not part of
    # the score's value: neither compared nor in to_json.
    reading: Reading | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "won": self.won,
            "points": self.points,
            "doubles": self.doubles,
            "limit": self.limit,
            "total": self.total,
            "items": [item.to_json() for item in self.items],
        }
        if self.reason is not None:
            data["reason"] = self.reason
        return data
