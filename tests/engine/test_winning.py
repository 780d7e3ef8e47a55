"""Going out (seed 003 §3.1, §3.5): self-drawn, on a supplement, on a discard, robbing a kong,
Thirteen Orphans."""

import pytest

from games.engine import actions as A
from games.engine.errors import IllegalAction
from games.engine.phases import OVER
from games.engine.tiles import parse_tiles

from .scripted import scripted_deal
from .util import act, discard_drawn, fingerprint, legal_types, pass_all

T = parse_tiles
OTHERS = [
    "b1 b2 b3 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
    "b6 b7 b8 ww ww wn wn dg dg b9 c1 c1 c9",
    "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
]


def test_east_goes_out_on_the_dealt_tiles():
    """Seed 003 §3.5 with classical.md L1: East may go out on his dealt 14 tiles (Heaven's
    Blessing is flagged for the scoring)."""
    deal = scripted_deal(["c1 c2 c3 c4 c5 c6 d1 d1 d1 we we we dr dr", *OTHERS])
    assert A.WIN in legal_types(deal, 0)
    act(deal, 0, A.WIN)
    assert deal.phase == OVER
    r = deal.result
    assert (r.winner, r.how, r.source, r.blessing) == (0, "self_drawn", "wall", True)


def test_an_incomplete_hand_cannot_go_out():
    """Seed 003 §3.1: four sets and a pair, nothing less."""
    deal = scripted_deal(["c1 c2 c3 c4 c5 c7 d1 d1 d1 we we we dr dr", *OTHERS])
    before = fingerprint(deal)
    with pytest.raises(IllegalAction, match="not complete"):
        act(deal, 0, A.WIN)
    assert fingerprint(deal) == before


def test_self_drawn_from_the_wall():
    """Seed 003 §3.5: the winning tile drawn from the wall: self-drawn."""
    deal = scripted_deal(
        ["c1 c2 c3 c4 c5 d1 d1 d1 we we we dr dr b4", *OTHERS], draws="b2 b3 b4 c6"
    )
    act(deal, 0, A.DISCARD, "b4")
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    assert deal.turn == 0 and deal.seats[0].drawn == T("c6")[0]
    act(deal, 0, A.WIN)
    r = deal.result
    assert (r.winner, r.how, r.source, r.tile, r.blessing) == (0, "self_drawn", "wall", T("c6")[0], False)


def test_out_on_a_supplement_tile():
    """Seed 003 §3.5: going out on the loose tile taken after a kong."""
    deal = scripted_deal(
        ["c1 c2 c3 c4 c5 d1 d1 d1 we we we dr dr we", *OTHERS], dead="c6"
    )
    act(deal, 0, A.PASS)  # no kong while the bonus tiles are replaced
    act(deal, 0, A.CONCEALED_KONG, "we")
    pass_all(deal)
    act(deal, 0, A.WIN)
    assert (deal.result.source, deal.result.how) == ("dead_wall", "self_drawn")


def test_robbing_a_promoted_kong():
    """Seed 003 §3.5.1: a player calling on the tile a melded pung is promoted with may rob it;
    the kong's player counts as the discarder and takes no supplement."""
    deal = scripted_deal(
        [
            "d5 c9 c9 c9 d1 d9 we we ws ww wn dr dg dw",
            "d3 d4 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws ws",
            "d5 d5 b6 b7 b8 ww ww wn wn dg dg b9 d5",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
        draws="c5 b1 c7 c8",
    )
    act(deal, 0, A.DISCARD, "d5")
    act(deal, 2, A.PUNG)
    pass_all(deal)
    act(deal, 2, A.DISCARD, "b9")
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    dead = deal.wall.dead_left
    act(deal, 2, A.PROMOTE_KONG, "d5")
    assert legal_types(deal, 1) == {A.WIN, A.PASS}
    act(deal, 1, A.WIN)
    act(deal, 0, A.PASS)
    act(deal, 3, A.PASS)
    r = deal.result
    assert (r.winner, r.how, r.source, r.discarder) == (1, "robbed_kong", "robbed_kong", 2)
    assert deal.seats[2].melds[0].kind == "pung"  # the kong is undone
    assert deal.wall.dead_left == dead


ORPHANS_WAITING_ON_EAST = "b1 b9 c1 c9 d1 d9 ws ww wn dr dg dw dw"


def test_thirteen_orphans_goes_out():
    """Seed 003 §3.2: Thirteen Orphans is the one irregular winning hand."""
    deal = scripted_deal(
        [
            "we c2 c3 c4 c5 c6 d2 d3 d4 d5 d6 d7 b5 b6",
            ORPHANS_WAITING_ON_EAST,
            "b6 b7 b8 c7 c7 c8 c8 b2 b2 b3 b3 b4 b4",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 d5 d5 d5",
        ]
    )
    act(deal, 0, A.DISCARD, "we")
    assert A.WIN in legal_types(deal, 1)
    act(deal, 1, A.WIN)
    pass_all(deal)
    assert deal.result.winner == 1


def test_a_concealed_kong_may_be_robbed_only_for_thirteen_orphans():
    """Seed 003 §3.5.1: robbing a concealed kong is allowed only to complete Thirteen Orphans;
    a player whose ordinary hand waits on the tile may not rob it."""
    deal = scripted_deal(
        [
            "we we we c2 c3 c4 c5 c6 d2 d3 d4 d5 d6 dr",
            ORPHANS_WAITING_ON_EAST,
            "b6 b7 b8 c7 c7 c8 c8 b2 b2 b3 b3 b4 b4",
            "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 d5 d5 b5",
        ],
        draws="c2 c3 c4 we",
    )
    act(deal, 0, A.DISCARD, "dr")
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    assert deal.seats[0].hand[T("we")[0]] == 4
    act(deal, 0, A.CONCEALED_KONG, "we")
    assert A.WIN in legal_types(deal, 1)
    act(deal, 1, A.WIN)
    pass_all(deal)
    assert (deal.result.winner, deal.result.how) == (1, "robbed_kong")


def test_no_win_after_claiming_for_a_set():
    """Seed 003 §3.4.2: a player who can go out on a discard says so; having claimed it for a
    set he must discard."""
    deal = scripted_deal(
        [
            "b5 c1 c1 c9 d1 d9 we we ws ww wn dr dg dw",
            "b3 b4 b6 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "b5 b5 c5 c6 c7 d5 d6 d7 dg dg dg b9 b9",
            "b6 b7 b8 b9 c6 c7 c8 d6 d7 d8 dw dw dw",
        ]
    )
    act(deal, 0, A.DISCARD, "b5")
    assert {A.WIN, A.PUNG} <= legal_types(deal, 2)
    act(deal, 2, A.PUNG)
    pass_all(deal)
    with pytest.raises(IllegalAction, match="claim it to go out"):
        act(deal, 2, A.WIN)
