"""A hand as scoring sees it: the tiles, the declared sets, the seat, and checks on them."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import NotationError
from ..melds import CLAIMED_KONG, CONCEALED_KONG, KONG, PUNG, Meld
from ..ruleset import Ruleset
from ..tiles import BONUS, NUM_PLAYING_KINDS, format_tiles, tile_words
from .types import SOURCES, WinInfo

# A scored set: (kind, tile, concealed for points, concealed for doubles); tile = a chow's lowest.
CHOW_SET, PUNG_SET, KONG_SET = 0, 1, 2
ScoredSet = tuple[int, int, bool, bool]


def meld_set(meld: Meld, ruleset: Ruleset) -> ScoredSet:
    """Declared sets (classical.md §1.1): a claimed kong scores as exposed, counts as concealed."""
    if meld.kind == KONG:
        if meld.kong == CONCEALED_KONG:
            return (KONG_SET, meld.tile, True, True)
        if meld.kong == CLAIMED_KONG:
            return (KONG_SET, meld.tile, False, ruleset.claimed_kong_counts_concealed)
        return (KONG_SET, meld.tile, False, False)
    if meld.kind == PUNG:
        return (PUNG_SET, meld.tile, not meld.exposed, not meld.exposed)
    return (CHOW_SET, meld.tiles[0], not meld.exposed, not meld.exposed)


def check_tiles(concealed: Sequence[int], melds: Sequence[Meld], bonus: Sequence[int]) -> list[int]:
    """Counts of every playing tile shown; raises NotationError for a hand no set of tiles holds."""
    return count_tiles(concealed, melds, bonus)[1]


def count_tiles(concealed: Sequence[int], melds: Sequence[Meld],
                bonus: Sequence[int]) -> tuple[list[int], list[int]]:
    """(counts of the concealed tiles, counts of every playing tile shown), checked as
    check_tiles checks them."""
    if concealed and not (0 <= min(concealed) and max(concealed) < NUM_PLAYING_KINDS):
        _reject_concealed(concealed)
    counts = [0] * NUM_PLAYING_KINDS
    for t in concealed:
        counts[t] += 1
    shown = counts
    if melds:
        shown = list(counts)
        for meld in melds:
            for t in meld.tiles:
                if not 0 <= t < NUM_PLAYING_KINDS:
                    raise NotationError("a set is made of suit, wind and dragon tiles only")
                shown[t] += 1
    if max(shown) > 4:
        kind = next(k for k, n in enumerate(shown) if n > 4)
        raise NotationError(f"{shown[kind]} tiles of {tile_words(kind)} shown, but there are only 4")
    if bonus and (len(set(bonus)) != len(bonus) or any(t not in BONUS for t in bonus)):
        raise NotationError("bonus tiles must be distinct flowers and seasons")
    return counts, shown


def _reject_concealed(concealed: Sequence[int]) -> None:
    """Raise for the first concealed tile that is not a playing tile."""
    for t in concealed:
        if not 0 <= t < NUM_PLAYING_KINDS:
            raise NotationError(f"{format_tiles([t]) if t in BONUS else t!r} cannot be held in "
                                "hand: flowers and seasons go with the bonus tiles")


def check_seat(name: str, wind: int) -> None:
    if not isinstance(wind, int) or isinstance(wind, bool) or not 0 <= wind <= 3:
        raise NotationError(f"{name} must be 0-3 (East, South, West, North), not {wind!r}")


def check_win(win: WinInfo) -> None:
    if win.source not in SOURCES:
        raise NotationError(f"unknown win source {win.source!r} (known: {', '.join(SOURCES)})")
    if not 0 <= win.tile < NUM_PLAYING_KINDS:
        raise NotationError("the winning tile must be a suit, wind or dragon tile")
    if win.set is not None and win.tile not in win.set:
        raise NotationError("the set named for the winning tile does not hold it")
