"""A named player (an entry without an account) claims their entry with its secret code: the
signed-in member becomes the entry's player, and its results, past and to come, are theirs."""

from __future__ import annotations

import re

from django.db import transaction

from games.access.accounts import is_guest
from games.models import Entry, Tournament

from . import audit
from .errors import ServiceError

CODE = re.compile(r"[A-Za-z0-9_-]{8,32}")  # what models.claim_code makes, with room
BAD_CODE = "There is no such claim link: check it with the organiser."


def claimable(tournament_id: int, code: str) -> Entry:
    """The entry this code claims (claimed already or not), or a refusal."""
    if not isinstance(code, str) or not CODE.fullmatch(code):
        raise ServiceError("bad_claim_code", BAD_CODE)
    # Looked up by the tournament's own key first: a number too large for the database's
    # integers is then no such tournament, where a filter on the entries' column would fail.
    if not Tournament.objects.filter(pk=tournament_id).exists():
        raise ServiceError("bad_claim_code", BAD_CODE)
    entry = (Entry.objects.select_related("tournament", "user")
             .filter(tournament_id=tournament_id, claim_code=code).first())
    if entry is None:
        raise ServiceError("bad_claim_code", BAD_CODE)
    return entry


def refusal(entry: Entry, user) -> ServiceError | None:
    """Why `user` may not claim `entry`, or None when they may."""
    if entry.user_id is not None:
        if user is not None and entry.user_id == user.pk:
            return ServiceError("claimed_by_you", "You have claimed this place already.")
        return ServiceError("claim_used", "This claim link has been used already.")
    if user is None or not user.is_authenticated:
        return ServiceError("not_logged_in", "Log in to claim your place.")
    if is_guest(user):
        return ServiceError(
            "guest", "A guest cannot claim a tournament place: sign up first (a guest keeps "
            "their games), then open the link again.")
    if entry.tournament.entries.filter(user=user).exists():
        return ServiceError(
            "already_entered", f"You have a place in {entry.tournament} already: ask the "
            "organiser if this one is yours too.")
    return None


def claim_entry(tournament_id: int, code: str, user) -> Entry:
    """`user` becomes the player of the named entry this code claims."""
    with transaction.atomic():
        if not Tournament.objects.select_for_update().filter(pk=tournament_id).exists():
            raise ServiceError("bad_claim_code", BAD_CODE)
        entry = claimable(tournament_id, code)
        refused = refusal(entry, user)
        if refused is not None:
            raise refused
        entry.user = user
        entry.save(update_fields=["user"])
        audit.record(tournament_id, user, "entry_claimed", entry,
                     details={"name": entry.name, "player": user.username})
        return entry
