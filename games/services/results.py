"""Each seat's result and its players' statistics, written when a game finishes (in the
transaction that finishes it, or that saves an imported record), or when a result hidden until
its tournament round ends is shown: history filters and statistics read these columns and rows.
An imported record counts in no statistics until staff verified it (Game.import_verified,
services/imports.py). What is written is computed in games/models/seat_results.py."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F

from games.models import FINISHED, Game, PlayerStat, Seat, Table
from games.models.seat_results import UNVERIFIED_IMPORT, seat_results, stat_rows


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
    for game in Game.objects.filter(tournament_table__round=round_, status=FINISHED,
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


REBUILD_BATCH = 500  # games a transaction of rebuild_seat_results covers


def rebuild_seat_results(check: bool = False) -> tuple[int, int]:
    """Every finished game's seat results written again from its stored result, a batch of
    games per transaction (`check`: only count the seats that differ). Returns (seats seen,
    seats that differed)."""
    fields = list(seat_results({}, 0))
    games = Game.objects.filter(status=FINISHED).exclude(result=None).order_by("pk")
    seen = differ = last = 0
    while True:
        batch = list(games.filter(pk__gt=last).only("pk", "result")[:REBUILD_BATCH])
        if not batch:
            return seen, differ
        last = batch[-1].pk
        with transaction.atomic():
            by_game = {g.pk: g.result for g in batch}
            changed = []
            for seat in Seat.objects.filter(game__in=batch, position__isnull=False):
                want = seat_results(by_game[seat.game_id], seat.position)
                seen += 1
                if any(getattr(seat, f) != v for f, v in want.items()):
                    differ += 1
                    for f, v in want.items():
                        setattr(seat, f, v)
                    changed.append(seat)
            if changed and not check:
                Seat.objects.bulk_update(changed, fields)


def rebuild_statistics() -> int:
    """Every player's statistics again from the stored seat results of the games counted so
    far (and any shown game not yet counted; an import not verified is not, even if counted
    before imports had to be); returns the number of rows written."""
    with transaction.atomic():
        Game.objects.filter(UNVERIFIED_IMPORT, counted=True).update(counted=False)
        for game in (Game.objects.filter(status=FINISHED, counted=False).exclude(result=None)
                     .exclude(UNVERIFIED_IMPORT)):
            if _shown(game):
                Game.objects.filter(pk=game.pk).update(counted=True)
        PlayerStat.objects.all().delete()
        rows = stat_rows(Seat.objects.filter(game__counted=True, position__isnull=False),
                         PlayerStat)
        PlayerStat.objects.bulk_create(rows, batch_size=500)
    return len(rows)
