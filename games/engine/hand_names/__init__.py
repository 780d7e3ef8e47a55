"""Each ruleset's names for its scoring rules, tiles and sets, per language (docs/hand-names.md).

English is the engine's own wording (scoring/tables.py, scoring/hongkong.py, the glossary's
explanations); Simplified (`zh-hans`) and Traditional (`zh-hant`) Chinese are data, one JSON file
a language beside this module. A file holds one table per scoring family (`classical`, `dmjl`,
`bmja`, `hongkong`: the ruleset's `scoring`); a table may name a `base` it only changes. Pure
Python, no Django: pages, the calculator and the browser's score sheet all read the same tables.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..ruleset import PRESETS, Ruleset
from ..scoring.glossary import CLASSICAL, ENTRIES, HEADINGS, HONGKONG
from ..scoring.hongkong import FAAN, LIMIT_NAMES
from ..scoring.tables import rule_name
from ..tiles import TILE_NAMES, tile_words

ENGLISH = "en"
LANGUAGES = ("zh-hans", "zh-hant")
SCORINGS = ("classical", "dmjl", "bmja", "hongkong")
_HERE = Path(__file__).parent


def language_of(code: str | None) -> str:
    """The table a language code reads: "zh-hans" / "zh-hant" (any case, `_` or `-`, "zh-cn",
    "zh-tw", ... as Django's LANGUAGES map them), else English."""
    lang = (code or "").lower().replace("_", "-")
    if lang in LANGUAGES:
        return lang
    if lang in ("zh-cn", "zh-sg", "zh-my"):
        return "zh-hans"
    if lang in ("zh-tw", "zh-hk", "zh-mo"):
        return "zh-hant"
    return ENGLISH


@cache
def _file(language: str) -> dict[str, Any]:
    return json.loads((_HERE / f"{language}.json").read_text(encoding="utf-8"))


@cache
def table(scoring: str, language: str) -> dict[str, Any]:
    """One scoring family's table in a language, its base merged in: rules (code -> [name,
    explanation]), tiles (token -> name), lines (the words score lines are built from)."""
    tables = _file(language)["tables"]
    own = tables[scoring]
    merged: dict[str, Any] = {"rules": {}, "tiles": {}, "lines": {}}
    if "base" in own:
        base = table(own["base"], language)
        for key in merged:
            merged[key].update(base[key])
    for key in merged:
        merged[key].update(own.get(key, {}))
    return merged


def words(language: str) -> dict[str, Any]:
    """A language's words shared by every table: units, the score sheet's labels, set and meld
    names, ruleset and table titles."""
    data = _file(language)
    return {k: v for k, v in data.items() if k != "tables"}


def scoring_of(ruleset: str | Ruleset) -> str:
    rs = PRESETS[ruleset] if isinstance(ruleset, str) else ruleset
    return rs.scoring


def english_name(rs: Ruleset, code: str) -> str:
    """The engine's English name of a rule code under a ruleset (the glossary's headings for
    the per-set codes P1-P3)."""
    if rs.scoring == HONGKONG:
        if code in FAAN:
            return FAAN[code][0]
        if code in LIMIT_NAMES:
            return LIMIT_NAMES[code]
    if code in HEADINGS:
        return HEADINGS[code]
    return rule_name(rs, code)


def hand_name(ruleset: str | Ruleset, code: str, language: str) -> str:
    """A rule's name as the ruleset's tradition gives it in the language: `hand_name("cantonese",
    "HK4", "zh-hant")` is 對對糊, `hand_name("chinese-classical", "W2", "zh-hant")` 對對和."""
    rs = PRESETS[ruleset] if isinstance(ruleset, str) else ruleset
    lang = language_of(language)
    if lang == ENGLISH:
        return english_name(rs, code)
    name = table(rs.scoring, lang)["rules"][code][0]
    return name.replace("{n}", str(rs.east_consecutive_win_limit))


def explanation(ruleset: str | Ruleset, code: str, language: str) -> str:
    """The rule's one-line explanation (the glossary's), in the language."""
    rs = PRESETS[ruleset] if isinstance(ruleset, str) else ruleset
    lang = language_of(language)
    fam = HONGKONG if rs.scoring == HONGKONG else CLASSICAL
    if lang == ENGLISH:
        entry = ENTRIES[fam][code]
        if entry.alt is not None and PRESETS[entry.alt[0]].scoring == rs.scoring:
            return entry.alt[1]
        return entry.explain
    return table(rs.scoring, lang)["rules"][code][1]


def tile_name(token: str, language: str, scoring: str = "classical") -> str:
    """A tile's name: "5 Dots" in English, 五筒 in Chinese; bamboo is 条/條 in the classical
    tables, 索 in the Hong Kong one."""
    lang = language_of(language)
    if lang == ENGLISH:
        return tile_words(TILE_NAMES.index(token))
    return table(scoring, lang)["tiles"][token]


def ruleset_title(ruleset: str, language: str) -> str:
    lang = language_of(language)
    if lang == ENGLISH:
        return PRESETS[ruleset].title
    return words(lang)["rulesets"].get(ruleset, PRESETS[ruleset].title)


def codes(scoring: str) -> tuple[str, ...]:
    """Every code a scoring family's table names: its glossary entries."""
    return tuple(ENTRIES[HONGKONG if scoring == HONGKONG else CLASSICAL])


@cache
def browser_tables(language: str) -> dict[str, Any]:
    """What the browser's score sheet needs to word a score in the language (the JSON route):
    per scoring family the rules' names, the engine's English names (a score line is the
    English name and a detail, a tile or a limit hand's name), the tiles and the line words;
    and the language's shared words. Score lines stay language-neutral over the socket."""
    lang = language_of(language)
    out: dict[str, Any] = {"language": lang, **words(lang), "tables": {}}
    for scoring in SCORINGS:
        rs = next(r for r in PRESETS.values() if r.scoring == scoring)
        t = table(scoring, lang)
        english = {code: english_name(rs, code) for code in codes(scoring)}
        out["tables"][scoring] = {
            "rules": {code: t["rules"][code][0] for code in codes(scoring)},
            "english": english, "tiles": t["tiles"], "lines": t["lines"],
        }
    return out
