"""Saved games as records (docs/record-format.md): export from the database, verify, import.

The engine builds and checks records (games/engine/record.py); this module only gathers what
the database knows (players, times) and saves an imported record once it has been verified.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from .engine.record import Verification, build_record, results_of, verify_record
from .models import FINISHED, OPEN, Game, Move, Seat


class ImportRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _iso(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z") if moment else None


def players_of(game: Game) -> list[dict[str, Any]]:
    return [
        {"chair": s.chair, "seat": s.position, "name": s.name, "bot": s.bot_level or None}
        for s in game.seats.select_related("user")
        if s.position is not None
    ]


def record_for(game: Game) -> dict[str, Any]:
    """The full record of a finished game (the seed included)."""
    if game.status != FINISHED:
        raise ValueError("the seed is revealed, and the record complete, only once the game is over")
    times = [_iso(t) for t in game.moves.order_by("seq").values_list("created", flat=True)]
    facts = {
        "id": game.pk,
        "started": _iso(game.started),
        "finished": _iso(game.finished),
        "tournament": game.tournament,
        "imported": game.imported,
    }
    return build_record(game.state(), players=players_of(game), times=times, game=facts)


def verify_game(game: Game) -> Verification:
    """For the replay page: does the revealed seed match its commitment and replay to the
    results this site recorded?"""
    if game.status != FINISHED:
        return Verification(False, "the game is not over: its seed is revealed when it ends")
    verification = verify_record(record_for(game))
    if verification.ok and game.result is not None:
        replayed = verification.match
        if game.result.get("points") != replayed.points:
            return Verification(False, "the points saved for this game differ from the replay")
    return verification


def may_import(user, record: dict) -> bool:
    """Staff, or one of the people (not bots) the record lists."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    names = {p.get("name") for p in record.get("players", []) if isinstance(p, dict)
             and not p.get("bot")}
    return user.get_username() in names


def _when(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def import_record(record: Any, user) -> Game:
    """Verify the record, then save it as a finished game; refused records save nothing."""
    verification = verify_record(record)
    if not verification.ok:
        raise ImportRefused(verification.reason)
    if not may_import(user, record):
        raise ImportRefused("only staff or one of the game's players may import its record")
    existing = Game.objects.filter(seed=record["seed"]).first()
    if existing is not None:
        raise ImportRefused(f"this game is already saved here, as table {existing.pk}")
    match = verification.match
    facts = record.get("game") if isinstance(record.get("game"), dict) else {}
    now = timezone.now()
    finished = _when(facts.get("finished")) or now
    User = get_user_model()
    with transaction.atomic():
        game = Game.objects.create(
            ruleset_name=match.ruleset.name,
            ruleset=match.ruleset.to_json(),
            seed=match.seed,
            status=FINISHED,
            version=match.version,
            created_by=user,
            tournament=bool(facts.get("tournament", False)),
            private=False,
            imported=True,
            started=_when(facts.get("started")) or finished,
            finished=finished,
            changed_at=finished,
            result=results_of(match),
        )
        for p in record["players"]:
            bot = p.get("bot") if p.get("bot") in ("random", "greedy") else ""
            account = None if bot else User.objects.filter(username=p["name"]).first()
            Seat.objects.create(
                game=game, chair=match.seating.seat_of.index(p["seat"]),
                position=p["seat"], user=account, bot_level=bot, recorded_name=p["name"],
            )
        Move.objects.bulk_create(
            Move(game=game, seq=i + 1, seat=a.seat, action=a.to_json(),
                 created=_when(record["actions"][i].get("time")) or finished)
            for i, a in enumerate(match.actions)
        )
    return game


def summary_of(game: Game) -> dict[str, Any] | None:
    """Each deal's outcome and the points: kept with a finished game, replayed for older ones
    and for games still being played (public facts only)."""
    if game.result and "deals" in game.result:
        return game.result
    if game.status == OPEN or game.started is None:
        return None
    return results_of(game.state())
