"""When a person away from a rated table counts as having left it (docs/ratings.md, "Leaving by
absence"). Read by schedule.paused (a rated table waits rather than let the autopilot play for
someone who left) and by endings.py (which ends the game early, the leaver placed last).

A seat away from the table counts as gone once it has been away past the grace period
(GAMES_ABSENT_GRACE_SECONDS); a person never seen at the table yet (a table the queue seated,
say, whose page is still on its way) has ARRIVAL_SECONDS, or the grace if longer."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from games import conf
from games.models import Game, Seat

# As long as the queue keeps a waiting page that does not poll (docs/ratings.md, "The queue"):
# a background tab may be woken only once a minute.
ARRIVAL_SECONDS = 90


def ends_early(game: Game) -> bool:
    """Whether leaving by absence ends this game early: a rated table that is no tournament's
    (a tournament's round must close: the autopilot plays its absent seats to the end)."""
    return game.rated and not game.tournament


def gone_at(game: Game, seat: Seat) -> datetime | None:
    """When this person counts as having left the table, if they stay away (None: a bot, or
    at the table now)."""
    if seat.is_bot or seat.connections:
        return None
    since = seat.absent_since or game.started
    if since is None:
        return None
    grace = conf.get("GAMES_ABSENT_GRACE_SECONDS")
    # Never seen at this table (not even in its waiting room): still on the way, perhaps.
    wait = grace if seat.last_seen is not None else max(grace, ARRIVAL_SECONDS)
    return since + timedelta(seconds=wait)


def gone(game: Game, seats: Iterable[Seat], now: datetime) -> list[Seat]:
    """The people among `seats` who count as having left by `now`, the first to go first."""
    found = [(at, s) for s in seats if (at := gone_at(game, s)) is not None and at <= now]
    return [s for _, s in sorted(found, key=lambda pair: (pair[0], pair[1].chair))]
