"""The door through which every move enters a game: players, bots, timers and admins alike.

Each change locks the game row, checks the move with the engine, appends Moves, bumps the
version and commits; the frames go out only after the commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction

from games import clock, conf
from games.engine.actions import EXCHANGE, PASS, READY, Action
from games.engine.deal import refusals
from games.engine.errors import EngineError, IllegalAction, NotYourTurn
from games.engine.phases import EXCHANGE as EXCHANGE_PHASE
from games.engine.phases import PLAY
from games.models import ACTIVE, FINISHED, OPEN, Game, Seat
from games.realtime import protocol, wakeup

from . import (
    analysis,
    answers,
    broadcast,
    matches,
    places,
    ratings,
    results,
    rows,
    schedule,
    snapshots,
    talk,
    thoughts,
    turnclock,
)
from .errors import ServiceError
from .forfeits import final_result
from .frames import WINDOW_PHASES
from .gamerow import (
    LOST_SEAT,
    holds,
    is_duplicate,
    lock,
    parse_action,
    reschedule,
    seat_of,
    seats,
    unlocked_seats_version,
)


@dataclass(frozen=True)
class Outcome:
    """How a submission was answered: "applied", "answered" (a claim answer held until the
    window closes) or "duplicate" (the same move had already been applied)."""

    status: str
    version: int


class _Change:
    """Moves applied in one transaction, broadcast together once it commits."""

    def __init__(self, game: Game, match, now: datetime):
        self.game, self.match, self.now = game, match, now
        self.from_version = game.version
        self.deal = match.deal
        self.events: list = []
        self.moves: list[tuple[int, int, dict]] = []  # (seq, seat, action) to append

    def apply(self, action: Action) -> None:
        phase, deal = self.match.phase, self.match.deal
        self.events.extend(self.match.apply(action))
        if phase == PLAY:
            turnclock.spend(self.game, action.seat, self.now)
        if self.match.deal is not deal:
            turnclock.new_deal(self.game)
        self.game.version += 1
        self.moves.append((self.game.version, action.seat, action.to_json()))

    @property
    def deal_started(self) -> bool:
        return self.match.deal is not self.deal and not self.match.is_over

    @property
    def changed(self) -> bool:
        return self.game.version != self.from_version


def _close_window(change: _Change) -> None:
    game, match = change.game, change.match
    for pos in list(match.waiting_on()):
        data = game.pending.get(str(pos)) or {"seat": pos, "type": PASS}
        try:
            change.apply(Action.from_json(data))
        except EngineError:
            change.apply(Action(pos, PASS))
    game.pending = {}


def _window_opened(change: _Change, now: datetime) -> None:
    """A change left a window open (a window closes in the change that closes it, so this one
    is new): the server passes at once for each seat that has nothing to claim, and the window
    closes in this same change if nothing is left to wait for (no minimum set, nobody asked)."""
    game, match = change.game, change.match
    game.changed_at = now
    game.pending = schedule.automatic_passes(match)
    if now >= schedule.window_closes(game, match):
        _close_window(change)


def _decide(game: Game, match, seat: Seat, now: datetime) -> Action | None:
    """The due seat's action, or None while the workers think it out (services/thoughts.py)."""
    due = schedule.seat_due(game, match, seat) or now
    return thoughts.decision(game, match, seat, due, now)


def _step(change: _Change, now: datetime) -> None:
    """Everything due at `now` for the current decision point: at most one point per call, so
    each frame shows one step of the game."""
    game, match = change.game, change.match
    if match.is_over or game.changed_at is None:
        return
    by_pos = seats(game)
    due = schedule.due_seats(game, match, by_pos, now)
    if match.phase in WINDOW_PHASES:
        for pos in due:
            action = _decide(game, match, by_pos[pos], now)
            if action is not None:
                game.pending[str(pos)] = action.to_json()
        if now >= schedule.window_closes(game, match):
            _close_window(change)
        return
    for pos in due:
        if pos in match.waiting_on():
            action = _decide(game, match, by_pos[pos], now)
            if action is not None:
                change.apply(action)


def _finish(change: _Change, now: datetime, extra: list | None = None) -> None:
    """Save the row, then (after commit) cache the Match, broadcast and wake the ticker."""
    game, match = change.game, change.match
    if change.changed and match.phase in WINDOW_PHASES:
        _window_opened(change, now)
    if change.changed:
        game.changed_at = now
        if match.is_over:
            game.status = FINISHED
            game.finished = now
            game.result = final_result(game, match)  # those who resigned placed last
            results.store(game)
            Game.objects.filter(pk=game.pk).update(listed_at=now)
            places.record_result(game)
            # Into the players' statistics and ratings, unless its round hides it (then they
            # count when the round ends: places.record_result).
            if results.count(game):
                ratings.rate(game)
            if analysis.people(seats(game).values()):
                game_id = game.pk
                transaction.on_commit(lambda: analysis.start(game_id))
    game.due_at = None if game.status != ACTIVE else schedule.next_due(game, match, seats(game))
    # One statement for the moves, one for the row: a move costs lock + append + update.
    if change.moves:
        rows.insert_moves(game.pk, change.moves, now)
    rows.save_changed(game)
    messages = list(extra or [])
    if change.changed:
        # No frame made for a seat or spectator group nobody is in (bots' seats, unwatched
        # tables): a socket joining later reads the state on this same thread, after this commit.
        messages = broadcast.change_messages(
            game, match, change.events, change.from_version, heard_only=True) + messages
        if any(e.type == "deal_scored" for e in change.events):
            # The spectators' lines held during the deal now reach the players (after its end).
            messages += talk.release_messages(game, change.deal.number)
    gid, due, version = game.pk, game.due_at, game.version
    window = (
        schedule.window_deadline(game)
        if game.status == ACTIVE and match.phase in WINDOW_PHASES else None
    )
    # A new deal: keep a snapshot so a restarted process need not replay the whole game.
    snapshot = snapshots.dump(match) if change.deal_started else None
    by_pos = seats(game)

    def after():
        thoughts.look_ahead(game, match, by_pos)  # before the Match is shared again
        matches.put(game, match)
        answers.window_opened(gid, version, window)
        broadcast.send_all(messages)
        if due is not None:
            wakeup.poke(due)
        if snapshot is not None:
            snapshots.store(gid, snapshot)

    transaction.on_commit(after)


def submit_action(
    game_id: int, user, action_json: Any, version: int, *, seat: int | None = None
) -> Outcome:
    """Apply one player's action. `version` is the number of moves the sender had seen; a
    stale one is refused and a repeated one answered without applying it twice. Bots, timers
    and admins pass `seat` instead of a user."""
    now = clock.now()
    unlocked = seat is not None and user is None
    seats_version = None
    if seat is not None and user is not None:
        seats_version = unlocked_seats_version(game_id, user, seat)
        unlocked = seats_version is not None
    if unlocked:
        held = answers.hold(game_id, seat, action_json, version, now, seats_version)
        if held == answers.LAST:
            return close_window(game_id, version, now, seat)
        if held == answers.HELD:
            return Outcome("answered", version)
    try:
        with transaction.atomic():
            game = lock(game_id)
            if game.status == OPEN:
                raise ServiceError(protocol.E_NOT_STARTED, "The game has not started yet.")
            if game.status != ACTIVE:
                raise ServiceError(protocol.E_GAME_OVER, "The game is over.")
            pos = seat_of(game, user) if seat is None else seat
            if seat is not None and user is not None and not holds(game, user, seat):
                raise ServiceError(protocol.E_NOT_YOUR_SEAT, LOST_SEAT)
            action = parse_action(action_json, pos)
            match = matches.take(game)
            change = _Change(game, match, now)
            try:
                outcome = _submit(change, action, version, now)
            except BaseException:
                if not change.changed:
                    matches.put(game, match)
                raise
    except IntegrityError:
        # Another process appended the same sequence number first.
        raise ServiceError(protocol.E_STALE, "The game moved on; sync and try again.") from None
    if outcome.status == "late":
        raise ServiceError(
            protocol.E_STALE, "Too late: the claim window has closed.", version=outcome.version
        )
    return outcome


# Moves owed by every seat at once, and the phase that owes them: one may come at an older
# version than the game's (another seat's came first) while that phase lasts, and only then.
_OWED_BY_ALL = {READY: "deal_over", EXCHANGE: EXCHANGE_PHASE}


def _submit(change: _Change, action: Action, version: int, now: datetime) -> Outcome:
    game, match = change.game, change.match
    pos = action.seat
    if match.phase in WINDOW_PHASES and now >= schedule.window_closes(game, match):
        # A window that outlived its closing (say its process died) closes before anything else.
        _close_window(change)
        _finish(change, now)
        return Outcome("late", game.version)
    # "Ready" between deals and a Goulash exchange's choice are owed by everyone at once: one
    # may come after another seat's.
    if version != game.version and not (
        _OWED_BY_ALL.get(action.type) == match.phase and pos in match.waiting_on()
    ):
        if is_duplicate(game, pos, action, version):
            matches.put(game, match)
            return Outcome("duplicate", game.version)
        raise ServiceError(
            protocol.E_STALE,
            f"You saw move {version} but the game is at move {game.version}; sync first.",
            version=game.version,
        )
    if match.phase in WINDOW_PHASES:
        return _answer(change, action, now)
    change.apply(action)
    _finish(change, now)
    return Outcome("applied", game.version)


def _answer(change: _Change, action: Action, now: datetime) -> Outcome:
    """A claim answer is held, unseen by others, until the window closes."""
    game, match = change.game, change.match
    pos = action.seat
    if pos not in match.waiting_on():
        raise NotYourTurn("You have nothing to answer in this claim window.")
    held = game.pending.get(str(pos))
    if held is not None:
        if held == action.to_json():
            matches.put(game, match)
            return Outcome("duplicate", game.version)
        raise ServiceError(protocol.E_ALREADY_ANSWERED, "You have already answered this discard.")
    if action not in match.legal_actions(pos):
        raise IllegalAction(refusals.why_illegal(match.deal, action))
    game.pending[str(pos)] = action.to_json()
    if now >= schedule.window_closes(game, match):
        _close_window(change)
        _finish(change, now)
        return Outcome("applied", game.version)
    # Held until the window closes: at its deadline, or at its minimum once everyone answered.
    _finish(change, now, [broadcast.answered_message(game, pos, action.to_json())])
    return Outcome("answered", game.version)


def close_window(game_id: int, version: int, now: datetime, seat: int) -> Outcome:
    """The last answer to the window open at `version` was held without the lock, by `seat`:
    close the window if it is due (schedule.window_closes), else keep it open until then and
    tell the seat its answer is in. If the game has moved on, someone closed it already, with
    the answers held."""
    with transaction.atomic():
        game = lock(game_id)
        if game.version != version or game.status != ACTIVE:
            return Outcome("applied", game.version)
        match = matches.take(game)
        change = _Change(game, match, now)
        try:
            if match.phase not in WINDOW_PHASES:
                return Outcome("applied", game.version)
            if now >= schedule.window_closes(game, match):
                _close_window(change)
                _finish(change, now)
                return Outcome("applied", game.version)
            answer = game.pending.get(str(seat))
            told = [broadcast.answered_message(game, seat, answer)] if answer else []
            _finish(change, now, told)
            return Outcome("answered", game.version)
        finally:
            if not change.changed:  # a change puts the Match back once it commits
                matches.put(game, match)


def tick(game_id: int, now: datetime | None = None) -> bool:
    """Make whatever is due now happen (bots, autopilots, timers, window closes). Any process
    may call it at any time; it returns whether the game moved."""
    now = now or clock.now()
    try:
        with transaction.atomic():
            game = lock(game_id)
            if game.status != ACTIVE:
                return False
            match = matches.take(game)
            change = _Change(game, match, now)
            pending_before = dict(game.pending)
            try:
                _step(change, now)
            except BaseException:
                if not change.changed:
                    matches.put(game, match)
                raise
            if change.changed or game.pending != pending_before:
                _finish(change, now)
            else:
                matches.put(game, match)
                reschedule(game, match)
            return change.changed
    except IntegrityError:
        return False


def autopilot_waiting(game_id: int) -> int:
    """An organiser unsticks a game: the autopilot answers for every seat the game is waiting
    on now (the turn's player, or each seat owing a claim answer), through the same door as
    anyone else. Returns how many answers it gave."""
    game = Game.objects.get(pk=game_id)
    if game.status == ACTIVE and game.due_at is not None and game.due_at <= clock.now():
        # What is overdue first (a claim window past its deadline takes no more answers).
        if tick(game_id):
            return 1
    given = 0
    start = None
    for _ in range(4):
        game = Game.objects.get(pk=game_id)
        if game.status != ACTIVE or start not in (None, game.version):
            break  # the turn was played or the window closed: what follows is not owed yet
        start = game.version
        match = matches.match_for(game)
        waiting = [p for p in match.waiting_on() if str(p) not in game.pending]
        if not waiting:
            break
        action = thoughts.decide_now(match, waiting[0], conf.autopilot_level())
        submit_action(game_id, None, action.to_json(), game.version, seat=waiting[0])
        given += 1
    return given
