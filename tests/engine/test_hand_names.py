"""Issue 42, item 3: every scoring code a scorer can emit (the glossary's entries, which
tests/engine/test_glossary.py holds to the scorers' tables and to played deals) has a name and a
one-line explanation in Simplified and Traditional Chinese, for every ruleset that can emit it,
in that ruleset's tradition (docs/hand-names.md); English stays the engine's own words."""

from __future__ import annotations

import re

import pytest

from games.engine import hand_names
from games.engine.ruleset import PRESETS
from games.engine.scoring.glossary import ENTRIES, HEADINGS, example_for, family
from games.engine.scoring.hongkong import FAAN, LIMIT_NAMES
from games.engine.scoring.tables import rule_name
from games.engine.tiles import TILE_NAMES, tile_words

LANGS = hand_names.LANGUAGES
# Latin letters a Chinese name or explanation may hold: the leagues' own names.
LATIN_ALLOWED = re.compile(r"DMJL|BMJA")
# Characters only one script writes (the pairs the tables use); Traditional text holds none of
# the Simplified ones and Simplified text none of the Traditional ones.
SIMPLIFIED = "门风东发条杠对单独听将红绿连庄兰无罗汉宝灯莲张两种数没这满贯计补牌墙别还顺间杂双织动组编"
TRADITIONAL = "門風東發條槓對單獨聽將紅綠連莊蘭無羅漢寶燈蓮張兩種數沒這滿貫計補牌牆別還順間雜雙織動組編"


def _simplified_only() -> set[str]:
    return {s for s, t in zip(SIMPLIFIED, TRADITIONAL, strict=True) if s != t}


def _traditional_only() -> set[str]:
    return {t for s, t in zip(SIMPLIFIED, TRADITIONAL, strict=True) if s != t}


def _chinese(text: str, lang: str) -> None:
    assert text and not re.search(r"[A-Za-z]", LATIN_ALLOWED.sub("", text)), text
    wrong = _traditional_only() if lang == "zh-hans" else _simplified_only()
    assert not wrong & set(text), f"{lang}: {text} holds {wrong & set(text)}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_code_a_ruleset_can_score_is_named_and_explained(preset, lang):
    rs = PRESETS[preset]
    codes = ENTRIES[family(rs)]
    for code in codes:
        _chinese(hand_names.hand_name(preset, code, lang), lang)
        _chinese(hand_names.explanation(preset, code, lang), lang)
    # Nothing named that no scorer of the family emits.
    assert set(hand_names.table(rs.scoring, lang)["rules"]) == set(codes)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_english_is_the_engines_own_wording(preset):
    rs = PRESETS[preset]
    fam = family(rs)
    for code in ENTRIES[fam]:
        name = hand_names.hand_name(preset, code, "en")
        if code in HEADINGS:
            assert name == HEADINGS[code]
        elif rs.scoring == "hongkong" and code in FAAN:
            assert name == FAAN[code][0]
        elif rs.scoring == "hongkong" and code in LIMIT_NAMES:
            assert name == LIMIT_NAMES[code]
        else:
            assert name == rule_name(rs, code)
        column = next(n for n in (preset, "bmja", "chinese-classical") if n in PRESETS
                      and PRESETS[n].scoring == rs.scoring)
        assert hand_names.explanation(preset, code, "en") == example_for(fam, code, column)[0]


def test_each_tradition_names_its_own_hands():
    """Classical 和 / Hong Kong 糊; the leagues' own hands; a name may differ per ruleset."""
    name = hand_names.hand_name
    assert name("chinese-classical", "W2", "zh-hans") == "对对和"
    assert name("cantonese", "HK4", "zh-hant") == "對對糊"
    assert name("cantonese", "L8", "zh-hant") == "坎坎糊"
    assert name("chinese-classical", "L8", "zh-hant") == "四暗刻"
    assert name("cantonese", "L14", "zh-hant") == "九子連環"
    assert name("chinese-classical", "L14", "zh-hant") == "九蓮寶燈"
    assert name("bmja", "W5", "zh-hans") != name("chinese-classical", "W5", "zh-hans")
    assert name("british", "L15", "zh-hans") == name("bmja", "L15", "zh-hans") != \
        name("dmjl", "L15", "zh-hans")
    assert name("dmjl", "L18", "zh-hans") == "庄家连和 9 局"  # the league's nine wins
    assert name("chinese-classical", "L18", "zh-hant") == "莊家連和 13 局"
    assert name("sixteen-tile", "D9", "zh-hant") == name("chinese-classical", "D9", "zh-hant")
    # A language code as Django or a browser writes it.
    assert name("cantonese", "HK3", "zh-Hant") == name("cantonese", "HK3", "zh_TW") == "平糊"


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_has_its_name(lang):
    for scoring in hand_names.SCORINGS:
        tiles = hand_names.table(scoring, lang)["tiles"]
        assert set(tiles) == set(TILE_NAMES)
        for token in TILE_NAMES:
            _chinese(tiles[token], lang)
    assert hand_names.tile_name("d5", lang) == "五筒"
    assert hand_names.tile_name("d5", "en") == tile_words(TILE_NAMES.index("d5")) == "5 Dots"
    # Bamboo: 条 / 條 in the classical tables, 索 in Hong Kong.
    assert hand_names.tile_name("b2", lang, "hongkong") == "二索"
    assert hand_names.tile_name("b2", lang) == {"zh-hans": "二条", "zh-hant": "二條"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_words_are_chinese(lang):
    words = hand_names.words(lang)
    for group in ("units", "sheet", "sets", "melds", "rulesets", "families"):
        for text in words[group].values():
            if text.strip("—"):
                _chinese(re.sub(r"\{\w+\}", "", text), lang)
    assert set(words["rulesets"]) == set(PRESETS)


def test_the_browser_tables_name_every_code_in_english_and_chinese():
    for lang in LANGS:
        data = hand_names.browser_tables(lang)
        for scoring in hand_names.SCORINGS:
            t = data["tables"][scoring]
            assert set(t["rules"]) == set(t["english"]) == set(hand_names.codes(scoring))
