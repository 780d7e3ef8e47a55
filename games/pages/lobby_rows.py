"""What the lobby tells about a game being played: round, deal, scores and how long it has run.
All of it is public (every spectator sees it); read from the cached Match, never changed."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from games.services.matches import match_for

WIND_ORDER = ["East", "South", "West", "North"]


@dataclass(frozen=True)
class Player:
    name: str
    points: int
    bot: bool


@dataclass(frozen=True)
class LiveRow:
    game: object
    round: str
    deal: int
    players: list[Player]
    minutes: int


def _minutes(game) -> int:
    start = game.started or game.created
    return max(0, int((timezone.now() - start).total_seconds() // 60))


def live_row(game) -> LiveRow:
    match = match_for(game)
    seats = {s.position: s for s in game.seats.all() if s.position is not None}
    points = match.points
    players = [
        Player(seats[p].name if p in seats else f"{WIND_ORDER[p]} seat", points[p],
               bool(seats[p].bot_level) if p in seats else False)
        for p in range(4)
    ]
    players.sort(key=lambda p: -p.points)
    return LiveRow(
        game=game,
        round=WIND_ORDER[match.deal.prevailing_wind],
        deal=match.deal.number,
        players=players,
        minutes=_minutes(game),
    )


def live_rows(games) -> list[LiveRow]:
    return [live_row(g) for g in games]
