"""Each seat's result, stored when its game finishes (in the transaction that finishes it, or
that saves an imported record): history filters and statistics read these columns.

Called only from the service door (games/services/: play, places, tournaments, imports) and the
`rebuild_results` command. An imported record counts in no statistics until staff verified it
(Game.import_verified, games/services/imports.py)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Count, F, Q, Sum

from .models import Game, PlayerStat, Seat, Table


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


# ------------------------------------------------------------------ players' statistics
def _key(seat: Seat) -> dict[str, Any] | None:
    """Whose statistics a seat counts in: its account's, or a recorded name's (not a bot's)."""
    if seat.user_id is not None:
        return {"user_id": seat.user_id, "name": ""}
    if seat.recorded_name and not seat.bot_level:
        return {"user_id": None, "name": seat.recorded_name}
    return None


def _shown(game: Game) -> bool:
    """A tournament round may hide its tables' results until it ends (Tournament.hide_scores)."""
    if not game.tournament:
        return True
    table = Table.objects.filter(game=game).select_related("round__tournament").first()
    return table is None or not table.round.tournament.hide_scores or table.round.is_finished


# An imported record nobody vouched for: saved and listed, counted nowhere.
UNVERIFIED_IMPORT = Q(imported=True, import_verified=False)


def count(game: Game) -> bool:
    """Add the finished `game`'s seats to their players' statistics, once, if its result is
    shown now (else when its round ends: count_round) and it is not an unverified import.
    True if it was added now."""
    if not game.result or not _shown(game):
        return False
    # The import check rides on the update: no extra read of a row locked with a few fields.
    if not (Game.objects.filter(pk=game.pk, counted=False).exclude(UNVERIFIED_IMPORT)
            .update(counted=True)):
        return False  # counted already, or an import not verified
    for seat in Seat.objects.filter(game=game, position__isnull=False):
        key = _key(seat)
        if key is not None:
            _add(key, game.ruleset_name, seat_results(game.result, seat.position))
    return True


def count_round(round_) -> None:
    """A round just ended: its finished tables' results are shown now."""
    for game in Game.objects.filter(tournament_table__round=round_, status="finished",
                                    counted=False):
        count(game)


def _add(key: dict[str, Any], ruleset: str, r: dict[str, Any]) -> None:
    row, _ = PlayerStat.objects.get_or_create(ruleset_name=ruleset, **key)
    placed = [int(r["place"] == k) for k in range(1, 5)]  # ints: PostgreSQL adds no booleans
    PlayerStat.objects.filter(pk=row.pk).update(
        games=F("games") + 1,
        games_won=F("games_won") + placed[0],
        first=F("first") + placed[0], second=F("second") + placed[1],
        third=F("third") + placed[2], fourth=F("fourth") + placed[3],
        deals=F("deals") + r["deals_played"], deals_won=F("deals_won") + r["deals_won"],
        self_drawn=F("self_drawn") + r["self_drawn"], dealt_in=F("dealt_in") + r["dealt_in"],
        points_won=F("points_won") + r["points_won"],
    )


def finish(game: Game) -> None:
    """Everything a finished game stores about its seats: their results, and (if shown) their
    players' statistics."""
    store(game)
    count(game)


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


def rebuild_statistics() -> int:
    """Every player's statistics again from the stored seat results of the games counted so
    far (and any shown game not yet counted; an import not verified is not, even if counted
    before imports had to be); returns the number of rows written."""
    with transaction.atomic():
        Game.objects.filter(UNVERIFIED_IMPORT, counted=True).update(counted=False)
        for game in (Game.objects.filter(status="finished", counted=False).exclude(result=None)
                     .exclude(UNVERIFIED_IMPORT)):
            if _shown(game):
                Game.objects.filter(pk=game.pk).update(counted=True)
        PlayerStat.objects.all().delete()
        rows = stat_rows(Seat.objects.filter(game__counted=True, position__isnull=False),
                         PlayerStat)
        PlayerStat.objects.bulk_create(rows, batch_size=500)
    return len(rows)
