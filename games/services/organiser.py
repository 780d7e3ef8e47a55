"""What an organiser does to a game from the admin, through the same door as everyone else:
make what is due happen now, let the autopilot answer for the seats a game waits on, hand a
tournament table's absent seats to the autopilot. Each takes the game row's lock (inside the
door functions it calls) and writes a line in the audit log; abandoning a stuck game is
`departures.abandon_game`. Who may run them is the admin's question (the `change_game` or
`change_table` permission)."""

from __future__ import annotations

from django.db import transaction

from games.models import ACTIVE, Table

from . import audit, tournaments
from .gamerow import lock
from .play import autopilot_waiting, tick


def tournament_of(game_id: int) -> int | None:
    """The tournament a game is a table of, so its audit lines show in that tournament's log."""
    return Table.objects.filter(game_id=game_id).values_list(
        "round__tournament_id", flat=True).first()


def settle_due(game_id: int, *, by) -> bool:
    """Whatever is due in the game (bots, timers, expired windows) happens now; whether it
    moved. The tick runs inside this transaction, so the audit line commits with its moves."""
    with transaction.atomic():
        game = lock(game_id)
        if game.status != ACTIVE:
            return False
        moved = tick(game_id)
        audit.record(tournament_of(game_id), by, "game_settled", game,
                     details={"moved": moved})
        return moved


def autopilot(game_id: int, *, by) -> int:
    """The autopilot answers for every seat the game waits on now; how many answers it gave.
    Each answer is its own door call and commit (a claim answer is held without the lock and
    needs the window the previous commit opened), so the audit line follows them."""
    given = autopilot_waiting(game_id)
    with transaction.atomic():
        game = lock(game_id)
        audit.record(tournament_of(game_id), by, "game_autopilot", game,
                     details={"answers": given})
    return given


def autopilot_absent(table_id: int, *, by) -> int:
    """A stuck tournament table: the autopilot plays each of its absent seats from now on;
    how many seats it took."""
    table = Table.objects.select_related("round").get(pk=table_id)
    with transaction.atomic():
        taken = tournaments.autopilot_absent(table_id)
        audit.record(table.round.tournament_id, by, "table_autopilot", table,
                     details={"seats": taken})
    return taken
