"""BMJA details (seed 001, rules/leagues.md §4 and §6): Gates of Heaven on its shape, losers
calling for every special shape, waits within the one-chow rule."""

import pytest

from games.engine.cli_score import main_waits
from games.engine.scoring.tables import rule_name
from tests.engine.test_cli_score import run
from tests.engine.test_scoring_examples import BMJA, DMJL, S, score


@pytest.mark.parametrize("last", ["c1", "c5", "c9", "c3"])
def test_gates_of_heaven_is_judged_on_its_shape(last):
    """leagues.md §4: Gates of Heaven is 1112345678999 of one suit plus one more of 2-8; which
    tile came last does not matter."""
    r = score("c1 c1 c1 c2 c3 c4 c5 c5 c6 c7 c8 c9 c9 c9", seat=S, win=last, source="wall",
              ruleset=BMJA)
    assert r.won and r.limit == "L14"
    assert any(i.name == "Gates of Heaven" for i in r.items)


def test_gates_of_heaven_on_a_discard():
    """leagues.md §4: the shape is what counts, also when the last tile was a discard."""
    r = score("c1 c1 c1 c2 c3 c4 c5 c6 c7 c8 c8 c9 c9 c9", seat=S, win="c1", source="discard",
              ruleset=BMJA)
    assert r.won and r.limit == "L14"


def test_dmjl_nine_gates_still_needs_the_duplicated_tile_last():
    """leagues.md §4 (DMJL): Nine Gates' last tile must be the duplicated one."""
    tiles = "c1 c1 c1 c2 c3 c4 c5 c5 c6 c7 c8 c9 c9 c9"
    assert score(tiles, seat=S, win="c5", source="wall", ruleset=DMJL).limit == "L14"
    assert score(tiles, seat=S, win="c1", source="wall", ruleset=DMJL).limit != "L14"


@pytest.mark.parametrize("tiles, shape, total", [
    ("b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9 b9", "H2", 200),
    ("b1 c1 d1 b3 c3 d3 b5 c5 d5 b8 c8 d8 b9", "H1", 200),
    ("b1 b1 c9 c9 d1 d1 we we ws ws dr dr dw", "H3", 200),
    ("b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 we ws ww", "L15", 400),
    ("c1 c1 c1 c2 c3 c4 c5 c6 c7 c8 c9 c9 c9", "L14", 400),
    ("b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw", "L17", 400),
])
def test_loser_calling_for_a_special_shape(tiles, shape, total):
    """leagues.md §6: a loser one tile from any special hand scores its fraction of the limit
    (0.2 for the half-limit hands, 0.4 for the limit hands)."""
    r = score(tiles, seat=S, ruleset=BMJA)
    assert not r.won and r.total == total
    assert r.items[-1].rule == "C1" and rule_name(BMJA, shape) in r.items[-1].name


def test_waits_command_honours_the_one_chow_rule_and_special_shapes():
    """leagues.md §1, §4: `waits` under BMJA leaves out a tile that makes a second chow and
    names the tile that completes a Knitting hand."""
    lines = [
        {"id": 1, "ruleset": "bmja", "concealed": "c1 c2 c3 b5 b6 b6 b6 d9 d9 d9 dr dr dr"},
        {"id": 2, "ruleset": "chinese-classical",
         "concealed": "c1 c2 c3 b5 b6 b6 b6 d9 d9 d9 dr dr dr"},
        {"id": 3, "ruleset": "bmja", "concealed": "b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9 b9"},
    ]
    out = run(main_waits, *lines)
    assert [o["waits"] for o in out] == ["b5", "b4 b5 b7", "c9"]
