"""The scoring glossary (/rules/scoring/): an entry for every code a scorer can emit
(classical.md §1, leagues.md, the Hong Kong table of docs/scoring.md), each with an example hand
that the engine scores with that code."""

from __future__ import annotations

import random

import pytest

from games.engine import bots
from games.engine.deal import Deal
from games.engine.match import Match
from games.engine.ruleset import PRESETS
from games.engine.scoring.glossary import (
    CLASSICAL,
    COLUMNS,
    ENTRIES,
    HONGKONG,
    family,
    score_example,
    values,
)
from games.engine.scoring.hongkong import FAAN, LIMIT_NAMES
from games.engine.scoring.tables import NAMES
from games.engine.settle import summarise_deal
from games.engine.simulate import play_deal

# Fields that change what a classical table scores (docs/scoring.md), bar the limit hands in
# play and the hand's size, which a column's presets may narrow (Sixteen-tile).
SCORING_FIELDS = (
    "scoring", "mahjong_points", "limit", "roof_off", "rounding", "claimed_kong_counts_concealed",
    "selfdraw_points", "selfdraw_points_on_loose", "only_place_points", "fishing_eyes",
    "loser_pair_points", "own_bonus_doubles", "bouquet_doubles", "three_concealed_pungs",
    "honour_set_doubles", "zero_point_double", "false_colour_doubles", "true_colour_doubles",
    "purity_doubles", "loose_tile_double", "three_scholars_no_chow", "buried_treasure_one_suit",
    "nine_gates_minor_only", "snake", "calling_limit_for_losers", "max_chows",
    "east_consecutive_win_limit",
)
ALL_ENTRIES = [(fam, code) for fam, entries in ENTRIES.items() for code in entries]


def _codes(score) -> set[str]:
    return {item.rule for item in score.items}


def test_every_code_in_the_engines_tables_has_an_entry():
    """classical.md §1 (P1-P3, M1-M4, D1-D11, W1-W12, L1-L18), leagues.md (H1-H3, C1, CAP, X1);
    the Hong Kong table's faan, its limit hands, the cap and a long hand."""
    assert set(ENTRIES[CLASSICAL]) == set(NAMES) | {"P1", "P2", "P3"}
    assert set(ENTRIES[HONGKONG]) == set(FAAN) | set(LIMIT_NAMES) | {"CAP", "X1"}


@pytest.mark.parametrize("fam,code", ALL_ENTRIES)
def test_each_example_scores_its_code(fam, code):
    entry = ENTRIES[fam][code]
    scored = [name for name, _ in COLUMNS[fam]
              if code in _codes(score_example(PRESETS[name], entry.example))]
    assert scored, f"{code}: its example scores it under no ruleset"
    if entry.alt is not None:
        ruleset, _, example = entry.alt
        assert code in _codes(score_example(PRESETS[ruleset], example or entry.example))


def test_each_preset_is_one_column_and_scores_as_that_column():
    seen = []
    for fam, columns in COLUMNS.items():
        for name, also in columns:
            head = PRESETS[name]
            assert family(head) == fam
            for member in (name, *also):
                seen.append(member)
                rs = PRESETS[member]
                assert [getattr(rs, f) for f in SCORING_FIELDS] == \
                    [getattr(head, f) for f in SCORING_FIELDS], member
                assert set(rs.limit_hands) <= set(head.limit_hands), member
    assert sorted(seen) == sorted(PRESETS)


def _column_of(preset: str) -> tuple[str, str]:
    for fam, columns in COLUMNS.items():
        for name, also in columns:
            if preset == name or preset in also:
                return fam, name
    raise AssertionError(preset)


def _played_codes(preset: str, deals: int) -> set[str]:
    """Every code scored in deals played by random players and by greedy bots."""
    rs = PRESETS[preset]
    codes: set[str] = set()
    for i in range(deals):
        deal = Deal(rs, f"glossary:{preset}:{i}")
        play_deal(deal, random.Random(i))
        for hand in summarise_deal(deal, 1, 0).hands:
            codes |= {item["rule"] for item in hand.get("score", {}).get("items", [])}
    match = Match(rs.replace(max_deals=deals), f"glossary:{preset}")
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    for summary in match.history:
        for hand in summary.to_json()["hands"]:
            codes |= {item["rule"] for item in hand.get("score", {}).get("items", [])}
    return codes


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_played_hand_scores_a_code_the_glossary_lacks(preset):
    """Whole deals of every preset: each code scored has an entry, and the entry gives it a
    value in that preset's column (never "—" for a code the ruleset scores)."""
    fam, column = _column_of(preset)
    codes = _played_codes(preset, 25)
    assert codes, "no hand scored anything"
    assert codes <= set(ENTRIES[fam]), codes - set(ENTRIES[fam])
    for code in codes:
        shown = dict(values(fam, code))
        assert shown[column] is not None, f"{preset} scores {code}, the glossary says it does not"
