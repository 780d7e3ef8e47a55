"""Every suit's distance vector up to TABLE_TILES tiles, precomputed and shipped as a file.

`analysis.suit_distance` finds a suit's vector (the fewest tiles to add for j sets and p
pairs) by a dynamic programme that takes about a millisecond in Python. A bot's lookahead meets
thousands of suits it has not seen, so a fresh process spent up to two fifths of its slowest
decisions there. The table answers any suit of at most TABLE_TILES tiles with one array read;
a larger suit (only a 16-tile hand can hold one) falls back to the programme.

Regenerate with `python -m games.engine.suit_table_build` (about two minutes on two cores);
tests/engine/test_suit_table.py checks the file against the programme.

The file is zlib-compressed: MAGIC, the vector count V (u16), the vector length L (u8), V * L
bytes of vectors, then one little-endian u16 per suit indexed by sum(count[r] * 5**r) over the
nine ranks: the suit's vector, or MISSING for a suit outside the table.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from pathlib import Path

TABLE_TILES = 14
PATH = Path(__file__).with_name("data") / "suit_distances.bin"
MAGIC = b"MJSD1"
MISSING = 0xFFFF
SIZE = 5**9

_table: tuple[array, list[tuple[int, ...]]] | None = None


def code(key: bytes) -> int:
    """A suit's place in the table (each count 0..4)."""
    return (key[0] + 5 * key[1] + 25 * key[2] + 125 * key[3] + 625 * key[4] + 3125 * key[5]
            + 15625 * key[6] + 78125 * key[7] + 390625 * key[8])


def lookup(key: bytes) -> tuple[int, ...] | None:
    """The suit's distance vector, or None when the table does not hold it."""
    global _table
    if _table is None:
        _table = parse(PATH.read_bytes())
    index, vectors = _table
    i = index[code(key)]
    return None if i == MISSING else vectors[i]


def parse(data: bytes) -> tuple[array, list[tuple[int, ...]]]:
    """A table file's index (a vector number per suit code) and its vectors."""
    raw = zlib.decompress(data)
    if raw[:len(MAGIC)] != MAGIC:
        raise ValueError("not a suit distance table")
    pos = len(MAGIC)
    count, length = struct.unpack_from("<HB", raw, pos)
    pos += 3
    vectors = [tuple(raw[pos + i * length:pos + (i + 1) * length]) for i in range(count)]
    pos += count * length
    index = array("H")
    index.frombytes(raw[pos:pos + 2 * SIZE])
    if sys.byteorder != "little":
        index.byteswap()
    if len(index) != SIZE:
        raise ValueError("a truncated suit distance table")
    return index, vectors
