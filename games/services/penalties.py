"""Penalties, bonuses and corrected table results, through the service door: each is validated,
saved and written to the audit log in one transaction; the standings read them
(services/standings.compute_standings)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models, transaction

from games import clock
from games.models import Correction, Penalty, Table, TableSeat

from . import audit
from .errors import ServiceError
from .tournaments import find_entry


def _validated(obj: models.Model) -> None:
    """The model's own checks (clean and the fields'); a failure is refused with its messages."""
    try:
        obj.full_clean()
    except ValidationError as exc:
        if hasattr(exc, "message_dict"):
            text = "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
        else:
            text = " ".join(exc.messages)
        raise ServiceError("invalid", text) from None


def _number(value, kind, name: str):
    try:
        return kind(value or 0)
    except (TypeError, ValueError):
        raise ServiceError("invalid", f"{name}: a number") from None


def _details(penalty: Penalty) -> dict:
    return {"entry": penalty.entry_id, "player": str(penalty.entry), "table": penalty.table_id,
            "table_points": penalty.table_points, "score": penalty.score}


def _result(seat: TableSeat) -> dict:
    return {"place": seat.place, "score": seat.score, "table_points": seat.table_points}


def add_penalty(
    entry_id: int, *, table_points=0, score=0, reason: str, table_id: int | None = None, by=None,
) -> Penalty:
    """A penalty (negative points) or bonus (positive) for an entry, at a table or overall."""
    with transaction.atomic():
        entry = find_entry(entry_id)
        penalty = Penalty(
            tournament_id=entry.tournament_id, entry=entry, table_id=table_id,
            table_points=_number(table_points, float, "table points"),
            score=_number(score, int, "score"), reason=(reason or "").strip(),
            created_by=audit.actor(by), created=clock.now(),
        )
        _validated(penalty)
        penalty.save()
        audit.record(
            entry.tournament_id, by, "bonus" if penalty.is_bonus else "penalty", penalty,
            details=_details(penalty), reason=penalty.reason,
        )
        return penalty


def remove_penalty(penalty_id: int, *, by=None, reason: str = "") -> None:
    with transaction.atomic():
        penalty = Penalty.objects.select_related("entry__user").filter(pk=penalty_id).first()
        if penalty is None:
            raise ServiceError("no_such_penalty", "There is no such penalty.")
        audit.record(
            penalty.tournament_id, by, "penalty_removed", penalty,
            details={**_details(penalty), "was": penalty.reason},
            reason=reason or penalty.reason,
        )
        penalty.delete()


def correct_result(
    table_id: int, wind: int, *, place, score, table_points, reason: str, by=None,
) -> Correction:
    """Correct one place's result at a finished table; the standings count the new values."""
    with transaction.atomic():
        table = Table.objects.select_related("round").filter(pk=table_id).first()
        if table is None:
            raise ServiceError("no_such_table", "There is no such table.")
        correction = Correction(
            table=table, wind=_number(wind, int, "wind"), place=_number(place, int, "place"),
            score=_number(score, int, "score"),
            table_points=_number(table_points, float, "table points"),
            reason=(reason or "").strip(), created_by=audit.actor(by), created=clock.now(),
        )
        _validated(correction)
        seat = TableSeat.objects.select_for_update().get(table=table, wind=correction.wind)
        correction.before = _result(seat)
        correction.save()
        seat.place, seat.score = correction.place, correction.score
        seat.table_points = correction.table_points
        seat.save(update_fields=["place", "score", "table_points"])
        audit.record(
            table.round.tournament_id, by, "correction", correction,
            details={"table": table.pk, "wind": seat.wind,
                     "player": str(seat.entry) if seat.entry_id else "bot",
                     "before": correction.before, "after": _result(seat)},
            reason=correction.reason,
        )
        return correction
