"""The draw (seed 003 §3.6)."""

from games.engine import actions as A
from games.engine.phases import CLAIM, OVER, PLAY

from .scripted import scripted_deal
from .util import act, discard_drawn, pass_all

# Seat s holds a pair of wind s and one tile of wind s + 1: whoever draws the last tile can
# throw a wind the next seat may pung.
HANDS = [
    "we we ws c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d2",
    "ws ws ww b1 b2 b3 b4 b5 b6 b7 b8 b9 d3",
    "ww ww wn c1 c2 c3 c4 c5 c6 c7 c8 c9 d4",
    "wn wn we b1 b2 b3 b4 b5 b6 b7 b8 b9 d5",
]


def run_to_the_end(deal):
    act(deal, 0, A.DISCARD, "d2")
    while deal.wall.live_left:
        pass_all(deal)
        if deal.phase == OVER:
            break
        discard_drawn(deal)


def test_the_player_who_draws_the_last_tile_still_discards_and_it_can_be_claimed():
    """Seed 003 §3.6: the last discard can be claimed; a claim for a set obliges a further
    discard; when that is unclaimed the deal is a draw. The dead wall is never drawn from."""
    deal = scripted_deal(HANDS)
    run_to_the_end(deal)
    assert deal.phase == CLAIM and deal.wall.live_left == 0
    pass_all(deal)
    assert deal.phase == OVER and deal.result.how == "draw"
    assert deal.wall.dead_left == 16

    deal = scripted_deal(HANDS)
    run_to_the_end(deal)
    last = deal.window_from
    pass_all(deal)
    # Replay the same deal and let the last drawer throw the next seat's wind instead.
    deal = scripted_deal(HANDS)
    act(deal, 0, A.DISCARD, "d2")
    while True:
        pass_all(deal)
        if deal.wall.live_left == 0 and deal.turn == last:
            break
        discard_drawn(deal)
    assert deal.phase == PLAY and deal.turn == last
    nxt = (last + 1) % 4
    wind = ("we", "ws", "ww", "wn")[nxt]
    act(deal, last, A.DISCARD, wind)
    act(deal, nxt, A.PUNG)
    pass_all(deal)
    assert deal.phase == PLAY and deal.turn == nxt  # the claimer must discard
    act(deal, nxt, A.DISCARD, "c1" if deal.seats[nxt].hand[9] else "b1")
    pass_all(deal)
    assert deal.phase == OVER and deal.result.how == "draw"


def test_a_bonus_tile_as_the_last_wall_tile_ends_the_deal_at_once():
    """Seed 003 §3.6: its replacement would come from the live wall, which is empty."""
    deal = scripted_deal(HANDS, tail="f1")
    run_to_the_end(deal)
    assert deal.phase == OVER and deal.result.how == "draw"
    assert "bonus" in deal.result.reason
    assert deal.wall.dead_left == 16
