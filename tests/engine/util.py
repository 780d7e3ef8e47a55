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
