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
    east_consecutive_win_limit: int = 13  # 0: no limit hand for East's run (L18)
    east_run_rotates: bool = False  # a league rule: the deal passes after that limit hand
    # Scoring table details (rules/classical.md §1, rules/leagues.md); see docs/scoring.md
    selfdraw_points: int = 2
    selfdraw_points_on_loose: bool = True
    only_place_points: int = 2
    fishing_eyes: bool = True  # 2 points (minor pair) / 4 (major pair)
    loser_pair_points: bool = True
    own_bonus_doubles: str = "both"  # "both": 1 double for own flower and season; "each"
    bouquet_doubles: int = 1
    three_concealed_pungs: bool = True
    honour_set_doubles: bool = True  # little/big three dragons, little/big four winds
    zero_point_double: bool = True
    false_colour_doubles: int = 1  # one suit with honours
    true_colour_doubles: int = 3  # one suit only
    purity_doubles: int = 0  # BMJA: one suit, no honours, no chows
    loose_tile_double: bool = True
    limit_hands: tuple[str, ...] = (
        "L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "L13",
        "L14", "L15", "L16", "L17", "L18",
    )
    three_scholars_no_chow: bool = True
    buried_treasure_one_suit: bool = False  # BMJA: one suit with honours
    nine_gates_minor_only: bool = False  # BMJA Gates of Heaven: the extra tile is 2-8
    snake: str = "squirming"  # "squirming" (sets, may be melded) or "wriggling" (BMJA shape)
    calling_limit_for_losers: bool = False  # BMJA: a loser calling for a limit hand
    cannon_wall_tiles: int = 4  # live wall tiles left at which every unseen tile is dangerous
    penalties: bool = False
    penalty_false_mahjong: int = 300
    penalty_false_naming_mahjong: int = 300
    penalty_false_claim_chow: int = 50
    penalty_false_claim_pung: int = 100
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
        for key, value in data.items():
            if isinstance(value, list):  # JSON has no tuples; keep the ruleset hashable
                data[key] = tuple(value)
        return cls(**data)

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)


CHINESE_CLASSICAL = Ruleset()

PRESETS: dict[str, Ruleset] = {
    "chinese-classical": CHINESE_CLASSICAL,
    "dmjl": CHINESE_CLASSICAL.replace(
        name="dmjl",
        title="DMJL league classical",
        scoring="dmjl",
        mahjong_points=20,
        limit=500,
        east_consecutive_win_limit=9,
        east_run_rotates=True,
        three_scholars_no_chow=False,
        cannon_rule=True,
        cannon_wall_tiles=5,
        penalties=True,
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
        only_place_points=0,
        fishing_eyes=False,
        own_bonus_doubles="each",
        bouquet_doubles=2,
        three_concealed_pungs=False,
        honour_set_doubles=False,
        zero_point_double=False,
        false_colour_doubles=0,
        true_colour_doubles=0,
        purity_doubles=3,
        loose_tile_double=False,
        limit_hands=(
            "L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "L13",
            "L14", "L15", "L17", "H1", "H2", "H3",
        ),
        east_consecutive_win_limit=0,
        buried_treasure_one_suit=True,
        nine_gates_minor_only=True,
        snake="wriggling",
        calling_limit_for_losers=True,
        cannon_rule=True,
        cannon_wall_tiles=5,
        penalties=True,
        penalty_false_mahjong=500,
        penalty_false_claim_pung=50,
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
