"""The scoring glossary (/rules/scoring/): every rule code the scorers emit, what it is worth in
each ruleset (read from the engine by scoring the entry's example), and that example drawn. Names,
explanations and values read in the page's language: each ruleset's own names in Chinese
(games/engine/hand_names, docs/hand-names.md). /rules/names/<language>.json gives the browser's
score sheet the same names."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games.engine import hand_names
from games.engine.ruleset import PRESETS
from games.engine.scoring.glossary import (
    CLASSICAL,
    COLUMNS,
    ENTRIES,
    HONGKONG,
    Example,
    anchor,
    example_for,
    set_points_table,
    values,
)

TITLES = {CLASSICAL: "The classical tables: points, doubles and limits",
          HONGKONG: "The Hong Kong table: faan"}
HOW = {"wall": _("self-drawn from the wall"), "dead_wall": _("self-drawn: a loose tile after a kong"),
       "discard": _("on a discard"), "robbed_kong": _("by robbing a kong")}
FLAG_WORDS = {"last_tile": _("the last tile"), "original_call": _("after an Original Call"),
              "blessing": _("on the first tiles of the deal"), "kong_on_kong": _("kong upon kong")}
WINDS = (pgettext_lazy("wind", "East"), pgettext_lazy("wind", "South"),
         pgettext_lazy("wind", "West"), pgettext_lazy("wind", "North"))
MELD_WORDS = {"concealed": _("concealed"), "claimed": _("claimed"), "exposed": _("exposed"),
              "promoted": _("promoted")}
SET_WORDS = {"Pung": _("Pung"), "Kong": _("Kong")}


def and_list(items: list[str]) -> str:
    """"A", "A and B", "A, B and C", in the page's language."""
    if len(items) < 2:
        return "".join(items)
    return gettext("%(head)s and %(last)s") % {
        "head": pgettext("list", ", ").join(items[:-1]), "last": items[-1]}


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def worth(fam: str, kind: str, value: int, limit: int, lang: str = hand_names.ENGLISH) -> str:
    if lang != hand_names.ENGLISH:
        units = hand_names.words(lang)["units"]
        if kind == "limit":
            key = "limit" if value == limit else "half_limit" if 2 * value == limit else "part_limit"
            return units[key].format(v=f"{value:,}", limit=f"{limit:,}")
        return units["faan" if fam == HONGKONG and kind == "doubles" else kind].format(n=value)
    if kind == "limit":
        if value == limit:
            return f"the limit, {value:,}"
        if 2 * value == limit:
            return f"half the limit, {value:,}"
        return f"{value:,} of the {limit:,} limit"
    if kind == "doubles":  # faan is its own plural
        return f"{value} faan" if fam == HONGKONG else plural(value, "double")
    return plural(value, "point")


def cell(fam: str, lines: list[tuple[str, int]] | None, limit: int,
         lang: str = hand_names.ENGLISH) -> str:
    """What one ruleset scores for a code: "2 points", "1 double"; a line per set or tile
    ("4, 8 and 2 points") when the example scores it more than once."""
    if not lines:
        return "—"
    kinds = {kind for kind, _ in lines}
    if len(lines) > 1 and kinds <= {"points", "doubles"} and len(kinds) == 1:
        kind = kinds.pop()
        *head, last = [str(v) for _, v in lines]
        unit = "faan" if fam == HONGKONG and kind == "doubles" else kind
        if lang != hand_names.ENGLISH:
            units = hand_names.words(lang)["units"]
            values = units["list_sep"].join(head) + units["list_and"] + last
            return units["lines"].format(values=values, unit=units[unit].format(n="").strip())
        return f"{', '.join(head)} and {last} {unit}, a line each"
    sep = hand_names.words(lang)["units"]["list_sep"] if lang != hand_names.ENGLISH else ", "
    return sep.join(dict.fromkeys(worth(fam, k, v, limit, lang) for k, v in lines))


def name(fam: str, code: str, ruleset: str, lang: str = hand_names.ENGLISH) -> str:
    """The rule's name as the ruleset names it, in the language (the glossary's headings for the
    per-set codes P1-P3)."""
    return hand_names.hand_name(ruleset, code, lang)


def example_words(ex: Example, lang: str = hand_names.ENGLISH) -> str:
    values = {"seat": WINDS[ex.seat], "round": WINDS[ex.round]}
    if ex.win is None:
        return gettext("%(seat)s in the %(round)s round; the hand did not go out.") % values
    flags = [str(FLAG_WORDS[k]) for k, v in ex.flags if k in FLAG_WORDS and v]
    streak = dict(ex.flags).get("east_streak")
    if streak:
        flags.append(gettext("East's %(n)sth win in a row") % {"n": streak})
    values |= {"tile": hand_names.tile_name(ex.win, lang), "how": HOW[ex.source],
               "flags": pgettext("list", ", ").join(flags)}
    if flags:
        return gettext("%(seat)s in the %(round)s round; goes out on %(tile)s, %(how)s "
                       "(%(flags)s).") % values
    return gettext("%(seat)s in the %(round)s round; goes out on %(tile)s, %(how)s.") % values


def entry_context(fam: str, code: str, lang: str = hand_names.ENGLISH) -> dict[str, Any]:
    first = COLUMNS[fam][0][0]
    explain, ex = example_for(fam, code, first)
    if lang != hand_names.ENGLISH:
        explain = hand_names.explanation(first, code, lang)
    found = values(fam, code)
    cells = [(hand_names.ruleset_title(n, lang), cell(fam, lines, PRESETS[n].limit, lang))
             for n, lines in found]
    names = [name(fam, code, n, lang) for n, lines in found if lines or n == first]
    alt = ENTRIES[fam][code].alt
    alt_ctx = None
    if alt is not None:
        title, alt_name = hand_names.ruleset_title(alt[0], lang), name(fam, code, alt[0], lang)
        lead = (f"{title}: {alt_name}." if lang == hand_names.ENGLISH
                else f"{title}：{alt_name}。")
        alt_ctx = {"ruleset": title, "name": alt_name, "lead": lead,
                   "explain": hand_names.explanation(alt[0], code, lang),
                   "example": example_context(alt[2], lang) if alt[2] else None}
    return {
        "code": code, "anchor": anchor(fam, code), "name": names[0],
        "other_names": sorted({n for n in names[1:] if n != names[0]}),
        "explain": explain, "cells": cells, "example": example_context(ex, lang),
        "alt": alt_ctx,
    }


def example_context(ex: Example, lang: str = hand_names.ENGLISH) -> dict[str, Any]:
    melds = [(tiles, kind, MELD_WORDS[kind]) for tiles, kind in ex.meld_parts()]
    declared = (gettext("Declared: %(kinds)s.") % {
        "kinds": pgettext("list", ", ").join(str(word) for _t, _k, word in melds)}
        if melds else "")
    return {
        "concealed": ex.concealed,
        "melds": melds,
        "declared": declared,
        "bonus": ex.bonus,
        "words": example_words(ex, lang),
    }


@lru_cache(maxsize=4)
def glossary(lang: str = hand_names.ENGLISH) -> list[dict[str, Any]]:
    """Built once a language: the entries only change with the code."""
    title = (TITLES.get if lang == hand_names.ENGLISH
             else hand_names.words(lang)["families"].get)
    return [{
        "family": fam, "title": title(fam),
        "columns": [{"title": hand_names.ruleset_title(n, lang),
                     "also": [hand_names.ruleset_title(a, lang) for a in also],
                     "also_words": and_list([hand_names.ruleset_title(a, lang) for a in also])}
                    for n, also in COLUMNS[fam]],
        "entries": [entry_context(fam, code, lang) for code in ENTRIES[fam]],
    } for fam in (CLASSICAL, HONGKONG)]


def page(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_scoring.html", {
        "tables": glossary(hand_names.language_of(get_language())),
        "set_points": [(SET_WORDS[row[0]], *row[1:]) for row in set_points_table()],
    })


@require_GET
@cache_control(public=True, max_age=3600)
def names_json(request: HttpRequest, language: str) -> JsonResponse:
    """The score sheet's names in a language (static/js/render/names.js): each scoring family's
    rule names, the tiles and the score table's words. Not for English: the engine's words are
    English already."""
    if language not in hand_names.LANGUAGES:
        raise Http404("no such language")
    return JsonResponse(hand_names.browser_tables(language),
                        json_dumps_params={"ensure_ascii": False})
