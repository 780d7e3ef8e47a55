"""Stalls: does heavy page work slow a table? One table of four guests plays as fast as the
protocol allows on a server this script starts, while, in turn, nothing else runs, 10 clients
import game records (each a whole game to deal and replay), and 6 clients read pages (the
history, a long game's replay). It prints the table's moves/s in each phase and its ratio to
the quiet phase (target: within 10%, a ratio of at least 0.90).

    .venv/bin/python bench/stall.py                     # this tree
    .venv/bin/python bench/stall.py --against 9ebb124   # and another revision, alternately
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import threading
import time
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
        with urllib.request.urlopen(req, timeout=120) as res:
            res.read()
            return res.status

    def post(self, path: str, fields: dict[str, str]) -> int:
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": CSRF}).encode()
        req = urllib.request.Request(self.base + path, body, headers=self.headers)
        try:
            with urllib.request.urlopen(req, timeout=120) as res:
                res.read()
                return res.status
        except urllib.error.HTTPError as exc:
            return exc.code


def choose(view: dict) -> dict | None:
    legal = view.get("legal_actions") or []
    for kind in ("ready", "pass"):
        for a in legal:
            if a["type"] == kind:
                return a
    discards = [a for a in legal if a["type"] == "discard" and not a.get("call")]
    return discards[0] if discards else (legal[0] if legal else None)


async def seat(base: str, game: int, session: str, versions: list[int], stop: asyncio.Event):
    host = base.removeprefix("http://")
    headers = {"Cookie": f"sessionid={session}", "Origin": base}
    async with websockets.connect(f"ws://{host}/ws/game/{game}/", additional_headers=headers,
                                  max_size=2**22) as ws:
        version, acted, waiting = -1, -1, False
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            if frame["type"] in ("ack", "error"):
                waiting = False
                if frame["type"] == "error":
                    await ws.send('{"type":"sync"}')
                continue
            if frame["type"] not in ("state", "update") or frame["version"] < version:
                continue
            version = frame["version"]
            versions[0] = max(versions[0], version)
            if frame["status"] != "active" or acted == version or waiting:
                continue
            action = choose(frame.get("view") or {})
            if action is not None:
                acted, waiting = version, True
                await ws.send(json.dumps({"type": "action", "action": action,
                                          "version": version}))


def busy(work, clients: int, stop: threading.Event) -> list[threading.Thread]:
    threads = [threading.Thread(target=work, args=(i, stop), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    return threads


def measure(base: str, game: int, sessions: list[str], seconds: float, load=None) -> float:
    """The table's moves/s over `seconds` while `load` (work, clients) runs."""
    stop_load = threading.Event()
    threads = busy(*load, stop_load) if load else []

    async def run() -> float:
        stop = asyncio.Event()
        versions = [0]
        tasks = [asyncio.create_task(seat(base, game, s, versions, stop)) for s in sessions]
        await asyncio.sleep(1.0)  # seated, and the load under way
        start_v, start_t = versions[0], time.perf_counter()
        await asyncio.sleep(seconds)
        rate = (versions[0] - start_v) / (time.perf_counter() - start_t)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return rate

    try:
        return asyncio.run(run())
    finally:
        stop_load.set()
        for t in threads:
            t.join(120)


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
        lock = threading.Lock()
        # Finished games to read: a few records imported before the clock starts.
        for text in made[:4]:
            curator.post("/games/import/", {"text": text.decode()})

        def importer(i: int, stop: threading.Event) -> None:
            while not stop.is_set():
                with lock:
                    if not pool:
                        return
                    text = pool.pop()
                curator.post("/games/import/", {"text": text.decode()})

        def reader(i: int, stop: threading.Event) -> None:
            pages = ["/games/", "/game/1/replay/", "/game/2/replay/", "/lobby/", "/games/?page=1"]
            while not stop.is_set():
                curator.get(random.choice(pages))

        game, sessions = stack.make_table(server.base)
        figures = {}
        figures["quiet"] = measure(server.base, game, sessions, args.seconds)
        figures["imports"] = measure(server.base, game, sessions, args.seconds,
                                     (importer, IMPORTERS))
        figures["readers"] = measure(server.base, game, sessions, args.seconds,
                                     (reader, READERS))
        return figures
    finally:
        server.stop()
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--records", type=int, default=60)
    parser.add_argument("--against", help="another revision, measured the same way after")
    args = parser.parse_args()
    trees = [(stack.ROOT, stack.describe(stack.ROOT))]
    if args.against:
        other = stack.worktree(args.against)
        trees.append((other, stack.describe(other)))
    print(f"load average before: {stack.load_average()}")
    for n, (tree, label) in enumerate(trees):
        made = records(args.records, seed=n)
        figures = run_tree(tree, label, args, made)
        quiet = figures["quiet"] or float("nan")
        print(f"{label}: the table alone {figures['quiet']:.1f} moves/s; "
              f"with {IMPORTERS} importers {figures['imports']:.1f} "
              f"(ratio {figures['imports'] / quiet:.2f}); "
              f"with {READERS} page readers {figures['readers']:.1f} "
              f"(ratio {figures['readers'] / quiet:.2f})")


if __name__ == "__main__":
    main()
