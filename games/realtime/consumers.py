"""The WebSocket end of a table: authenticate, parse, call the service door, relay frames.
No game logic lives here; docs/protocol.md describes the messages."""

from __future__ import annotations

import json
import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games import conf, services
from games.access import limits, policy
from games.engine.errors import EngineError
from games.models import Game
from games.realtime import protocol, refusals, timers
from games.services import broadcast, endings, frames, matches, moderation, talk

log = logging.getLogger(__name__)
CLOSE_NOT_FOUND = 4404  # no such game, as far as this user may know
CLOSE_HIDDEN = 4403  # kept from this requester for now, with a reason (games/access/policy.py)


def _state(game_id: int, seat: int | None, user=None) -> dict[str, Any]:
    game = Game.objects.get(pk=game_id)
    match = services.match_for(game) if game.status != "open" else None
    frame = frames.state(game, match, seat)
    # An open proposal to end a rated game now (services/endings.py), so a page opened or
    # reloaded meanwhile shows it.
    frame["proposal"] = endings.proposal_view(game, match) if match is not None else None
    # The table's recent talk this connection may hear (services/talk.py), so a reload shows it.
    frame["talk"] = talk.recent(game, match, seat, user)
    return frame


def refusal(game_id: int, user, session) -> int | None:
    """The close code for a socket this user may not open (None: it may): the table page's
    rule, asked of the access policy."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None  # the service door answers that there is no such game
    decision = policy.decide(game, policy.Requester(user, session), policy.Seeing.TABLE)
    if decision.allowed:
        return None
    return CLOSE_NOT_FOUND if decision.status == 404 else CLOSE_HIDDEN


def parse(text: str) -> Any:
    """JSON or ValueError: deep nesting (RecursionError) is just one more way to be bad JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError, UnicodeDecodeError, TypeError) as exc:
        raise ValueError(str(exc)) from None


# The messages that end a game early or propose it, and the door's arguments for each.
ENDINGS = {
    protocol.C_RESIGN: lambda m: (services.resign_game, (m.get("version"),)),
    protocol.C_PROPOSE_END: lambda m: (services.propose_end, (m.get("version"),)),
    protocol.C_ANSWER_END: lambda m: (services.answer_end, (m.get("proposal"), m.get("accept"))),
}


class GameConsumer(AsyncWebsocketConsumer):
    game_id: int
    seat: int | None = None
    connection: int | None = None  # the Connection row counting this socket at its seat
    watcher: int | None = None  # the Watcher row counting this socket as a spectator's
    groups_joined: list[str] = []
    cleaned = False
    unheard: frozenset[int] = frozenset()  # the accounts whose talk this person muted or blocked
    hears_notices = True  # a person's challenges reach their table sockets (not a bot's socket)
    language = "en"  # the reader's, from the handshake: refusals are worded in it (refusals.py)

    async def __call__(self, scope, receive, send):
        # However this connection ends (a handler that raised, a cancelled task, a socket that
        # vanished), its groups and its place among the seat's connections are given back.
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._cleanup()

    async def _cleanup(self) -> None:
        if self.cleaned:
            return
        self.cleaned = True
        for group in list(self.groups_joined):
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # the layer may be gone with the process; presence still ends
                log.exception("leaving %s failed", group)
        self.groups_joined = []
        if self.connection is not None:
            connection, self.connection = self.connection, None
            await broadcast.call(services.disconnect, self.game_id, connection)
        if self.watcher is not None:
            watcher, self.watcher = self.watcher, None
            await broadcast.call(services.unwatch, self.game_id, watcher)

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' own dispatch first hops to the database thread to close old connections, for
        # every message: each frame relayed to each socket would queue behind the moves being
        # made. Every database call here goes through database_sync_to_async, which closes old
        # connections itself, so a relayed frame never touches that thread.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.language = refusals.language_of(self.scope)
        self.user = self.scope.get("user")
        authenticated = self.user is not None and self.user.is_authenticated
        self.limiter = limits.Limiter(self.user.pk if authenticated else None)
        self.talk_limiter = limits.TalkLimiter(self.user.pk if authenticated else None)
        self.groups_joined = []
        verdict = await limits.ahit("connects", limits.socket_address(self.scope))
        if not verdict.allowed:
            # Opened only to say why: a socket refused before it opens tells the browser nothing.
            await self.accept()
            await self._error(protocol.E_RATE_LIMITED, verdict.message)
            reason = refusals.in_language(self.language, verdict.message)
            await self.close(code=limits.CLOSE_CODE, reason=refusals.close_reason(reason))
            return
        closing = await database_sync_to_async(refusal)(
            self.game_id, self.user, self.scope.get("session")
        )
        if closing is not None:
            await self.close(code=closing)
            return
        self.unheard = await database_sync_to_async(moderation.unheard_ids)(self.user)
        try:
            attendance = await broadcast.call(services.connect, self.game_id, self.user, self)
        except services.ServiceError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.connection = attendance.connection
        self.watcher = attendance.watcher
        # A window left open by a process that died closes here, before this socket joins the
        # groups: the state read afterwards already includes whatever that changed.
        await broadcast.call(services.tick, self.game_id)
        await self._join(protocol.group_for_game(self.game_id))
        await self._sit_at(attendance.seat)
        if authenticated and self.hears_notices:
            # Their challenges, answers and withdrawals, whatever the table (services/challenges.py).
            await self._join(protocol.group_for_user(self.user.pk))
        await self.accept()
        timers.ensure_running()
        await self._send_state()

    async def disconnect(self, code: int) -> None:
        await self._cleanup()

    async def _join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    async def _sit_at(self, seat: int | None) -> None:
        """Receive `seat`'s private frames from now on (None: only the spectators')."""
        group = self._group_of(seat)
        if group in self.groups_joined:
            return
        old = self._group_of(self.seat)
        if old in self.groups_joined:
            await self.channel_layer.group_discard(old, self.channel_name)
            self.groups_joined.remove(old)
        self.seat = seat
        await self._join(group)

    def _group_of(self, seat: int | None) -> str:
        if seat is None:
            return protocol.group_for_spectators(self.game_id)
        return protocol.group_for_seat(self.game_id, seat)

    async def _reattend(self) -> None:
        # Seats change while sockets stay open (taken in another tab, drawn at the deal, or a
        # notice lost on the way): look the user up again before trusting self.seat.
        attendance = await broadcast.call(
            services.reattend, self.game_id, self.user, self.connection, self, self.watcher
        )
        self.connection = attendance.connection
        self.watcher = attendance.watcher
        await self._sit_at(attendance.seat)

    async def _send_state(self) -> None:
        # Read after joining the seat's group: moves committed since then arrive as updates.
        frame = await broadcast.call(_state, self.game_id, self.seat, self.user)
        # Sent back to back from this one handler: no update can come between them.
        for text in frames.state_texts(frame):
            await self.send(text_data=text)

    async def _send_full_state(self) -> None:
        await self._reattend()
        await self._send_state()

    async def _error(self, code: str, message: str, **extra: Any) -> None:
        # Translated at the edge: the engine and the services refuse in English; the code stays.
        message = refusals.in_language(self.language, message)
        await self.send(text_data=json.dumps(protocol.error(code, message, **extra)))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if not self.limiter.allow():
            # Dropped unread: a flood costs this process a token count, not a database call.
            await self._error(protocol.E_RATE_LIMITED, "Too many messages: that one was dropped.")
            if self.limiter.flooding:
                await self.close(code=limits.CLOSE_CODE)
            return
        try:
            await self._receive(text_data, bytes_data)
        except Exception:
            # A fault here must not end the connection without its cleanup, nor leave the
            # sender guessing: log it, answer, and carry on.
            log.exception("handling a message on game %s failed", self.game_id)
            await self._error(protocol.E_SERVER, "The server could not handle that message.")

    async def _receive(self, text_data: str | None, bytes_data: bytes | None) -> None:
        limit = conf.get("GAMES_MAX_FRAME_BYTES")
        size = len(bytes_data) if text_data is None else len(text_data)
        if size > limit or (text_data is not None and len(text_data.encode()) > limit):
            return await self._error(protocol.E_TOO_LARGE, "That message is too large.")
        if text_data is None:
            return await self._error(
                protocol.E_BAD_JSON, "Binary frames are not accepted: send JSON text."
            )
        try:
            message = parse(text_data)
        except ValueError:
            return await self._error(protocol.E_BAD_JSON, "That message is not valid JSON.")
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == protocol.C_SYNC:
            return await self._send_full_state()
        if kind == protocol.C_ACTION:
            return await self._action(message)
        if kind in ENDINGS:
            return await self._ending(kind, message)
        if kind == protocol.C_TALK:
            return await self._talk(message)
        shown = repr(kind)[:40] if isinstance(kind, str) else "without a known type"
        await self._error(protocol.E_UNKNOWN_TYPE, f"Unknown message type {shown}.")

    async def _action(self, message: dict[str, Any]) -> None:
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            return await self._error(
                protocol.E_BAD_MESSAGE, "An action carries the version you last saw."
            )
        if self.seat is None:
            return await self._error(protocol.E_NOT_SEATED, "Spectators cannot act.")
        try:
            # The seat was resolved when this socket connected (and again whenever seats
            # changed); the door checks under its lock that the user still holds it.
            outcome = await broadcast.call(
                services.submit_action,
                self.game_id, self.user, message.get("action"), version, seat=self.seat,
            )
        except services.ServiceError as exc:
            return await self._error(exc.code, exc.message, **exc.extra)
        except EngineError as exc:
            return await self._error(exc.code, str(exc))
        await self.send(
            text_data=json.dumps(
                {"type": protocol.S_ACK, "status": outcome.status, "version": outcome.version}
            )
        )

    async def _ending(self, kind: str, message: dict[str, Any]) -> None:
        """Resigning, or proposing and answering an early end: the door decides (who may, at
        which version, which proposal); the answer names the message it answers (`re`)."""
        call, args = ENDINGS[kind](message)
        try:
            status = await broadcast.call(call, self.game_id, self.user, *args)
        except services.ServiceError as exc:
            return await self._error(exc.code, exc.message, re=kind, **exc.extra)
        if isinstance(status, Game):  # a resignation: the game after it
            status = "resigned" if status.status == "active" else "ended"
        await self.send(text_data=json.dumps({"type": protocol.S_ACK, "re": kind,
                                              "status": status}))

    async def _talk(self, message: dict[str, Any]) -> None:
        """A line of table talk: the door checks and records it, and sends it to those who may
        hear it now (services/talk.py); the sender hears it back like everyone else."""
        if not self.talk_limiter.allow():
            return await self._error(protocol.E_RATE_LIMITED, limits.TalkLimiter.TOO_FAST,
                                     re=protocol.C_TALK)
        try:
            await broadcast.call(talk.say, self.game_id, self.user, message)
        except services.ServiceError as exc:
            return await self._error(exc.code, exc.message, **exc.extra)

    # Channel-layer handlers: the service built each frame for exactly this audience.
    async def game_update(self, event: dict[str, Any]) -> None:
        if self.seat is not None:  # not a seat's frame queued before this socket lost the seat
            await self.send(text_data=event["text"])

    async def game_answered(self, event: dict[str, Any]) -> None:
        if self.seat is not None:
            await self.send(text_data=event["text"])

    async def game_public(self, event: dict[str, Any]) -> None:
        if self.seat is None:  # a frame sent just before this socket took a seat
            await self.send(text_data=event["text"])

    async def game_proposal(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])

    async def game_talk(self, event: dict[str, Any]) -> None:
        # A spectator's line held during a deal reaches only sockets without a seat; the held
        # lines released at the deal's end only the players' (the spectators heard them).
        to = event.get("to")
        if event.get("from") in self.unheard:
            return  # muted or blocked by this person (services/moderation.py)
        if to == protocol.TO_ALL or (to == protocol.TO_SPECTATORS) == (self.seat is None):
            await self.send(text_data=event["text"])

    async def people_notice(self, event: dict[str, Any]) -> None:
        # A challenge to this person, or news of theirs: the page asks the notices' poll now.
        await self.send(text_data=event["text"])

    async def game_rules(self, event: dict[str, Any]) -> None:
        # The game's ruleset changed with no new move: this process's cached Match is stale.
        matches.forget(event["game"])

    async def game_presence(self, event: dict[str, Any]) -> None:
        notice = event.get("notice")
        if notice == protocol.NOTICE_STARTED:
            # The state carries the seats too, and the seat the deal gave this user.
            return await self._send_full_state()
        if notice == protocol.NOTICE_SEATS:
            before = self.seat
            await self._reattend()
            if self.seat != before:
                # Seat lost (a withdrawal) or found mid-game: the view shown is not this user's.
                await self.send(text_data=event["text"])
                return await self._send_state()
        await self.send(text_data=event["text"])
