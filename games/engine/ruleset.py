"""Rules as data: everything that differs between the seeds' variants is a field here.

Presets name the variants; `chinese-classical` (seeds 000 + 003, rules/classical.md) is the default.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .errors import NotationError
from .settings_check import check_settings
from .tiles import BONUS_SETS

# Stacks in each wind's row (East, South, West, North) for each choice of bonus tiles.
WALL_ROWS: dict[str, tuple[int, int, int, int]] = {
    "none": (17, 17, 17, 17),
    "flowers": (18, 17, 18, 17),
    "flowers_and_seasons": (18, 18, 18, 18),
}


@dataclass(frozen=True)
class Ruleset:
    name: str = "chinese-classical"
    title: str = "Chinese Classical"
    description: str = (
        "The traditional game with flowers and seasons: make four sets and a pair to go Mah "
        "Jong. Every hand is scored, and the losers settle up among themselves too."
    )
    # Tiles and hands
    # The bonus tiles in the wall (tiles.BONUS_SETS): "flowers_and_seasons" (144 tiles, rows of
    # 18), "flowers" (002: 140, East's and West's rows of 18, South's and North's 17) or "none"
    # (136, rows of 17). Saved settings that say true or false mean the first or the last.
    bonus_tiles: str = "flowers_and_seasons"
    hand_size: int = 13  # tiles dealt to a non-dealer; the dealer gets one more
    # Wall (seed 000 §2.2)
    dead_wall_stacks: int = 7  # stacks beside the break, plus the two loose tiles on top
    dead_wall_replenish: bool = False  # modern: refill the dead wall from the live wall's tail
    # 004 §2.5: the replenished dead wall is untouchable: never drawn below its size, so a kong
    # or a bonus tile that needs a tile once the live wall is empty has none (docs/rulesets.md)
    untouchable_tail: bool = False
    bonus_replacement: str = "live_wall"  # "live_wall" (open end) or "dead_wall"
    loose_tiles: bool = True  # the broken stack's two tiles lie on the dead wall (000 §2.2)
    bonus_rounds: bool = False  # 002: a bonus tile drawn as a replacement waits for the others
    # Rituals
    seating_form: str = "dice"  # "dice" (000 §2.1: dice and wind tiles) | "dealt_winds" (001)
    first_dealer_by_dice: bool = False  # 004 §2.3: the East-tile holder's dice name the dealer
    first_break_by_dealer_cast: bool = False  # 004 §2.4: and the first break counts that cast
    break_form: str = "two_throws"  # 000: two throws | "one_throw" (002) | "own_wall" (004)
    first_break_own_wall: bool = False  # 002 note: first East breaks his own wall by the last throw
    east_final_tiles: str = "stack"  # 000: the next stack | "chan_chan" (000 note, 001, 004)
    # Play (seed 003)
    max_chows: int | None = None  # British: one chow in a Mah Jong hand
    original_call: bool = True
    must_declare_calling: bool = False  # British "fishing" (001), declared when calling
    goulash_after_washout: bool = False  # 001: a wash-out is followed by a Goulash deal
    wild_tile: int | None = None  # the Goulash's wild kind (2 of Bamboo); set by the Deal only
    discard_display: str = "rows"  # "rows" per seat | "centre" (003: at random in the centre)
    rob_concealed_kong_for_orphans: bool = True
    thirteen_orphans: bool = True
    # Match (seed 003 §3.3)
    rounds: int = 4
    max_deals: int | None = None  # a set number of deals (tournament tables); None: all rounds
    starting_points: int = 2000
    dealer_keeps_on_draw: bool = True
    # Scoring and payments (rules/classical.md)
    scoring: str = "classical"
    min_faan: int = 0  # Hong Kong tables: the fewest faan a hand needs to go out (most ask 3)
    responsibility: bool = False  # Hong Kong 包: feeding a third dragon or fourth wind set pays all
    payout: str = "exponential"  # Hong Kong faan -> units: exponential | half_spicy | laak
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
        if not self.dead_wall_stacks:
            return 0
        return 2 * self.dead_wall_stacks + (2 if self.loose_tiles else 0)

    @property
    def bonus_kinds(self) -> tuple[int, ...]:
        """The flowers and seasons in play, one tile of each."""
        return BONUS_SETS[self.bonus_tiles]

    @property
    def wall_rows_by_wind(self) -> tuple[int, int, int, int]:
        """The stacks in the row East, South, West and North each build (000 §2.2, 002, 004
        §2.2): 17 without bonus tiles, 18 with flowers and seasons; with flowers only, "East
        and West build a 18-tile long row and South and North build a 17-tile long row" (002)."""
        return WALL_ROWS[self.bonus_tiles]

    def wall_rows(self, dealer: int) -> tuple[int, int, int, int]:
        """The stacks in each seat's row for a deal `dealer` deals: the rows go by the seats'
        winds in that deal, which the walls are built for."""
        by_wind = WALL_ROWS[self.bonus_tiles]
        return tuple(by_wind[(seat - dealer) % 4] for seat in range(4))  # type: ignore[return-value]

    @property
    def tile_count(self) -> int:
        return 2 * sum(WALL_ROWS[self.bonus_tiles])

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["options"] = [list(kv) for kv in self.options]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ruleset:
        """Settings checked before anything is built (settings_check.py): a refused one raises
        NotationError naming the setting and why. Lists come back as tuples (hashable)."""
        return cls(**check_settings(cls, data, PRESETS))

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)


CHINESE_CLASSICAL = Ruleset()

PRESETS: dict[str, Ruleset] = {
    "chinese-classical": CHINESE_CLASSICAL,
    "dmjl": CHINESE_CLASSICAL.replace(
        name="dmjl",
        title="DMJL league classical",
        description="The traditional game scored as the DMJL league scores it: 20 points for "
        "going Mah Jong, hands capped at 500, and penalties for false claims.",
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
        description="The British Mah-Jong Association's rules: one chow at most in a hand, "
        "say when you are one tile from winning, a 14-tile kong box and extra special hands.",
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

# Seed 001's British game: BMJA scoring and play with the seed's own rituals.
PRESETS["british"] = PRESETS["bmja"].replace(
    name="british",
    title="British",
    description="The British game: seats are set by dealing out the wind tiles, one chow at most "
    "in a hand, say when you are one tile from winning, and after a drawn deal a Goulash: "
    "players swap tiles and the 2 of Bamboo is wild.",
    seating_form="dealt_winds",
    east_final_tiles="chan_chan",
    goulash_after_washout=True,
)

# Seed 002: the 16-tile deal.
PRESETS["sixteen-tile"] = CHINESE_CLASSICAL.replace(
    name="sixteen-tile",
    title="Sixteen-tile",
    description="A longer hand: 16 tiles each (17 for the dealer), and five sets and a pair to "
    "win. Kongs and flowers draw from a 16-tile dead wall that is kept topped up.",
    hand_size=16,
    dead_wall_stacks=8,
    loose_tiles=False,
    dead_wall_replenish=True,
    untouchable_tail=True,  # 004 §2.5: 16 untouchable tiles in the 16-tile game
    bonus_replacement="dead_wall",
    bonus_rounds=True,
    break_form="one_throw",
    original_call=False,
    thirteen_orphans=False,
    rob_concealed_kong_for_orphans=False,
    # The classical limit hands that are not 14-tile shapes (Nine Gates, the Snake, Thirteen
    # Orphans): they are judged on the sets and fit five sets and a pair as well.
    limit_hands=tuple(
        code for code in CHINESE_CLASSICAL.limit_hands if code not in ("L14", "L15", "L17")
    ),
)

# Seed 004: the Cantonese (Hong Kong) game.
PRESETS["cantonese"] = CHINESE_CLASSICAL.replace(
    name="cantonese",
    title="Cantonese (Hong Kong)",
    description="Hong Kong style, scored in faan: dice choose the first dealer, only the "
    "winner is paid, and the last 14 tiles of the wall are never drawn.",
    scoring="hongkong",
    min_faan=3,
    responsibility=True,
    # Half-spicy payouts with a 10-faan ceiling (128 units); each player starts with 500 and
    # a 1-faan hand is worth 2, the stake of Pomax/mahjong's Cantonese ruleset (docs/scoring.md).
    payout="half_spicy",
    mahjong_points=1,
    limit=128,
    starting_points=500,
    east_doubles=False,
    losers_settle=False,
    seating_form="wind_stack",
    first_dealer_by_dice=True,
    first_break_by_dealer_cast=True,
    break_form="own_wall",
    east_final_tiles="chan_chan",
    dead_wall_stacks=7,
    loose_tiles=False,
    dead_wall_replenish=True,
    untouchable_tail=True,
    bonus_replacement="dead_wall",
    original_call=False,
)

# Seed 004 §2.5: the Shanghai game, every tile drawable.
PRESETS["shanghai"] = CHINESE_CLASSICAL.replace(
    name="shanghai",
    title="Shanghai",
    description="The traditional scoring with no dead wall: every tile can be drawn, and a "
    "kong's or a flower's replacement comes from the far end of the wall.",
    dead_wall_stacks=0,
    bonus_replacement="dead_wall",
)

DEFAULT_RULESET = "chinese-classical"
PLAYABLE = ("chinese-classical", "british", "sixteen-tile", "cantonese", "shanghai", "dmjl", "bmja")


def get_ruleset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise NotationError(f"unknown ruleset {name!r} (known: {known})") from None
