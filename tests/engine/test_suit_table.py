"""The shipped suit distance table is the dynamic programme's answer for every suit it holds,
and holds exactly the suits of at most TABLE_TILES tiles: shanten, hints and every bot
decision read it in place of the programme."""

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import analysis, suit_table, suit_table_build


def _suits_up_to(tiles: int) -> int:
    """How many nine-rank suits, each count 0..4, hold at most `tiles` tiles."""
    ways = [1] + [0] * tiles
    for _ in range(9):
        ways = [sum(ways[n - c] for c in range(5) if n - c >= 0) for n in range(tiles + 1)]
    return sum(ways)


def test_the_table_holds_every_suit_of_up_to_fourteen_tiles_and_no_larger_one():
    index, _vectors = suit_table.parse(suit_table.PATH.read_bytes())
    held = sum(1 for i in index if i != suit_table.MISSING)
    assert held == _suits_up_to(suit_table.TABLE_TILES) == 405_350
    assert suit_table.lookup(bytes([4, 4, 4, 3, 0, 0, 0, 0, 0])) is None  # 15 tiles


def test_every_small_suit_matches_the_programme():
    for key in product(range(5), repeat=9):
        if sum(key) <= 4:
            assert suit_table.lookup(bytes(key)) == analysis.suit_distance(bytes(key)), key


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=5, max_size=14))
def test_any_suit_in_the_table_matches_the_programme(ranks):
    key = [0] * 9
    for r in ranks:
        if key[r] < 4:
            key[r] += 1
    key = bytes(key)
    assert suit_table.lookup(key) == analysis.suit_distance(key)
    assert suit_table.lookup(key[::-1]) == suit_table.lookup(key)  # read backwards: the same


def test_a_sixteen_tile_suit_beyond_the_table_still_measures():
    # Seed 002's hand of one suit: 17 tiles, five sets and a pair, read by the programme.
    counts = [3, 1, 1, 1, 2, 3, 3, 3, 0] + [0] * 25
    assert sum(counts) == 17 and suit_table.lookup(bytes(counts[:9])) is None
    assert analysis.shanten(counts) == -1


def test_the_builder_writes_what_is_shipped():
    index, vectors = suit_table.parse(suit_table_build.build(tiles=3, processes=1))
    built = {key: vectors[index[suit_table.code(bytes(key))]]
             for key in product(range(5), repeat=9) if sum(key) <= 3}
    assert all(suit_table.lookup(bytes(key)) == f for key, f in built.items())
    assert sum(1 for i in index if i != suit_table.MISSING) == len(built) == _suits_up_to(3)
