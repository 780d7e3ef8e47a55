"""Table talk (docs/protocol.md, "Table talk"): the only writer of TalkLine rows.

Two channels. The players' (a person holding a seat at the game) reaches everyone at the table,
players and spectators. The spectators' (anyone else signed in) reaches the spectators at once,
and the players only when no deal is being played: a spectator's line said during a deal is
held from the players until that deal is scored (or the game ends), so no spectator can tell a
player a hand. Canned lines (an id from CANNED_LINES, never text) may be said at any table;
free text only where `free_text_off` finds no reason against it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.db import transaction

from games import clock
from games.models import ACTIVE, Game, ReportReason, TalkLine, Tournament
from games.models.talk import CANNED, PLAYERS, SPECTATORS, TEXT, TEXT_MAX
from games.realtime import protocol

from . import broadcast, frames, matches, moderation
from .errors import ServiceError
from .gamerow import held_seats, lock

# The canned lines: the id the client sends, and the words shown for it.
CANNED_LINES = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "well_played": "Well played!",
    "nice_hand": "Nice hand!",
    "thanks": "Thanks!",
    "sorry": "Sorry!",
    "thinking": "Thinking…",
    "oops": "Oops!",
}
RECENT = 20  # lines a `state` carries at most
RECENT_BYTES = 3 * 1024  # and at most this much of them, encoded
RELEASED = 40  # a deal's held spectator lines sent to the players as it ends, at most
BETWEEN_DEALS = ("deal_over", "game_over")
# Characters refused in free text besides the control characters: the ones that reorder text.
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def free_text_off(game: Game) -> str | None:
    """Why free text is off at this table, or None where it is on. The one rule (docs/protocol.md):
    free text is for casual tables whose people are not strangers, that is private tables, which
    only their invite link opens; never at a rated table, nor at a tournament's unless its
    organiser switched it on for the tournament (`Tournament.free_text`, rated or not). The
    spectators' channel follows the same rule, since its lines reach the players after each
    deal. Where it is on, the word filter, silences, mutes, blocks and limits apply as anywhere."""
    if game.tournament:
        if tournament_free_text(game):
            return None
        return "Free text is off at tournament tables: use the canned lines."
    if game.rated:
        return "Free text is off at rated tables: use the canned lines."
    if not game.private:
        return ("Free text is only for private tables, whose people came by invitation: "
                "use the canned lines.")
    return None


def tournament_free_text(game: Game) -> bool:
    """Whether the organiser of the tournament this table belongs to switched free text on. A
    game not saved yet (or a stand-in without a key) is no tournament's table."""
    game_id = getattr(game, "pk", None)
    return game_id is not None and Tournament.objects.filter(
        round_set__tables__game_id=game_id, free_text=True).exists()


def client_config(game: Game, signed_in: bool) -> dict[str, Any]:
    """What the table page's talk box needs: the canned lines, and where free text is off, why."""
    return {"lines": [{"code": c, "text": t} for c, t in CANNED_LINES.items()],
            "free_text_off": free_text_off(game), "signed_in": signed_in, "max": TEXT_MAX,
            # Why a line may be reported (static/js/people.js, services/reports.py).
            "report_reasons": ReportReason.choices}


def _refuse(code: str, message: str) -> ServiceError:
    return ServiceError(code, message, re=protocol.C_TALK)


def parse(message: Any) -> tuple[str, str, str]:
    """(kind, code, text) of a talk message from outside, or a ServiceError saying why not."""
    code, text = message.get("code"), message.get("text")
    if (code is None) == (text is None):
        raise _refuse(protocol.E_BAD_MESSAGE, "A talk message carries a `code` or a `text`.")
    if code is not None:
        if not isinstance(code, str) or code not in CANNED_LINES:
            raise _refuse(protocol.E_BAD_MESSAGE, "There is no such canned line.")
        return CANNED, code, ""
    if not isinstance(text, str):
        raise _refuse(protocol.E_BAD_TEXT, "A line of talk is text.")
    text = text.strip()
    if not text:
        raise _refuse(protocol.E_BAD_TEXT, "There is nothing to say in that line.")
    if len(text) > TEXT_MAX:
        raise _refuse(protocol.E_BAD_TEXT, f"A line is at most {TEXT_MAX} characters.")
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI for c in text):
        raise _refuse(protocol.E_BAD_TEXT, "A line may not hold control characters.")
    return TEXT, "", text


def line_json(line: TalkLine) -> dict[str, Any]:
    return {
        "id": line.pk,
        "channel": line.channel,
        "kind": line.kind,
        "code": line.code or None,
        "text": CANNED_LINES.get(line.code, "") if line.kind == CANNED else line.text,
        "name": line.name,
        # The speaker's account (its page, and what a mute or block names); null for none.
        "by": line.user.username if line.user_id else None,
        "seat": line.seat,
        "deal": line.deal,
        "held": line.held,
        "at_ms": int(line.created.timestamp() * 1000),
    }


def pack(game_id: int, lines: list[dict[str, Any]], **extra: Any) -> list[str]:
    """`talk` frames holding these lines in order, none over the frame budget."""
    empty = {"type": protocol.S_TALK, "game": game_id, "lines": [], **extra}
    room = protocol.FRAME_BUDGET - len(frames.encode(empty)) - 8
    texts, run, used = [], [], 0
    for line in lines:
        size = len(frames.encode(line).encode()) + 1
        if run and used + size > room:
            texts.append(frames.encode({**empty, "lines": run}))
            run, used = [], 0
        run.append(line)
        used += size
    if run or not texts:
        texts.append(frames.encode({**empty, "lines": run}))
    return texts


def _message(group: str, text: str, to: str, speaker: int | None = None
             ) -> tuple[str, dict[str, Any]]:
    """A talk frame for a group; `from`: the speaker's account, which a socket whose person
    muted or blocked it drops (games/services/moderation.py)."""
    return group, {"type": protocol.LAYER_TALK, "text": text, "to": to, "from": speaker}


def say(game_id: int, user, message: Any) -> dict[str, Any]:
    """Record one line said at the table and send it to those who may hear it now (after the
    commit). Returns the line as sent."""
    if user is None or not user.is_authenticated:
        raise _refuse(protocol.E_SIGN_IN, "Sign in to talk at the table.")
    kind, code, text = parse(message)
    try:
        moderation.refuse_if_silenced(user, "talk at the tables")
        if kind == TEXT:
            text = moderation.filtered(text)
    except ServiceError as exc:
        raise _refuse(exc.code, exc.message) from None
    with transaction.atomic():
        game = lock(game_id)  # a deal's end and a held line never cross
        if kind == TEXT:
            off = free_text_off(game)
            if off is not None:
                raise _refuse(protocol.E_TALK_OFF, off)
        seat = held_seats(game_id, user).first()
        deal, in_play = None, False
        if game.status == ACTIVE:
            match = matches.match_for(game)
            deal, in_play = match.deal.number, match.phase not in BETWEEN_DEALS
        line = TalkLine.objects.create(
            game_id=game_id, channel=PLAYERS if seat is not None else SPECTATORS, kind=kind,
            code=code, text=text, user=user, name=(seat.name if seat else user.username)[:150],
            seat=seat.position if seat else None, version=game.version, deal=deal,
            held=seat is None and in_play, created=clock.now())
        said = line_json(line)
        text_out = pack(game_id, [said])[0]
        if line.held:
            out = _message(protocol.group_for_spectators(game_id), text_out,
                           protocol.TO_SPECTATORS, user.pk)
        else:
            out = _message(protocol.group_for_game(game_id), text_out, protocol.TO_ALL, user.pk)
        broadcast.on_commit_send([out])
    return said


def release_messages(game: Game, deal: int) -> list[tuple[str, dict[str, Any]]]:
    """The spectators' lines held during `deal`, for the players now that it is over (the last
    RELEASED of them; every one stays in the table's talk)."""
    held = list(TalkLine.objects.filter(game_id=game.pk, held=True, deal=deal)
                .select_related("user").order_by("-id")[:RELEASED])[::-1]
    if not held:
        return []
    # One frame a speaker, so a socket that does not hear one of them drops only theirs.
    out = []
    for speaker in dict.fromkeys(line.user_id for line in held):
        said = [line_json(line) for line in held if line.user_id == speaker]
        out += [_message(protocol.group_for_game(game.pk), text, protocol.TO_PLAYERS, speaker)
                for text in pack(game.pk, said, released=True)]
    return out


def recent(game: Game, match, seat: int | None, user) -> list[dict[str, Any]]:
    """The table's last lines a connection may hear, carried by its `state` (`talk`): a player
    does not get the spectators' lines of the deal still being played. At most RECENT lines and
    RECENT_BYTES encoded, the oldest left out first, so the state stays within the budget."""
    lines = TalkLine.objects.filter(game_id=game.pk).select_related("user")
    if user is not None and user.is_authenticated:
        lines = lines.exclude(user_id__in=moderation.unheard_ids(user))
    playing = seat is not None or (
        user is not None and user.is_authenticated and held_seats(game.pk, user).exists())
    if playing and game.status == ACTIVE and match is not None \
            and match.phase not in BETWEEN_DEALS:
        lines = lines.exclude(held=True, deal=match.deal.number)
    shown, used = [], 0
    for line in lines.order_by("-id")[:RECENT]:
        said = line_json(line)
        used += len(frames.encode(said).encode()) + 1
        if used > RECENT_BYTES:
            break
        shown.append(said)
    return shown[::-1]


# A finished game's talk in its replay (docs/people.md, "Talk in the replay"): shown only to
# those who sat at the table, as the access policy decides (`Seeing.TALK`).
REPLAYED = 300  # lines a replay's talk carries at most: the newest


def replayed(game: Game, user) -> dict[str, Any]:
    """The table's talk for its replay, as `user` (one of its players) may hear it: every line
    but those of speakers they muted or blocked, the newest REPLAYED, oldest first. Each line
    names the game's version when it was said (`v`), so the replay shows it from that move on; a
    spectator's line held during a deal is shown from that deal's end, as the players heard it.
    `total`: how many lines there were to show, so the page can say that the oldest are left out."""
    lines = TalkLine.objects.filter(game_id=game.pk).select_related("user")
    if user is not None and user.is_authenticated:
        lines = lines.exclude(user_id__in=moderation.unheard_ids(user))
    total = lines.count()
    newest = list(lines.order_by("-id")[:REPLAYED])[::-1]
    return {"game": game.pk, "total": total, "truncated": total > len(newest),
            "lines": [{**line_json(line), "v": line.version} for line in newest]}


# A person's own talk (docs/people.md, "Your talk"): what they said, to keep or to remove.
EXPORTED = 5000  # lines an export carries at most: the newest


def history(user) -> dict[str, Any]:
    """Everything `user` said at the tables (the newest EXPORTED lines), oldest first."""
    lines = list(TalkLine.objects.filter(user_id=user.pk).order_by("-id")[:EXPORTED + 1])
    return {
        "player": user.username,
        "exported_at": clock.now().isoformat(),
        "truncated": len(lines) > EXPORTED,
        "lines": [{"game": line.game_id, "at": line.created.isoformat(),
                   "channel": line.channel, "name": line.name,
                   "text": CANNED_LINES.get(line.code, "") if line.kind == CANNED else line.text}
                  for line in reversed(lines[:EXPORTED])],
    }


def forget(user) -> int:
    """Remove every line `user` said at any table; returns how many. A report made before
    keeps its own copy of the reported lines for staff (games/services/reports.py)."""
    deleted, _ = TalkLine.objects.filter(user_id=user.pk).delete()
    return deleted
