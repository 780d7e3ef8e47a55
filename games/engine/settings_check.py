"""What a ruleset's settings may be (`Ruleset.from_json`): each field's type comes from the
dataclass, its range or allowed values from the tables here. Settings arrive from records,
table options and tournaments; none may ask for a game the engine cannot play or for work that
grows without bound (a dead wall of 10**19 stacks, a game of 10**9 rounds)."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from functools import cache
from typing import Any

from .errors import NotationError

# The values the engine compares each string setting against.
CHOICES: dict[str, tuple[Any, ...]] = {
    "bonus_tiles": ("none", "flowers", "flowers_and_seasons"),  # tiles.BONUS_SETS, the wall
    "bonus_replacement": ("live_wall", "dead_wall"),  # deal/dealing.py
    "seating_form": ("dice", "dealt_winds", "wind_stack"),  # rituals.seating_for
    "break_form": ("two_throws", "one_throw", "own_wall"),  # rituals.break_by
    "east_final_tiles": ("stack", "chan_chan"),  # deal/dealing.py _deal_tiles
    "discard_display": ("rows", "centre"),  # views.py
    "rounding": ("none", "nearest10_after", "up10_before"),  # scoring/score.py
    "scoring": ("classical", "dmjl", "bmja", "hongkong"),  # scoring/, payments.py
    "own_bonus_doubles": ("both", "each"),  # scoring/context.py
    "payout": ("exponential", "half_spicy", "laak"),  # scoring/hongkong.py PAYOUTS
    "snake": ("squirming", "wriggling"),  # wintest.py, scoring/limits.py
    "hand_size": (13, 16),  # the deal (000) and the 16-tile deal (002)
    "wild_tile": (1,),  # wintest.WILD_2B: a Goulash's 2 of Bamboo, the only wild there is
}

# Inclusive ranges: small enough that walls, scores and games stay the size of real ones.
RANGES: dict[str, tuple[int, int]] = {
    "dead_wall_stacks": (0, 16),  # the live wall still deals 4 x 16 + 1 tiles and more
    "max_chows": (0, 5),  # five sets in a 16-tile hand
    "rounds": (1, 4),  # prevailing winds East to North
    "max_deals": (1, 400),  # as many as 4 rounds can hold (record.DEALS_PER_ROUND)
    "starting_points": (0, 1_000_000),
    "mahjong_points": (0, 1_000),
    "min_faan": (0, 13),  # 13 faan is the Hong Kong limit
    "limit": (1, 1_000_000),
    "east_consecutive_win_limit": (0, 100),
    "selfdraw_points": (0, 100),
    "only_place_points": (0, 100),
    "bouquet_doubles": (0, 10),
    "false_colour_doubles": (0, 10),
    "true_colour_doubles": (0, 10),
    "purity_doubles": (0, 10),
    "cannon_wall_tiles": (0, 144),
    "penalty_false_mahjong": (0, 100_000),
    "penalty_false_naming_mahjong": (0, 100_000),
    "penalty_false_claim_chow": (0, 100_000),
    "penalty_false_claim_pung": (0, 100_000),
}

TEXTS: dict[str, int] = {"title": 100, "description": 500}  # longest allowed, in characters

# Settings that were true or false before they had more choices: how a saved true or false
# reads now, so that old records, games and tournaments load as they were played.
FORMER_BOOLS: dict[str, tuple[str, str]] = {
    "bonus_tiles": ("none", "flowers_and_seasons"),  # (false, true): 136 or 144 tiles
}

# Limit-hand codes (scoring/tables.py NAMES): L1-L18 and the BMJA half-limit hands.
LIMIT_HANDS: tuple[str, ...] = tuple(f"L{n}" for n in range(1, 19)) + ("H1", "H2", "H3")

MAX_OPTIONS = 16
MAX_OPTION_KEY = 40
MAX_OPTION_TEXT = 100
MAX_OPTION_INT = 10**9


def show(value: Any) -> str:
    """A refused value, short whatever it is (str() of a huge int can itself fail)."""
    if isinstance(value, bool) or value is None:
        return "true" if value is True else "false" if value is False else "null"
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 64 else f"a {value.bit_length()}-bit number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:40]) + f"... ({len(value)} chars)"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _whole(value: Any) -> bool:
    return type(value) is int  # not a bool, not a float, not a subclass


def _refuse(key: str, wants: str, value: Any) -> None:
    raise NotationError(f"ruleset setting {key!r} must be {wants}, not {show(value)}")


def _check_int(key: str, value: Any, optional: bool) -> int | None:
    if value is None and optional:
        return None
    either = " or null" if optional else ""
    if key in CHOICES:
        allowed = CHOICES[key]
        if not _whole(value) or value not in allowed:
            _refuse(key, " or ".join(map(str, allowed)) + either, value)
        return value
    low, high = RANGES[key]
    if not _whole(value) or not low <= value <= high:
        _refuse(key, f"a whole number from {low} to {high}{either}", value)
    return value


def _check_text(key: str, value: Any, preset_names: tuple[str, ...]) -> str:
    if key == "name":
        if not isinstance(value, str) or value not in preset_names:
            _refuse(key, "the name of a preset (" + ", ".join(preset_names) + ")", value)
        return value
    if key in CHOICES:
        allowed = CHOICES[key]
        if not isinstance(value, str) or value not in allowed:
            former = " (or, as older settings say, true or false)" if key in FORMER_BOOLS else ""
            _refuse(key, " or ".join(f'"{v}"' for v in allowed) + former, value)
        return value
    longest = TEXTS[key]
    if not isinstance(value, str) or len(value) > longest or not value.isprintable():
        _refuse(key, f"one line of text of at most {longest} characters", value)
    return value


def _check_limit_hands(key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or len(value) > len(LIMIT_HANDS):
        _refuse(key, f"a list of limit-hand codes ({', '.join(LIMIT_HANDS)})", value)
    for code in value:
        if not isinstance(code, str) or code not in LIMIT_HANDS:
            _refuse(key, f"a list of limit-hand codes ({', '.join(LIMIT_HANDS)})", code)
    if len(set(value)) != len(value):
        raise NotationError(f"ruleset setting {key!r} names a limit hand twice")
    return tuple(value)


def _check_options(key: str, value: Any) -> tuple[tuple[str, Any], ...]:
    wants = (f"a list of at most {MAX_OPTIONS} [name, value] pairs (a value is null, true, "
             f"false, a whole number or a short text)")
    if not isinstance(value, list | tuple) or len(value) > MAX_OPTIONS:
        _refuse(key, wants, value)
    out = []
    for pair in value:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            _refuse(key, wants, pair)
        name, item = pair
        if (not isinstance(name, str) or not 0 < len(name) <= MAX_OPTION_KEY
                or not name.isprintable()):
            _refuse(key, wants, name)
        plain = (item is None or isinstance(item, bool)
                 or (_whole(item) and abs(item) <= MAX_OPTION_INT)
                 or (isinstance(item, str) and len(item) <= MAX_OPTION_TEXT))
        if not plain:
            _refuse(key, wants, item)
        out.append((name, item))
    if len({name for name, _ in out}) != len(out):
        raise NotationError(f"ruleset setting {key!r} names an option twice")
    return tuple(out)


@cache
def _kinds(cls: type) -> dict[str, str]:
    """Each field's kind, from its annotation. A field with no rule here is a programming error:
    found when the schema is first built, not when a hostile value slips through."""
    hints = typing.get_type_hints(cls)
    kinds = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        args = typing.get_args(hint)
        if hint is bool:
            kind = "bool"
        elif hint is int:
            kind = "int"
        elif isinstance(hint, types.UnionType) and set(args) == {int, type(None)}:
            kind = "int?"
        elif hint is str:
            kind = "str"
        elif f.name == "limit_hands" and args == (str, ...):
            kind = "codes"
        elif f.name == "options":
            kind = "options"
        else:
            raise TypeError(f"Ruleset.{f.name}: no check for {hint!r}")
        if kind in ("int", "int?") and f.name not in RANGES and f.name not in CHOICES:
            raise TypeError(f"Ruleset.{f.name}: no range or allowed values")
        if kind == "str" and f.name != "name" and f.name not in CHOICES and f.name not in TEXTS:
            raise TypeError(f"Ruleset.{f.name}: no allowed values or length")
        kinds[f.name] = kind
    return kinds


def check_settings(cls: type, data: Any, preset_names: Iterable[str]) -> dict[str, Any]:
    """The keyword arguments for `cls(**...)` from a JSON object of settings (missing ones keep
    their defaults), or NotationError naming the first setting refused and why."""
    if not isinstance(data, dict):
        raise NotationError("the ruleset must be a JSON object of settings")
    kinds = _kinds(cls)
    unknown = [k for k in data if k not in kinds]
    if unknown:
        shown = ", ".join(sorted(
            k if isinstance(k, str) and len(k) <= 40 and k.isprintable() else show(k)
            for k in unknown[:5]))
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise NotationError(f"unknown ruleset settings: {shown}{more}")
    names = tuple(preset_names)
    out: dict[str, Any] = {}
    for key, value in data.items():
        kind = kinds[key]
        if key in FORMER_BOOLS and isinstance(value, bool):
            value = FORMER_BOOLS[key][value]
        if kind == "bool":
            if not isinstance(value, bool):
                _refuse(key, "true or false", value)
            out[key] = value
        elif kind in ("int", "int?"):
            out[key] = _check_int(key, value, kind == "int?")
        elif kind == "str":
            out[key] = _check_text(key, value, names)
        elif kind == "codes":
            out[key] = _check_limit_hands(key, value)
        else:
            out[key] = _check_options(key, value)
    return out
