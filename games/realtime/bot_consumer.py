"""A bot's socket at one of its tables: `/ws/bot/game/<id>/`, the token in the `Authorization`
header (docs/bot-api.md). It is the table's own socket (consumers.GameConsumer: the same per-seat
frames a browser gets, the same service door for actions), authenticated by token instead of a
session cookie, with what a program needs besides:

- `hello` first, naming the protocol's version, the bot and the game;
- a `turn` frame after each `state` or `update` whose view leaves this seat something to do:
  the sequence number (the game's `version`) to answer with, the legal actions and a deadline;
- per-token rate limits on top of the socket's own, and closing with a reason: a revoked token
  (4401, at once), a bot that keeps sending refused actions (4400), floods (4429), or lets a
  deadline pass at a table with no clock (4408; the table's autopilot then plays its seat after
  the absence grace, services/schedule.py, as for anyone who walks away)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.access import limits
from games.models.bots import PLAY
from games.realtime import protocol
from games.realtime.consumers import GameConsumer
from games.services import arena, bot_accounts

log = logging.getLogger(__name__)

VERSION = 1  # docs/bot-api.md: the protocol's version, in `hello`
NAME = "mahjong-bot"
CLOSE_UNAUTHORIZED = 4401  # no token, an unknown or revoked one, or one without the play scope
CLOSE_NOT_SEATED = 4403  # this bot has no seat at this game
CLOSE_MISBEHAVING = 4400  # too many refused actions in a row
CLOSE_DEADLINE = 4408  # a turn's deadline passed at a table without a clock
REFUSED_IN_A_ROW = 10  # refused actions (not `stale`: a race anyone can lose) before closing
# The error codes that count as a refused action: the bot sent something it should not have.
REFUSALS = {"illegal_action", "not_your_turn", "bad_notation", "bad_message", "not_your_seat",
            "already_answered", "not_started", "game_over", "not_seated", "unknown_type",
            "bad_json", "too_large"}
S_HELLO, S_TURN = "hello", "turn"
E_UNAUTHORIZED, E_TOKEN_REVOKED = "unauthorized", "token_revoked"


def move_seconds() -> int:
    """Seconds a bot has for a move at a table without a clock (MAHJONG_BOT_MOVE_SECONDS)."""
    return max(1, settings.GAMES_BOT_MOVE_SECONDS)


def bearer(scope) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if any."""
    for key, value in scope.get("headers", ()):
        if key.lower() == b"authorization":
            kind, _, secret = value.decode("latin-1").partition(" ")
            if kind.lower() == "bearer" and secret.strip():
                return secret.strip()
    return None


def turn_of(frame: dict[str, Any], now_ms: int) -> dict[str, Any] | None:
    """The `turn` frame a `state` or `update` frame calls for: None unless its view leaves this
    seat a legal action. Its deadline is the table's clock where it has one."""
    view = frame.get("view")
    if frame.get("status") != "active" or not isinstance(view, dict):
        return None
    legal = view.get("legal_actions") or []
    if not legal or view.get("viewer") is None:
        return None
    timer = frame.get("timer") or None
    deadline = timer["ends_ms"] if timer else now_ms + move_seconds() * 1000
    return {"type": S_TURN, "game": frame.get("game"), "seq": frame["version"],
            "phase": view.get("phase"), "legal_actions": legal, "deadline_ms": deadline,
            "clock": bool(timer)}


class BotConsumer(GameConsumer):
    hears_notices = False  # a bot takes invitations through its own program (docs/bot-api.md)
    token_id: int | None = None
    refused = 0
    turn_seq: int | None = None  # the turn awaiting this bot's answer
    pending_state: dict[str, Any] | None = None  # a state whose history is still coming
    acting: Any = None  # the version of the action being handled
    watchdog: asyncio.TimerHandle | None = None

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.groups_joined = []
        token = await database_sync_to_async(bot_accounts.authenticate)(
            bearer(self.scope), PLAY)
        if token is None:
            return await self._refuse(CLOSE_UNAUTHORIZED, E_UNAUTHORIZED,
                                      "Send a live play token: Authorization: Bearer <token>.")
        user = token.account.user
        if not await database_sync_to_async(bot_accounts.seated)(self.game_id, user):
            return await self._refuse(CLOSE_NOT_SEATED, protocol.E_NOT_SEATED,
                                      "This bot has no seat at that game.")
        self.scope["user"] = user
        self.token_id = token.pk
        await super().connect()
        self.limiter = limits.BotLimiter(user.pk, token.pk)
        await self._join(bot_accounts.group_for_token(token.pk))

    async def _refuse(self, code: int, error: str, message: str) -> None:
        await self.accept()
        await self._error(error, message)
        await self.close(code=code, reason=message[:120])

    async def accept(self, subprotocol=None, headers=None) -> None:
        await super().accept(subprotocol, headers)
        if self.token_id is not None:
            user = self.scope["user"]
            await self.send(text_data=json.dumps({
                "type": S_HELLO, "protocol": NAME, "version": VERSION, "game": self.game_id,
                "bot": user.username}))

    async def _action(self, message: dict[str, Any]) -> None:
        # Checked here too, not only by the revocation's message: that one may be on its way.
        if not await database_sync_to_async(bot_accounts.still_live)(self.token_id):
            return await self._revoked()
        # Its ack settles the turn only if it answers that turn: an ack of an earlier action
        # may arrive after the next turn's frames.
        self.acting = message.get("version")
        try:
            await super()._action(message)
        finally:
            self.acting = None

    async def send(self, text_data=None, bytes_data=None, close=False) -> None:
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        if text_data is not None and not close:
            await self._after(json.loads(text_data))

    async def _after(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == protocol.S_ERROR:
            if frame.get("code") in REFUSALS:
                self.refused += 1
                if self.refused >= REFUSED_IN_A_ROW:
                    await self.close(code=CLOSE_MISBEHAVING,
                                     reason=f"{self.refused} refused actions in a row")
            return
        if kind == protocol.S_ACK:
            self.refused = 0
            if self.acting is not None and self.acting == self.turn_seq:
                self._settled()
            return
        if kind == protocol.S_STATE:
            self.pending_state = frame
        elif kind == protocol.S_LOG and self.pending_state is not None:
            pass  # the state's history: its turn comes after the last of these
        elif kind != protocol.S_UPDATE:
            return
        else:
            self.pending_state = None
        if frame.get("more"):
            return
        if kind == protocol.S_LOG:
            frame, self.pending_state = self.pending_state, None
        elif kind == protocol.S_STATE:
            self.pending_state = None
        self._settled()
        if frame.get("status") == "finished" and kind == protocol.S_UPDATE:
            await database_sync_to_async(arena.rate)(self.game_id)  # an arena game: rated now
        turn = None if frame.get("answer") else turn_of(frame, int(time.time() * 1000))
        if turn is not None:
            self.turn_seq = turn["seq"]
            await super().send(text_data=json.dumps(turn))
            if not turn["clock"]:
                seq = turn["seq"]
                self.watchdog = asyncio.get_running_loop().call_later(
                    move_seconds(), lambda: asyncio.ensure_future(self._missed(seq)))

    def _settled(self) -> None:
        self.turn_seq = None
        if self.watchdog is not None:
            self.watchdog.cancel()
            self.watchdog = None

    async def _missed(self, seq: int) -> None:
        if self.turn_seq == seq:
            await self.close(code=CLOSE_DEADLINE,
                             reason="The deadline passed: the autopilot plays this seat.")

    async def _revoked(self) -> None:
        await self._error(E_TOKEN_REVOKED, "This token was revoked.")
        await self.close(code=CLOSE_UNAUTHORIZED, reason="This token was revoked.")

    async def bot_revoked(self, event: dict[str, Any]) -> None:
        await self._revoked()

    async def disconnect(self, code: int) -> None:
        self._settled()
        await super().disconnect(code)
