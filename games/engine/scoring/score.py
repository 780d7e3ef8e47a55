"""score_hand: one player's hand score, following classical.md §1.1 and §1.11.

A winner's score keeps the reading it was made from (HandScore.reading), which the proof of the
score (games/engine/arrangement.py) lays out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import NotationError
from ..melds import CHOW, Meld
from ..ruleset import Ruleset
from ..tiles import tile_words
from ..wintest import complete_size, gates_of_heaven, refusal, special_shape
from .context import HandContext, Item
from .groups import fold_groups
from .hand import PUNG_SET, ScoredSet, check_seat, check_win, count_tiles, meld_set
from .hongkong import hongkong_loser, hongkong_winner
from .limits import arrangement_limit, hand_limit, nine_gates
from .lookups import lookups
from .loser import calling_limit
from .points import hand_items
from .readings import CONCEALED_CHOWS, CONCEALED_PUNGS, completions, legal_readings, only_place
from .tables import rule_name
from .totals import finish, score_items, total
from .types import SELF_DRAWN, HandScore, Reading, WinInfo
from .wild import wild_options
from .winner import PAIR, winner_items


def _tiles(n: int) -> str:
    return "1 tile" if n == 1 else f"{n} tiles"


def score_hand(ruleset: Ruleset, *, concealed: list[int], melds: list[Meld], bonus: list[int],
               seat_wind: int, prevailing_wind: int, win: WinInfo | None) -> HandScore:
    """Score one hand. `concealed` holds the winning tile for a winner. `melds` may also lay out
    the hand's pair, knitted groups and the set the winning tile completed (groups.py)."""
    check_seat("seat_wind", seat_wind)
    check_seat("prevailing_wind", prevailing_wind)
    if win is not None:
        check_win(win)
    as_given = True  # the tiles scored are the ones given, so the score's reading is theirs
    if ruleset.wild_tile is not None:  # a Goulash: the wilds become what they stand for
        given = (list(concealed), win)
        ruleset, concealed, win = resolve_wilds(
            ruleset, concealed=list(concealed), melds=melds, bonus=bonus, seat_wind=seat_wind,
            prevailing_wind=prevailing_wind, win=win)
        as_given = (concealed, win) == given
    laid = fold_groups(melds, win)
    as_given = as_given and not laid.tiles
    melds = laid.declared
    if laid.tiles:
        concealed = list(concealed) + laid.tiles
    counts, all_counts = count_tiles(concealed, melds, bonus)
    if bonus:
        _check_bonus_in_play(ruleset, bonus)
    ctx = HandContext(ruleset, all_counts, bonus, seat_wind, prevailing_wind, win)
    ctx.open_groups = laid.exposed
    size = complete_size(ruleset, melds)
    hongkong = ruleset.scoring == "hongkong"
    if win is None:
        return hongkong_loser(ruleset, None) if hongkong else _loser(ruleset, ctx, counts, melds,
                                                                       None)
    if len(concealed) > size:
        return _long(ruleset, f"{_tiles(len(concealed))} in hand where a complete hand has {size}")
    reason = _illegal_reason(ruleset, counts, melds, win)
    shape = None if melds or reason else special_shape(ruleset, counts)
    unlimited = not laid.exposed and gates_of_heaven(ruleset, counts, melds)
    readings = [] if reason else legal_readings(ruleset, counts, melds, unlimited)
    if shape is not None and laid.exposed:
        if not readings:  # the win stood on a concealed special hand, and a group is exposed
            reason = (f"{rule_name(ruleset, shape)} must be concealed, and a group of it is "
                      "laid out exposed")
        shape = None
    if reason is not None:
        if len(concealed) == size:
            return _long(ruleset, f"not a winning hand: {reason}; it holds one tile too many "
                                  "for a losing hand")
        if hongkong:
            return hongkong_loser(ruleset, f"not a winning hand: {reason}")
        return _loser(ruleset, ctx, counts, melds, f"not a winning hand: {reason}")
    if hongkong:
        return hongkong_winner(ruleset, ctx, counts, melds, win, seat_wind, readings, shape)
    if shape is not None:
        return _special(ruleset, ctx, shape)
    return _winner(ruleset, ctx, counts, melds, win, seat_wind, readings, as_given)


def _check_bonus_in_play(rs: Ruleset, bonus: Sequence[int]) -> None:
    kinds = rs.bonus_kinds
    for t in bonus:
        if t not in kinds:
            played = "flowers only" if kinds else "no flowers or seasons"
            raise NotationError(f"{tile_words(t)} is not in play: these rules use {played}")


def resolve_wilds(rs: Ruleset, *, concealed: list[int], melds: Sequence[Meld], bonus: list[int],
                  seat_wind: int, prevailing_wind: int,
                  win: WinInfo | None) -> tuple[Ruleset, list[int], WinInfo | None]:
    """A Goulash (wild.py): the ruleset without the wild, and the winner's concealed tiles and
    winning tile with each wild replaced by what it stands for in the best-scoring reading; the
    first to score best, by (won, total), is kept."""
    plain, options = wild_options(rs, concealed=concealed, melds=melds, win=win)
    if len(options) == 1:
        return plain, *options[0]
    best = None
    for tiles, w in options:
        score = score_hand(plain, concealed=tiles, melds=list(melds), bonus=bonus,
                           seat_wind=seat_wind, prevailing_wind=prevailing_wind, win=w)
        key = (score.won, score.total)
        if best is None or key > best[0]:
            best = (key, tiles, w)
    return plain, best[1], best[2]


def _long(rs: Ruleset, reason: str) -> HandScore:
    item = ("X1", lookups(rs).names["X1"], "points", 0)
    return HandScore(False, 0, 0, None, 0, score_items((item,)), reason)


def _illegal_reason(rs: Ruleset, counts: list[int], melds: Sequence[Meld],
                    win: WinInfo) -> str | None:
    """Why this hand may not go out: the ruleset's one win test (wintest.py) decides."""
    held = sum(counts)
    size = complete_size(rs, melds)
    if held < size:
        return f"{_tiles(held)} in hand where a complete hand has {size}"
    if counts[win.tile] == 0:
        return f"the winning tile {tile_words(win.tile)} is not in the hand"
    return refusal(rs, counts, melds)


def _winner(rs: Ruleset, ctx: HandContext, counts: list[int], melds: Sequence[Meld],
            win: WinInfo, seat_wind: int, readings: list, as_given: bool) -> HandScore:
    limit = hand_limit(ctx, counts, melds, seat_wind)
    # Only place is worth points in some tables; elsewhere it need not be worked out.
    is_only_place = bool(rs.only_place_points) and only_place(counts, ctx.counts, win.tile, rs,
                                                              readings)
    declared = [meld_set(m, rs) for m in melds]
    exposes = win.source not in SELF_DRAWN
    wanted = tuple(sorted(win.set)) if win.set else None
    best: tuple | None = None
    for reading in readings:
        concealed_sets: list[ScoredSet] = [CONCEALED_PUNGS[t] for t in reading.pungs]
        concealed_sets += [CONCEALED_CHOWS[t] for t in reading.chows]
        for completed, group in completions(reading, concealed_sets, win.tile):
            if wanted is not None and group != wanted:
                continue
            sets = declared + concealed_sets
            at = completed if completed == PAIR else completed + len(declared)
            if exposes and completed != PAIR:
                kind, tile, _, _ = concealed_sets[completed]
                sets[at] = (kind, tile, False, False)
            items: list[Item] = []
            points, doubles = hand_items(ctx, sets, [reading.pair], True, items)
            wp, wd = winner_items(ctx, sets, reading.pair, at, is_only_place, items)
            points += wp
            doubles += wd
            code = limit or arrangement_limit(ctx, sets)
            value = total(rs, points, doubles, code)
            key = (value, points << doubles, points, doubles, code, items, reading, completed)
            if best is None or key[:2] > best[:2]:
                best = key
    if best is None:  # only a named set that fits no reading leaves nothing
        return _long(rs, "not a winning hand: the set named for the winning tile is not part "
                         "of any reading of the hand")
    _, _, points, doubles, code, items, reading, completed = best
    chosen = None
    if as_given and _shown(ctx, counts, melds, reading):
        chosen = Reading(reading.pungs, reading.chows, reading.pair, completed)
    return _with_limit(rs, True, points, doubles, code, items, chosen)


def _shown(ctx: HandContext, counts: list[int], melds: Sequence[Meld], reading) -> bool:
    """Whether the proof shows this reading: any within the chow limit. Past it only a Gates of
    Heaven shape is scored (wintest.gates_of_heaven); that one is shown when the hand is Nine
    Gates itself (limits.nine_gates), and otherwise the hand is shown unsplit."""
    rs = ctx.ruleset
    if rs.max_chows is None:
        return True
    chows = len(reading.chows) + sum(1 for m in melds if m.kind == CHOW)
    return chows <= rs.max_chows or ("L14" in ctx.lookups.allowed
                                     and nine_gates(ctx, counts, melds))


def _with_limit(rs: Ruleset, won: bool, points: int, doubles: int, code: str | None,
                items: list[Item], reading: Reading | None = None) -> HandScore:
    if code is not None:
        items.append(lookups(rs).limit_lines[code])
    elif not rs.roof_off and (points << doubles) > rs.limit:
        items.append(lookups(rs).cap)
    return finish(rs, won, points, doubles, code, items, reading=reading)


def _special(rs: Ruleset, ctx: HandContext, code: str) -> HandScore:
    """Special shapes are limit hands; only bonus tiles and Mah Jong add to them (roof off)."""
    items: list[Item] = [ctx.lookups.mahjong]
    items.extend(ctx.bonus_items)
    points = rs.mahjong_points + ctx.bonus_points
    return _with_limit(rs, True, points, ctx.bonus_doubles, code, items)


def _loser(rs: Ruleset, ctx: HandContext, counts: list[int], melds: Sequence[Meld],
           reason: str | None) -> HandScore:
    """A losing hand (§1.1): declared sets as declared; concealed pungs and pairs as held
    (four undeclared tiles are a concealed pung); chows score nothing, so need not be found."""
    size = complete_size(rs, melds) - 1
    if sum(counts) > size:
        return _long(rs, reason or f"{_tiles(sum(counts))} in hand where a losing hand has {size}")
    sets = [meld_set(m, rs) for m in melds]
    pairs = []
    for kind, n in enumerate(counts):
        if n >= 3:
            sets.append((PUNG_SET, kind, True, True))
        elif n == 2:
            pairs.append(kind)
    items: list[Item] = []
    points, doubles = hand_items(ctx, sets, pairs, rs.loser_pair_points, items)
    if rs.calling_limit_for_losers and not reason:
        called = calling_limit(rs, counts, melds, ctx)
        if called is not None:
            code, value, extra_doubles = called
            if extra_doubles:
                items.append((code, rule_name(rs, code), "doubles", extra_doubles))
                doubles += extra_doubles
            elif value > min(points << doubles, rs.limit):
                items.append(("C1", f"{rule_name(rs, 'C1')}: {rule_name(rs, code)}", "limit",
                              value))
                return HandScore(False, points, doubles, None, value, score_items(items))
    return _with_limit_loser(rs, points, doubles, items, reason)


def _with_limit_loser(rs: Ruleset, points: int, doubles: int, items: list[Item],
                      reason: str | None) -> HandScore:
    if not rs.roof_off and (points << doubles) > rs.limit:
        items.append(lookups(rs).cap)
    return finish(rs, False, points, doubles, None, items, reason)

