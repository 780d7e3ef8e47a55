"""What the lobby tells about a game being played: round, deal, scores and how long it has run.
All of it is public (every spectator sees it); read from the cached Match, never changed."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import pgettext_lazy

from games.services.matches import cached, match_for

# Games not in the cache are replayed from their moves (up to most of a second for a long game):
# a lobby request replays only a few, and lists the others by their players alone.
MAX_REPLAYS = 3

WIND_ORDER = ["East", "South", "West", "North"]
# The prevailing wind as the lobby's "East round, deal 2" names it, in the reader's language
# (docs/i18n.md: the Chinese says 东风圈 / 東風圈).
ROUND_NAMES = [
    pgettext_lazy("prevailing wind", "East"),
    pgettext_lazy("prevailing wind", "South"),
    pgettext_lazy("prevailing wind", "West"),
    pgettext_lazy("prevailing wind", "North"),
]


@dataclass(frozen=True)
class Player:
    name: str
    points: int | None
    bot: bool


@dataclass(frozen=True)
class LiveRow:
    game: object
    round: str | None
    deal: int | None
    players: list[Player]
    minutes: int


def _minutes(game) -> int:
    start = game.started or game.created
    return max(0, int((timezone.now() - start).total_seconds() // 60))


def live_row(game, match) -> LiveRow:
    seats = {s.position: s for s in game.seats.all() if s.position is not None}
    if match is None:  # not looked at yet: the players, without the state of play
        players = [Player(s.name, None, bool(s.bot_level)) for s in game.seats.all()]
        return LiveRow(game, None, None, players, _minutes(game))
    points = match.points
    players = [
        Player(seats[p].name if p in seats else f"{WIND_ORDER[p]} seat", points[p],
               bool(seats[p].bot_level) if p in seats else False)
        for p in range(4)
    ]
    players.sort(key=lambda p: -p.points)
    return LiveRow(
        game=game,
        round=ROUND_NAMES[match.deal.prevailing_wind],
        deal=match.deal.number,
        players=players,
        minutes=_minutes(game),
    )


def live_rows(games) -> list[LiveRow]:
    rows, replays = [], 0
    for game in games:
        match = cached(game)
        if match is None and replays < MAX_REPLAYS:
            match, replays = match_for(game), replays + 1
        rows.append(live_row(game, match))
    return rows
