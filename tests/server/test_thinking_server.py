"""Issue 39 through the server `make run` starts: a bot's slow decision is thought out in a
worker, so a person's move at another table of the same process is applied and sent meanwhile;
the workers stop with the server, whether it is stopped or killed."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import websockets

from tests.browser.server import SERVE, daphne
from tests.web.live import simple_choice

from .conftest import migrated_env, shell

STALL_S = 60  # no frame for this long: stuck (a working table answers in milliseconds)


def _tables(env) -> tuple[int, int, str]:
    """A table of four slow-thinking bots, and a table of one person (whose session key is
    returned) and three bots of the rule of thumb."""
    out = shell(env, (
        "from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY\n"
        "from django.contrib.auth.models import User\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "from games import services\n"
        "a = services.create_game(None, seed='slow bots')\n"
        "for _ in range(4): services.add_bot(a.pk, 'intermediate')\n"
        "pat = User.objects.create_user('pat', password='pat-password-1234')\n"
        "b = services.create_game(pat, seed='a person')\n"
        "services.take_seat(b.pk, pat)\n"
        "for _ in range(3): services.add_bot(b.pk, 'beginner')\n"
        "s = SessionStore()\n"
        "s[SESSION_KEY] = str(pat.pk)\n"
        "s[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend'\n"
        "s[HASH_SESSION_KEY] = pat.get_session_auth_hash()\n"
        "s.create()\n"
        "services.start_game(b.pk)\n"
        "services.start_game(a.pk)\n"
        "print(a.pk, b.pk, s.session_key)"))
    a, b, key = out.split()
    return int(a), int(b), key


def _socket(base: str, game: int, session: str | None = None):
    headers = {"Origin": base}
    if session:
        headers["Cookie"] = f"sessionid={session}"
    return websockets.connect(f"ws://{base.removeprefix('http://')}/ws/game/{game}/",
                              additional_headers=headers, max_size=None)


async def _next(ws) -> dict:
    try:
        return json.loads(await asyncio.wait_for(ws.recv(), STALL_S))
    except TimeoutError:
        raise AssertionError(f"no frame for {STALL_S} s") from None


def _deal_boundary(frame: dict) -> bool:
    """A change whose next decision needs no thinking (the Ready between deals)."""
    return any(e.get("type") in ("deal_end", "ready", "game_end") for e in frame.get("events", []))


async def _race(base: str, slow: int, mine: int, session: str) -> list[str]:
    """The order in which the person's move and the slow table's moves arrived."""
    async with _socket(base, slow) as watcher, _socket(base, mine, session) as me:
        state = await _next(me)
        view, version = state["view"], state["version"]
        order: list[str] = []
        while True:
            # Play on (bots of the rule of thumb answer at once) until the person must discard.
            choice = simple_choice(view)
            if choice is None or choice["type"] != "discard":
                if choice is not None:
                    await me.send(json.dumps({"type": "action", "action": choice,
                                              "version": version}))
                frame = await _next(me)
                if frame["type"] in ("state", "update") and frame["version"] >= version:
                    view, version = frame["view"], frame["version"]
                continue
            # The slow table has just moved: its next decision is being thought out (2 s).
            while True:
                frame = await _next(watcher)
                if frame["type"] == "update" and not _deal_boundary(frame):
                    break
            await me.send(json.dumps({"type": "action", "action": choice, "version": version}))
            mine_done = asyncio.ensure_future(_until_version(me, version + 1))
            slow_done = asyncio.ensure_future(_until_update(watcher))
            for finished in asyncio.as_completed([mine_done, slow_done]):
                order.append(await finished)
            return order


async def _until_version(ws, version: int) -> str:
    while True:
        frame = await _next(ws)
        if frame["type"] == "update" and frame["version"] >= version:
            return "person's move"


async def _until_update(ws) -> str:
    while True:
        frame = await _next(ws)
        if frame["type"] == "update":
            return "bot's move"


def test_a_slow_bot_does_not_hold_up_a_move_at_another_table(tmp_path_factory):
    env = {**migrated_env(tmp_path_factory, "thinking-db"), "MAHJONG_THINK_WORKERS": "1",
           "MAHJONG_THINK_EXTRA_MS": "2000"}
    slow, mine, session = _tables(env)
    log = tmp_path_factory.mktemp("thinking-log") / "server.log"
    with daphne(env, log, command=SERVE) as base, ThreadPoolExecutor(1) as loop:
        order = loop.submit(asyncio.run, _race(base, slow, mine, session)).result()
    # Applied and sent while the bot thought, and the bot's answer applied afterwards.
    assert order == ["person's move", "bot's move"]


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                         text=True).stdout
    return [int(p) for p in out.split()]


def _alive(pids: list[int]) -> list[int]:
    alive = []
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone, only not yet reaped
            if stat.read().split(")")[-1].split()[0] != "Z":
                alive.append(pid)
    return alive


def _server_pid(base: str) -> int:
    port = base.rsplit(":", 1)[1]
    out = subprocess.run(["pgrep", "-f", f"mahjong_site.serve -b 127.0.0.1 -p {port}"],
                         capture_output=True, text=True).stdout.split()
    return int(out[0])


def _workers_of(server: int) -> list[int]:
    deadline = time.monotonic() + STALL_S
    while len(found := _children(server)) < 2:  # the workers (and the resource tracker)
        assert time.monotonic() < deadline, "the server started no workers"
        time.sleep(0.05)
    return found


def _gone(pids: list[int]) -> None:
    deadline = time.monotonic() + STALL_S
    while left := _alive(pids):
        assert time.monotonic() < deadline, f"workers left behind: {left}"
        time.sleep(0.05)


def test_stopping_or_killing_the_server_leaves_no_worker_behind(tmp_path_factory):
    env = {**migrated_env(tmp_path_factory, "stop-db"), "MAHJONG_THINK_WORKERS": "2"}
    log = tmp_path_factory.mktemp("stop-log") / "server.log"
    for stop in (signal.SIGTERM, signal.SIGKILL):
        with daphne(env, log, command=SERVE) as base:
            server = _server_pid(base)
            workers = _workers_of(server)
            os.kill(server, stop)
            _gone([server, *workers])
