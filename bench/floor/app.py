"""A live table's message pattern with none of its work: what Daphne, Channels and the channel
layer cost a move on their own.

Each table is four seats taking turns. The seat on turn discards; like the real server, the
floor checks the version the action was made at, makes a change, sends every seat's group its
own update (and the spectators' group one, as the real server does whether or not anyone
watches) and answers the sender with an `ack`. Some discards open a window in which one seat
owes a pass: its pass is a second change, with its own updates and `ack`. How many, and how
many moves a discard makes and how large an update is, come from FLOOR_PATTERN: what the real
server's run took a discard (bench/load.py's pattern_of). The client is bench/load.py's own.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.auth import AuthMiddlewareStack
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

PATTERN: dict[str, float] = {"moves": 4.0, "in": 1.25, "update_bytes": 2300, "ack_bytes": 52}
PATTERN.update(json.loads(os.environ.get("FLOOR_PATTERN") or "{}"))
CLAIMS = min(max(PATTERN["in"] - 1, 0.0), 1.0)  # windows where a seat owes a pass, a discard
MOVES = max(PATTERN["moves"], 1.0 + CLAIMS)


def _frame(kind: str, game: int, seat: int | None, start: int, version: int,
           legal: str, turn: int) -> str:
    head = (f'{{"type":"{kind}","game":{game},"status":"active","from":{start},'
            f'"version":{version},"seat":{"null" if seat is None else seat},"events":[],'
            f'"timer":null,"view":{{"phase":"play","turn":{turn},"legal_actions":{legal},'
            f'"pad":"')
    return head + "x" * max(0, int(PATTERN["update_bytes"]) - len(head) - 3) + '"}}'


class Table:
    def __init__(self, game: int):
        self.game = game
        self.version = 0
        self.turn = 0
        self.owes: int | None = None  # the seat that owes a pass in an open window
        self.claims = 0.0  # accumulators: a whole window, a whole move, once they add up to one
        self.moves = 0.0

    def legal(self, seat: int | None) -> str:
        if seat is None:
            return "[]"
        if self.owes is not None:
            return f'[{{"type":"pass","seat":{seat}}}]' if seat == self.owes else "[]"
        if seat == self.turn:
            return f'[{{"type":"discard","seat":{seat},"tile":"B1"}}]'
        return "[]"

    def frame(self, kind: str, seat: int | None, start: int) -> str:
        return _frame(kind, self.game, seat, start, self.version, self.legal(seat), self.turn)

    def act(self, seat: int, kind: str) -> bool:
        """Apply a seat's action; False if it was not the one owed."""
        if self.owes is not None:
            if kind != "pass" or seat != self.owes:
                return False
            self.owes = None
            self.version += 1
            self.turn = (self.turn + 1) % 4
            return True
        if kind != "discard" or seat != self.turn:
            return False
        self.moves += MOVES
        moves = int(self.moves)
        self.moves -= moves
        self.claims += CLAIMS
        if self.claims >= 1 and moves >= 2:
            self.claims -= 1
            self.owes = (seat + 2) % 4
            self.version += moves - 1
        else:
            self.version += moves
            self.turn = (self.turn + 1) % 4
        return True


TABLES: dict[int, Table] = {}
# Experiments, off by default: FLOOR_WORK_US spins that many microseconds of CPU for each
# action (a stand-in for the service door's work), on a thread of its own when FLOOR_HOP=1 (as
# the real server's live thread does), else on the event loop.
WORK = float(os.environ.get("FLOOR_WORK_US", "0")) / 1e6
HOP = os.environ.get("FLOOR_HOP") == "1"
_thread = ThreadPoolExecutor(1) if HOP else None


def _work() -> None:
    end = time.thread_time() + WORK
    while time.thread_time() < end:
        pass


class FloorConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict[str, Any]) -> None:
        # As games.realtime.consumers does: no hop to a database thread for each message.
        await getattr(self, get_handler_name(message))(message)

    async def connect(self) -> None:
        self.game = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.seat = None
        for name, value in self.scope["headers"]:
            if name == b"cookie" and b"sessionid=seat" in value:
                self.seat = int(value.split(b"sessionid=seat", 1)[1][:1])
        self.table = TABLES.setdefault(self.game, Table(self.game))
        group = f"floor-{self.game}-" + ("watching" if self.seat is None else f"seat-{self.seat}")
        await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send(text_data=self.table.frame("state", self.seat, self.table.version))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        message = json.loads(text_data)
        if message.get("type") == "sync":
            return await self.send(text_data=self.table.frame("state", self.seat,
                                                              self.table.version))
        table = self.table
        version = message.get("version")
        if version != table.version:
            return await self.send(text_data=json.dumps(
                {"type": "error", "code": "stale", "message": "sync first",
                 "version": table.version}))
        start = table.version
        if HOP:
            await asyncio.get_running_loop().run_in_executor(_thread, _work)
        elif WORK:
            _work()
        if not table.act(self.seat, (message.get("action") or {}).get("type")):
            return await self.send(text_data=json.dumps(
                {"type": "error", "code": "illegal_action", "message": "not now"}))
        layer, game = self.channel_layer, self.game
        for seat in range(4):
            await layer.group_send(f"floor-{game}-seat-{seat}",
                                   {"type": "floor.update", "text": table.frame("update", seat,
                                                                                start)})
        await layer.group_send(f"floor-{game}-watching",
                               {"type": "floor.update", "text": table.frame("update", None,
                                                                            start)})
        await self.send(text_data=json.dumps(
            {"type": "ack", "status": "applied", "version": table.version}))

    async def floor_update(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


async def ready(scope, receive, send) -> None:
    """Plain HTTP: 200, so that whoever started the floor knows it serves."""
    if scope["type"] != "http":
        return
    await receive()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"floor"})


application = ProtocolTypeRouter({
    "http": ready,
    # The site's stack (mahjong_site/asgi.py): the origin checked, the session and user resolved.
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(
        URLRouter([path("ws/game/<int:game_id>/", FloorConsumer.as_asgi())]))),
})
