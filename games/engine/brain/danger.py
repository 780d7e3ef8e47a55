"""How likely a discard is to let an opponent go out, and what that would cost.

Kept simple (reading discards the Japanese way does not carry over: these games have no rule
against winning on a tile one threw before). For each opponent: how likely it is calling (its
declared sets, how far the deal has gone, a declared "fishing" or Original Call), which tiles it
is likely to want (a suit it collects when all its sets are of one suit; honours it can still
pung), and what its hand is worth (dragon and valued wind sets shown, one suit, all pungs).
A tile it threw itself, or an honour with three copies in sight, is safe against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..melds import CHOW
from ..payments import cannon_liable, dangerous_discard
from ..scoring.hongkong import faan_value
from ..tiles import DRAGONS, WINDS, is_major
from .knowledge import Knowledge, SeatInfo

CLASSES = ((0.004, "safe"), (0.03, "low"), (0.08, "medium"))
BASE_WINS = 2.0  # kinds a calling hand waits on, about
GOES_OUT_AFTER = 0.5
OTHER_WINS = 0.9  # of the deals the seat does not win, the share another wins
TYPICAL_UNITS = 4  # a typical classical winning total, in Mah Jong points (see typical_total)
HK_SHARE = 1.5  # a Hong Kong loser's average share of a win: the discarder pays double  # how often a hand that has just claimed its liable set goes on to win


@dataclass(frozen=True)
class Threat:
    seat: int
    calling: float  # the chance this opponent is one tile from going out
    value: float  # the estimated total of its hand, if it goes out
    suit: int | None  # the suit all its declared sets are in, if two or more are
    honours_only: bool


def _hand_value(k: Knowledge, st: SeatInfo, suit: int | None) -> float:
    """An opponent's likely total from what it shows."""
    rules = k.rules
    hk = rules.scoring == "hongkong"
    doubles = 0
    points = rules.mahjong_points
    valued = k.valued_honours(st.wind)
    pungs = [m for m in st.melds if m.kind != CHOW]
    for m in pungs:
        doubles += valued.get(m.tile, 0)
        if not hk:
            points += 4 if is_major(m.tile) else 2
    if suit is not None:
        doubles += 3 if hk else max(rules.false_colour_doubles, 1)
    if len(pungs) >= 2 and len(pungs) == len(st.melds):
        doubles += 3 if hk else 1
    points += 4 * len(st.bonus) if not hk else 0
    if hk:
        return float(min(rules.limit, faan_value(rules, max(doubles, rules.min_faan) + 1)))
    return float(min(rules.limit, points * (1 << min(doubles, 12))))


def threats(k: Knowledge) -> list[Threat]:
    out = []
    rules = k.rules
    progress = k.discard_total / 4  # turns played, about
    for st in k.opponents:
        melds = st.melds
        exposed = len(melds)
        firsts = [m.tile for m in melds]
        suits = {t // 9 for t in firsts if t < 27}
        suit = next(iter(suits)) if len(firsts) >= 2 and len(suits) == 1 else None
        honours_only = len(firsts) >= 2 and all(t >= 27 for t in firsts)
        if st.fishing or st.original_call:
            calling = 1.0
        elif rules.must_declare_calling:
            calling = 0.0  # 001: a calling player says so (the engine says it for him)
        else:
            calling = min(0.8, 0.02 + 0.04 * progress + 0.15 * exposed
                          + 0.01 * progress * exposed)
            # Measured on bot play, a hand is calling about 0.6 times as often as the shape
            # of the game alone suggests; a Hong Kong hand must also have its minimum faan.
            calling *= _enough_faan(k, st, suit) if rules.min_faan else 0.6
        out.append(Threat(st.seat, calling, _hand_value(k, st, suit), suit, honours_only))
    return out


def _enough_faan(k: Knowledge, st: SeatInfo, suit: int | None) -> float:
    """How likely an opponent's hand has the table's minimum faan, from what it shows."""
    valued = k.valued_honours(st.wind)
    pungs = [m for m in st.melds if m.kind != CHOW]
    chance = 0.08 + 0.3 * sum(1 for m in pungs if m.tile in valued)
    if suit is not None:
        chance += 0.8 if len(st.melds) >= 3 else 0.3
    if len(pungs) >= 2 and len(pungs) == len(st.melds):
        chance += 0.5 if len(pungs) >= 3 else 0.2
    return min(1.0, chance)


def wait_weight(k: Knowledge, threat: Threat, st: SeatInfo, t: int) -> float:
    """How likely tile `t` is among this opponent's waits, relative to an average tile."""
    if t in st.discards:
        return 0.0
    if t >= 27:
        if k.unseen(t) == 0 or k.visible[t] >= 3:
            return 0.0
        w = 0.5 if k.unseen(t) >= 2 else 0.25
        if threat.suit is not None or threat.honours_only:
            w *= 2.0
        return w
    rank = t % 9
    w = 0.6 if rank in (0, 8) else 0.85 if rank in (1, 7) else 1.0
    if threat.suit is not None:
        w *= 3.0 if t // 9 == threat.suit else 0.15
    elif threat.honours_only:
        w *= 0.3
    if t in k.discarded_kinds:
        w *= 0.6  # thrown by someone and not taken
    return w


@dataclass(frozen=True)
class Danger:
    chance: float  # of dealing in with this tile
    cost: float  # what dealing in would cost this seat
    level: str  # safe | low | medium | high
    extra: float = 0.0  # the part of `cost` the seat pays only because it was the discarder
    # The expected bill for a set claimed from this discard that makes the seat pay for
    # everyone should its claimant go out later (the cannon rule; Hong Kong's 包).
    liability: float = 0.0


def payment(k: Knowledge, threat: Threat, t: int) -> tuple[float, float]:
    """What this seat pays if the opponent goes out on its discard `t`, and the part of it
    that it pays only because it discarded: under a Hong Kong table the discarder pays double;
    with the cannon rule a dangerous discard (classical.md §3.5) pays everyone's share."""
    rules = k.rules
    value = threat.value
    if rules.scoring == "hongkong":
        # The discarder pays double; a self-drawn win would have cost double too.
        return 2 * value, 0.5 * value
    factor = 2 if rules.east_doubles and k.dealer in (k.seat, threat.seat) else 1
    pay = value * factor
    if rules.cannon_rule:
        st = k.seats[threat.seat]
        if dangerous_discard(rules, t, st.melds, k.live_left, t in k.discarded_kinds):
            return 3 * pay, 2 * pay
    return pay, 0.0


def spared_payment(k: Knowledge, found: list[Threat]) -> float:
    """What the seat expects to pay when it does not go out: another wins most deals
    (`OTHER_WINS`), and a winner's hand is worth at least a typical win (`typical_total`) or
    what it shows, East paying and receiving double (classical.md §2.1)."""
    rules = k.rules
    if not found or rules.min_faan:
        # Under a minimum faan a plan's value mixes in the chance the hand qualifies at all;
        # a payment spared by any win would favour hands that mostly cannot go out (measured:
        # cantonese fell from +2.3 to -4.7 points/deal against intermediate with it).
        return 0.0
    typical = typical_total(rules)
    total = 0.0
    for threat in found:
        east = rules.east_doubles and k.dealer in (k.seat, threat.seat)
        total += max(threat.value, typical) * (2 if east else 1)
    return OTHER_WINS * total / len(found)


def typical_total(rules) -> float:
    """A typical winning total in a classical table, measured on four intermediates (150
    deals each: mean totals chinese-classical 40, british 115; medians 28 and 72)."""
    return float(min(rules.limit, TYPICAL_UNITS * rules.mahjong_points))


def pair_chance(k: Knowledge, st: SeatInfo, t: int) -> float:
    """How likely an opponent holds two or more of kind `t` among its concealed tiles, the
    unseen tiles being dealt at random (what it may claim a pung with)."""
    pool, copies, held = max(1, k.unseen_total), k.unseen(t), st.concealed
    if copies < 2 or held < 2 or held > pool:
        return 0.0
    none = comb(pool - copies, held) / comb(pool, held)
    one = copies * comb(pool - copies, held - 1) / comb(pool, held)
    return max(0.0, 1.0 - none - one)


def claim_liability(k: Knowledge, threat: Threat, st: SeatInfo, t: int) -> float:
    """The expected extra bill for a pung of `t` claimed by this opponent that would make the
    seat liable for its whole win (classical.md §3.5's cannon rule, on any claimed set; Hong
    Kong's 包 on a third dragon or fourth wind set): the chance it claims, the chance it then
    goes out, and what the seat would pay beyond its own share."""
    rules = k.rules
    if rules.cannon_rule:
        held = [h for h in range(len(k.hand)) for _ in range(k.hand[h])]
        if not cannon_liable(rules, t, held, st.melds, k.live_left, k.discarded_kinds):
            return 0.0  # not dangerous, or every tile held is (no choice: no liability)
        factor = 2 if rules.east_doubles and k.dealer in (k.seat, threat.seat) else 1
        beyond = 2 * threat.value * factor  # the two other losers' shares
    elif rules.responsibility:
        sets = {m.tile for m in st.melds if m.kind != CHOW}
        group = DRAGONS if t in DRAGONS else WINDS if t in WINDS else ()
        if not group or sum(1 for g in group if g in sets) != len(group) - 1:
            return 0.0
        beyond = 3.0 * rules.limit  # a limit hand, paid whole instead of the seat's share
    else:
        return 0.0
    return pair_chance(k, st, t) * GOES_OUT_AFTER * beyond


def danger_of(k: Knowledge, t: int, found: list[Threat] | None = None) -> Danger:
    """The chance that discarding `t` lets someone go out, and the cost if it does."""
    found = threats(k) if found is None else found
    miss = 1.0
    cost = extra = liability = 0.0
    for threat in found:
        st = k.seats[threat.seat]
        liability += claim_liability(k, threat, st, t)
        p = threat.calling * min(0.9, wait_weight(k, threat, st, t) * BASE_WINS / 30)
        if p <= 0:
            continue
        miss *= 1 - p
        pay, more = payment(k, threat, t)
        cost += p * pay
        extra += p * more
    chance = 1 - miss
    level = "high"
    for limit, name in CLASSES:
        if chance < limit:
            level = name
            break
    if not chance:
        return Danger(0.0, 0.0, level, liability=liability)
    return Danger(chance, cost / chance, level, extra / chance, liability)
