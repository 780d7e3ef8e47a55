"""The three kongs and their supplement tiles (seed 003 §3.4.3)."""

import pytest

from games.engine import actions as A
from games.engine.errors import IllegalAction
from games.engine.phases import PLAY, ROB
from games.engine.tiles import parse_tiles

from .scripted import scripted_deal
from .util import act, discard_drawn, fingerprint, legal_types, pass_all

T = parse_tiles
LOOSE = "c1 c2 c3 c4 c5 c6"


def kong_deal(draws=""):
    return scripted_deal(
        [
            "d5 c9 c9 c9 d1 d9 we we ws ww wn dr dg dw",
            "b1 b2 b3 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "d5 d5 d5 b6 b7 b8 ww ww wn wn dg dg b9",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
        draws=draws,
        dead=LOOSE,
    )


def test_claimed_kong_takes_a_loose_tile_from_the_dead_wall():
    """Seed 003 §3.4.3.1: a concealed pung completed by a discard is a claimed kong; the player
    takes a supplement tile from the dead wall, then discards."""
    deal = kong_deal()
    act(deal, 0, A.DISCARD, "d5")
    assert A.KONG in legal_types(deal, 2)
    act(deal, 2, A.KONG)
    pass_all(deal)
    meld = deal.seats[2].melds[0]
    assert (meld.kind, meld.kong, meld.exposed, meld.from_seat) == ("kong", "claimed", True, 0)
    assert deal.seats[2].drawn == T("c1")[0]  # the rightmost loose tile first
    assert deal.wall.dead_left == 15
    assert deal.phase == PLAY and deal.turn == 2


def test_loose_tiles_in_order_then_from_the_left_end_of_the_dead_wall():
    """Seed 000 §2.2: the rightmost loose tile first, then the other; then two new loose tiles
    lifted from the left end of the dead wall; the dead wall is not replenished."""
    deal = scripted_deal(
        [
            "c9 c9 c9 c9 d1 d1 d1 d1 we we we we b1 b2",
            "b3 b4 b5 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "b6 b7 b8 ww ww wn wn dg dg b9 b9 b9 d9",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
        dead="c1 c2 c3 c4",
    )
    got = []
    for tile in ("c9", "d1", "we"):  # declared while the deal's bonus tiles are replaced
        act(deal, 0, A.CONCEALED_KONG, tile)
        pass_all(deal)  # nobody robs it for Thirteen Orphans
        got.append(deal.seats[0].drawn)
    assert got == T("c1 c2 c3")
    assert deal.wall.dead_left == 13
    assert deal.wall.live_left == 128 - 53


def test_concealed_kong_is_declared_on_ones_own_turn():
    """Seed 003 §3.4.3.3: four identical tiles drawn by the player are declared as a concealed
    kong, shown with the end tiles face down, and a supplement tile follows."""
    deal = scripted_deal(
        [
            "d5 c1 c1 c8 d1 d9 we we ws ww wn dr dg dw",
            "c9 c9 c9 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "d5 d5 d5 b6 b7 b8 ww ww wn wn dg dg b9",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
        draws="c9",
        dead="c5 c6",
    )
    act(deal, 0, A.DISCARD, "dr")
    pass_all(deal)
    assert A.CONCEALED_KONG in legal_types(deal, 1)
    act(deal, 1, A.CONCEALED_KONG, "c9")
    assert deal.phase == ROB  # only Thirteen Orphans may rob it
    pass_all(deal)
    meld = deal.seats[1].melds[0]
    assert (meld.kong, meld.exposed) == ("concealed", False)
    assert deal.seats[1].drawn == T("c5")[0]
    assert deal.turn == 1 and deal.phase == PLAY


def test_promote_a_melded_pung_with_a_drawn_tile_but_not_after_claiming():
    """Seed 003 §3.4.3.2: a melded pung is promoted with a fourth tile drawn from the wall, at
    any own turn but not right after claiming a tile for a chow or pung."""
    deal = scripted_deal(
        [
            "d5 c9 c9 c9 d1 d9 we we ws ww wn dr dg dw",
            "b1 b2 b3 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "d5 d5 b6 b7 b8 ww ww wn wn dg dg b9 d5",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
        draws="c5 b1 c7 c8",
        dead=LOOSE,
    )
    act(deal, 0, A.DISCARD, "d5")
    act(deal, 2, A.PUNG)
    pass_all(deal)
    assert deal.turn == 2
    assert A.PROMOTE_KONG not in legal_types(deal, 2)
    before = fingerprint(deal)
    with pytest.raises(IllegalAction, match="after claiming"):
        act(deal, 2, A.PROMOTE_KONG, "d5")
    assert fingerprint(deal) == before
    act(deal, 2, A.DISCARD, "b9")
    pass_all(deal)
    for _ in range(3):  # North, East and South throw away what they draw
        discard_drawn(deal)
        pass_all(deal)
    # West drew c8; still holds the fourth d5 from the deal and may promote now.
    assert deal.turn == 2 and A.PROMOTE_KONG in legal_types(deal, 2)
    act(deal, 2, A.PROMOTE_KONG, "d5")
    assert deal.phase == ROB
    pass_all(deal)
    meld = deal.seats[2].melds[0]
    assert (meld.kind, meld.kong, meld.exposed) == ("kong", "promoted", True)
    assert deal.seats[2].drawn == T("c1")[0]


def test_no_claiming_a_discard_to_promote_a_pung():
    """Seed 003 §3.4.3.2: a player cannot claim a discard to promote a melded pung."""
    deal = scripted_deal(
        [
            "d5 d5 c9 c9 d1 d9 we we ws ww wn dr dg dw",
            "b1 b2 b3 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "d5 d5 b6 b7 b8 ww ww wn wn dg dg b9 c1",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
    )
    act(deal, 0, A.DISCARD, "d5")
    act(deal, 2, A.PUNG)
    pass_all(deal)
    act(deal, 2, A.DISCARD, "c1")
    pass_all(deal)
    discard_drawn(deal)
    pass_all(deal)
    act(deal, 0, A.DISCARD, "d5")
    assert legal_types(deal, 2) == {A.PASS}
