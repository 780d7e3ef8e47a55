"""Rules as data: everything that differs between the seeds' variants is a field here.

Presets name the variants; `chinese-classical` (seeds 000 + 003, rules/classical.md) is the default.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .errors import NotationError


@dataclass(frozen=True)
class Ruleset:
    name: str = "chinese-classical"
    title: str = "Chinese Classical"
    # Tiles and hands
    bonus_tiles: bool = True  # 144 tiles with flowers and seasons, else 136
    hand_size: int = 13  # tiles dealt to a non-dealer; the dealer gets one more
    # Wall (seed 000 §2.2)
    dead_wall_stacks: int = 7  # stacks beside the break, plus the two loose tiles on top
    dead_wall_replenish: bool = False  # modern: refill the dead wall from the live wall's tail
    bonus_replacement: str = "live_wall"  # "live_wall" (open end) or "dead_wall"
    # Play (seed 003)
    max_chows: int | None = None  # British: one chow in a Mah Jong hand
    original_call: bool = True
    must_declare_calling: bool = False  # British "fishing"
    rob_concealed_kong_for_orphans: bool = True
    thirteen_orphans: bool = True
    # Match (seed 003 §3.3)
    rounds: int = 4
    starting_points: int = 2000
    dealer_keeps_on_draw: bool = True
    # Scoring and payments (rules/classical.md)
    scoring: str = "classical"
    mahjong_points: int = 10
    limit: int = 1000
    roof_off: bool = False
    rounding: str = "none"  # none | nearest10_after | up10_before
    east_doubles: bool = True
    losers_settle: bool = True
    claimed_kong_counts_concealed: bool = True
    cannon_rule: bool = False
    east_consecutive_win_limit: int = 13
    options: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def dead_wall_size(self) -> int:
        return 2 * self.dead_wall_stacks + 2 if self.dead_wall_stacks else 0

    @property
    def wall_stacks_per_side(self) -> int:
        return 18 if self.bonus_tiles else 17

    @property
    def tile_count(self) -> int:
        return 144 if self.bonus_tiles else 136

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["options"] = [list(kv) for kv in self.options]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ruleset:
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise NotationError(f"unknown ruleset settings: {', '.join(sorted(unknown))}")
        data = dict(data)
        if "options" in data:
            data["options"] = tuple(tuple(kv) for kv in data["options"])
        return cls(**data)

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)


CHINESE_CLASSICAL = Ruleset()

PRESETS: dict[str, Ruleset] = {
    "chinese-classical": CHINESE_CLASSICAL,
    "dmjl": CHINESE_CLASSICAL.replace(
        name="dmjl", title="DMJL league classical", scoring="dmjl", mahjong_points=20, limit=500
    ),
    "bmja": CHINESE_CLASSICAL.replace(
        name="bmja",
        title="British (BMJA)",
        scoring="bmja",
        max_chows=1,
        must_declare_calling=True,
        original_call=False,
        mahjong_points=20,
        dead_wall_stacks=6,
        dead_wall_replenish=True,
        bonus_replacement="dead_wall",
    ),
}

DEFAULT_RULESET = "chinese-classical"
PLAYABLE = ("chinese-classical",)


def get_ruleset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise NotationError(f"unknown ruleset {name!r} (known: {known})") from None
