"""The banner on every page that tells a seated player where their tournament table is (a
context processor: settings.TEMPLATES)."""

from __future__ import annotations

from games.services import notices


def seated(request) -> dict:
    user = getattr(request, "user", None)
    place = notices.seated_at(user)
    if place is None:
        return {}
    table = place.table
    return {"seated": {
        "tournament": table.round.tournament.name,
        "round": table.round.number,
        "table": table.number,
        "url": notices.table_url(table.game_id),
    }}
