"""A round's time limit: when it passes, each table still playing finishes the deal in play and
its game ends there, with the results as they stand. The engine ends a game after the ruleset's
`max_deals` deals, so the running game's stored ruleset is given max_deals = the deals played
plus the one in play; the moves replay the same way under it (no earlier deal reached it)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction

from games import clock
from games.models import ACTIVE, PLAYING, Round, Snapshot, Tournament

from . import audit, broadcast, matches
from .gamerow import lock as lock_game
from .gamerow import reschedule


def deadline_for(t: Tournament):
    """When a round started now must end, or None without a limit."""
    return clock.now() + timedelta(minutes=t.round_minutes) if t.round_minutes else None


def _last_deal(game_id: int) -> int | None:
    """Cap a running game at the deal in play; returns the deals it will have played, or None
    when it already ends sooner or is over."""
    game = lock_game(game_id)
    if game.status != ACTIVE:
        return None
    match = matches.take(game)  # out of the cache: it is rebuilt under the new ruleset
    if match.is_over:
        return None
    cap = len(match.history) + 1
    current = (game.ruleset or {}).get("max_deals")
    if current and current <= cap:
        return current
    game.ruleset = {**game.ruleset, "max_deals": cap}
    # Every process may hold this game's Match at the same version, under the old ruleset, with
    # or without a socket at the table: the rules version tells each cache to replay it.
    game.rules_version += 1
    game.save(update_fields=["ruleset", "rules_version"])
    # Snapshots hold the old ruleset: the moves are the truth and are replayed instead.
    Snapshot.objects.filter(game_id=game.pk).delete()
    reschedule(game, matches.match_for(game))
    # Sockets' processes may drop the old Match at once (the version check would anyway).
    broadcast.on_commit_send([broadcast.rules_message(game.pk)])
    return cap


def call_time(round_id: int, *, by=None) -> dict[int, int]:
    """End the round's tables after the deal in play (at once, or when the limit passes).
    Returns {table number: deals it will have played} for the tables still playing."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        if rnd.status != PLAYING or rnd.time_called is not None:
            return {}
        capped = {}
        for table in rnd.tables.exclude(game=None).order_by("number"):
            deals = _last_deal(table.game_id)
            if deals is not None:
                capped[table.number] = deals
        rnd.time_called = clock.now()
        rnd.save(update_fields=["time_called"])
        audit.record(rnd.tournament_id, by, "time_limit", rnd, details={
            "round": rnd.number, "tables": {str(k): v for k, v in capped.items()},
            "deadline": rnd.deadline.isoformat() if rnd.deadline else None})
        return capped


def enforce_time_limits() -> int:
    """What the ticker calls: every round whose limit has passed gets its time called.
    Returns how many rounds were."""
    due = list(Round.objects.filter(
        status=PLAYING, time_called__isnull=True, deadline__lte=clock.now(),
    ).values_list("pk", flat=True)[:50])
    for round_id in due:
        call_time(round_id)
    return len(due)
