"""Checks that must hold after every action of every deal."""

from __future__ import annotations

from collections import Counter

from games.engine.deal import Deal
from games.engine.phases import EXCHANGE, INITIAL_KONG, OVER, PLAY
from games.engine.tiles import BONUS_SETS, all_tiles, parse_tiles, tile_name

_KINDS = 42  # a seat's hand is a count per tile kind: the 34 playing kinds, then the 8 bonus ones
_FULL_SET = {
    choice: tuple(Counter(all_tiles(kinds)).get(k, 0) for k in range(_KINDS))
    for choice, kinds in BONUS_SETS.items()
}


def tiles_accounted_for(deal: Deal) -> None:
    """Every one of the 144 tiles (140 with flowers only, 136 without bonus tiles) is in
    exactly one place. (Counted kind by kind into one list,
    since this runs after every action of thousands of deals.)"""
    seen = [0] * _KINDS
    for t in deal.wall.remaining():
        seen[t] += 1
    for st in deal.seats:
        hand = st.hand
        for k in range(_KINDS):
            seen[k] += hand[k]
        for t in st.bonus:
            seen[t] += 1
        for t in st.discards:
            seen[t] += 1
        for m in st.melds:
            for t in m.tiles:
                seen[t] += 1
    full = _FULL_SET[deal.ruleset.bonus_tiles]
    if tuple(seen) != full:
        wrong = {tile_name(k): (seen[k], full[k]) for k in range(_KINDS) if seen[k] != full[k]}
        raise AssertionError(f"tiles (seen, expected) out of place: {wrong}")


def hand_sizes_right(deal: Deal) -> None:
    """13 tiles in hand (a kong counting three), 14 for the player about to discard (16 and 17
    in the 16-tile game)."""
    n = deal.ruleset.hand_size
    for s, st in enumerate(deal.seats):
        size = st.concealed_count() + 3 * len(st.melds)
        if deal.phase == OVER:
            expected = {n, n + 1} if s == deal.result.winner else {n}
            if deal.result.winner is None:
                expected = {n, n + 1}  # a bonus tile as the last tile stops a turn midway
        elif deal.phase in (INITIAL_KONG, EXCHANGE) or deal.rob_initial:
            expected = {n + 1} if s == deal.dealer else {n}
            if deal.rob_initial and s == deal.window_from:
                expected = {e - 1 for e in expected}  # the kong's loose tile is not yet taken
        elif deal.phase == PLAY and s == deal.turn:
            expected = {n + 1}
        else:
            expected = {n}
        assert size in expected, (s, size, deal.phase, deal.turn)
        assert not any(st.hand[34:]), "bonus tiles never stay in a hand"


def someone_can_act(deal: Deal) -> None:
    if deal.phase == OVER:
        assert deal.waiting_on() == []
        return
    waiting = deal.waiting_on()
    assert waiting
    for s in waiting:
        assert deal.legal_actions(s), (s, deal.phase)
    for s in set(range(4)) - set(waiting):
        assert deal.legal_actions(s) == []


PUBLIC_TILE_PATHS = (
    "seats.*.melds.*.tiles",
    "seats.*.bonus",
    "seats.*.discards",
    "centre",
    "rituals.seating.row.*",  # the wind tiles of the seating, turned up
    "last_discard.tile",
    "claim.tile",
    "prevailing_wind",  # wind names share the tile tokens
    "seats.*.wind",
)


def _tokens(obj, path=""):
    """Yield (path with list indices as *, tile token) for every tile token in a JSON value."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _tokens(v, f"{path}.{k}" if path else k)
    elif isinstance(obj, list):
        for v in obj:
            yield from _tokens(v, f"{path}.*")
    elif isinstance(obj, str):
        for t in _tiles_in(obj):
            yield path, t


_PARSED: dict[str, tuple[int, ...]] = {}  # views repeat the same strings on every action


def _tiles_in(text: str) -> tuple[int, ...]:
    """The tiles a string names, or none when it is not tile notation."""
    tiles = _PARSED.get(text)
    if tiles is None:
        try:
            tiles = tuple(parse_tiles(text))
        except Exception:
            tiles = ()
        if len(_PARSED) < 100_000:
            _PARSED[text] = tiles
    return tiles


def view_hides_what_it_must(view: dict, deal: Deal, seat: int | None) -> None:
    """A seat sees its own concealed tiles and public facts; a spectator public facts only;
    neither sees the wall order or the seed."""
    own: Counter[int] = Counter()
    for path, t in _tokens(view):
        if path in ("hand", "drawn"):
            own[t] += 1
        elif path.startswith("legal_actions."):
            assert seat is not None
        elif path in ("exchange.passed", "exchange.received"):
            # A Goulash seat's own exchange: tiles it holds (or has since melded), nobody else's.
            assert seat is not None, f"tile at {path} in a spectator's view"
            st = deal.seats[seat]
            mine = Counter(st.tiles()) + Counter(t for m in st.melds for t in m.tiles)
            assert mine[t], f"{path} names a tile seat {seat} does not hold"
        elif path.startswith("last_deal.") and deal.phase == OVER:
            continue  # all hands are shown when a deal ends
        else:
            assert path in PUBLIC_TILE_PATHS, f"tile at {path} in the view of {seat}"
    if seat is None:
        assert own == Counter()
    else:
        assert own == Counter(deal.seats[seat].tiles())
    for s, public in enumerate(view["seats"]):
        assert public["concealed"] == deal.seats[s].concealed_count()
        assert "hand" not in public and "tiles" not in public
    assert "seed" not in view and "record" not in view
    assert set(view["wall"]) <= {
        "live", "dead", "live_drawn", "dead_drawn", "tail_taken",
        "stacks_per_side", "rows", "dead_stacks", "loose_tiles", "break",
    }


def events_hide_what_they_must(deal: Deal) -> None:
    for e in deal.events:
        for seat in (None, 0, 1, 2, 3):
            seen = e.for_seat(seat)
            if seen is None:
                assert e.hidden and seat != e.seat
            elif seat != e.seat and e.private:
                assert not set(e.private) & set(seen), (e.type, seat)
