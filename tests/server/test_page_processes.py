"""Issue 45 through the server `make run` starts: the heavy reads are answered by page processes
(mahjong_site/pages.py), so a page still being built never holds up a table; a page process
that dies is replaced and the page answered all the same; a page process runs at idle
priority."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
import subprocess
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from mahjong_site import pages
from tests.browser.server import SERVE, daphne
from tests.web.live import simple_choice

from .conftest import migrated_env
from .test_thinking_server import STALL_S, _next, _server_pid, _socket, _tables


def _page_processes(server: int) -> list[int]:
    """The server's page processes (no thinking workers here: MAHJONG_THINK_WORKERS=0)."""
    deadline = time.monotonic() + STALL_S
    while True:
        out = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(server)],
                             capture_output=True, text=True).stdout
        found = [int(line.split()[0]) for line in out.splitlines() if "spawn_main" in line]
        if found:
            return found
        assert time.monotonic() < deadline, "the server started no page process"
        time.sleep(0.05)


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=STALL_S * 2) as answer:
        return answer.status, answer.read().decode()


async def _moves(base: str, game: int, session: str, count: int) -> int:
    """Play the person's seat until the table has moved `count` versions; the last version."""
    async with _socket(base, game, session) as me:
        state = await _next(me)
        view, version, start = state["view"], state["version"], state["version"]
        while version < start + count:
            choice = simple_choice(view)
            if choice is not None:
                await me.send(json.dumps({"type": "action", "action": choice, "version": version}))
            while True:
                frame = await _next(me)
                if frame["type"] in ("state", "update") and frame["version"] > version:
                    view, version = frame["view"], frame["version"]
                    break
                if frame["type"] == "error" and choice is not None:
                    break  # stale: the bots moved first; look at the next frame's view
        return version


def _env(tmp_path_factory, name: str) -> dict:
    return {**migrated_env(tmp_path_factory, name), "MAHJONG_THINK_WORKERS": "0",
            "MAHJONG_PAGE_PROCESSES": "1"}


def test_a_page_being_built_does_not_hold_up_a_table(tmp_path_factory):
    env = _env(tmp_path_factory, "pages-db")
    _, mine, session = _tables(env)
    log = tmp_path_factory.mktemp("pages-log") / "server.log"
    with daphne(env, log, command=SERVE) as base, ThreadPoolExecutor(2) as run:
        page = _page_processes(_server_pid(base))[0]
        os.kill(page, signal.SIGSTOP)  # the history is asked for while its process is held
        try:
            history = run.submit(_get, base + "/games/")
            # The table plays on meanwhile: twenty moves applied and sent, the page not yet.
            run.submit(asyncio.run, _moves(base, mine, session, 20)).result()
            assert not history.done(), "the history was answered by the process applying moves"
        finally:
            os.kill(page, signal.SIGCONT)
        status, text = history.result()
    assert status == 200 and "History" in text


def test_a_page_process_that_dies_is_replaced(tmp_path_factory):
    env = _env(tmp_path_factory, "pages-die-db")
    log = tmp_path_factory.mktemp("pages-die-log") / "server.log"
    with daphne(env, log, command=SERVE) as base:
        server = _server_pid(base)
        first = _page_processes(server)
        for pid in first:
            os.kill(pid, signal.SIGKILL)
        for _ in range(3):  # the one in flight is answered here, the next by a new process
            status, text = _get(base + "/leaderboard/")
            assert status == 200 and "Leaderboard" in text
        assert set(_page_processes(server)).isdisjoint(first)
    assert "Traceback" not in log.read_text()


def _scheduler_after_idle_priority(out) -> None:
    out.put((pages.idle_priority(), os.sched_getscheduler(0)))


def test_a_page_process_yields_every_core_to_the_process_applying_moves():
    """A page process runs at idle priority (mahjong_site.pages.idle_priority), so a busy page
    never holds a core the table's process wakes for."""
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    child = ctx.Process(target=_scheduler_after_idle_priority, args=(out,))
    child.start()
    changed, policy = out.get(timeout=STALL_S)
    child.join(STALL_S)
    assert changed and policy == os.SCHED_IDLE
    assert os.sched_getscheduler(0) != os.SCHED_IDLE  # only the page process's own
