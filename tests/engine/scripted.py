"""Deals with a wall arranged by the test: the hands, the draws and the loose tiles it names."""

from __future__ import annotations

from collections import Counter

from games.engine.deal import Deal
from games.engine.rituals import break_wall
from games.engine.ruleset import CHINESE_CLASSICAL, Ruleset
from games.engine.tiles import all_tiles, parse_tiles
from games.engine.wall import Wall

# Seed 000 Figure 2: East throws 8 (North's wall), North throws 3: break at stack 11.
FIGURE_2_BREAK = ((4, 4), (1, 2))


def wall_positions(ruleset: Ruleset, brk) -> tuple[list[int], list[int]]:
    """Which index of the shuffled tile list lands at each live and dead wall place."""
    rows = ruleset.wall_rows(brk.dealer)
    w = Wall(list(range(2 * sum(rows))), brk, rows, ruleset.dead_wall_stacks,
             loose_tiles=ruleset.loose_tiles)
    return w.live, w.dead


def deal_order(ruleset: Ruleset, dealer: int) -> list[int]:
    """The seat that receives each of the first tiles of the live wall (000 §2.2)."""
    order = [(dealer + k) % 4 for k in range(4)]
    seats: list[int] = []
    for _ in range(ruleset.hand_size // 4):
        for s in order:
            seats += [s] * 4
    rest = ruleset.hand_size % 4
    if rest == 1 and ruleset.east_final_tiles == "chan_chan":
        return seats + order + [dealer]  # East's two top tiles lie four places apart
    seats += [dealer] * (rest + 1)
    if rest:
        for s in order[1:]:
            seats += [s] * rest
    return seats


def scripted_deal(
    hands: list[str],
    draws: str = "",
    dead: str = "",
    ruleset: Ruleset = CHINESE_CLASSICAL,
    dealer: int = 0,
    tail: str = "",
    dice=FIGURE_2_BREAK,
    goulash: bool = False,
) -> Deal:
    """hands[s] are seat s's dealt tiles (14 for the dealer), `draws` the next live-wall tiles in
    order, `dead` the dead wall from the loose tiles on, `tail` the last live-wall tiles.
    Every other tile fills the gaps; unnamed bonus tiles end up at the far end of the dead wall,
    so no test meets them by chance."""
    brk = break_wall(dealer, *dice)
    live_pos, dead_pos = wall_positions(ruleset, brk)
    per_seat = [list(parse_tiles(h)) for h in hands]
    live: list[int | None] = [None] * len(live_pos)
    cursor = [0, 0, 0, 0]
    order = deal_order(ruleset, dealer)
    for i, s in enumerate(order):
        live[i] = per_seat[s][cursor[s]]
        cursor[s] += 1
    for s in range(4):
        assert cursor[s] == len(per_seat[s]), f"seat {s} needs {cursor[s]} dealt tiles"
    i = len(order)
    for t in parse_tiles(draws):
        live[i] = t
        i += 1
    tail_tiles = parse_tiles(tail)
    for k, t in enumerate(tail_tiles):
        live[len(live) - len(tail_tiles) + k] = t
    dead_tiles = parse_tiles(dead)
    pool = Counter(all_tiles(ruleset.bonus_kinds))
    used = Counter(t for t in live if t is not None) + Counter(dead_tiles)
    for t, n in used.items():
        assert pool[t] >= n, f"too many of tile {t}"
    pool -= used
    filler = sorted(pool.elements(), key=lambda t: (t >= 34, t))
    plain = [t for t in filler if t < 34]
    bonus = [t for t in filler if t >= 34]
    dead_full = dead_tiles + [None] * (len(dead_pos) - len(dead_tiles))
    slots = [k for k, t in enumerate(live) if t is None]
    for k, t in zip(slots, plain + bonus, strict=False):
        live[k] = t
    rest = (plain + bonus)[len(slots) :]
    for k in range(len(dead_full)):
        if dead_full[k] is None:
            dead_full[k] = rest.pop(0)
    tiles: list[int] = [0] * (len(live_pos) + len(dead_pos))
    for pos, t in zip(live_pos, live, strict=True):
        tiles[pos] = t
    for pos, t in zip(dead_pos, dead_full, strict=True):
        tiles[pos] = t
    return Deal(ruleset, "scripted", dealer=dealer, brk=brk, tiles=tiles, goulash=goulash)


def exchange_round_trip(deal: Deal) -> None:
    """Play a Goulash's three exchanges (001) so that East ends with the hand he was dealt: his
    first three tiles go to West, on to North in the second round and back to East in the
    third; everything East receives he passes on. The other seats pass their lowest tiles."""
    from games.engine import actions as A
    from games.engine.actions import Action

    east = deal.dealer
    west, north = (east + 2) % 4, (east + 3) % 4
    first = tuple(deal.seats[east].tiles()[:3])
    plan = {1: {east: first}, 2: {west: first}, 3: {north: first}}
    for round_ in (1, 2, 3):
        assert deal.exchange_round == round_
        wanted = dict(plan[round_])
        if round_ > 1:
            wanted[east] = deal.exchange_received[east]
        for s in range(4):
            tiles = wanted.get(s) or tuple(deal.seats[s].tiles()[:3])
            deal.apply(Action(s, A.EXCHANGE, tiles=tuple(sorted(tiles))))
