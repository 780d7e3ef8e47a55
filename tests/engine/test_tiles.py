"""The 144 tiles and the notation of DESIGN.md."""

from collections import Counter

import pytest

from games.engine.errors import NotationError
from games.engine.tiles import (
    TILE_NAMES,
    all_tiles,
    format_tiles,
    parse_tiles,
    read_tiles,
    tile_words,
)


def test_a_full_set_has_144_tiles():
    """Seed 000 §2.2 builds the wall from 144 tiles: 3 suits x 9 x 4, 4 winds x 4,
    3 dragons x 4, 4 flowers and 4 seasons."""
    tiles = all_tiles()
    assert len(tiles) == 144
    counts = Counter(format_tiles([t]) for t in tiles)
    assert counts["b1"] == counts["c9"] == counts["we"] == counts["dw"] == 4
    assert counts["f1"] == counts["s4"] == 1
    assert len(all_tiles(())) == 136


def test_every_token_round_trips():
    text = " ".join(TILE_NAMES)
    assert format_tiles(parse_tiles(text)) == text
    assert len(set(TILE_NAMES)) == 42


@pytest.mark.parametrize(
    "text, bad, position",
    [("b1 b2 x9", "x9", 3), ("b0", "b0", 1), ("c1 B2", "B2", 2), ("we wx", "wx", 2)],
)
def test_a_bad_token_names_itself_and_its_position(text, bad, position):
    with pytest.raises(NotationError) as err:
        parse_tiles(text)
    assert repr(bad) in str(err.value)
    assert f"position {position}" in str(err.value)


@pytest.mark.parametrize("typed", ["B1 b2 B3 WE dR", "b1b2b3 we dr", "B1B2b3WEdr", " b1b2  b3 wedr "])
def test_typing_is_read_in_any_case_and_without_spaces(typed):
    """Issue 38 item 10: a person's typing (the calculator) reads 'B1' and 'b1b2b3'; the
    canonical notation (DESIGN.md) stays what parse_tiles reads and format_tiles writes."""
    assert format_tiles(read_tiles(typed)) == "b1 b2 b3 we dr"
    with pytest.raises(NotationError):
        parse_tiles("b1b2b3")


@pytest.mark.parametrize("typed, bad, position", [
    ("b1b2zz", "zz", 3), ("B1 B2 X9", "X9", 3), ("b1b2b", "b", 3), ("we wxb1", "wx", 2),
])
def test_typing_with_a_bad_token_names_it_and_its_position(typed, bad, position):
    with pytest.raises(NotationError, match=f"bad tile {bad!r} at position {position}"):
        read_tiles(typed)


def test_tiles_have_words_a_beginner_can_read():
    assert tile_words(parse_tiles("d5")[0]) == "5 Dots"
    assert tile_words(parse_tiles("wn")[0]) == "North Wind"
    assert tile_words(parse_tiles("dr")[0]) == "Red Dragon"
