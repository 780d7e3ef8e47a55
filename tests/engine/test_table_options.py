"""Table options and ritual records: the seed 003 "random centre" discard display and the
seating record's wind-tile row."""

from collections import Counter

from games.engine import bots
from games.engine.match import Match
from games.engine.rituals import seat_players
from games.engine.ruleset import CHINESE_CLASSICAL
from games.engine.tiles import parse_tiles
from games.engine.views import public_view, seat_view

from .invariants import view_hides_what_it_must


def _play_some(match: Match, actions: int) -> None:
    for _ in range(actions):
        if match.deal.is_over:
            break
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))


def test_discards_lie_in_per_seat_rows_by_default():
    """Issue 10: per-seat rows stay the default display."""
    view = public_view(Match(CHINESE_CLASSICAL, "rows"))
    assert view["discard_display"] == "rows" and "centre" not in view


def test_the_random_centre_shows_every_unclaimed_discard_in_an_order_that_tells_nothing():
    """Seed 003 §3.3: discards lie at random in the centre so nobody can read who discarded
    what, or in which order."""
    match = Match(CHINESE_CLASSICAL.replace(discard_display="centre"), "centre")
    _play_some(match, 60)
    view = public_view(match)
    assert view["discard_display"] == "centre"
    pool = parse_tiles(view["centre"])
    thrown = [t for st in match.deal.seats for t in st.discards]
    assert Counter(pool) == Counter(thrown) and len(pool) >= 8
    in_order = [t for st in sorted(match.deal.seats, key=id) for t in st.discards]
    assert pool != thrown and pool != in_order
    for seat in range(4):
        view_hides_what_it_must(seat_view(match, seat), match.deal, seat)
    # The pool keeps its places as play goes on: a new discard does not reshuffle the others.
    before = parse_tiles(view["centre"])
    _play_some(match, 2)
    after = parse_tiles(public_view(match)["centre"])
    assert all(after.count(t) >= before.count(t) for t in set(before)) or match.deal.is_over


def test_the_seating_record_has_the_wind_tile_row_and_its_ends():
    """Seed 000 §2.1: the wind tiles lie face down in a row with the even suit tile at one end;
    the record shows the row and which end is which."""
    seating = seat_players((3, 4), (2, 0, 3, 1), "left", (2, 3))
    record = seating.to_json()
    assert record["row"] == ["ww", "we", "wn", "ws"]
    assert (record["even_end"], record["odd_end"]) == ("left", "right")
    assert record["form"] == "dice"


def test_the_random_centre_view_names_no_discarder_and_no_order():
    """Seed 003 §3.3: with the random centre, no view keeps per-seat discard rows, and the last
    discard is named only while it is on offer (everyone saw it thrown)."""
    match = Match(CHINESE_CLASSICAL.replace(discard_display="centre"), "centre-leak")
    checked_open = checked_closed = 0
    for _ in range(200):
        if match.deal.is_over:
            break
        views = [public_view(match), *(seat_view(match, s) for s in range(4))]
        for view in views:
            assert all(s["discards"] == "" for s in view["seats"])
            if match.deal.phase != "claim":
                assert view["last_discard"] is None
                checked_closed += 1
            else:
                assert view["claim"]["discarder"] == match.deal.window_from
                assert view["last_discard"]["seat"] == match.deal.window_from
                checked_open += 1
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    assert checked_open and checked_closed
