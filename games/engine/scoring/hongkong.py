"""Hong Kong (Cantonese) faan scoring, for seed 004's game (ruleset scoring="hongkong").

Source: the common Hong Kong table as Wikipedia's "Hong Kong mahjong scoring rules" gives it
(faan for the hand, for wind and dragon sets, for flowers and for how the hand went out; 13 faan
the absolute limit, a lower ceiling allowed; only the winner scores; the discarder pays double
on a discard win, every loser pays double on a self-drawn one). Where tables differ the choice
is written in docs/scoring.md. Only the winner scores: total = base × units(faan), where base
is the ruleset's `mahjong_points`, units come from the ruleset's `payout` table (PAYOUTS) and
the ruleset's `limit` is the ceiling, which the limit hands reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melds import KONG, Meld
from ..ruleset import Ruleset
from ..tiles import FLOWERS, SEASONS, bonus_seat, tile_words
from ..wintest import is_nine_gates_shape
from .context import HandContext, Item
from .hand import CHOW_SET, PUNG_SET, ScoredSet, meld_set
from .totals import finish, score_items
from .types import DEAD_WALL, DISCARD, SELF_DRAWN, WALL, HandScore, WinInfo

FAAN: dict[str, tuple[str, int]] = {
    "HK1": ("Self-drawn", 1),
    "HK2": ("Concealed hand", 1),
    "HK3": ("Common hand (all chows)", 1),
    "HK4": ("All in triplets", 3),
    "HK5": ("Mixed one suit", 3),
    "HK6": ("All one suit", 7),
    "HK7": ("Dragon pung", 1),
    "HK8": ("Seat wind pung", 1),
    "HK9": ("Prevailing wind pung", 1),
    "HK10": ("Small dragons", 5),
    "HK11": ("Great dragons", 8),
    "HK12": ("Small winds", 6),
    "HK13": ("Mixed orphans", 1),
    "HK14": ("No flowers", 1),
    "HK15": ("Own flower", 1),
    "HK16": ("All four flowers or seasons", 2),
    "HK17": ("Win on the last tile", 1),
    "HK18": ("Win on a kong replacement", 1),
    "HK19": ("Robbing a kong", 1),
    "HK20": ("Win on a flower's replacement", 1),
}
# Faan from the bonus tiles: they count in the score but not toward a table's minimum to go
# out ("bonus tiles ... are not included in the minimum faan", Wikipedia, Mahjong: Scoring).
BONUS_FAAN = ("HK14", "HK15", "HK16")


def short_of_minimum(rs: Ruleset, score: HandScore) -> int | None:
    """The faan a winning hand counts toward the table's minimum to go out (the bonus tiles'
    aside), if that is below the minimum; None if the hand may go out on its faan (a limit hand
    always may). Play (Deal.short_of_minimum) and the calculator both ask here."""
    if not rs.min_faan or rs.scoring != "hongkong" or not score.won or score.limit is not None:
        return None
    faan = score.doubles - sum(i.value for i in score.items if i.rule in BONUS_FAAN)
    return faan if faan < rs.min_faan else None


# Faan -> payment units, 0 to 13 faan (13 is the absolute limit).
#   exponential: each faan doubles (Wikipedia, "Hong Kong mahjong scoring rules": "typically
#     exponential").
#   half_spicy (半辣): doubles up to 4 faan, then each faan adds half of the last doubling, so
#     the units go 16, 24, 32, 48, 64, ... (tilebuddy.app's faan table: Small Three Dragons,
#     5 faan, "pays 24 base units").
#   laak (tiered limits, 𨋢): doubles up to 4 faan, then one doubling per tier: 5-6 faan 32,
#     7-9 faan 64, 10 and over 128 (Pomax/mahjong, faan-laak-table.js with tiers 5, 7, 10).
PAYOUTS: dict[str, tuple[int, ...]] = {
    "exponential": tuple(1 << f for f in range(14)),
    "half_spicy": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384),
    "laak": (1, 2, 4, 8, 16, 32, 32, 64, 64, 64, 128, 128, 128, 128),
}
MAX_FAAN = 13


def faan_value(rs: Ruleset, faan: int) -> int:
    """What a hand of `faan` is worth under the ruleset's payout table, before the ceiling."""
    units = PAYOUTS[rs.payout]
    return rs.mahjong_points * units[min(faan, MAX_FAAN)]


# Limit hands (13 faan, so the ceiling): classical codes where the hand is the same.
LIMIT_NAMES: dict[str, str] = {
    "L1": "Heavenly hand",
    "L2": "Earthly hand",
    "L7": "All kongs",
    "L8": "Hidden treasure (four concealed pungs)",
    "L10": "Great winds",
    "L11": "All honours",
    "L12": "Orphans (only terminals)",
    "L14": "Nine gates",
    "L17": "Thirteen orphans",
}


def _faan(code: str, detail: str = "", times: int = 1) -> Item:
    name, value = FAAN[code]
    return (code, f"{name}{detail}", "doubles", value * times)


def hongkong_loser(rs: Ruleset, reason: str | None) -> HandScore:
    """Only the winner scores in the Hong Kong game."""
    return finish(rs, False, 0, 0, None, [], reason)


def hongkong_winner(rs: Ruleset, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld],
                    win: WinInfo, seat_wind: int, readings: Sequence, shape: str | None
                    ) -> HandScore:
    """The faan of the best reading. The score keeps no reading (HandScore.reading): the proof
    of a Hong Kong hand shows it unsplit."""
    declared = [meld_set(m, rs) for m in melds]
    concealed_hand = all(not m.exposed for m in melds) and not ctx.open_groups
    common = _hand_faan(ctx, win, concealed_hand) + _flower_faan(rs, ctx)
    limit = _limit(ctx, counts, melds, win, shape)
    best: tuple[int, list[Item], str | None] | None = None
    arrangements = [(r, _sets(declared, r)) for r in readings] or [(None, declared)]
    for reading, sets in arrangements:
        items = list(common)
        code = limit or (_reading_limit(ctx, sets, win) if reading is not None else None)
        if reading is not None:
            items += _set_faan(ctx, sets, reading.pair)
        faan = sum(i[3] for i in items)
        key = 99 if code else faan
        if best is None or key > best[0]:
            best = (key, items, code)
    assert best is not None
    _, items, code = best
    faan = sum(i[3] for i in items)
    base = rs.mahjong_points
    if code is not None:
        return finish(rs, True, base, 0, code, [(code, LIMIT_NAMES[code], "limit", rs.limit)])
    value = faan_value(rs, faan)
    if value > rs.limit and not rs.roof_off:
        items.append(("CAP", "Score capped at the limit", "limit", rs.limit))
        value = rs.limit
    return HandScore(True, base, faan, None, value, score_items(items), None)


def _sets(declared: list[ScoredSet], reading) -> list[ScoredSet]:
    sets = list(declared)
    sets += [(PUNG_SET, t, True, True) for t in reading.pungs]
    sets += [(CHOW_SET, t, True, True) for t in reading.chows]
    return sets


def _hand_faan(ctx: HandContext, win: WinInfo, concealed_hand: bool) -> list[Item]:
    """How the hand went out, and the faan of its tiles whatever their arrangement."""
    items: list[Item] = []
    if win.source in SELF_DRAWN:
        items.append(_faan("HK1"))
    if concealed_hand:
        items.append(_faan("HK2"))
    if win.last_tile and win.source in (WALL, DISCARD):
        items.append(_faan("HK17"))
    if win.bonus_replacement:  # "Out on replacement tile", after a flower as after a kong
        items.append(_faan("HK20"))
    elif win.source == DEAD_WALL:
        items.append(_faan("HK18"))
    if win.robbed:
        items.append(_faan("HK19"))
    if len(ctx.suits) == 1:
        items.append(_faan("HK5" if ctx.honours else "HK6"))
    if ctx.all_majors and ctx.honours and ctx.suits:
        items.append(_faan("HK13"))
    return items


def _flower_faan(rs: Ruleset, ctx: HandContext) -> list[Item]:
    """No flowers 1; own flower and own season 1 each; all four of a kind 2 in their stead."""
    if not rs.bonus_kinds:
        return []
    bonus = ctx.bonus
    if not bonus:
        return [_faan("HK14")]
    seat = ctx.own_wind - 27
    items: list[Item] = []
    for group, word in ((FLOWERS, "flowers"), (SEASONS, "seasons")):
        held = [t for t in bonus if t in group]
        if len(held) == 4:
            items.append(("HK16", f"All four {word}", "doubles", FAAN["HK16"][1]))
        else:
            items += [("HK15", f"Own {'flower' if group is FLOWERS else 'season'}: "
                               f"{tile_words(t)}", "doubles", 1)
                      for t in held if bonus_seat(t) == seat]
    return items


def _set_faan(ctx: HandContext, sets: list[ScoredSet], pair: int) -> list[Item]:
    """Faan of one arrangement: all chows, all pungs, dragons and winds. Small and great
    dragons and small winds stand for the pungs they are made of."""
    items: list[Item] = []
    pungs = [s[1] for s in sets if s[0] != CHOW_SET]
    if not pungs:
        items.append(_faan("HK3"))
    elif len(pungs) == len(sets):
        items.append(_faan("HK4"))
    dragons = [t for t in pungs if t >= 31]
    winds = [t for t in pungs if 27 <= t < 31]
    if len(dragons) == 3:
        items.append(_faan("HK11"))
    elif len(dragons) == 2 and pair >= 31:
        items.append(_faan("HK10"))
    else:
        items += [_faan("HK7", f" ({tile_words(t)})") for t in dragons]
    if len(winds) == 3 and 27 <= pair < 31:
        # Like small dragons, small winds stands for its wind pungs: "only the criteria with
        # the tighter requirements are scored" (Wikipedia, Hong Kong mahjong scoring rules).
        items.append(_faan("HK12"))
        return items
    for t in winds:
        if t == ctx.own_wind:
            items.append(_faan("HK8", f" ({tile_words(t)})"))
        if t == ctx.prevailing:
            items.append(_faan("HK9", f" ({tile_words(t)})"))
    return items


def _limit(ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], win: WinInfo,
           shape: str | None) -> str | None:
    """Limit hands that hold whatever the arrangement."""
    if win.blessing:
        return "L1" if ctx.own_wind == 27 else "L2"
    if shape == "L17":
        return "L17"
    if ctx.all_honours:
        return "L11"
    if ctx.all_terminals:
        return "L12"
    if sum(1 for m in melds if m.kind == KONG) == 4:
        return "L7"
    if not melds and not ctx.open_groups and is_nine_gates_shape(counts):
        return "L14"
    return None


def _reading_limit(ctx: HandContext, sets: list[ScoredSet], win: WinInfo) -> str | None:
    winds = [s[1] for s in sets if s[0] != CHOW_SET and 27 <= s[1] < 31]
    if len(winds) == 4:
        return "L10"
    if (win.source in SELF_DRAWN and not ctx.open_groups
            and all(s[0] != CHOW_SET and s[3] for s in sets)):
        return "L8"
    return None

