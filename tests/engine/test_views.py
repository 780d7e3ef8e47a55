"""Per-seat and spectator views (DESIGN.md "Per-seat views")."""

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.tiles import parse_tiles
from games.engine.views import public_view, seat_view


def started():
    match = Match.new("chinese-classical", "views")
    while match.phase == "initial_kong":
        match.apply(Action(match.waiting_on()[0], A.PASS))
    return match


def test_a_seat_sees_its_hand_sorted_with_the_drawn_tile_apart():
    match = started()
    dealer = match.deal.dealer
    seat = match.deal.seats[dealer]
    view = seat_view(match, dealer)
    hand = parse_tiles(view["hand"])
    assert hand == sorted(hand)
    assert len(hand) + (1 if view["drawn"] else 0) == seat.concealed_count()
    assert {a["type"] for a in view["legal_actions"]} >= {"discard"}
    other = seat_view(match, (dealer + 1) % 4)
    assert other["legal_actions"] == [] and other["drawn"] is None


def test_a_spectator_sees_no_concealed_tile_and_no_action():
    view = public_view(started())
    assert view["viewer"] is None and view["hand"] is None and view["legal_actions"] == []
    assert [s["concealed"] for s in view["seats"]].count(14) == 1


def test_who_has_answered_a_discard_stays_unknown_until_the_window_closes():
    """Seed 003 §3.4 claims: answers (even passes) are not revealed before the window closes."""
    match = started()
    dealer = match.deal.dealer
    tile = next(a for a in match.legal_actions(dealer) if a.type == "discard").tile
    match.apply(Action(dealer, A.DISCARD, tile))
    first = (dealer + 1) % 4
    match.apply(Action(first, A.PASS))
    others = sorted(s for s in range(4) if s != dealer)
    for seat in (None, 0, 1, 2, 3):
        view = public_view(match) if seat is None else seat_view(match, seat)
        assert view["waiting_on"] == others
    assert seat_view(match, first)["answered"] is True
    assert seat_view(match, (dealer + 2) % 4)["answered"] is False
