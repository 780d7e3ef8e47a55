"""Helpers shared by the engine tests."""

from __future__ import annotations

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.deal import Deal
from games.engine.tiles import parse_tile


def fingerprint(deal: Deal):
    """Everything that makes up a deal's state, for 'nothing changed' and 'replay equals live'."""
    return (
        deal.phase,
        deal.turn,
        tuple(tuple(s.hand) for s in deal.seats),
        tuple(tuple(s.melds) for s in deal.seats),
        tuple(tuple(s.bonus) for s in deal.seats),
        tuple(tuple(s.discards) for s in deal.seats),
        tuple((s.drawn, s.original_call, s.call_broken) for s in deal.seats),
        deal.wall.live_pos,
        deal.wall.live_end,
        deal.wall.dead_pos,
        tuple(sorted((k, v.to_json()["type"]) for k, v in deal.answers.items())),
        len(deal.events),
    )


def act(deal: Deal, seat: int, kind: str, tile: str | None = None, tiles: str = "", call=False):
    t = parse_tile(tile) if tile else None
    ts = tuple(sorted(parse_tile(x) for x in tiles.split())) if tiles else ()
    return deal.apply(Action(seat, kind, t, ts, call))


def pass_all(deal: Deal) -> None:
    """Every seat still to answer the open claim or robbing window passes."""
    if deal.phase not in ("claim", "rob"):
        return
    for s in list(deal.waiting_on()):
        deal.apply(Action(s, A.PASS))


def discard_drawn(deal: Deal) -> None:
    """The seat in turn throws away the tile it just drew."""
    seat = deal.turn
    tile = deal.seats[seat].drawn
    deal.apply(Action(seat, A.DISCARD, tile))


def legal_types(deal: Deal, seat: int) -> set[str]:
    return {a.type for a in deal.legal_actions(seat)}


def promoted_kong_robbable() -> Deal:
    """Seed 003 §3.5.1, as tests/engine/test_winning.py plays it: West (seat 2) adds d5 to the
    pung it claimed; South (seat 1) may rob it."""
    from .scripted import scripted_deal

    deal = scripted_deal(
        ["d5 c9 c9 c9 d1 d9 we we ws ww wn dr dg dw",
         "d3 d4 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws ws",
         "d5 d5 b6 b7 b8 ww ww wn wn dg dg b9 d5",
         "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw"],
        draws="c5 b1 c7 c8")
    act(deal, 0, A.DISCARD, "d5")
    act(deal, 2, A.PUNG)
    pass_all(deal)
    act(deal, 2, A.DISCARD, "b9")
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    act(deal, 2, A.PROMOTE_KONG, "d5")
    return deal
