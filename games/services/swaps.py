"""Swapping two players' seats in a round seated ahead, before it starts: each takes the other's
table and starting wind. Written to the audit log with who and why."""

from __future__ import annotations

from django.db import transaction

from games.models import Entry, Round, TableSeat, Tournament

from . import audit
from .errors import ServiceError
from .tables import WINDS


def _where(place: TableSeat) -> str:
    return f"table {place.table.number}, {WINDS[place.wind]}"


def swap_seats(round_id: int, first_id: int, second_id: int, *, by=None,
               reason: str = "") -> tuple[TableSeat, TableSeat]:
    """Swap the seats of two entries seated in the round; refused once it has started, for
    one entry twice, or for an entry not seated in it (another tournament's, say)."""
    with transaction.atomic():
        rnd = Round.objects.filter(pk=round_id).first()
        if rnd is None:
            raise ServiceError("no_such_round", "There is no such round.")
        # The tournament's lock, as starting the round takes it: no start in between.
        Tournament.objects.select_for_update().get(pk=rnd.tournament_id)
        rnd.refresh_from_db()
        if not rnd.is_seated:
            raise ServiceError(
                "round_started",
                f"Round {rnd.number} has started: seats are swapped only before a round starts.")
        if first_id == second_id:
            raise ServiceError("same_player", "Pick two different players to swap.")
        entries = Entry.objects.select_related("user").in_bulk([first_id, second_id])
        places = {p.entry_id: p for p in TableSeat.objects.select_related("table").filter(
            table__round=rnd, entry_id__in=[first_id, second_id])}
        for pk in (first_id, second_id):
            entry = entries.get(pk)
            if entry is None or entry.tournament_id != rnd.tournament_id:
                raise ServiceError("not_in_tournament",
                                   f"Player {pk} is not in {rnd.tournament}.")
            if pk not in places:
                raise ServiceError("not_seated", f"{entry} is not seated in round {rnd.number}.")
        a, b = places[first_id], places[second_id]
        before = {str(entries[first_id]): _where(a), str(entries[second_id]): _where(b)}
        a.entry_id, b.entry_id = second_id, first_id
        TableSeat.objects.bulk_update([a, b], ["entry"])
        audit.record(rnd.tournament_id, by, "seats_swapped", rnd, details={
            "round": rnd.number, "players": list(before), "before": before}, reason=reason)
        return a, b
