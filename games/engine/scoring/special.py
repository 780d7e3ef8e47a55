"""Winning shapes that are not four sets and a pair (classical.md §1.10 L17; leagues.md §4).

They live with the one win test (games/engine/wintest.py); scoring reads them from there.
"""

from ..wintest import (
    is_all_pair_honours,
    is_knitting,
    is_triple_knitting,
    is_wriggling_snake,
    special_shape,
)

__all__ = ["is_all_pair_honours", "is_knitting", "is_triple_knitting", "is_wriggling_snake",
           "special_shape"]
