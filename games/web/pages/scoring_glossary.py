"""The scoring glossary (/rules/scoring/): every rule code the scorers emit, what it is worth in
each ruleset (read from the engine by scoring the entry's example), and that example drawn."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.engine.ruleset import PRESETS
from games.engine.scoring.glossary import (
    CLASSICAL,
    COLUMNS,
    ENTRIES,
    HEADINGS,
    HONGKONG,
    Example,
    anchor,
    example_for,
    set_points_table,
    values,
)
from games.engine.scoring.hongkong import FAAN, LIMIT_NAMES
from games.engine.scoring.tables import rule_name
from games.engine.tiles import parse_tile, tile_words

TITLES = {CLASSICAL: "The classical tables: points, doubles and limits",
          HONGKONG: "The Hong Kong table: faan"}
HOW = {"wall": "self-drawn from the wall", "dead_wall": "self-drawn: a loose tile after a kong",
       "discard": "on a discard", "robbed_kong": "by robbing a kong"}
FLAG_WORDS = {"last_tile": "the last tile", "original_call": "after an Original Call",
              "blessing": "on the first tiles of the deal", "kong_on_kong": "kong upon kong"}
WINDS = ("East", "South", "West", "North")
MELD_WORDS = {"concealed": "concealed", "claimed": "claimed", "exposed": "exposed",
              "promoted": "promoted"}


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def worth(fam: str, kind: str, value: int, limit: int) -> str:
    if kind == "limit":
        if value == limit:
            return f"the limit, {value:,}"
        if 2 * value == limit:
            return f"half the limit, {value:,}"
        return f"{value:,} of the {limit:,} limit"
    if kind == "doubles":  # faan is its own plural
        return f"{value} faan" if fam == HONGKONG else plural(value, "double")
    return plural(value, "point")


def cell(fam: str, lines: list[tuple[str, int]] | None, limit: int) -> str:
    """What one ruleset scores for a code: "2 points", "1 double"; a line per set or tile
    ("4, 8 and 2 points") when the example scores it more than once."""
    if not lines:
        return "—"
    kinds = {kind for kind, _ in lines}
    if len(lines) > 1 and kinds <= {"points", "doubles"} and len(kinds) == 1:
        kind = kinds.pop()
        *head, last = [str(v) for _, v in lines]
        unit = "faan" if fam == HONGKONG and kind == "doubles" else kind
        return f"{', '.join(head)} and {last} {unit}, a line each"
    return ", ".join(dict.fromkeys(worth(fam, k, v, limit) for k, v in lines))


def name(fam: str, code: str, ruleset: str) -> str:
    if code in HEADINGS:
        return HEADINGS[code]
    if fam == HONGKONG:
        if code in FAAN:
            return FAAN[code][0]
        if code in LIMIT_NAMES:
            return LIMIT_NAMES[code]
    return rule_name(PRESETS[ruleset], code)


def example_words(ex: Example) -> str:
    seat = f"{WINDS[ex.seat]} in the {WINDS[ex.round]} round"
    if ex.win is None:
        return f"{seat}; the hand did not go out."
    flags = [FLAG_WORDS[k] for k, v in ex.flags if k in FLAG_WORDS and v]
    streak = dict(ex.flags).get("east_streak")
    if streak:
        flags.append(f"East's {streak}th win in a row")
    extra = f" ({', '.join(flags)})" if flags else ""
    return f"{seat}; goes out on {tile_words(parse_tile(ex.win))}, {HOW[ex.source]}{extra}."


def entry_context(fam: str, code: str) -> dict[str, Any]:
    first = COLUMNS[fam][0][0]
    explain, ex = example_for(fam, code, first)
    found = values(fam, code)
    cells = [(PRESETS[n].title, cell(fam, lines, PRESETS[n].limit)) for n, lines in found]
    names = [name(fam, code, n) for n, lines in found if lines or n == first]
    alt = ENTRIES[fam][code].alt
    alt_ctx = None
    if alt is not None:
        alt_ctx = {"ruleset": PRESETS[alt[0]].title, "name": name(fam, code, alt[0]),
                   "explain": alt[1],
                   "example": example_context(alt[2]) if alt[2] else None}
    return {
        "code": code, "anchor": anchor(fam, code), "name": names[0],
        "other_names": sorted({n for n in names[1:] if n != names[0]}),
        "explain": explain, "cells": cells, "example": example_context(ex),
        "alt": alt_ctx,
    }


def example_context(ex: Example) -> dict[str, Any]:
    return {
        "concealed": ex.concealed,
        "melds": [(tiles, MELD_WORDS[kind]) for tiles, kind in ex.meld_parts()],
        "bonus": ex.bonus,
        "words": example_words(ex),
    }


@lru_cache(maxsize=1)
def glossary() -> list[dict[str, Any]]:
    """Built once: the entries only change with the code."""
    return [{
        "family": fam, "title": TITLES[fam],
        "columns": [{"title": PRESETS[n].title, "also": [PRESETS[a].title for a in also]}
                    for n, also in COLUMNS[fam]],
        "entries": [entry_context(fam, code) for code in ENTRIES[fam]],
    } for fam in (CLASSICAL, HONGKONG)]


def page(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_scoring.html", {
        "tables": glossary(), "set_points": set_points_table(),
    })
