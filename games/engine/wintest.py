"""The one win test per ruleset: play (Deal.can_win), bots, the CLI and scoring all ask here.

`is_mahjong(ruleset, counts, melds)` answers "may these tiles go out?" with the ruleset's hand
size, its chow limit (concealed and declared chows together), Thirteen Orphans and the special
shapes its table lists (classical.md §1.10 L17; leagues.md §4: Gates of Heaven, Wriggling Snake,
Knitting, Triple Knitting, All Pair Honours). `refusal` says why not, in a player's words.

A Goulash (001, classical.md §4 "Draw" row) makes the 2 of Bamboo wild (`Ruleset.wild_tile`,
set by the Deal): a hand goes out if its 2 of Bamboo, each standing for any tile, complete it.
A Goulash allows no chows, so a wild stands in a pung, a kong or the pair (`wild_readings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, product

from .analysis import decompositions, is_thirteen_orphans, is_winning, waits
from .melds import CHOW, Meld
from .ruleset import Ruleset
from .tiles import MAJORS, WINDS

_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
WILD_2B = 1  # the 2 of Bamboo, wild in a Goulash (classical.md §4)


# ---- special shapes: each takes the counts of 14 concealed tiles (no declared sets) --------


def is_nine_gates_shape(c: Sequence[int], minor_only: bool = False) -> bool:
    """1112345678999 of one suit plus one more of it (BMJA Gates of Heaven: a 2-8), judged on
    the shape alone (leagues.md §4)."""
    if sum(c[:34]) != 14:
        return False
    for lo in (0, 9, 18):
        if c[lo] >= 3 and c[lo + 8] >= 3:
            extra = [c[lo + r] - _NINE_GATES[r] for r in range(9)]
            if min(extra) != 0 or sum(extra) != 1:
                return False
            return not minor_only or extra.index(1) not in (0, 8)
    return False


def is_wriggling_snake(c: Sequence[int]) -> bool:
    """BMJA: a pair of 1s, one each of 2-9 of the same suit, and one of each wind."""
    if any(c[w] != 1 for w in WINDS) or any(c[k] for k in (31, 32, 33)):
        return False
    for lo in (0, 9, 18):
        if c[lo] == 2 and all(c[lo + r] == 1 for r in range(1, 9)):
            return sum(c[:27]) == 10
    return False


def is_knitting(c: Sequence[int]) -> bool:
    """BMJA: seven pairs, each the same number in two suits; two suits only, no honours."""
    if sum(c[:34]) != 14 or any(c[27:34]):
        return False
    for a, b, other in ((0, 1, 2), (0, 2, 1), (1, 2, 0)):
        if not any(c[other * 9:other * 9 + 9]) and all(
            c[a * 9 + r] == c[b * 9 + r] for r in range(9)
        ):
            return True
    return False


def is_triple_knitting(c: Sequence[int]) -> bool:
    """BMJA: four triples (one number in all three suits) and a pair of one number in two suits."""
    if sum(c[:34]) != 14 or any(c[27:34]):
        return False
    for r in range(9):
        for a, b in ((0, 1), (0, 2), (1, 2)):
            if c[a * 9 + r] == 0 or c[b * 9 + r] == 0:
                continue
            rest = list(c[:27])
            rest[a * 9 + r] -= 1
            rest[b * 9 + r] -= 1
            if all(rest[k] == rest[9 + k] == rest[18 + k] for k in range(9)):
                return True
    return False


def is_all_pair_honours(c: Sequence[int]) -> bool:
    """BMJA: seven pairs of terminals and honours."""
    return (sum(c[:34]) == 14 and all(c[k] % 2 == 0 for k in MAJORS)
            and sum(c[k] for k in MAJORS) == 14)


def special_shape(ruleset: Ruleset, counts: Sequence[int]) -> str | None:
    """The code of the special winning shape these 14 concealed tiles make under the ruleset
    (Gates of Heaven aside: it is four sets and a pair as well, see `is_mahjong`)."""
    allowed = ruleset.limit_hands
    if "L17" in allowed and ruleset.thirteen_orphans and is_thirteen_orphans(counts):
        return "L17"
    if ruleset.snake == "wriggling" and "L15" in allowed and is_wriggling_snake(counts):
        return "L15"
    if "H1" in allowed and is_triple_knitting(counts):
        return "H1"
    if "H2" in allowed and is_knitting(counts):
        return "H2"
    if "H3" in allowed and is_all_pair_honours(counts):
        return "H3"
    return None


def gates_of_heaven(ruleset: Ruleset, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """The Nine Gates shape, which the chow limit does not bind (it needs three chows)."""
    return (not melds and "L14" in ruleset.limit_hands
            and is_nine_gates_shape(counts, ruleset.nine_gates_minor_only))


# ---- the win test ----------------------------------------------------------------------------


def complete_size(ruleset: Ruleset, melds: Sequence[Meld]) -> int:
    """Concealed tiles of a complete hand: dealt size plus one, three fewer per declared set."""
    return ruleset.hand_size + 1 - 3 * len(melds)


def fewest_chows(counts: Sequence[int]) -> int | None:
    """The fewest chows in any reading of complete concealed tiles as sets and a pair."""
    readings = decompositions(counts)
    return min((len(d.chows) for d in readings), default=None)


def _shown(melds: Sequence[Meld]) -> tuple[int, ...]:
    shown = [0] * 34
    for m in melds:
        for t in m.tiles:
            if t < 34:
                shown[t] += 1
    return tuple(shown)


def wild_readings(ruleset: Ruleset, counts: Sequence[int],
                  melds: Sequence[Meld]) -> list[list[int]]:
    """The complete hands the wild tiles can make of these concealed counts: each reading gives
    the counts with every wild replaced by the tile it stands for. Readings use sets of one
    kind and a pair (a Goulash allows no chows) and never more than four tiles of a kind,
    declared sets included. Empty when the hand holds no wild or cannot be completed."""
    wild = ruleset.wild_tile
    if wild is None or not counts[wild]:
        return []
    readings = [list(r) for r in _wild_readings(tuple(counts[:34]), wild, _shown(melds))]
    if not melds:  # the special shapes are 14 concealed tiles
        plain = _without_wild(ruleset)
        readings += [list(r) for r in _special_candidates(tuple(counts[:34]), wild)
                     if special_shape(plain, r) is not None]
    return readings


@lru_cache(maxsize=4096)
def _wild_readings(counts: tuple[int, ...], wild: int,
                   shown: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    n = counts[wild]
    base = list(counts)
    base[wild] = 0
    as_pung = [(3 - c % 3) % 3 for c in base]  # wilds a kind needs to make pungs only
    as_pair = [2 - c if c < 2 else (3 - (c - 2) % 3) % 3 for c in base]  # ... pair and pungs
    needed = sum(as_pung)
    found: set[tuple[int, ...]] = set()
    for pair in range(34):
        left = n - (needed - as_pung[pair] + as_pair[pair])
        if left < 0 or left % 3:
            continue
        made = [c + w for c, w in zip(base, as_pung, strict=True)]
        made[pair] = base[pair] + as_pair[pair]
        fills: list[list[int]] = [made]
        for _ in range(left // 3):  # a pung made of wilds alone stands for any pung
            fills = [f[:k] + [f[k] + 3] + f[k + 1:] for f in fills for k in range(34)]
        for f in fills:
            if all(f[k] + shown[k] <= 4 for k in range(34)):
                found.add(tuple(f))
    return tuple(sorted(found))


@lru_cache(maxsize=4096)
def _special_candidates(counts: tuple[int, ...], wild: int) -> tuple[tuple[int, ...], ...]:
    """Hands the wilds might make of the special shapes (`special_shape` then judges each):
    any major for the all-majors shapes (Thirteen Orphans, All Pair Honours); the one filling
    for a Wriggling Snake; for the knittings, the fewest wilds that even out the suits, the
    rest as whole pairs or triples. Bounded: at most four wilds, so a few thousand hands."""
    n = counts[wild]
    base = list(counts)
    base[wild] = 0
    found: set[tuple[int, ...]] = set()

    def add(made: list[int], spare: int, size: int, kinds: Sequence[Sequence[int]]) -> None:
        """`made` plus the `spare` wilds as groups of `size`, each one of `kinds`."""
        if spare < 0 or spare % size:
            return
        for groups in combinations_with_replacement(kinds, spare // size):
            fill = list(made)
            for group in groups:
                for k in group:
                    fill[k] += 1
            if max(fill) <= 4:
                found.add(tuple(fill))

    if all(base[k] == 0 for k in range(34) if k not in MAJORS):
        add(base, n, 1, [(k,) for k in MAJORS])
    for lo in (0, 9, 18):  # the snake: 1 1 2-9 of one suit and each wind
        snake = [0] * 34
        snake[lo] = 2
        for k in [*range(lo + 1, lo + 9), *WINDS]:
            snake[k] = 1
        if all(c <= t for c, t in zip(base, snake, strict=True)):
            found.add(tuple(snake))
    if not any(base[27:34]):
        suits = ((0, 1), (0, 2), (1, 2))
        for a, b in suits:  # knitting: each number as often in two suits
            made = list(base)
            for r in range(9):
                made[a * 9 + r] = made[b * 9 + r] = max(base[a * 9 + r], base[b * 9 + r])
            add(made, n - sum(made) + sum(base), 2, [(a * 9 + r, b * 9 + r) for r in range(9)])
        triples = [(q, 9 + q, 18 + q) for q in range(9)]
        for r, (a, b) in product(range(9), suits):  # triple knitting: four triples, a pair
            pair = (a * 9 + r, b * 9 + r)
            for held in product(*[(0, 1) if base[k] else (0,) for k in pair]):
                rest = list(base)  # the pair's tiles held are set aside, the others are wild
                for k, h in zip(pair, held, strict=True):
                    rest[k] -= h
                made = [max(rest[q], rest[9 + q], rest[18 + q]) for q in range(9)] * 3 + [0] * 7
                for k in pair:
                    made[k] += 1
                add(made, n - sum(made) + sum(base), 3, triples)
    return tuple(sorted(found))


@lru_cache(maxsize=64)
def _without_wild(ruleset: Ruleset) -> Ruleset:
    return ruleset.replace(wild_tile=None)


def is_mahjong(ruleset: Ruleset, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """May a player with these concealed tile counts (the winning tile included) and these
    declared sets go out under `ruleset`?"""
    if sum(counts[:34]) != complete_size(ruleset, melds):
        return False
    if ruleset.wild_tile is not None:
        plain = _without_wild(ruleset)
        if is_mahjong(plain, counts, melds):
            return True
        return any(is_mahjong(plain, r, melds) for r in wild_readings(ruleset, counts, melds))
    if is_winning(counts, False):
        limit = ruleset.max_chows
        if limit is None:
            return True
        declared = sum(1 for m in melds if m.kind == CHOW)
        least = fewest_chows(counts)
        if least is not None and least + declared <= limit:
            return True
        if gates_of_heaven(ruleset, counts, melds):
            return True
    return not melds and special_shape(ruleset, counts) is not None


def refusal(ruleset: Ruleset, counts: Sequence[int], melds: Sequence[Meld]) -> str | None:
    """Why these tiles may not go out, in a player's words; None if they may."""
    if is_mahjong(ruleset, counts, melds):
        return None
    size = complete_size(ruleset, melds)
    held = sum(counts[:34])
    if held != size:
        return f"{held} tiles in hand where a complete hand has {size}"
    if ruleset.max_chows is not None and is_winning(counts, False):
        return f"more than {ruleset.max_chows} chow(s)"
    sets = (ruleset.hand_size + 1) // 3
    return f"the tiles do not make {_WORDS.get(sets, sets)} sets and a pair"


_WORDS = {4: "four", 5: "five"}


def winning_tiles(ruleset: Ruleset, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The tile kinds that would let this calling hand go out under `ruleset`: regular waits
    within the chow limit, and the waits of the ruleset's special shapes."""
    hand = list(counts[:34])
    if sum(hand) != complete_size(ruleset, melds) - 1:
        return []
    regular = waits(hand, False)
    wild = ruleset.wild_tile
    if wild is None and ruleset.max_chows is None and (melds or ruleset.hand_size != 13):
        return regular  # no chow limit and no special shape: the regular waits are all
    out = []
    candidates = range(34) if not melds else regular
    if wild is not None and hand[wild]:
        candidates = range(34)  # a held wild may stand for anything
    elif wild is not None and regular and wild not in regular:
        candidates = [*candidates, wild]  # a drawn wild completes what a regular wait would
    for k in candidates:
        if hand[k] >= 4:
            continue
        hand[k] += 1
        if is_mahjong(ruleset, hand, melds):
            out.append(k)
        hand[k] -= 1
    return out
