"""`{% absent_grace %}`: the seconds a person may be away from the table before the autopilot
plays for them, or, at a rated table, before they count as having left it (services/absence.py);
the table's help text says it in numbers."""

from __future__ import annotations

from django import template

from games import conf

register = template.Library()


@register.simple_tag
def absent_grace() -> int:
    return conf.get("GAMES_ABSENT_GRACE_SECONDS")
