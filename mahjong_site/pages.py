"""Page processes: the heavy reads and imports are answered outside the serving process.

One process applies every move of every table (games/services/play.py, on its live thread). A
page that builds a long history or a whole game's replay holds the interpreter while it works,
so before this six clients reading the history cut another table from 18.7 to 2.8 moves/s.
Here the serving process only reads such a request, hands it to a pool of page processes (each
a whole Django answering it through its own ASGI handler) and writes the answer back.

What goes there is a list of URL names (ROUTES): reads that change nothing a table holds in
memory and send nothing on the channel layer, and the import of a record (a finished game,
saved through the service door). Everything else stays in the serving process: the table,
its socket and every write that tells sockets about it.

GAMES_PAGE_PROCESSES sets the pool's size (0: every page in the serving process, as before).
A page process thinks in its own thread (no thinking pool of its own) and keeps its own
in-process caches; with REDIS_URL the limits and caches are shared through Redis, without it
each page process counts an address's requests on its own (docs/scaling.md). A page process
that dies is replaced and the request answered in the serving process.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from games import conf

log = logging.getLogger(__name__)

ROUTES = frozenset({
    "home", "lobby", "history", "player", "player_by_query", "leaderboard", "rules", "rules_scoring",
    "calculator", "game_replay", "game_replay_steps", "game_replay_extras", "game_record",
    "game_plot", "tournaments", "tournament", "tournament_status", "tournament_csv",
    "tournament_standings_csv", "tournament_mers_csv", "tournament_slips",
    "api_player", "api_player_games", "api_rating_history", "api_game", "api_leaderboard",
    "api_tournament_standings",
})
POSTS = frozenset({"game_import"})
# A request body larger than this is answered in the serving process (Django refuses it there
# by its own limits); a page process is sent only what it could be asked to read.
MOST_BODY = 16 * 1024 * 1024
SCOPE_KEYS = ("type", "asgi", "http_version", "method", "scheme", "path", "raw_path",
              "query_string", "root_path", "headers", "client", "server")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_broken: list[ProcessPoolExecutor] = []  # replaced pools, joined at shutdown


def size() -> int:
    return conf.get("GAMES_PAGE_PROCESSES")


def route_of(scope) -> str | None:
    """The URL name a page process answers for this request, or None."""
    from django.urls import Resolver404, resolve

    try:
        name = resolve(scope["path"]).url_name
    except Resolver404:
        return None
    method = scope.get("method", "GET")
    if name in ROUTES and method in ("GET", "HEAD"):
        return name
    if name in POSTS and method == "POST":
        return name
    return None


def _current() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=size(), mp_context=multiprocessing.get_context("spawn"),
                initializer=start_page_process,
                initargs=(os.getpid(), conf.get("GAMES_THINK_NICENESS")))
        return _pool


def start() -> None:
    """Start the page processes now (a serving process does, so the first page finds them)."""
    if size():
        pool = _current()
        for _ in range(size()):
            pool.submit(os.getpid)


def shutdown() -> None:
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
    # A replaced pool's processes are dead, so joining it is at once. Left to the interpreter's
    # exit, its manager thread may close its wakeup pipe while the exit hook writes to it
    # (CPython 3.11's concurrent.futures), printing a traceback as the server stops.
    while _broken:
        _broken.pop().shutdown(wait=True)


def _replace(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
        if broken not in _broken:
            _broken.append(broken)
    broken.shutdown(wait=False, cancel_futures=True)


class PageProcesses:
    """ASGI: the requests of ROUTES answered by a page process, the rest by `inner`."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not size() or route_of(scope) is None:
            return await self.inner(scope, receive, send)
        taken, body, whole = [], bytearray(), True
        while True:
            message = await receive()
            taken.append(message)
            if message["type"] != "http.request":
                whole = False  # the client left: the serving process answers nobody
                break
            body += message.get("body", b"")
            if len(body) > MOST_BODY:
                whole = False
                break
            if not message.get("more_body"):
                break
        if not whole:
            return await self.inner(scope, _replaying(taken, receive), send)
        request = {k: scope[k] for k in SCOPE_KEYS if k in scope}
        pool = _current()
        try:
            answer = await asyncio.wrap_future(pool.submit(answer_page, request, bytes(body)))
        except BrokenProcessPool:
            log.warning("a page process died; starting others, this page answered here")
            _replace(pool)
            return await self.inner(scope, _replaying(taken, receive), send)
        for message in answer:
            await send(message)


def _replaying(taken: list, receive):
    """A receive that gives back what was read already, then reads on."""
    queue = list(taken)

    async def replay():
        return queue.pop(0) if queue else await receive()

    return replay


# In a page process.

_handler = None


def start_page_process(parent: int, niceness: int) -> None:
    """A page process's first step: Django set up with no thinking pool of its own (it is a
    process apart already), its priority lowered below the thinking workers' (idle_priority:
    on a machine whose cores are all busy, the process applying moves gets the CPU first;
    `niceness` 0, as in the tests, leaves it as it is), and leave when the serving process is
    gone."""
    global _handler
    os.environ["MAHJONG_THINK_WORKERS"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    import django

    django.setup()
    from django.core.handlers.asgi import ASGIHandler

    from games.thinking.jobs import start_worker

    start_worker(parent, niceness)
    if niceness:
        idle_priority()
    _handler = ASGIHandler()


def idle_priority() -> bool:
    """Run this process below every ordinary one (Linux's SCHED_IDLE), not just niced: a page
    process holding a core when the serving process wakes for a move gives it up at once (a
    niced one keeps it for its time slice, and a table's moves, each a round trip, wait that
    long). Ten importers cost a table x0.73 of its moves/s niced, x0.98 so (bench/stall.py).
    False where the system has no such policy."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        return False
    return True


def answer_page(scope: dict, body: bytes) -> list[dict]:
    """The ASGI messages that answer one request, in order."""
    out: list[dict] = []
    asyncio.run(_answer(scope, body, out))
    return out


async def _answer(scope: dict, body: bytes, out: list) -> None:
    given = False
    never = asyncio.get_running_loop().create_future()  # no disconnect: the answer is wanted

    async def receive():
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await never

    async def send(message):
        out.append(message)

    await _handler(scope, receive, send)
