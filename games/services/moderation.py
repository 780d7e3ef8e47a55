"""Moderation (docs/people.md, "Moderation"): what a person does for themselves (mute, block),
what staff do (silence an account for a time, in the audit log), and the word filter the
operator keeps in the admin. The only writer of Mute, Block and Silence rows.

- **Mute**: the muted person's talk no longer reaches you, at any table (the socket drops it,
  a state's recent talk leaves it out, the page hides what was already shown).
- **Block**: as a mute, and besides they cannot challenge you, nor follow you; a block ends
  any follow between you and withdraws the challenges pending between you.
- **Silence** (staff): the account may not talk at a table, challenge anyone or change its
  profile's words until the silence ends.
- **Word filter**: each FilteredWord in free text and profiles is masked with asterisks, or
  the whole line refused (the operator chooses per word).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from games import clock
from games.models import Block, Challenge, ChallengeStatus, FilteredWord, Follow, Mute, Silence
from games.realtime import protocol

from . import audit
from .errors import ServiceError

# Characters refused in any text a person writes, besides the control characters: the ones
# that reorder text.
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
SILENCE_HOURS = (1, 24, 24 * 7, 24 * 30)  # the lengths staff choose from, in hours
MOST_HOURS = 24 * 365
KEPT = 500  # mutes, and blocks, one person keeps at most


def person(name: str, *, me=None):
    """The account called `name`, or a ServiceError a person can read."""
    if not isinstance(name, str) or not name.strip() or len(name) > 150:
        raise ServiceError("no_player", "Name a player.")
    user = get_user_model().objects.filter(username=name.strip(), is_active=True).first()
    if user is None:
        raise ServiceError("no_player", f"There is no player called {name.strip()!r}.")
    if me is not None and user.pk == me.pk:
        raise ServiceError("yourself", "That is you.")
    return user


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise ServiceError("sign_in", "Sign in first.")


# ---------------------------------------------------------------------------- text
def check_text(text, most: int, what: str = "A line") -> str:
    """`text` stripped, or a ServiceError: too long, control or reordering characters."""
    if not isinstance(text, str):
        raise ServiceError("bad_text", f"{what} is text.")
    text = text.strip()
    if len(text) > most:
        raise ServiceError("bad_text", f"{what} is at most {most} characters.")
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI for c in text if c != "\n"):
        raise ServiceError("bad_text", f"{what} may not hold control characters.")
    return text


def _pattern(word: str) -> re.Pattern:
    body = re.escape(word)
    if word.isalnum() and word.isascii():
        body = rf"(?<!\w){body}(?!\w)"  # a word of letters: whole words only
    return re.compile(body, re.IGNORECASE)


def filtered(text: str) -> str:
    """`text` with the filtered words masked; a ServiceError where one refuses the line. The
    list is read whole each time (the operator's edits apply at once; it is short)."""
    folded = unicodedata.normalize("NFKC", text)
    for word, refuse in FilteredWord.objects.values_list("word", "refuse"):
        if not word.strip():
            continue
        pattern = _pattern(unicodedata.normalize("NFKC", word.strip()))
        if pattern.search(folded):
            if refuse:
                raise ServiceError(protocol.E_FILTERED, "That holds a word this site does not allow.")
            folded = pattern.sub(lambda m: "*" * len(m.group(0)), folded)
    return folded


# ---------------------------------------------------------------------------- silences
def silenced_until(user) -> datetime | None:
    """When the account's silence ends, or None if it is not silenced."""
    if user is None or not user.is_authenticated:
        return None
    return (Silence.objects.filter(user_id=user.pk, lifted=False, until__gt=clock.now())
            .order_by("-until").values_list("until", flat=True).first())


def refuse_if_silenced(user, what: str) -> None:
    until = silenced_until(user)
    if until is not None:
        raise ServiceError(protocol.E_SILENCED, f"Your account is silenced until {until:%Y-%m-%d %H:%M} "
                                       f"UTC: you cannot {what} until then.")


def silence(user, hours: int, reason: str, by) -> Silence:
    """Staff silence an account for `hours`, with a reason, in the audit log."""
    if not isinstance(hours, int) or not 1 <= hours <= MOST_HOURS:
        raise ServiceError("bad_hours", f"A silence lasts 1 to {MOST_HOURS} hours.")
    reason = check_text(reason, 200, "A reason")
    if not reason:
        raise ServiceError("no_reason", "Say why the account is silenced.")
    with transaction.atomic():
        until = clock.now() + timedelta(hours=hours)
        made = Silence.objects.create(user=user, until=until, reason=reason,
                                      by=audit.actor(by), created=clock.now())
        audit.record(None, by, "silence", made, details={"user": user.username, "hours": hours,
                                                         "until": until.isoformat()},
                     reason=reason)
    return made


def lift(silence_id: int, by) -> bool:
    """End a silence early (in the audit log); False if it had ended already."""
    with transaction.atomic():
        made = Silence.objects.select_for_update().filter(pk=silence_id).first()
        if made is None or made.lifted or made.until <= clock.now():
            return False
        made.lifted = True
        made.save(update_fields=["lifted"])
        audit.record(None, by, "lift silence", made, details={"user": made.user.username})
    return True


# ---------------------------------------------------------------------------- mutes, blocks
def unheard_ids(user) -> frozenset[int]:
    """The accounts whose talk `user` does not hear: those they muted or blocked."""
    if user is None or not user.is_authenticated:
        return frozenset()
    muted = Mute.objects.filter(user_id=user.pk).values_list("muted_id", flat=True)
    blocked = Block.objects.filter(user_id=user.pk).values_list("blocked_id", flat=True)
    return frozenset(muted.union(blocked))


def blocks(user, other) -> bool:
    """Whether `user` blocks `other`."""
    return Block.objects.filter(user_id=user.pk, blocked_id=other.pk).exists()


def _room(model, user) -> None:
    if model.objects.filter(user=user).count() >= KEPT:
        raise ServiceError("too_many", f"You may keep at most {KEPT} of these: remove some first.")


def mute(user, name: str):
    _signed_in(user)
    other = person(name, me=user)
    if not Mute.objects.filter(user=user, muted=other).exists():
        _room(Mute, user)
        Mute.objects.get_or_create(user=user, muted=other, defaults={"created": clock.now()})
    return other


def unmute(user, name: str):
    _signed_in(user)
    other = person(name, me=user)
    Mute.objects.filter(user=user, muted=other).delete()
    return other


def block(user, name: str):
    """Block: no talk from them, no challenge or follow between you."""
    _signed_in(user)
    other = person(name, me=user)
    with transaction.atomic():
        if not Block.objects.filter(user=user, blocked=other).exists():
            _room(Block, user)
            Block.objects.get_or_create(user=user, blocked=other,
                                        defaults={"created": clock.now()})
        Follow.objects.filter(Q(follower=user, followed=other)
                              | Q(follower=other, followed=user)).delete()
        Challenge.objects.filter(
            Q(challenger=user, challenged=other) | Q(challenger=other, challenged=user),
            status=ChallengeStatus.PENDING,
        ).update(status=ChallengeStatus.CANCELLED, answered=clock.now(), told=True)
    return other


def unblock(user, name: str):
    _signed_in(user)
    other = person(name, me=user)
    Block.objects.filter(user=user, blocked=other).delete()
    return other


def standing_with(user, other) -> dict[str, bool]:
    """What `user` has done about `other` (for the buttons of the player page)."""
    if user is None or not user.is_authenticated or other is None or user.pk == other.pk:
        return {}
    return {
        "follows": Follow.objects.filter(follower=user, followed=other).exists(),
        "followed_by": Follow.objects.filter(follower=other, followed=user).exists(),
        "muted": Mute.objects.filter(user=user, muted=other).exists(),
        "blocked": Block.objects.filter(user=user, blocked=other).exists(),
    }
