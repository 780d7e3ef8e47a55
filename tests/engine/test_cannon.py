"""Letting off a cannon as a ruleset option (classical.md §3.5, §2.4)."""

from games.engine import actions as A
from games.engine.phases import OVER
from games.engine.ruleset import CHINESE_CLASSICAL
from games.engine.settle import summarise_deal

from .scripted import scripted_deal
from .util import act, discard_drawn, pass_all

CANNON = CHINESE_CLASSICAL.replace(cannon_rule=True)
FILL = ["c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d3 d4", "b1 b2 b3 b4 b5 b6 b7 b8 b9 d5 d6 d7"]


def hands(waiter: int, thrower: int):
    """The waiter calls on the Red Dragon; the thrower holds one; East has a d2 to throw first."""
    out = []
    for s in range(4):
        if s == waiter:
            h = "we we we ws ws ws ww ww ww wn wn wn dr"
        elif s == thrower:
            h = FILL[0] + " dr"
        else:
            h = FILL[1] + " dg"
        out.append(h + (" d2" if s == 0 else ""))
    return out


def to_last_discard(deal, thrower):
    act(deal, 0, A.DISCARD, "d2")
    while True:
        pass_all(deal)
        if deal.wall.live_left == 0 and deal.turn == thrower and deal.phase == "play":
            return
        discard_drawn(deal)


def last_drawer() -> int:
    deal = scripted_deal(hands(1, 2), ruleset=CANNON)
    act(deal, 0, A.DISCARD, "d2")
    while deal.wall.live_left:
        pass_all(deal)
        discard_drawn(deal)
    return deal.turn


def test_an_unseen_tile_thrown_at_the_end_of_the_wall_makes_the_thrower_pay_for_all():
    """classical.md §3.5: with 4 or fewer tiles in the live wall every unseen tile is dangerous;
    the discarder who had a safe tile pays the winner for all losers, and losers do not settle."""
    thrower = last_drawer()
    waiter = (thrower + 1) % 4
    deal = scripted_deal(hands(waiter, thrower), ruleset=CANNON)
    to_last_discard(deal, thrower)
    act(deal, thrower, A.DISCARD, "dr")
    act(deal, waiter, A.WIN)
    pass_all(deal)
    assert deal.phase == OVER and deal.result.liable == thrower
    summary = summarise_deal(deal, 1, 0)
    payers = {p["payer"] for p in summary.settlement["payments"]}
    assert payers == {thrower}
    assert sum(summary.deltas) == 0 and summary.deltas[waiter] > 0


def test_without_the_option_everyone_pays_their_share():
    """classical.md §2.1: by default each loser pays the winner."""
    thrower = last_drawer()
    waiter = (thrower + 1) % 4
    deal = scripted_deal(hands(waiter, thrower))
    to_last_discard(deal, thrower)
    act(deal, thrower, A.DISCARD, "dr")
    act(deal, waiter, A.WIN)
    pass_all(deal)
    assert deal.result.liable is None
    payers = {p["payer"] for p in summarise_deal(deal, 1, 0).settlement["payments"]}
    assert len(payers) >= 3
