"""Every suit's distance vector up to TABLE_TILES tiles, precomputed and shipped as a file.

`analysis._suit_distance` finds a suit's vector (the fewest tiles to add for j sets and p
pairs) by a dynamic programme that takes about a millisecond in Python. A bot's lookahead meets
thousands of suits it has not seen, so a fresh process spent a third of its slowest decisions
there. The table answers any suit of at most TABLE_TILES tiles with one array read; a larger
suit (only a 16-tile hand can hold one) falls back to the programme.

Regenerate with `python -m games.engine.suit_table` (about a minute on two cores);
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
from itertools import product
from pathlib import Path

TABLE_TILES = 14
PATH = Path(__file__).with_name("data") / "suit_distances.bin"
MAGIC = b"MJSD1"
MISSING = 0xFFFF
_SIZE = 5**9
_POW = tuple(5**r for r in range(9))

_table: tuple[array, list[tuple[int, ...]]] | None = None


def code(key: bytes) -> int:
    """A suit's place in the table (each count 0..4)."""
    return (key[0] + 5 * key[1] + 25 * key[2] + 125 * key[3] + 625 * key[4] + 3125 * key[5]
            + 15625 * key[6] + 78125 * key[7] + 390625 * key[8])


def lookup(key: bytes) -> tuple[int, ...] | None:
    """The suit's distance vector, or None when the table does not hold it."""
    global _table
    if _table is None:
        _table = _load(PATH)
    index, vectors = _table
    i = index[code(key)]
    return None if i == MISSING else vectors[i]


def _load(path: Path) -> tuple[array, list[tuple[int, ...]]]:
    raw = zlib.decompress(path.read_bytes())
    if raw[:len(MAGIC)] != MAGIC:
        raise ValueError(f"{path} is not a suit distance table")
    pos = len(MAGIC)
    count, length = struct.unpack_from("<HB", raw, pos)
    pos += 3
    vectors = [tuple(raw[pos + i * length:pos + (i + 1) * length]) for i in range(count)]
    pos += count * length
    index = array("H")
    index.frombytes(raw[pos:pos + 2 * _SIZE])
    if sys.byteorder != "little":
        index.byteswap()
    if len(index) != _SIZE:
        raise ValueError(f"{path} is truncated")
    return index, vectors


def _compute(keys: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    from .analysis import _suit_distance

    return [_suit_distance(bytes(k)) for k in keys]


def build(tiles: int = TABLE_TILES, processes: int | None = None) -> bytes:
    """The table's file contents for every suit of at most `tiles` tiles."""
    from multiprocessing import Pool

    keys = [k for k in product(range(5), repeat=9) if sum(k) <= tiles and k <= k[::-1]]
    chunks = [keys[i:i + 2000] for i in range(0, len(keys), 2000)]
    with Pool(processes) as pool:
        results = [f for part in pool.map(_compute, chunks) for f in part]
    index = array("H", [MISSING]) * _SIZE
    ids: dict[tuple[int, ...], int] = {}
    for k, f in zip(keys, results):
        vid = ids.setdefault(f, len(ids))
        index[code(bytes(k))] = index[code(bytes(k[::-1]))] = vid
    if sys.byteorder != "little":
        index.byteswap()
    length = len(next(iter(ids)))
    head = MAGIC + struct.pack("<HB", len(ids), length)
    body = b"".join(bytes(f) for f in ids)
    return zlib.compress(head + body + index.tobytes(), 9)


if __name__ == "__main__":
    PATH.parent.mkdir(exist_ok=True)
    PATH.write_bytes(build())
    print(f"wrote {PATH} ({PATH.stat().st_size} bytes)")
