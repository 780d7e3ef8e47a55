"""A finished hand laid out as groups: which of them are declared sets and which are the hand.

A player showing a hand to the calculator may lay out, besides the sets declared in play, a pair,
BMJA's knitted pairs and triples, and the set the winning tile completed (named by `win.set`,
for a discard or robbed-kong win). Those groups are folded back into the concealed tiles: they
are never declared sets. One laid out exposed still counts as exposed where a rule cares (a
concealed hand, a concealed special shape), except the group the winning discard completed,
which every win on a discard exposes anyway: the one `win.set` names or, with none named, an
exposed pair holding the winning tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..melds import KNITTED, PAIR, Meld
from .types import SELF_DRAWN, WinInfo


class LaidOut(NamedTuple):
    declared: list[Meld]  # the sets declared in play
    tiles: list[int]  # the tiles of the folded groups, to join the concealed tiles
    exposed: bool  # a folded group other than the winning set was laid out exposed


def fold_groups(melds: Sequence[Meld], win: WinInfo | None) -> LaidOut:
    declared: list[Meld] = []
    tiles: list[int] = []
    exposed = False
    wanted = None
    on_discard = win is not None and win.source not in SELF_DRAWN
    if on_discard and win.set:
        wanted = tuple(sorted(win.set))
    elif on_discard and any(m.kind == PAIR and m.exposed and win.tile in m.tiles for m in melds):
        # No set named: an exposed pair holding the winning tile is the one the discard made.
        wanted = (win.tile, win.tile)
    for meld in melds:
        if wanted is not None and tuple(sorted(meld.tiles)) == wanted and not meld.kong:
            wanted = None  # the winning tile's set: one group only
            tiles.extend(meld.tiles)
        elif meld.kind in (PAIR, KNITTED):
            tiles.extend(meld.tiles)
            exposed = exposed or meld.exposed
        else:
            declared.append(meld)
    return LaidOut(declared, tiles, exposed)
