"""The audit log of a tournament: every organiser change is written here, inside the same
transaction as the change itself."""

from __future__ import annotations

from django.db import models

from games.models import AuditLog


def actor(who):
    """The user to write down for a change: None for the system or an anonymous request."""
    return who if who is not None and getattr(who, "is_authenticated", False) else None


def record(
    tournament_id: int | None, who, action: str, obj: models.Model | None = None, *,
    details: dict | None = None, reason: str = "",
) -> AuditLog:
    """Write one line: who (a user or None for the system), the action, the object it touched,
    a JSON-able dict of what changed, and why."""
    return AuditLog.objects.create(
        tournament_id=tournament_id,
        who=actor(who),
        action=action,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=obj.pk if obj is not None else None,
        object_repr=str(obj)[:200] if obj is not None else "",
        details=details or {},
        reason=(reason or "")[:200],
    )
