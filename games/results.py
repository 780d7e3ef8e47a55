"""Each seat's result, stored when its game finishes (in the transaction that finishes it, or
that saves an imported record): history filters and statistics read these columns."""

from __future__ import annotations

from typing import Any

from .models import Game, Seat


def seat_results(result: dict[str, Any], position: int) -> dict[str, Any]:
    """The columns of the seat at `position` from a game's stored result (engine/record.py)."""
    place = next((s["place"] for s in result.get("standings") or [] if s["seat"] == position),
                 None)
    points = result.get("points")
    deals = result.get("deals") or []
    won = [d for d in deals if d.get("winner") == position]
    # The best hand: highest score, the earliest deal on a tie (as the statistics list them).
    best = min(won, key=lambda d: (-(d.get("score") or 0), d["number"]), default=None)
    return {
        "place": place,
        "final_points": points[position] if points else None,
        "points_won": sum(d["deltas"][position] for d in deals),
        "deals_played": len(deals),
        "deals_won": len(won),
        "self_drawn": sum(1 for d in won if d.get("how") == "self_drawn"),
        "dealt_in": sum(1 for d in deals
                        if d.get("winner") is not None and d.get("discarder") == position),
        "best_score": (best.get("score") or 0) if best else None,
        "best_deal": best["number"] if best else None,
        "best_limit": (best.get("limit") or "")[:60] if best else "",
        "best_how": (best.get("how") or "")[:20] if best else "",
    }


def store(game: Game) -> None:
    """Write every seat's result columns from `game.result` (a finished game)."""
    if not game.result:
        return
    for seat in Seat.objects.filter(game=game, position__isnull=False):
        Seat.objects.filter(pk=seat.pk).update(**seat_results(game.result, seat.position))
