"""What a hand is worth if it goes out.

A calling hand is scored exactly: each of its waits is put in and the ruleset's own `score_hand`
scores the win, on a discard and self-drawn (a Hong Kong hand under the table's minimum faan is
no win and is worth 0). A hand further away is priced by its plan, a cheap estimate from the
features that the ruleset's tables pay for: sets of dragons and of the seat's valued winds, no
chows, one suit (with or without honours), a concealed hand, the bonus tiles held. Each feature
is sure or likely (a pair of Red may become a pung); the estimate is the expected total over
those chances, counting under a Hong Kong table's minimum as nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..melds import CHOW, KONG, Meld
from ..ruleset import Ruleset
from ..scoring import WinInfo, score_hand
from ..scoring.hongkong import BONUS_FAAN, faan_value
from ..tiles import FLOWERS, SEASONS, bonus_seat, is_major
from ..wintest import winning_tiles
from .knowledge import Knowledge

DISCARD_WEIGHT = 1.5  # a wait is won on others' discards about this often for each draw of one's own


@lru_cache(maxsize=50_000)
def _total(rules: Ruleset, concealed: tuple[int, ...], melds: tuple[Meld, ...],
           bonus: tuple[int, ...], seat_wind: int, prevailing: int, tile: int,
           self_drawn: bool, original_call: bool, robbed: bool = False) -> int:
    source = "robbed_kong" if robbed else "wall" if self_drawn else "discard"
    score = score_hand(rules, concealed=list(concealed), melds=list(melds), bonus=list(bonus),
                       seat_wind=seat_wind, prevailing_wind=prevailing,
                       win=WinInfo(tile=tile, source=source, original_call=original_call))
    if not score.won:
        return 0
    if rules.min_faan and rules.scoring == "hongkong" and score.limit is None:
        faan = score.doubles - sum(i.value for i in score.items if i.rule in BONUS_FAAN)
        if faan < rules.min_faan:
            return 0  # under the table's minimum: not a win at all
    return score.total


@lru_cache(maxsize=50_000)
def _loser_total(rules: Ruleset, concealed: tuple[int, ...], melds: tuple[Meld, ...],
                 bonus: tuple[int, ...], seat_wind: int, prevailing: int) -> int:
    score = score_hand(rules, concealed=list(concealed), melds=list(melds), bonus=list(bonus),
                       seat_wind=seat_wind, prevailing_wind=prevailing, win=None)
    return score.total


def _tiles(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(t for t in range(34) for _ in range(counts[t]))


def loser_total(k: Knowledge, counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """What this hand scores if another goes out (losers settle among themselves in the
    classical tables; a Hong Kong loser scores nothing)."""
    if k.rules.scoring == "hongkong" or not k.rules.losers_settle:
        return 0
    return _loser_total(k.rules, _tiles(counts), tuple(melds), k.me.bonus, k.seat_wind,
                        k.prevailing_wind)


def win_total(k: Knowledge, counts: Sequence[int], melds: Sequence[Meld], tile: int,
              self_drawn: bool, original_call: bool = False, robbed: bool = False) -> int:
    """The ruleset's score of this complete hand going out on `tile` (0: it may not);
    `robbed`: the tile robbed from a kong (seed 003 §3.5.1)."""
    return _total(k.rules, _tiles(counts), tuple(melds), k.me.bonus, k.seat_wind,
                  k.prevailing_wind, tile, self_drawn, original_call, robbed)


@dataclass(frozen=True)
class Waits:
    """A calling hand's waits: each kind with its unseen copies and the totals on a discard
    and self-drawn."""

    tiles: tuple[tuple[int, int, int, int], ...]  # (tile, live, on a discard, self-drawn)

    @property
    def live(self) -> int:
        return sum(live for _, live, _, _ in self.tiles)

    def effective_live(self) -> float:
        """Live copies weighted by how they can be won: a wait worth nothing on a discard (a
        Hong Kong hand that needs the self-drawn faan) is won only by drawing it."""
        w = 1 + DISCARD_WEIGHT
        return sum(live * (1 + (DISCARD_WEIGHT if vd else 0) if vs or vd else 0) / w
                   for _, live, vd, vs in self.tiles)

    def value(self) -> float:
        """The expected total, given the hand goes out."""
        num = den = 0.0
        for _, live, vd, vs in self.tiles:
            weight = max(live, 0.25)  # a dead wait still tells what the shape is worth
            num += weight * (vs + DISCARD_WEIGHT * vd)
            den += weight * (1 + (DISCARD_WEIGHT if vd else 0))
        return num / den if den else 0.0


def waits_of(k: Knowledge, counts: Sequence[int], melds: Sequence[Meld],
             original_call: bool = False, drawn: Sequence[int] | None = None) -> Waits:
    """The waits of a calling hand (3k+1 concealed tiles), each scored both ways; `drawn`:
    copies of each kind a lookahead put in the hand, no longer unseen."""
    hand = list(counts[:34])
    shown = [0] * 34
    for m in melds:
        for t in m.tiles:
            if t < 34:
                shown[t] += 1
    out = []
    for w in winning_tiles(k.rules, hand, melds):
        if hand[w] + shown[w] >= 4:
            continue  # its last copy is this hand's own
        hand[w] += 1
        vd = win_total(k, hand, melds, w, False, original_call)
        vs = win_total(k, hand, melds, w, True, original_call)
        hand[w] -= 1
        out.append((w, max(0, k.unseen(w) - (drawn[w] if drawn else 0)), vd, vs))
    return Waits(tuple(out))


# ---- plans: a price for hands that are not calling yet ---------------------------------------


@dataclass(frozen=True)
class Feature:
    chance: float
    doubles: int  # doubles, or faan under a Hong Kong table
    points: int = 0


def pung_chance(unseen: int) -> float:
    """How often a pair becomes a pung before the deal ends, roughly, by copies left."""
    return (0.0, 0.35, 0.6, 0.6, 0.6)[unseen]


def plan_value(k: Knowledge, counts: Sequence[int], melds: Sequence[Meld], plan: str,
               suit: int | None = None) -> float:
    """The expected total of this hand if it goes out by `plan`: "any" shape, "pungs" only,
    or "suit" (one suit `suit`, honours allowed)."""
    rules = k.rules
    hk = rules.scoring == "hongkong"
    feats: list[Feature] = []
    valued = k.valued_honours()
    exposed = any(m.exposed for m in melds)
    chows_shown = any(m.kind == CHOW for m in melds)
    held = [counts[t] for t in range(34)]
    for m in melds:
        held[m.tile] += 3
    honours_held = any(held[t] for t in range(27, 34))
    # Sets of dragons and valued winds: sure, or likely from a pair.
    for t, mult in valued.items():
        h = held[t]
        if h >= 3:
            feats.append(Feature(1.0, mult, 0 if hk else 4))
        elif h == 2:
            chance = pung_chance(k.unseen(t))
            if plan == "pungs":
                chance = min(1.0, chance + 0.15)
            feats.append(Feature(chance, mult, 0 if hk else 4))
    if not hk:  # points of the other pungs the hand holds
        pts = 0
        for t in range(34):
            if t in valued:
                continue
            if counts[t] >= 3:
                pts += 8 if is_major(t) else 4
        for m in melds:
            if m.kind != CHOW and m.tile not in valued:
                base = 4 if is_major(m.tile) else 2
                pts += base * (4 if m.kind == KONG else 1) * (1 if m.exposed else 2)
        feats.append(Feature(1.0, 0, pts))
    # The plan's own doubles.
    if plan == "pungs":
        feats.append(Feature(1.0, 3 if hk else 1))
    elif plan == "suit":
        pure = not honours_held
        if hk:
            feats.append(Feature(1.0, 7) if pure else Feature(1.0, 3))
            if pure:
                feats.append(Feature(0.25, 7 - 3))
        elif pure and rules.true_colour_doubles:
            feats.append(Feature(0.6, rules.true_colour_doubles))
            if rules.false_colour_doubles:
                feats.append(Feature(0.4, rules.false_colour_doubles))
        elif pure and rules.purity_doubles and not chows_shown:
            feats.append(Feature(0.35, rules.purity_doubles))
        elif rules.false_colour_doubles:
            feats.append(Feature(1.0, rules.false_colour_doubles))
    else:
        pungs_held = any(held[t] >= 3 for t in range(34))
        if not pungs_held:
            if hk:
                feats.append(Feature(0.3, 1))  # common hand (all chows)
            elif rules.zero_point_double:
                feats.append(Feature(0.25, 1))  # no-score hand
    # How it goes out.
    if hk:
        feats.append(Feature(0.4, 1))  # self-drawn
        if not exposed:
            feats.append(Feature(0.5 if plan != "pungs" else 0.3, 1))  # concealed hand
    else:
        feats.append(Feature(0.4, 0, rules.selfdraw_points))
        if not exposed:
            feats.append(Feature(0.15, 1))  # concealed and self-drawn
    return _expected(rules, k, feats)


def _bonus(rules: Ruleset, k: Knowledge) -> tuple[int, int]:
    """(points, doubles or faan) the seat's bonus tiles already give."""
    bonus = k.me.bonus
    seat = k.seat_wind
    own = [t for t in bonus if bonus_seat(t) == seat]
    if rules.scoring == "hongkong":
        if not rules.bonus_kinds:
            return 0, 0
        if not bonus:
            return 0, 1  # no flowers: likely to stay so
        faan = len(own)
        for group in (FLOWERS, SEASONS):
            if all(t in bonus for t in group):
                faan += 2
        return 0, faan
    doubles = 0
    if rules.own_bonus_doubles == "each":
        doubles = len(own)
    elif len(own) == 2 or (own and rules.bonus_tiles == "flowers"):
        doubles = 1
    return 4 * len(bonus), doubles


def _expected(rules: Ruleset, k: Knowledge, feats: list[Feature]) -> float:
    """The expected total over the features' chances (independent), the ceiling and the
    minimum faan applied."""
    bonus_points, bonus_doubles = _bonus(rules, k)
    points = rules.mahjong_points + bonus_points + sum(f.chance * f.points for f in feats)
    dist = {0: 1.0}
    for f in feats:
        if not f.doubles:
            continue
        if f.chance >= 1.0:
            dist = {d + f.doubles: p for d, p in dist.items()}
            continue
        nxt: dict[int, float] = {}
        for d, p in dist.items():
            nxt[d] = nxt.get(d, 0.0) + p * (1 - f.chance)
            nxt[d + f.doubles] = nxt.get(d + f.doubles, 0.0) + p * f.chance
        dist = nxt
    hk = rules.scoring == "hongkong"
    total = 0.0
    for d, p in dist.items():
        if hk:
            if d < rules.min_faan:
                continue
            total += p * min(rules.limit, faan_value(rules, d + bonus_doubles))
        else:
            total += p * min(rules.limit, points * (1 << min(d + bonus_doubles, 12)))
    return total
