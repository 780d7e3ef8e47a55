"""Each seat's result as columns, and players' statistics as sums of them: computed here from a
game's stored result, written by the service door when a game finishes or its result is shown
(games/services/results.py). The migrations that first filled these columns use it too."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, Sum


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


# An imported record nobody vouched for: saved and listed, counted nowhere.
UNVERIFIED_IMPORT = Q(imported=True, import_verified=False)


def stat_sums() -> dict[str, Any]:
    """PlayerStat's totals as aggregates over seats (each seat one counted game)."""
    return dict(
        games=Count("pk"), games_won=Count("pk", filter=Q(place=1)),
        first=Count("pk", filter=Q(place=1)), second=Count("pk", filter=Q(place=2)),
        third=Count("pk", filter=Q(place=3)), fourth=Count("pk", filter=Q(place=4)),
        deals=Sum("deals_played"), deals_won=Sum("deals_won"), self_drawn=Sum("self_drawn"),
        dealt_in=Sum("dealt_in"), points_won=Sum("points_won"),
    )


def stat_rows(seats, PlayerStat) -> list:
    """Unsaved PlayerStat rows summing these seats, per account or recorded name and ruleset
    (`PlayerStat`: the model, or the migrations' historical one)."""
    sums = stat_sums()
    rows = []
    for r in (seats.exclude(user=None).order_by().values("user_id", "game__ruleset_name")
              .annotate(**sums)):
        rows.append(PlayerStat(user_id=r.pop("user_id"), name="",
                               ruleset_name=r.pop("game__ruleset_name"), **r))
    for r in (seats.filter(user=None, bot_level="").exclude(recorded_name="").order_by()
              .values("recorded_name", "game__ruleset_name").annotate(**sums)):
        rows.append(PlayerStat(user_id=None, name=r.pop("recorded_name"),
                               ruleset_name=r.pop("game__ruleset_name"), **r))
    return rows
