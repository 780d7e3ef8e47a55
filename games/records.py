"""Saved games as records (docs/record-format.md): export from the database, verify, import.

The engine builds and checks records (games/engine/record.py); this module only gathers what
the database knows (players, times) and saves an imported record once it has been verified.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from . import results
from .engine.errors import NotationError
from .engine.names import check_name
from .engine.record import Verification, build_record, parse_time, results_of, verify_record
from .models import FINISHED, OPEN, Game, Move, Seat
from .services.matches import match_for


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
    return build_record(match_for(game), players=players_of(game), times=times, game=facts)


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


def _human_names(record: dict) -> set[str]:
    names = set()
    for p in record.get("players", []):
        if isinstance(p, dict) and not p.get("bot"):
            try:
                names.add(check_name(p.get("name")))
            except NotationError:
                pass
    return names


def may_import(user, record: dict) -> bool:
    """Staff, or one of the people (not bots) the record lists."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return user.get_username() in _human_names(record)


def _account(player: dict, importer, User):
    """The account a record's player is linked to. A record is the importer's word only: it
    names the importer's own seat, or anyone's when staff vouch for it; any other seat keeps
    its recorded name and counts for no account."""
    if player.get("bot"):
        return None
    name = check_name(player["name"])
    if importer.get_username() == name:
        return importer
    if importer.is_staff:
        return User.objects.filter(username=name).first()
    return None


def _when(text: Any) -> datetime | None:
    try:
        return parse_time(text)  # checked while verifying; a bad one here is no time at all
    except NotationError:
        return None


def _not_in_future(record: dict) -> None:
    """The engine has no clock: its dates run to 2100. A game saved here has been played."""
    facts = record.get("game") or {}
    times = [facts.get("started"), facts.get("finished")]
    times += [a.get("time") for a in record["actions"]]
    latest = max((t for t in map(_when, times) if t is not None), default=None)
    if latest is not None and latest > timezone.now() + timedelta(days=1):
        raise ImportRefused(f"the record's times run to {latest:%Y-%m-%d}, a date still to come")


def _saved_here(seed: str) -> bool:
    return Game.objects.filter(seed=seed).exists()


def _already_saved(seed: str) -> ImportRefused:
    existing = Game.objects.filter(seed=seed).order_by("pk").first()
    where = f", as table {existing.pk}" if existing else ""
    return ImportRefused(f"this game is already saved here{where}")


def import_record(record: Any, user, verification: Verification | None = None) -> Game:
    """Verify the record (unless `verification` is this record's, just made), then save it as
    a finished game; refused records save nothing."""
    verification = verification or verify_record(record)
    if not verification.ok:
        raise ImportRefused(verification.reason)
    if not may_import(user, record):
        raise ImportRefused("only staff or one of the game's players may import its record")
    _not_in_future(record)
    match = verification.match
    try:
        with transaction.atomic():
            # Checked in the transaction that saves; a second import racing this one is
            # stopped by the one_import_per_seed constraint instead.
            if _saved_here(match.seed):
                raise _already_saved(match.seed)
            game = _save(record, match, user)
    except IntegrityError:
        if Game.objects.filter(seed=match.seed, imported=True).exists():
            raise _already_saved(match.seed) from None
        raise
    return game


def _save(record: dict, match, user) -> Game:
    facts = record.get("game") or {}
    finished = _when(facts.get("finished")) or timezone.now()
    User = get_user_model()
    game = Game.objects.create(
        ruleset_name=match.ruleset.name,
        ruleset=match.ruleset.to_json(),
        seed=match.seed,
        status=FINISHED,
        version=match.version,
        created_by=user,
        tournament=facts.get("tournament", False),
        private=False,
        imported=True,
        started=_when(facts.get("started")) or finished,
        finished=finished,
        changed_at=finished,
        listed_at=finished,
        result=results_of(match),
    )
    for p in record["players"]:
        Seat.objects.create(
            game=game, chair=match.seating.seat_of.index(p["seat"]), position=p["seat"],
            user=_account(p, user, User), bot_level=p.get("bot") or "",
            recorded_name=check_name(p["name"]),
        )
    Move.objects.bulk_create(
        Move(game=game, seq=i + 1, seat=a.seat, action=a.to_json(),
             created=_when(record["actions"][i].get("time")) or finished)
        for i, a in enumerate(match.actions)
    )
    results.finish(game)  # seat results and statistics, in the same transaction
    return game


def summary_of(game: Game) -> dict[str, Any] | None:
    """Each deal's outcome and the points: kept with a finished game, replayed for older ones
    and for games still being played (public facts only)."""
    if game.result and "deals" in game.result:
        return game.result
    if game.status == OPEN or game.started is None:
        return None
    return results_of(match_for(game))
