"""Who acts without a human's click, and when: bots, the autopilot of an absent player, a turn
timer, the close of a claim window. The answer is stored on the game row (due_at) so that any
process can pick the game up; nothing lives only in one process's memory."""

from __future__ import annotations

from datetime import datetime, timedelta

from games import clock, conf
from games.engine.actions import PASS
from games.models import Game, Seat

from . import absence, turnclock
from .frames import WINDOW_PHASES, nothing_to_claim


def _ms(n: int) -> timedelta:
    return timedelta(milliseconds=n)


def window_deadline(game: Game) -> datetime:
    return game.changed_at + timedelta(seconds=game.claim_seconds)


def automatic_passes(match) -> dict[str, dict]:
    """The answers the server holds for a window as it opens: a pass for each seat with nothing
    to claim. Nobody is asked to pass on a tile they cannot take, and no browser sends it."""
    return {
        str(pos): {"seat": pos, "type": PASS}
        for pos in match.waiting_on() if nothing_to_claim(match, pos)
    }


def window_closes(game: Game, match) -> datetime:
    """When the open window closes: the one rule (docs/protocol.md, "Claim windows").

    While an answer is owed, at the deadline. Once every answer is held: at once if anyone
    claims (the claim is shown as it closes anyway); if everyone passed, not before the
    window's minimum, the same moment whoever could have claimed, so its closing tells nobody
    that nobody could. Only a person taking longer than that to decide is seen to."""
    deadline = window_deadline(game)
    if any(str(p) not in game.pending for p in match.waiting_on()):
        return deadline
    if any(a.get("type") != PASS for a in game.pending.values()):
        return game.changed_at
    return min(deadline, game.changed_at + _ms(conf.get("GAMES_CLAIM_MIN_MS")))


def paused(game: Game, seats: dict[int, Seat], now: datetime) -> bool:
    """A casual table whose one human has been away past the grace period waits for them:
    nobody plays the game out for an empty chair. So does a rated table whose people have all
    been away past it: the autopilot earns nobody a rating (docs/ratings.md); it goes on when
    one comes back, and the presence sweep ends it unrated after GAMES_ABANDON_MINUTES.
    Tournament tables, and casual tables of several people, keep the autopilot (the others
    are owed a game that goes on; a tournament's round must close)."""
    if game.tournament:
        return False
    humans = [s for s in seats.values() if not s.is_bot]
    if game.rated and absence.gone(game, humans, now):
        return True  # someone left the rated table: it ends early (services/endings.py)
    if not humans or (len(humans) != 1 and not game.rated):
        return False
    if any(h.connections for h in humans):
        return False
    grace = timedelta(seconds=conf.get("GAMES_ABSENT_GRACE_SECONDS"))
    since = [h.absent_since or game.changed_at for h in humans]
    return None not in since and all(now >= at + grace for at in since)


def seat_due(game: Game, match, seat: Seat) -> datetime | None:
    """When this waiting seat gets a decision made for it (None: it waits for its player).
    A seat with nothing to claim in a window never waits here: it was passed as the window
    opened (automatic_passes)."""
    base = game.changed_at
    bot_at = base + _ms(conf.get("GAMES_BOT_DELAY_MS"))
    if seat.is_bot:
        return bot_at
    if seat.connections == 0:
        since = seat.absent_since or base
        grace = timedelta(seconds=conf.get("GAMES_ABSENT_GRACE_SECONDS"))
        return max(bot_at, since + grace)
    if match.phase not in WINDOW_PHASES:
        allowed = turnclock.allowance(game, match.phase, seat.position)
        if allowed is not None:
            return base + allowed
    return None


def _undecided(game: Game, match, seats: dict[int, Seat]):
    """(seat, when it gets a decision made for it) for each waiting seat with no held answer."""
    for pos in match.waiting_on():
        if str(pos) not in game.pending:
            yield pos, seat_due(game, match, seats[pos])


def due_seats(game: Game, match, seats: dict[int, Seat], now: datetime) -> list[int]:
    """Waiting seats whose decision is due now (claim answers already given excluded)."""
    if paused(game, seats, now):
        return []
    return [pos for pos, at in _undecided(game, match, seats) if at is not None and at <= now]


def next_due(game: Game, match, seats: dict[int, Seat]) -> datetime | None:
    if match.is_over or game.changed_at is None or paused(game, seats, clock.now()):
        return None
    times = [at for _, at in _undecided(game, match, seats) if at is not None]
    if match.phase in WINDOW_PHASES:
        times.append(window_closes(game, match))
    return min(times, default=None)
