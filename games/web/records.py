"""Saved games as records (docs/record-format.md): export from the database, verify, import.

The engine builds and checks records (games/engine/record.py); this module only gathers what
the database knows (players, times), and decides whether a verified record may be imported and
why not; the service door saves it (games/services/imports.py).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine.errors import EngineError, NotationError
from games.engine.match import Match
from games.engine.names import check_name
from games.engine.record import (
    Checked,
    Verification,
    build_record,
    check_record,
    load_json,
    parse_time,
    results_of,
    verify_record,
)
from games.models import FINISHED, OPEN, Game
from games.services import imports
from games.services.matches import match_for
from games.thinking import jobs, pool


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
        "tournament": game.tournament and not game.imported,  # see services/imports.py
        "imported": game.imported,
    }
    return build_record(match_for(game), players=players_of(game), times=times, game=facts)


def verify_game(game: Game) -> Verification:
    """For the replay page: does the revealed seed match its commitment and replay to the
    results this site recorded?"""
    if game.status != FINISHED:
        return Verification(False, "the game is not over: its seed is revealed when it ends")
    if ((game.result or {}).get("ended") or {}).get("early"):
        return _verify_ended_early(game)
    verification = verify_record(record_for(game))
    if verification.ok and game.result is not None:
        replayed = verification.match
        if game.result.get("points") != replayed.points:
            return Verification(False, "the points saved for this game differ from the replay")
    return verification


def _verify_ended_early(game: Game) -> Verification:
    """A game ended before its last deal (services/endings.py) is no whole game, which
    verify_record refuses (only a whole game may be imported); the replay page checks the
    rest: the record's shape, the seed against its commitment, and that its moves replay to the
    points saved when it ended."""
    checked = check_record(record_for(game))
    if not checked.ok or checked.ruleset is None:
        return Verification(False, checked.reason)
    match = Match(checked.ruleset, checked.seed)
    try:
        for action in checked.actions:
            match.apply(action)
    except EngineError as exc:
        return Verification(False, f"its moves do not replay: {exc}")
    if game.result.get("points") != match.points:
        return Verification(False, "the points saved for this game differ from the replay")
    return Verification(True, "", match)


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
    """Staff allowed to verify imports, or one of the people (not bots) the record lists."""
    if not user.is_authenticated:
        return False
    if imports.vouches(user):
        return True
    return user.get_username() in _human_names(record)


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


SAME_SEED = 8  # games looked at that share a record's seed (a duplicate-wall round's tables)


def seed_refusal(checked: Checked) -> ImportRefused | None:
    """Why a record (`checked`: read, not yet replayed) whose seed a game here already has
    cannot be saved, in true words: the very game (its seed and every move) saved already, as
    which table; a game on the same walls saved already; or a game on them not over yet (named
    by no table: its seed is still secret to everyone but this record's holder). None if no
    game here has the seed."""
    found = list(Game.objects.filter(seed=checked.seed).order_by("pk")[:SAME_SEED])
    if not found:
        return None
    moves = [a.to_json() for a in checked.actions]
    over = [g for g in found if g.status == FINISHED]
    for game in over:
        if game.version == checked.version and list(
                game.moves.order_by("seq").values_list("action", flat=True)) == moves:
            return ImportRefused(f"this game is already saved here, as table {game.pk}")
    if over:
        return ImportRefused(
            f"a game on this record's walls (its seed) is already saved here, as table "
            f"{over[0].pk}, with other moves: a seed's game is saved once")
    return ImportRefused("this record's seed is that of a game on this site that is not over")


def import_text(text: str | bytes, user) -> Game:
    """import_record of a record's JSON text, read within its bounds (engine/record.py)."""
    try:
        record = load_json(text)
    except NotationError as e:
        raise ImportRefused(str(e)) from None
    return import_record(record, user)


def import_record(record: Any, user) -> Game:
    """Check the record, then save it as a finished game through the service door; refused
    records save nothing. It counts in statistics only once staff with `verify_import` vouch
    for it (services/imports.py).

    Every check that costs no more than reading the record comes before the replay (which
    deals and plays the whole game): its shape, sizes, ruleset and commitment; whether it is a
    game saved here already; who imports it; its dates. The address's import limit is counted
    before the view runs (games/urls.py)."""
    checked = check_record(record)
    if not checked.ok:
        raise ImportRefused(checked.reason)
    # First, as it is the real reason whoever imports: a player's own game (even one they
    # left, whose record names a bot in their seat) is here already.
    refusal = seed_refusal(checked)
    if refusal is not None:
        raise refusal
    if not may_import(user, record):
        raise ImportRefused("only staff or one of the game's players may import its record")
    _not_in_future(record)
    # The replay deals and plays the whole game: a worker does it (games/thinking).
    verification = pool.submit(jobs.replay_record, record, checked).result()
    if not verification.ok:
        raise ImportRefused(verification.reason)
    match = verification.match
    facts = record.get("game") or {}
    finished = _when(facts.get("finished")) or timezone.now()
    moves = imports.moves_of(match, [_when(a.get("time")) for a in record["actions"]], finished)
    try:
        with transaction.atomic():
            # Checked again in the transaction that saves; a second import racing this one
            # is stopped by the one_import_per_seed constraint instead.
            refusal = seed_refusal(checked)
            if refusal is not None:
                raise refusal
            game = imports.save_record(record, match, user, moves,
                                       _when(facts.get("started")), finished)
    except IntegrityError:
        refusal = seed_refusal(checked)
        if refusal is not None:
            raise refusal from None
        raise
    return game


def summary_of(game: Game) -> dict[str, Any] | None:
    """Each deal's outcome and the points: kept with a finished game, replayed for older ones
    and for games still being played (public facts only)."""
    if game.result and "deals" in game.result:
        return game.result
    if game.status == OPEN or game.started is None:
        return None
    return results_of(match_for(game))
