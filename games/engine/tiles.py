"""The 144 tiles and their notation (DESIGN.md "Tile notation").

A tile is a plain int 0..41 (its kind), so hands are cheap count arrays:
  0-8 bamboo 1-9, 9-17 characters 1-9, 18-26 dots 1-9, 27-30 winds E S W N,
  31-33 dragons red green white, 34-37 flowers 1-4, 38-41 seasons 1-4.
Physical copies of a kind are interchangeable, so the kind is all the engine tracks.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError

SUITS = ("b", "c", "d")
SUIT_NAMES = {"b": "bamboo", "c": "characters", "d": "dots"}

TILE_NAMES: tuple[str, ...] = (
    tuple(f"{s}{n}" for s in SUITS for n in range(1, 10))
    + ("we", "ws", "ww", "wn", "dr", "dg", "dw")
    + ("f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4")
)
_BY_NAME = {name: i for i, name in enumerate(TILE_NAMES)}

WIND_TOKENS = ("we", "ws", "ww", "wn")  # also how seat and prevailing winds are written
NUM_KINDS = 42
NUM_PLAYING_KINDS = 34  # suits, winds and dragons: the tiles that form sets
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONOURS = WINDS + DRAGONS
FLOWERS = (34, 35, 36, 37)
SEASONS = (38, 39, 40, 41)
BONUS = FLOWERS + SEASONS
# The ruleset's `bonus_tiles` choices and the bonus kinds each puts in the wall (136, 140, 144).
BONUS_SETS: dict[str, tuple[int, ...]] = {
    "none": (),
    "flowers": FLOWERS,
    "flowers_and_seasons": BONUS,
}
TERMINALS = (0, 8, 9, 17, 18, 26)
MAJORS = TERMINALS + HONOURS
ORPHANS = MAJORS  # the thirteen kinds of Thirteen Orphans

# Module constants in the spirit of chess.E4.
B1, B2, B3, B4, B5, B6, B7, B8, B9 = 0, 1, 2, 3, 4, 5, 6, 7, 8
C1, C2, C3, C4, C5, C6, C7, C8, C9 = 9, 10, 11, 12, 13, 14, 15, 16, 17
D1, D2, D3, D4, D5, D6, D7, D8, D9 = 18, 19, 20, 21, 22, 23, 24, 25, 26
WE, WS, WW, WN, DR, DG, DW, F1, F2 = 27, 28, 29, 30, 31, 32, 33, 34, 35
F3, F4, S1, S2, S3, S4 = 36, 37, 38, 39, 40, 41

_WIND_WORDS = ("East", "South", "West", "North")
_DRAGON_WORDS = ("Red", "Green", "White")
_BONUS_WORDS = ("Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter")


def is_suit(t: int) -> bool:
    return t < 27


def is_honour(t: int) -> bool:
    return 27 <= t < 34


def is_bonus(t: int) -> bool:
    return t >= 34


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_major(t: int) -> bool:
    return 27 <= t < 34 or (t < 27 and t % 9 in (0, 8))


def suit_of(t: int) -> str | None:
    return SUITS[t // 9] if t < 27 else None


def rank_of(t: int) -> int | None:
    return t % 9 + 1 if t < 27 else None


def bonus_seat(t: int) -> int:
    """Flower n and season n belong to seat wind n (1 = East)."""
    return (t - 34) % 4


def all_tiles(bonus: Iterable[int] = BONUS) -> list[int]:
    """One of each physical tile: 4 of each playing kind, then one of each bonus kind in play
    (`BONUS_SETS`: none, the flowers, or the flowers and seasons)."""
    tiles = [k for k in range(NUM_PLAYING_KINDS) for _ in range(4)]
    tiles.extend(bonus)
    return tiles


def tile_name(t: int) -> str:
    return TILE_NAMES[t]


def tile_words(t: int) -> str:
    """A player's words for a tile: '5 Dots', 'East Wind', 'Red Dragon', 'Plum (flower 1)'."""
    if t < 27:
        return f"{t % 9 + 1} {SUIT_NAMES[SUITS[t // 9]].capitalize()}"
    if t < 31:
        return f"{_WIND_WORDS[t - 27]} Wind"
    if t < 34:
        return f"{_DRAGON_WORDS[t - 31]} Dragon"
    kind = "flower" if t < 38 else "season"
    return f"{_BONUS_WORDS[t - 34]} ({kind} {(t - 34) % 4 + 1})"


def parse_tile(token: str, position: int = 1) -> int:
    kind = _BY_NAME.get(token)
    if kind is None:
        raise NotationError(f"bad tile {token!r} at position {position}")
    return kind


def parse_tiles(text: str) -> list[int]:
    """'b1 b2 we' -> [0, 1, 27]. A bad token names itself and its 1-based position."""
    if not isinstance(text, str):
        raise NotationError("tiles must be written as a string such as 'b1 b2 b3'")
    return [parse_tile(tok, i) for i, tok in enumerate(text.split(), start=1)]


def read_tiles(text: str) -> list[int]:
    """A person's typing, read leniently (the calculator's fields): any case, and tokens written
    together ('B1b2b3' is 'b1 b2 b3'). Each run of letters and digits is cut into two-character
    tokens; a bad one names itself, as typed, and its 1-based position among all the tokens.
    Records, the CLI and tests keep the canonical notation of `parse_tiles`."""
    if not isinstance(text, str):
        raise NotationError("tiles must be written as a string such as 'b1 b2 b3'")
    tiles: list[int] = []
    for word in text.split():
        for start in range(0, len(word), 2):
            token = word[start:start + 2]
            kind = _BY_NAME.get(token.lower())
            if kind is None:
                raise NotationError(f"bad tile {token!r} at position {len(tiles) + 1}")
            tiles.append(kind)
    return tiles


def format_tiles(tiles: Iterable[int]) -> str:
    return " ".join(TILE_NAMES[t] for t in tiles)


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def sort_key(t: int) -> int:
    return t
