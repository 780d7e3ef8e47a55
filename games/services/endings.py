"""Ending a game before its last deal (docs/protocol.md, "Resigning and ending early";
docs/ratings.md, "Ending a rated game early").

- `end_now`: a game ends where it stands, under its lock: finished, its standing the points
  after the last deal scored (the deal in play counts for nothing), those who gave it up placed
  last (services/forfeits.py), its results, statistics and ratings written in the same
  transaction, every socket sent a whole state (its end screen). A resignation at a table
  with no other person ends a casual game this way (services/departures.py).
- Ending a rated game by agreement: any person at the table proposes (`propose_end`), the
  others accept or decline (`answer_end`); once every person at the table has accepted, it
  ends now. A proposal lapses at a decline, when the deal it was made in is scored or the next
  one begins, and when someone leaves the table. A game ended so before its first deal is
  scored is called off: abandoned, with no result, and not rated (unless someone had left it).
- Leaving a rated table by absence: a person away past the grace period while someone else is
  at the table (services/absence.py) has left it; the presence sweep (`end_absent`), or their
  own return (`returning`), ends the game early with them placed last, the others by points.
  While nobody is at the table nobody is owed a game: it waits (schedule.paused), and whoever
  comes back first gives the others a fresh grace period to come back too.

Each change locks the game row, checks what it was asked against the row (its version, the
proposal's id), writes a line in the audit log when a game ends or someone resigns, and sends
its frames only once the transaction commits."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef

from games import clock
from games.models import ABANDONED, ACTIVE, FINISHED, LEFT, OPEN, Game, Seat
from games.realtime import protocol

from . import absence, audit, broadcast, forfeits, frames, matches, ratings, results
from .errors import ServiceError
from .gamerow import held_seats, lock, seats_changed

ABSENT_BATCH = 20  # tables ended per sweep at most: the rest wait for the next one

# What a proposal frame says just happened (protocol.S_PROPOSAL's `event`).
PROPOSED, ACCEPTED, DECLINED, LAPSED = "proposed", "accepted", "declined", "lapsed"
ENDED, CALLED_OFF = "ended", "called_off"


def people(game: Game) -> list[Seat]:
    """The people still playing at the table (a seat left to a bot is the bot's)."""
    return list(Seat.objects.filter(game=game, bot_level="", position__isnull=False)
                .select_related("user").order_by("chair"))


# ------------------------------------------------------------------ ending where it stands
def end_now(game: Game, match, how: str, now: datetime) -> None:
    """Under the game's lock: the game ends now at its standing (see above). Seats that gave
    it up carry their Seat.forfeit already."""
    game.status = FINISHED
    game.finished = now
    game.due_at = None
    game.pending = {}
    game.proposal = None
    game.result = forfeits.final_result(game, match, how)
    seats_changed(game)
    game.save(update_fields=["status", "finished", "due_at", "pending", "proposal", "result",
                             "seats_version"])
    Game.objects.filter(pk=game.pk).update(listed_at=now)
    results.store(game)
    if results.count(game):
        ratings.rate(game)
    # Every socket gets a whole state: the end screen, and no countdown left running.
    broadcast.on_commit_send([broadcast.presence_message(game, protocol.NOTICE_STARTED)])


def _call_off(game: Game, match, now: datetime) -> None:
    """Under the lock: a game its people agreed to end before any deal was scored ends with no
    result, as abandoned; rated only if someone had left it (they are placed below the others,
    who share first place: docs/ratings.md)."""
    game.status = ABANDONED
    game.finished = now
    game.due_at = None
    game.pending = {}
    game.proposal = None
    game.result = {"ended": {"how": forfeits.AGREED, "early": True, "by": [], "deals": 0}}
    seats_changed(game)
    game.save(update_fields=["status", "finished", "due_at", "pending", "proposal", "result",
                             "seats_version"])
    if game.rated and game.seats.filter(left=True).exists():
        ratings.rate(game)
    broadcast.on_commit_send([broadcast.presence_message(game, protocol.NOTICE_STARTED)])


def seated(game_id: int, user) -> tuple[Game, Seat]:
    """The game locked, and the seat `user` plays at it; refused (nothing changed) unless the
    game is under way and they play at it."""
    if user is None or not user.is_authenticated:
        raise ServiceError(protocol.E_NOT_SEATED, "You are not seated at this table.")
    game = lock(game_id)
    if game.status == OPEN:
        raise ServiceError(protocol.E_NOT_STARTED, "The game has not started yet.")
    if game.status != ACTIVE:
        raise ServiceError(protocol.E_GAME_OVER, "The game is over.")
    seat = held_seats(game_id, user).first()
    if seat is None or seat.position is None:
        raise ServiceError(protocol.E_NOT_SEATED, "You are not seated at this table.")
    return game, seat


def check_version(game: Game, version: Any) -> None:
    """The version the request was made at must be the game's: the player decided on what
    they saw."""
    if not isinstance(version, int) or isinstance(version, bool):
        raise ServiceError(protocol.E_BAD_MESSAGE, "Say which version of the game you saw.")
    if version != game.version:
        raise ServiceError(
            protocol.E_STALE,
            f"You saw move {version} but the game is at move {game.version}; sync first.",
            version=game.version,
        )


# ------------------------------------------------------------------ ending by agreement
def _key(match) -> tuple[int, bool]:
    """What a proposal is made on: the deal in play, and whether it is scored yet. A change of
    either changes the standing the others would be agreeing to."""
    return match.deal.number, match.deal.is_over


def _book(game: Game, match) -> dict[str, Any]:
    """The proposals on this standing: who proposed (once each), and the open one. A book kept
    from an earlier deal, or from before this one was scored, has lapsed."""
    deal, between = _key(match)
    book = game.proposal if isinstance(game.proposal, dict) else None
    if book is None or (book.get("deal"), book.get("between")) != (deal, between):
        book = {"deal": deal, "between": between, "proposed": [], "open": None}
    return book


def shown(open_: dict[str, Any] | None, book: dict[str, Any], at_table: list[int]):
    """A proposal as the table sees it (None: there is none open)."""
    if open_ is None:
        return None
    return {"id": open_["id"], "by": open_["by"], "accepted": list(open_["accepted"]),
            "waiting": [p for p in at_table if p not in open_["accepted"]],
            "points": open_["points"], "deals": open_["deals"],
            "deal": book["deal"], "between": book["between"]}


def proposal_view(game: Game, match) -> dict[str, Any] | None:
    """The open proposal of a game under way, as a state frame carries it."""
    if game.status != ACTIVE or not game.proposal:
        return None
    book = _book(game, match)
    return shown(book["open"], book, [p.position for p in people(game)])


def _frame(game: Game, event: str, seat: int | None, proposal) -> tuple[str, dict[str, Any]]:
    frame = {"type": protocol.S_PROPOSAL, "game": game.pk, "event": event, "seat": seat,
             "proposal": proposal}
    return (protocol.group_for_game(game.pk),
            {"type": protocol.LAYER_PROPOSAL, "text": frames.encode(frame)})


def _save_book(game: Game, book: dict[str, Any]) -> None:
    game.proposal = book
    game.save(update_fields=["proposal"])


def _settle(game: Game, match, book: dict[str, Any], seat: Seat, event: str,
            now: datetime) -> str:
    """The book after `seat`'s proposal or acceptance: the game ends if every person at the
    table has accepted, else the table is shown the proposal."""
    at_table = [p.position for p in people(game)]
    open_ = book["open"]
    if not set(at_table) <= set(open_["accepted"]):
        _save_book(game, book)
        broadcast.on_commit_send([_frame(game, event, seat.position,
                                         shown(open_, book, at_table))])
        return event
    details = {"proposed_by": open_["by"], "accepted": sorted(open_["accepted"]),
               "version": game.version, "deals": len(match.history)}
    called_off = not match.history
    # Told first: the whole state each socket is sent next shows the end.
    broadcast.on_commit_send([_frame(game, CALLED_OFF if called_off else ENDED, seat.position,
                                     None)])
    if called_off:
        _call_off(game, match, now)
    else:
        end_now(game, match, forfeits.AGREED, now)
    audit.record(None, seat.user, "ended_by_agreement", game, details=details)
    return CALLED_OFF if called_off else ENDED


def propose_end(game_id: int, user, version: Any) -> str:
    """`user` proposes ending their rated game now. If a proposal is open already, this
    accepts it. Returns what happened: "proposed", "accepted", "ended" or "called_off"."""
    now = clock.now()
    with transaction.atomic():
        game, seat = seated(game_id, user)
        if game.tournament:
            raise ServiceError(protocol.E_TOURNAMENT_TABLE,
                               "A tournament table plays to its end: its round must close.")
        if not game.rated:
            raise ServiceError(protocol.E_CASUAL_TABLE,
                               "Ending by agreement is for rated games: at a casual table, "
                               "resign instead (a bot plays on if others are at the table).")
        check_version(game, version)
        match = matches.match_for(game)
        book = _book(game, match)
        if book["open"] is not None:
            return _accept(game, match, book, seat, now)
        if seat.position in book["proposed"]:
            raise ServiceError(protocol.E_PROPOSED_ALREADY,
                               "You proposed ending the game already, on this standing: you may "
                               "propose again once it changes (the deal is scored, or the next "
                               "one begins).")
        book["proposed"] = [*book["proposed"], seat.position]
        book["open"] = {"id": secrets.token_hex(6), "by": seat.position,
                        "accepted": [seat.position], "points": match.points,
                        "deals": len(match.history), "version": game.version,
                        "at": now.isoformat()}
        return _settle(game, match, book, seat, PROPOSED, now)


def _accept(game: Game, match, book: dict[str, Any], seat: Seat, now: datetime) -> str:
    open_ = book["open"]
    if seat.position in open_["accepted"]:
        return ACCEPTED  # said already: nothing changes
    open_["accepted"] = [*open_["accepted"], seat.position]
    return _settle(game, match, book, seat, ACCEPTED, now)


def answer_end(game_id: int, user, proposal: Any, accept: Any) -> str:
    """`user` accepts or declines the open proposal `proposal` (its id: an answer to one that
    has lapsed is refused, so nobody accepts a proposal they did not see). Returns what
    happened: "accepted", "declined", "ended" or "called_off"."""
    if not isinstance(proposal, str) or not isinstance(accept, bool):
        raise ServiceError(protocol.E_BAD_MESSAGE,
                           "An answer names the proposal (its id) and says accept: true or false.")
    now = clock.now()
    with transaction.atomic():
        game, seat = seated(game_id, user)
        match = matches.match_for(game)
        book = _book(game, match)
        open_ = book["open"]
        if open_ is None or open_["id"] != proposal:
            raise ServiceError(protocol.E_NO_PROPOSAL,
                               "That proposal is no longer open: it lapsed with the deal, was "
                               "declined, or the game ended.")
        if accept:
            return _accept(game, match, book, seat, now)
        book["open"] = None
        _save_book(game, book)
        broadcast.on_commit_send([_frame(game, DECLINED, seat.position, None)])
        return DECLINED


def people_changed(game: Game) -> None:
    """Under the lock: someone left the table; an open proposal lapses (those at the table
    now have not agreed to it as such)."""
    book = game.proposal if isinstance(game.proposal, dict) else None
    if book and book.get("open") is not None:
        _save_book(game, {**book, "open": None})
        broadcast.on_commit_send([_frame(game, LAPSED, None, None)])


# ------------------------------------------------------------------ leaving by absence
def _end_by_absence(game: Game, gone: list[Seat], now: datetime) -> None:
    """Under the lock: these people left the rated table by staying away; it ends early."""
    for seat in gone:
        seat.forfeit, seat.left_at = LEFT, absence.gone_at(game, seat)
        seat.save(update_fields=["forfeit", "left_at"])
    match = matches.match_for(game)
    end_now(game, match, forfeits.LEFT, now)
    audit.record(None, None, "left_by_absence", game, details={
        "seats": [s.position for s in gone], "names": [s.name for s in gone],
        "version": game.version, "deals": len(match.history)})


def _away_tables():
    """Rated games under way where one person is away while another is at the table."""
    at = Seat.objects.filter(game=OuterRef("pk"), bot_level="", position__isnull=False)
    return Game.objects.filter(status=ACTIVE, rated=True, tournament=False).filter(
        Exists(at.filter(connections=0)), Exists(at.filter(connections__gt=0)))


def end_absent(now: datetime | None = None) -> list[int]:
    """The presence sweep's part: end early the rated tables someone has left by staying away
    past the grace period while another person was there (at most ABSENT_BATCH a call);
    returns their ids."""
    now = now or clock.now()
    ended = []
    for game_id in _away_tables().order_by("pk").values_list("pk", flat=True)[:ABSENT_BATCH]:
        with transaction.atomic():
            game = lock(game_id)
            if game.status != ACTIVE or not absence.ends_early(game):
                continue
            present = people(game)
            gone = absence.gone(game, present, now)
            # Looked at again under the lock: they may have come back meanwhile.
            if gone and any(p.connections for p in present):
                _end_by_absence(game, gone, now)
                ended.append(game_id)
    return ended


def returning(game: Game, seat: Seat, now: datetime) -> None:
    """Under the lock, as a socket of `seat`'s person opens (services/presence.py): at a rated
    table, a person back after the others had been there without them past the grace period
    is back too late, and the game ends (them last); one back at a table nobody was at gives
    everyone still away a fresh grace period from now."""
    if game.status != ACTIVE or not absence.ends_early(game) or seat.is_bot or seat.connections:
        return
    present = people(game)
    gone = absence.gone(game, present, now)
    if not gone:
        return
    if any(p.connections for p in present):
        _end_by_absence(game, gone, now)
        return
    away = [p.pk for p in present if p.pk != seat.pk]
    Seat.objects.filter(pk__in=away).update(absent_since=now)
