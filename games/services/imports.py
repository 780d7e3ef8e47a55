"""Imported records: saving one as a finished game, and verifying one so it counts.

A record is its importer's word: it counts in no statistics or rating, and gives no page to a
name that is not an account, until staff with the `verify_import` permission vouch for it
(importing it themselves, or verifying it afterwards). games/web/records.py checks a record and
decides whether it may be saved; the rows are written here, like every other game's.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

from games.engine.names import check_name
from games.engine.record import results_of
from games.models import FINISHED, Game, Seat

from . import audit, results, rows
from .errors import ServiceError
from .gamerow import lock

VERIFY_PERMISSION = "games.verify_import"


def vouches(user) -> bool:
    """Whether `user` may verify an imported record (and import one in anyone's name)."""
    return bool(user is not None and user.is_authenticated and user.has_perm(VERIFY_PERMISSION))


def _account(player: dict, importer, vouched: bool, User):
    """The account a record's player is linked to: the importer's own seat, or anyone's when
    the importer vouches for the record; any other seat keeps its recorded name only."""
    if player.get("bot"):
        return None
    name = check_name(player["name"])
    if importer.get_username() == name:
        return importer
    if vouched:
        return User.objects.filter(username=name).first()
    return None


def moves_of(match, times: list[datetime | None], finished: datetime) -> list[tuple]:
    """The replayed record's move rows (`times`: each action's time, or None for `finished`),
    built before save_record's transaction takes the write lock."""
    return rows.prepare_moves([(i + 1, a.seat, a.to_json(), times[i] or finished)
                               for i, a in enumerate(match.actions)])


@transaction.atomic
def save_record(record: dict, match, importer, moves: list[tuple],
                started: datetime | None, finished: datetime) -> Game:
    """Save a verified record (`match`: its replay) as a finished, imported game with its
    seats and moves (`moves`: moves_of the match), and store its seats' results. It counts in
    statistics at once only if `importer` vouches for it (verify_import)."""
    vouched = vouches(importer)
    User = get_user_model()
    game = Game.objects.create(
        ruleset_name=match.ruleset.name,
        ruleset=match.ruleset.to_json(),
        seed=match.seed,
        status=FINISHED,
        version=match.version,
        created_by=importer,
        # A tournament game is a table of one of this site's tournaments; an imported record
        # belongs to none, whatever its "tournament" says, verified or not.
        tournament=False,
        private=False,
        imported=True,
        import_verified=vouched,
        started=started or finished,
        finished=finished,
        changed_at=finished,
        listed_at=finished,
        result=results_of(match),
    )
    for p in record["players"]:
        Seat.objects.create(
            game=game, chair=match.seating.seat_of.index(p["seat"]), position=p["seat"],
            user=_account(p, importer, vouched, User), bot_level=p.get("bot") or "",
            recorded_name=check_name(p["name"]),
        )
    rows.insert_prepared(game.pk, moves)
    # Seat results always (history shows them); statistics only if verified (results.counts).
    results.finish(game)
    if vouched:
        audit.record(None, importer, "import_verified", game,
                     details={"seed_commitment": (record.get("commitment") or {}).get("value")},
                     reason="imported by staff who may verify imports")
    return game


def verify_import(game_id: int, user) -> bool:
    """Staff with `verify_import` vouch for an imported game: it counts in its players'
    statistics from now on, once; each named seat that is an account's is linked to it (as if
    staff had imported it). True if it was verified now, False if it was already."""
    if not vouches(user):
        raise ServiceError("forbidden", "Only staff allowed to verify imports may do that.")
    with transaction.atomic():
        game = lock(game_id)
        row = Game.objects.filter(pk=game.pk).values("imported", "import_verified").get()
        if not row["imported"]:
            raise ServiceError("not_imported", "This game was played here, not imported.")
        if row["import_verified"]:
            return False
        Game.objects.filter(pk=game.pk).update(import_verified=True)
        game.imported, game.import_verified = True, True
        linked = _link_accounts(game)
        results.count(game)
        audit.record(None, user, "import_verified", game, details={"linked": linked})
    return True


def _link_accounts(game: Game) -> list[str]:
    """Link the game's unlinked named seats to the accounts of those names (any bot's aside)."""
    seats = Seat.objects.filter(game=game, user=None, bot_level="").exclude(recorded_name="")
    users = {u.username: u for u in get_user_model().objects.filter(
        username__in=[s.recorded_name for s in seats])}
    linked = []
    for seat in seats:
        user = users.get(seat.recorded_name)
        if user is not None and not Seat.objects.filter(game=game, user=user).exists():
            Seat.objects.filter(pk=seat.pk).update(user=user)
            linked.append(user.username)
    return linked
