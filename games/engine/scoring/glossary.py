"""The scoring glossary (/rules/scoring/): every rule code a scorer can emit, explained in one
line, with an example hand that scores it. What a code is worth is not written here: it is read
from the engine by scoring the example under each ruleset (tests/engine/test_glossary.py checks
that every example scores its code and that no scorer emits a code missing here).

Anchors: a code of the classical table (classical, DMJL and BMJA rulesets) is `#CODE` (`#P1`);
an entry of the Hong Kong faan table is `#hongkong-CODE` (`#hongkong-HK4`, `#hongkong-L8`),
since that table reuses some limit codes with its own values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..melds import Meld
from ..ruleset import PRESETS, Ruleset
from ..tiles import parse_tile, parse_tiles
from .hand import KONG_SET, PUNG_SET
from .lookups import set_points
from .score import score_hand
from .types import HandScore, WinInfo

CLASSICAL, HONGKONG = "classical", "hongkong"
# Score lines of these codes are worded per set or tile; the glossary names the rule itself.
HEADINGS = {"P1": "Pungs and kongs", "P2": "Pairs", "P3": "Flowers and seasons"}


@dataclass(frozen=True)
class Example:
    """A hand in tile notation; melds as the calculator writes them ("b1 b1 b1 b1/concealed")."""

    concealed: str
    melds: tuple[str, ...] = ()
    bonus: str = ""
    win: str | None = None  # the winning tile; None: a hand that did not go out
    source: str = "wall"
    seat: int = 0  # 0-3: East, South, West, North
    round: int = 0
    flags: tuple[tuple[str, Any], ...] = ()  # WinInfo fields: last_tile, original_call, ...
    changes: tuple[tuple[str, Any], ...] = ()  # ruleset settings the code needs

    def meld_parts(self) -> list[tuple[str, str]]:
        return [(m.partition("/")[0], m.partition("/")[2] or "exposed") for m in self.melds]


@dataclass(frozen=True)
class Entry:
    explain: str
    example: Example
    # A ruleset whose table reads the code differently: (ruleset, explanation, its example if
    # the entry's own does not show it).
    alt: tuple[str, str, Example | None] | None = None
    needs: str | None = None  # a ruleset setting play needs before the code can arise


# The columns of each table: a ruleset, and the presets that score exactly as it does.
COLUMNS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    CLASSICAL: (("chinese-classical", ("sixteen-tile", "shanghai")), ("dmjl", ()),
                ("bmja", ("british",))),
    HONGKONG: (("cantonese", ()),),
}


def family(rs: Ruleset) -> str:
    return HONGKONG if rs.scoring == "hongkong" else CLASSICAL


def anchor(fam: str, code: str) -> str:
    return code if fam == CLASSICAL else f"{fam}-{code}"


def _meld(text: str) -> Meld:
    tiles, _, kind = text.partition("/")
    data: dict[str, Any] = {"tiles": tiles, "exposed": kind != "concealed"}
    if len(tiles.split()) == 4:
        data["kong"] = {"": "promoted", "exposed": "promoted"}.get(kind, kind)
    return Meld.from_json(data)


def score_example(rs: Ruleset, ex: Example) -> HandScore:
    win = None
    if ex.win is not None:
        win = WinInfo(tile=parse_tile(ex.win), source=ex.source,
                      robbed_kong_tile=ex.source == "robbed_kong", **dict(ex.flags))
    return score_hand(rs.replace(**dict(ex.changes)) if ex.changes else rs,
                      concealed=parse_tiles(ex.concealed), melds=[_meld(m) for m in ex.melds],
                      bonus=parse_tiles(ex.bonus), seat_wind=ex.seat, prevailing_wind=ex.round,
                      win=win)


def example_for(fam: str, code: str, ruleset: str) -> tuple[str, Example]:
    entry = ENTRIES[fam][code]
    if entry.alt is not None and entry.alt[0] in _column_members(fam, ruleset):
        return entry.alt[1], entry.alt[2] or entry.example
    return entry.explain, entry.example


def _column_members(fam: str, ruleset: str) -> tuple[str, ...]:
    for name, also in COLUMNS[fam]:
        if ruleset == name or ruleset in also:
            return (name, *also)
    return (ruleset,)


def values(fam: str, code: str) -> list[tuple[str, list[tuple[str, int]] | None]]:
    """Per column: the (kind, value) lines the example scores for the code there, or None when
    that ruleset does not score it."""
    out: list[tuple[str, list[tuple[str, int]] | None]] = []
    entry = ENTRIES[fam][code]
    for name, _ in COLUMNS[fam]:
        rs = PRESETS[name]
        _, ex = example_for(fam, code, name)
        lines = [(i.kind, i.value) for i in score_example(rs, ex).items if i.rule == code]
        if entry.needs and not getattr(rs, entry.needs):
            lines = []
        out.append((name, lines or None))
    return out


_PLAIN = Example("c2 c3 c4 d5 d5 d5 d7 d7 b9 b9 b9", ("b2 b2 b2",), win="c4", source="discard")
_EYES = Example("b2 b2 b2 c4 c5 c6 d3 d3 d3 d7 d7", ("b8 b8 b8",), win="d7", source="discard")
_KONG = ("b5 b5 b5 b5/concealed",)

ENTRIES: dict[str, dict[str, Entry]] = {CLASSICAL: {
    "P1": Entry("A pung or kong: 2 for an exposed pung of simples, doubled for terminals and "
                "honours, doubled if concealed, four times as much for a kong; chows score nothing.",
                _PLAIN),
    "P2": Entry("A pair of dragons, of your own wind or of the prevailing wind.",
                Example("b2 b3 b4 d5 d5 d5 c7 c7 c7 dr dr", ("b6 b6 b6",), win="b4",
                        source="discard")),
    "P3": Entry("Each flower or season you hold.", Example(
        _PLAIN.concealed, _PLAIN.melds, bonus="f2", win="c4", source="discard")),
    "M1": Entry("Going out.", _PLAIN),
    "M2": Entry("Going out on a tile you drew yourself.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4")),
    "M3": Entry("Going out on the one kind of tile that could complete the hand.", Example(
        "b2 b2 b2 c4 c5 c6 d3 d3 d3 d7 d7", ("b8 b8 b8",), win="c5", source="discard")),
    "M4": Entry("Going out on the tile that completes the pair.", _EYES),
    "D1": Entry("Each pung or kong of dragons.", Example(
        "c2 c3 c4 dr dr dr d7 d7 b9 b9 b9", ("b2 b2 b2",), win="c4", source="discard")),
    "D2": Entry("A pung or kong of your own seat's wind.", Example(
        "c2 c3 c4 ws ws ws d7 d7 b9 b9 b9", ("b2 b2 b2",), win="c4", source="discard",
        seat=1)),
    "D3": Entry("A pung or kong of the round's wind.", Example(
        "c2 c3 c4 we we we d7 d7 b9 b9 b9", ("b2 b2 b2",), win="c4", source="discard",
        seat=1)),
    "D4": Entry("Pungs of two dragons and a pair of the third.", Example(
        "c2 c3 c4 dr dr dr dg dg dg dw dw", ("b2 b2 b2",), win="c4", source="discard")),
    "D5": Entry("Pungs of all three dragons.", Example(
        "c2 c3 c4 dr dr dr dg dg dg dw dw dw b5 b5", win="c4", source="discard")),
    "D6": Entry("Pungs of three winds and a pair of the fourth.", Example(
        "c2 c3 c4 we we we ws ws ws ww ww", ("wn wn wn",), win="c4", source="discard")),
    "D7": Entry("Pungs of all four winds.", Example(
        "we we we ws ws ws ww ww ww b5 b5", ("wn wn wn",), win="b5", source="discard")),
    "D8": Entry("Three pungs or kongs held concealed.", Example(
        "b2 b2 b2 d3 d3 d3 c7 c7 c7 c4 c5 c6 d7 d7", win="c5", source="discard")),
    "D9": Entry("The flower and the season of your own seat (East 1, South 2, West 3, North 4); "
                "at a table with flowers only, your own flower alone.",
                Example(_PLAIN.concealed, _PLAIN.melds, bonus="f1 s1", win="c4",
                        source="discard"),
                alt=("bmja", "Your own flower or your own season: each scores.",
                     Example(_PLAIN.concealed, _PLAIN.melds, bonus="f1", win="c4",
                             source="discard"))),
    "D10": Entry("All four flowers.", Example(
        _PLAIN.concealed, _PLAIN.melds, bonus="f1 f2 f3 f4", win="c4", source="discard")),
    "D11": Entry("All four seasons.", Example(
        _PLAIN.concealed, _PLAIN.melds, bonus="s1 s2 s3 s4", win="c4", source="discard")),
    "W1": Entry("Four chows and a pair that scores nothing.", Example(
        "c1 c2 c3 c5 c5", ("c7 c8 c9", "b2 b3 b4", "d1 d2 d3"), win="c1", source="discard",
        seat=2, round=3)),
    "W2": Entry("No chows: four pungs or kongs and a pair.", Example(
        "b2 b2 b2 d3 d3 d3 c7 c7 c7 d7 d7", ("b9 b9 b9",), win="d7", source="discard")),
    "W3": Entry("Every set concealed and the last tile self-drawn.", Example(
        "b2 b2 b2 d3 d3 d3 c7 c7 c7 c4 c5 c6 d7 d7", win="c5")),
    "W4": Entry("Tiles of one suit, with winds or dragons.", Example(
        "b2 b2 b2 b4 b5 b6 b8 b8 b8 dr dr", ("we we we",), win="b5", source="discard",
        seat=1, round=1)),
    "W5": Entry("Tiles of one suit only, no honours.", Example(
        "b4 b4 b4 b6 b6 b6 b8 b8 b8 b9 b9", ("b2 b2 b2",), win="b9", source="discard"),
        alt=("bmja", "Tiles of one suit only, no honours and no chows.", None)),
    "W6": Entry("Only terminals (1s and 9s) and honours.", Example(
        "b1 b1 b1 c9 c9 c9 ww ww ww dr dr", ("d1 d1 d1",), win="dr", source="discard")),
    "W7": Entry("Only winds and dragons, where the limit is lifted (no ruleset here lifts it, "
                "so the hand scores the limit as All Honours).", Example(
        "we we we ws ws ws dr dr dr dg dg dg wn wn", win="wn", source="discard",
        changes=(("roof_off", True),)), needs="roof_off"),
    "W8": Entry("Going out on a loose tile: the tile taken from the dead wall after a kong, or "
                "after a flower where flowers are replaced from there (Sixteen-tile).", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b9 b9 b9", _KONG, win="c4", source="dead_wall")),
    "W9": Entry("Going out on the last tile of the live wall.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", flags=(("last_tile", True),))),
    "W10": Entry("Going out on the discard after the last tile of the wall.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", source="discard",
        flags=(("last_tile", True),))),
    "W11": Entry("Going out on the tile another player adds to a pung to make a kong.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", source="robbed_kong")),
    "W12": Entry("Going out after declaring an Original Call with your first discard.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", flags=(("original_call", True),)),
        needs="original_call"),
    "L1": Entry("East goes out on the tiles dealt.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", flags=(("blessing", True),))),
    "L2": Entry("Another player goes out on East's first discard.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", source="discard", seat=1,
        flags=(("blessing", True),))),
    "L3": Entry("Going out on a 5 of Dots taken as a loose tile: from the dead wall, after a "
                "kong, or after a flower where flowers are replaced from there.", Example(
        "c2 c3 c4 d5 d5 d7 d7 d7 b9 b9 b9", _KONG, win="d5", source="dead_wall")),
    "L4": Entry("Going out on a 1 of Dots drawn as the last tile of the wall.", Example(
        "c2 c3 c4 d1 d1 d7 d7 d7 b9 b9 b9", ("b2 b2 b2",), win="d1",
        flags=(("last_tile", True),))),
    "L5": Entry("Going out by robbing a kong of 2 of Bamboo.", Example(
        "b2 b3 b4 d5 d5 d5 d7 d7 c9 c9 c9", ("c2 c2 c2",), win="b2", source="robbed_kong")),
    "L6": Entry("Going out on the loose tile after a second kong in a row.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7", ("b9 b9 b9 b9/concealed", *_KONG), win="c4",
        source="dead_wall", flags=(("kong_on_kong", True),))),
    "L7": Entry("Four kongs.", Example(
        "d7 d7", ("b9 b9 b9 b9/concealed", "b5 b5 b5 b5/concealed", "c1 c1 c1 c1/claimed",
                  "dr dr dr dr"), win="d7", source="discard")),
    "L8": Entry("Four pungs held concealed, going out on a tile you drew.", Example(
        "b1 b1 b1 b4 b4 b4 b7 b7 b7 dr dr dr we we", win="we"),
        alt=("bmja", "Four concealed pungs of one suit with honours.", None)),
    "L9": Entry("Pungs of all three dragons, with no chow (DMJL: a chow allowed).", Example(
        "b5 b5 dr dr dr dg dg dg dw dw dw", ("c9 c9 c9",), win="b5", source="discard")),
    "L10": Entry("Pungs of all four winds.", Example(
        "we we we ws ws ws ww ww ww b5 b5", ("wn wn wn",), win="b5", source="discard")),
    "L11": Entry("Only winds and dragons.", Example(
        "we we we ws ws ws dr dr dr dg dg dg wn wn", win="wn", source="discard")),
    "L12": Entry("Only 1s and 9s.", Example(
        "b1 b1 b1 b9 b9 b9 c1 c1 c1 c9 c9 c9 d1 d1", win="d1", source="discard")),
    "L13": Entry("Only green tiles: 2, 3, 4, 6 and 8 of Bamboo and the Green Dragon.", Example(
        "b2 b2 b2 b3 b3 b3 b6 b6 b6 b8 b8 b8 dg dg", win="dg", source="discard")),
    "L14": Entry("1112345678999 of one suit held concealed, then any tile of that suit.",
                 Example("c1 c1 c1 c2 c3 c4 c5 c5 c6 c7 c8 c9 c9 c9", win="c5"),
                 alt=("bmja", "1112345678999 of one suit held concealed, and a 2 to 8 "
                      "of it.", None)),
    "L15": Entry("One suit: pungs of 1 and 9, a pair of 2, 5 or 8, and chows between.", Example(
        "b1 b1 b1 b2 b2 b3 b4 b5 b6 b7 b8 b9 b9 b9", win="b5"),
        alt=("bmja", "A pair of 1s, one each of 2 to 9 of the same suit, "
             "and one of each wind.", Example(
                 "b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 we ws ww wn", win="b5"))),
    "L16": Entry("One suit, no honours, every set concealed, the last tile self-drawn.", Example(
        "b1 b1 b1 b2 b3 b4 b5 b5 b5 b7 b8 b9 b9 b9", win="b3")),
    "L17": Entry("One of each 1, 9, wind and dragon, and a second of any of them.", Example(
        "b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", win="dw", source="discard")),
    "L18": Entry("East wins this many deals in a row.", Example(
        _PLAIN.concealed, _PLAIN.melds, win="c4", source="discard",
        flags=(("east_streak", 13),))),
    "H1": Entry("Half the limit: four triples, each one number in all three suits, and a pair "
                "of one number in two suits.", Example(
        "b1 c1 d1 b2 c2 d2 b3 c3 d3 b4 c4 d4 b5 c5", win="c5")),
    "H2": Entry("Half the limit: seven pairs, each one number in two suits, two suits only.",
                Example("b1 c1 b2 c2 b3 c3 b4 c4 b5 c5 b6 c6 b7 c7", win="c7")),
    "H3": Entry("Half the limit: seven pairs of 1s, 9s, winds and dragons.", Example(
        "b1 b1 c9 c9 d1 d1 we we ws ws dr dr dg dg", win="dg")),
    "C1": Entry("A losing hand one tile from a limit hand scores a part of the limit (2/5 for "
                "a full limit, 1/5 for a half limit).", Example(
        "b1 b9 c1 c9 d1 d9 we ws ww wn dr dr dg")),
    "CAP": Entry("A score above the ruleset's limit is cut to the limit.", Example(
        "dr dr dr dg dg dg b5 b5", ("we we we we/concealed", "b2 b2 b2"), win="b5",
        source="discard")),
    "X1": Entry("A hand holding more tiles than a complete hand scores nothing.", Example(
        "b1 b1 b1 b2 b2 b2 b3 b3 b3 b4 b4 b4 b5 b5 b6", win="b6")),
}, HONGKONG: {
    "HK1": Entry("Going out on a tile you drew yourself.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b9 b9 b9", ("b2 b3 b4",), win="c4")),
    "HK2": Entry("No set exposed (the winning discard aside).", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b9 b9 b9 b2 b3 b4", win="c4", source="discard")),
    "HK3": Entry("Every set a chow.", Example(
        "c2 c3 c4 d5 d6 d7 d8 d8 b7 b8 b9", ("b2 b3 b4",), win="c4", source="discard")),
    "HK4": Entry("Every set a pung or kong.", Example(
        "b2 b2 b2 d3 d3 d3 c7 c7 c7 d7 d7", ("b9 b9 b9",), win="d7", source="discard")),
    "HK5": Entry("One suit with winds or dragons.", Example(
        "b2 b3 b4 b4 b5 b6 b8 b8 b8 dr dr", ("ww ww ww",), win="b5", source="discard")),
    "HK6": Entry("One suit only.", Example(
        "b2 b3 b4 b4 b5 b6 b8 b8 b8 b9 b9", ("b1 b1 b1",), win="b5", source="discard")),
    "HK7": Entry("Each pung or kong of dragons.", Example(
        "c2 c3 c4 dr dr dr d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4", source="discard")),
    "HK8": Entry("A pung or kong of your own seat's wind.", Example(
        "c2 c3 c4 ws ws ws d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4", source="discard",
        seat=1)),
    "HK9": Entry("A pung or kong of the round's wind.", Example(
        "c2 c3 c4 we we we d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4", source="discard",
        seat=1)),
    "HK10": Entry("Pungs of two dragons and a pair of the third (in place of their dragon "
                  "pungs).", Example(
        "c2 c3 c4 dr dr dr dg dg dg dw dw", ("b2 b3 b4",), win="c4", source="discard")),
    "HK11": Entry("Pungs of all three dragons (in place of their dragon pungs).", Example(
        "c2 c3 c4 dr dr dr dg dg dg dw dw dw b5 b5", win="c4", source="discard")),
    "HK12": Entry("Pungs of three winds and a pair of the fourth (in place of their seat- and "
                  "round-wind pungs).", Example(
        "c2 c3 c4 we we we ws ws ws ww ww", ("wn wn wn",), win="c4", source="discard")),
    "HK13": Entry("Only 1s, 9s and honours, with both.", Example(
        "b1 b1 b1 c9 c9 c9 ww ww ww dr dr", ("d1 d1 d1",), win="dr", source="discard")),
    "HK14": Entry("No flower or season in the hand.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4", source="discard")),
    "HK15": Entry("Your own seat's flower, and your own seat's season: 1 faan each.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9", ("b2 b3 b4",), bonus="f1", win="c4",
        source="discard")),
    "HK16": Entry("All four flowers, or all four seasons (in place of own flower or season).",
                  Example("c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9", ("b2 b3 b4",),
                          bonus="f1 f2 f3 f4", win="c4", source="discard")),
    "HK17": Entry("Going out on the last tile of the wall, or on the discard after it.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4",
        flags=(("last_tile", True),))),
    "HK18": Entry("Going out on the replacement tile taken after a kong.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7", ("b9 b9 b9 b9/concealed", "b2 b3 b4"), win="c4",
        source="dead_wall")),
    "HK19": Entry("Going out on the tile another player adds to a pung to make a kong.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4", source="robbed_kong")),
    "HK20": Entry("Going out on the tile drawn to replace a flower or season.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9", ("b2 b3 b4",), win="c4", source="dead_wall",
        flags=(("bonus_replacement", True),), bonus="f2")),
    "L1": Entry("East goes out on the tiles dealt.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9 b2 b3 b4", win="c4", flags=(("blessing", True),))),
    "L2": Entry("Another player goes out on East's first discard.", Example(
        "c2 c3 c4 d5 d5 d5 d7 d7 b7 b8 b9 b2 b3 b4", win="c4", source="discard", seat=1,
        flags=(("blessing", True),))),
    "L7": Entry("Four kongs.", Example(
        "d7 d7", ("b9 b9 b9 b9/concealed", "b5 b5 b5 b5/concealed", "c1 c1 c1 c1/claimed",
                  "dr dr dr dr"), win="d7", source="discard")),
    "L8": Entry("Four pungs held concealed, going out on a tile you drew.", Example(
        "b1 b1 b1 b4 b4 b4 c7 c7 c7 dr dr dr we we", win="we")),
    "L10": Entry("Pungs of all four winds.", Example(
        "we we we ws ws ws ww ww ww b5 b5", ("wn wn wn",), win="b5", source="discard")),
    "L11": Entry("Only winds and dragons.", Example(
        "we we we ws ws ws dr dr dr dg dg dg wn wn", win="wn", source="discard")),
    "L12": Entry("Only 1s and 9s.", Example(
        "b1 b1 b1 b9 b9 b9 c1 c1 c1 c9 c9 c9 d1 d1", win="d1", source="discard")),
    "L14": Entry("1112345678999 of one suit held concealed, and any tile of it.", Example(
        "c1 c1 c1 c2 c3 c4 c5 c5 c6 c7 c8 c9 c9 c9", win="c5")),
    "L17": Entry("One of each 1, 9, wind and dragon, and a second of any of them.", Example(
        "b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw dw", win="dw", source="discard")),
    "CAP": Entry("So many faan that the payment passes the ruleset's limit: it is the limit.",
                 Example("b2 b2 b2 b4 b4 b4 b8 b8 b8 b9 b9", ("b1 b1 b1",), win="b9")),
    "X1": Entry("A hand holding more tiles than a complete hand scores nothing.", Example(
        "b1 b1 b1 b2 b2 b2 b3 b3 b3 b4 b4 b4 b5 b5 b6", win="b6")),
}}



def set_points_table() -> list[tuple[str, int, int, int, int]]:
    """P1 by set: (set, exposed simples, exposed majors, concealed simples, concealed majors)."""
    simple, major = parse_tile("b5"), parse_tile("b1")
    return [(word, set_points(kind, simple, False), set_points(kind, major, False),
             set_points(kind, simple, True), set_points(kind, major, True))
            for word, kind in (("Pung", PUNG_SET), ("Kong", KONG_SET))]
