"""Helpers for driving tables through the real ASGI application with WebsocketCommunicator."""

from __future__ import annotations

import importlib
import json
from typing import Any

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client as HttpClient

from games import services
from games.engine.ruleset import get_ruleset
from games.models import Game

TIMEOUT = 20  # generous: a bound for a stuck test, never a wait that a passing test uses up


def application():
    """A fresh ASGI application, as a newly started server process builds it."""
    import mahjong_site.asgi

    return importlib.reload(mahjong_site.asgi).application


def short_ruleset(rounds: int = 1) -> dict[str, Any]:
    """The default rules over fewer rounds, so a whole game fits in a fast test."""
    return {"rounds": rounds} if rounds != get_ruleset("chinese-classical").rounds else {}


def make_table(humans, bots: int = 0, *, seed: str = "table-1", **options) -> Game:
    """A started game: the humans sit first (chairs 0..), then the bots."""
    creator = humans[0] if humans else None
    game = services.create_game(creator, seed=seed, **options)
    for user in humans:
        services.take_seat(game.pk, user)
    for _ in range(bots):
        services.add_bot(game.pk, "greedy")
    return services.start_game(game.pk)


def _cookie(user) -> str:
    http = HttpClient()
    http.force_login(user)
    return http.cookies["sessionid"].value


class Player:
    """One browser tab: its socket, the last view and version it saw, and every frame."""

    def __init__(self, comm: WebsocketCommunicator):
        self.comm = comm
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.seat: int | None = None
        self.status: str | None = None
        self.acted_at: int | None = None
        self.timer: dict[str, Any] | None = None

    def absorb(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        if frame["type"] == "state":
            self.seat = frame["seat"]
        if frame["type"] in ("state", "update") and frame["version"] >= self.version:
            self.version, self.view, self.status = frame["version"], frame["view"], frame["status"]
            self.timer = frame.get("timer")

    async def recv(self) -> dict[str, Any]:
        text = await self.comm.receive_from(timeout=TIMEOUT)
        self.texts.append(text)
        frame = json.loads(text)
        self.absorb(frame)
        return frame

    async def until(self, predicate) -> dict[str, Any]:
        while True:
            frame = await self.recv()
            if predicate(frame):
                return frame

    async def reach(self, version: int) -> None:
        if self.version < version:
            await self.until(lambda f: self.version >= version)

    async def send(self, message: Any) -> dict[str, Any]:
        """Send and return the direct answer (ack, answered-ack or error)."""
        if isinstance(message, str):
            await self.comm.send_to(text_data=message)
        else:
            await self.comm.send_json_to(message)
        return await self.until(lambda f: f["type"] in ("ack", "error"))

    async def act(self, action: dict[str, Any], version: int | None = None) -> dict[str, Any]:
        self.acted_at = self.version
        message = {"type": "action", "action": action,
                   "version": self.version if version is None else version}
        return await self.send(message)

    async def close(self) -> None:
        await self.comm.disconnect()


async def join(app, game_id: int, user=None) -> Player:
    headers = [(b"origin", b"http://testserver")]
    if user is not None:
        cookie = await sync_to_async(_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    comm = WebsocketCommunicator(app, f"/ws/game/{game_id}/", headers=headers)
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    player = Player(comm)
    await player.until(lambda f: f["type"] == "state")
    return player


def simple_choice(view: dict[str, Any]) -> dict[str, Any] | None:
    """A plain human: goes out when it can, otherwise passes claims and discards the drawn tile."""
    legal = view["legal_actions"]
    if not legal:
        return None
    by_type: dict[str, list] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    for kind in ("win", "ready", "pass"):
        if kind in by_type:
            return by_type[kind][0]
    if "exchange" in by_type:  # a Goulash: pass the first three tiles of the hand
        hand = ((view.get("hand") or "").split() + [view.get("drawn") or ""])[:3]
        return {"type": "exchange", "tiles": " ".join(hand)}
    discards = [a for a in by_type.get("discard", []) if not a.get("call")]
    drawn = [a for a in discards if a["tile"] == view.get("drawn")]
    return (drawn or discards or legal)[0]


async def play_step(players: list[Player], choose=simple_choice) -> bool:
    """Let each player who has a decision at its current version make it; wait until everyone
    has seen the result. Returns False when nobody had anything to do."""
    acted = False
    for p in players:
        if p.view is None or p.acted_at == p.version:
            continue
        action = choose(p.view)
        if action is None:
            continue
        answer = await p.act(action)
        acted = True
        assert answer["type"] == "ack", answer
        if answer["status"] == "applied":
            for q in players:
                await q.reach(answer["version"])
            return True
    return acted
