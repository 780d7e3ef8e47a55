"""Stalls: does heavy page work slow a table? One table of four guests plays as fast as the
protocol allows on a server this script starts, while, in turn, nothing else runs, 10 clients
import a game record each at once (a whole game to deal, replay and save; --imports more), and
6 clients read pages (the history, finished games' replays, the lobby) without a pause. It prints the table's moves/s in each phase and its ratio to
the quiet phase (target: within 10%, a ratio of at least 0.90).

    .venv/bin/python bench/stall.py                     # this tree
    .venv/bin/python bench/stall.py --against 9ebb124   # and another revision, alternately
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import stack  # noqa: E402

from games.engine import bots  # noqa: E402
from games.engine.match import Match  # noqa: E402
from games.engine.record import build_record  # noqa: E402

ENV = {
    "MAHJONG_CLAIM_MIN_MS": "0", "MAHJONG_ABSENT_GRACE_SECONDS": "3600",
    "MAHJONG_RATE_PER_SECOND": "1000", "MAHJONG_RATE_BURST": "2000",
    "MAHJONG_USER_RATE_PER_SECOND": "1000", "MAHJONG_USER_RATE_BURST": "2000",
    "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,"
                      "queue-join=1000000/60,import=1000000/60,steps=1000000/60",
}
IMPORTERS, READERS = 10, 6
FORK = multiprocessing.get_context("fork")
CSRF = "s" * 32  # a token the bench sets itself: cookie and form field agree
STAFF = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
u = User.objects.create_superuser("curator", password="curator-password-1")
s = SessionStore()
s[SESSION_KEY] = str(u.pk)
s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
s[HASH_SESSION_KEY] = u.get_session_auth_hash()
s.create()
print(s.session_key)
"""


def records(count: int, seed: int) -> list[bytes]:
    """Whole games of four beginner bots, as records nobody here has saved yet."""
    out = []
    for n in range(count):
        match = Match.new("chinese-classical", f"stall {seed} {n}")
        while not match.is_over:
            pos = next(iter(match.waiting_on()))
            match.apply(bots.choose(match, pos, "beginner"))
        out.append(json.dumps(build_record(match)).encode())
    return out


class Client:
    """HTTP with the curator's session and the bench's CSRF token."""

    def __init__(self, base: str, session: str):
        self.base = base
        self.headers = {"Cookie": f"sessionid={session}; csrftoken={CSRF}",
                        "Referer": base + "/"}

    def get(self, path: str) -> int:
        req = urllib.request.Request(self.base + path, headers=self.headers)
        try:
            with urllib.request.urlopen(req, timeout=120) as res:
                res.read()
                return res.status
        except urllib.error.HTTPError as exc:
            return exc.code

    def post(self, path: str, fields: dict[str, str]) -> int:
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": CSRF}).encode()
        req = urllib.request.Request(self.base + path, body, headers=self.headers)
        try:
            with urllib.request.urlopen(req, timeout=120) as res:
                res.read()
                return res.status
        except urllib.error.HTTPError as exc:
            return exc.code


async def seat(base: str, game: int, session: str, versions: list[int], stop: asyncio.Event,
               answers: list[float]):
    host = base.removeprefix("http://")
    headers = {"Cookie": f"sessionid={session}", "Origin": base}
    async with websockets.connect(f"ws://{host}/ws/game/{game}/", additional_headers=headers,
                                  max_size=2**22) as ws:
        # One action at a time, and never on a view older than the version the last answer
        # named (an answer can overtake the updates of moves made meanwhile), as load.py's.
        version, acted, waiting, known, sent = -1, -1, False, -1, 0.0
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            if frame["type"] in ("ack", "error"):
                if waiting:
                    answers.append(time.perf_counter() - sent)
                waiting = False
                known = max(known, frame.get("version", -1))
                if frame["type"] == "error":
                    await ws.send('{"type":"sync"}')
                continue
            if frame["type"] not in ("state", "update") or frame["version"] < version:
                continue
            version = frame["version"]
            versions[0] = max(versions[0], version)
            if frame["status"] != "active" or acted == version or waiting or version < known:
                continue
            action = stack.choose(frame.get("view") or {})
            if action is not None:
                acted, waiting = version, True
                if THINK[0]:
                    await asyncio.sleep(THINK[0])  # a player's pace, not the protocol's
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action,
                                          "version": version}))


THINK = [0.0]  # seconds a player takes before each action (--think-ms)
SERVED: dict[int, int] = {}  # answers by status, in the phase under way


def busy(work, clients: int, stop, counts) -> list:
    """Each client a process of its own, as real clients are: threads here would share the
    interpreter with the table's four sockets and slow the measuring, not the server."""
    procs = [FORK.Process(target=_client, args=(work, i, stop, counts), daemon=True)
             for i in range(clients)]
    for p in procs:
        p.start()
    return procs


def _client(work, i: int, stop, counts) -> None:
    # Real clients are on other machines: here they share the server's two cores, so they
    # yield them (idle priority) and what is measured is the server's work, not theirs.
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    served: dict[int, int] = {}
    work(i, stop, served)
    counts.put(served)


def measure(base: str, game: int, sessions: list[str], seconds: float,
            load=None) -> tuple[float, float, float]:
    """The table's moves/s, and the p50 and p95 of an action's answer time (ms), over
    `seconds` while `load` (work, clients) runs."""
    stop_load, counts = FORK.Event(), FORK.Queue()
    procs = busy(*load, stop_load, counts) if load else []

    async def run() -> tuple[float, float, float]:
        stop = asyncio.Event()
        versions, answers = [0], []
        tasks = [asyncio.create_task(seat(base, game, s, versions, stop, answers))
                 for s in sessions]
        await asyncio.sleep(1.0)  # seated, and the load under way
        start_v, start_t = versions[0], time.perf_counter()
        answers.clear()
        await asyncio.sleep(seconds)
        rate = (versions[0] - start_v) / (time.perf_counter() - start_t)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return rate, stack.pct(answers, 50), stack.pct(answers, 95)

    try:
        return asyncio.run(run())
    finally:
        stop_load.set()
        for _ in procs:
            for status, n in counts.get(timeout=120).items():
                SERVED[status] = SERVED.get(status, 0) + n
        for p in procs:
            p.join(120)


def run_tree(tree: Path, label: str, args, made: list[bytes]) -> dict[str, float]:
    db = stack.SqliteTemplate(tree, stack.server_env(ENV))
    env = stack.server_env({**ENV, "DATABASE_URL": db.fresh()})
    session = stack.subprocess.run([stack.PY, "manage.py", "shell", "-c", STAFF], cwd=tree,
                                   env=env, check=True, capture_output=True,
                                   text=True).stdout.split()[-1]
    server = stack.Server(tree, env).start()
    try:
        curator = Client(server.base, session)
        pool = list(made)
        # Finished games to read: a few records imported before the clock starts.
        for text in made[:4]:
            curator.post("/games/import/", {"text": text.decode()})

        def importer(i: int, stop, served: dict) -> None:
            mine = pool[4 + i::IMPORTERS][:args.imports]  # each client's, back to back
            for text in mine:
                if stop.is_set():
                    return
                status = curator.post("/games/import/", {"text": text.decode()})
                served[status] = served.get(status, 0) + 1

        def reader(i: int, stop, served: dict) -> None:
            pages = ["/games/", "/game/1/replay/", "/game/2/replay/", "/lobby/", "/games/?page=1"]
            while not stop.is_set():
                status = curator.get(random.choice(pages))
                served[status] = served.get(status, 0) + 1

        game, sessions = stack.make_table(server.base)
        figures = {}
        figures["quiet"] = measure(server.base, game, sessions, args.seconds)
        SERVED.clear()
        figures["imports"] = measure(server.base, game, sessions, args.seconds,
                                     (importer, IMPORTERS))
        figures["imported"] = dict(SERVED)
        SERVED.clear()
        figures["readers"] = measure(server.base, game, sessions, args.seconds,
                                     (reader, READERS))
        figures["read"] = dict(SERVED)
        return figures
    finally:
        server.stop()
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--records", type=int, default=60)
    parser.add_argument("--imports", type=int, default=1,
                        help="records each of the ten importers sends (the default per-address "
                             "limit allows ten a minute from one address)")
    parser.add_argument("--against", help="another revision, measured the same way after")
    parser.add_argument("--think-ms", type=float, default=0,
                        help="each player waits this long before acting (0: as fast as the "
                             "protocol allows)")
    args = parser.parse_args()
    THINK[0] = args.think_ms / 1000
    trees = [(stack.ROOT, stack.describe(stack.ROOT))]
    if args.against:
        other = stack.worktree(args.against)
        trees.append((other, stack.describe(other)))
    print(f"load average before: {stack.load_average()}")
    for n, (tree, label) in enumerate(trees):
        made = records(args.records, seed=n)
        figures = run_tree(tree, label, args, made)
        (q, q50, q95), (i, i50, i95), (r, r50, r95) = (
            figures["quiet"], figures["imports"], figures["readers"])
        print(f"{label}:\n"
              f"  alone:                 {q:7.1f} moves/s, an action answered in p50 {q50:.1f} "
              f"p95 {q95:.1f} ms\n"
              f"  beside {IMPORTERS} importers:   {i:7.1f} moves/s (x{i / q:.2f}), p50 {i50:.1f} "
              f"(x{i50 / q50:.2f}) p95 {i95:.1f} ms (x{i95 / q95:.2f})\n"
              f"  beside {READERS} page readers: {r:7.1f} moves/s (x{r / q:.2f}), p50 {r50:.1f} "
              f"(x{r50 / q50:.2f}) p95 {r95:.1f} ms (x{r95 / q95:.2f})\n"
              f"  answers by status: imports {figures['imported']}, pages {figures['read']}")

if __name__ == "__main__":
    main()
