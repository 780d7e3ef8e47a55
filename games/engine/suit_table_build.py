"""Writes suit_table's file: every suit of at most TABLE_TILES tiles, measured by
`analysis.suit_distance`.

    python -m games.engine.suit_table_build
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from itertools import product
from multiprocessing import Pool

from .analysis import suit_distance
from .suit_table import MAGIC, MISSING, PATH, SIZE, TABLE_TILES, code


def _measure(keys: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    return [suit_distance(bytes(k)) for k in keys]


def build(tiles: int = TABLE_TILES, processes: int | None = None) -> bytes:
    """The table's file contents for every suit of at most `tiles` tiles."""
    # A suit read backwards has the same vector: measure one of each pair.
    keys = [k for k in product(range(5), repeat=9) if sum(k) <= tiles and k <= k[::-1]]
    chunks = [keys[i:i + 2000] for i in range(0, len(keys), 2000)]
    with Pool(processes) as pool:
        vectors = [f for part in pool.map(_measure, chunks) for f in part]
    index = array("H", [MISSING]) * SIZE
    ids: dict[tuple[int, ...], int] = {}
    for k, f in zip(keys, vectors):
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
