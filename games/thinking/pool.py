"""The worker processes that think for the tables.

One pool per server process (ProcessPoolExecutor, started by spawning: the workers import the
engine and nothing of Django), sized by GAMES_THINK_WORKERS (the machine's cores by default;
0 thinks in the calling thread, as the unit tests do). Scaled out, each web process has its own
pool beside it, so thinking grows with machines as the web tier does (README, "Scaling out").

A worker that dies breaks the executor: a new one is started and every job that was in the
broken one is sent again (at most RETRIES times). A worker whose parent is gone leaves on its
own (jobs.start_worker); a server that stops shuts its pool down first.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games import conf

from . import jobs

log = logging.getLogger(__name__)

RETRIES = 2
_lock = threading.Lock()
_executor: ProcessPoolExecutor | None = None
_size = 0


def workers() -> int:
    """How many worker processes think for this process (0: none, think in the caller)."""
    return conf.get("GAMES_THINK_WORKERS")


def _current() -> ProcessPoolExecutor:
    global _executor, _size
    with _lock:
        if _executor is None:
            _size = workers()
            _executor = ProcessPoolExecutor(
                max_workers=_size, mp_context=multiprocessing.get_context("spawn"),
                initializer=jobs.start_worker,
                initargs=(os.getpid(), conf.get("GAMES_THINK_NICENESS")))
        return _executor


_serving = False


def serving() -> bool:
    """Whether this process started its workers to serve tables (a server does; a management
    command or a shell does not, and asks no worker ahead of time)."""
    return _serving


class Stopping(RuntimeError):
    """The process is exiting: no more work is sent to the workers (a background thread that
    asks stops quietly)."""


def start() -> None:
    """Start the workers now (a serving process does, so the first decision finds them warm)."""
    global _serving
    _serving = True
    if workers():
        ex = _current()
        # Spawning starts workers as jobs arrive: one trivial job per worker starts them all.
        for _ in range(_size):
            ex.submit(os.getpid)


def _replace(broken: ProcessPoolExecutor) -> None:
    global _executor
    with _lock:
        if _executor is broken:
            _executor = None
    broken.shutdown(wait=False, cancel_futures=True)


def submit(fn: Callable, *args: Any) -> Future:
    """fn(*args) in a worker; the returned Future is completed from a pool thread (or at once,
    when there are no workers)."""
    outer: Future = Future()
    if not workers():
        try:
            outer.set_result(fn(*args))
        except Exception as exc:  # handed to the caller, as a worker's error would be
            outer.set_exception(exc)
        return outer
    _send(outer, fn, args, RETRIES)
    return outer


def _send(outer: Future, fn: Callable, args: tuple, retries: int) -> None:
    executor = _current()
    try:
        inner = executor.submit(fn, *args)
    except (BrokenProcessPool, RuntimeError) as exc:  # broken, or shut down meanwhile
        if "interpreter shutdown" in str(exc):  # concurrent.futures' words at the process's exit
            outer.set_exception(Stopping(str(exc)))
            return
        _replace(executor)
        if retries:
            _send(outer, fn, args, retries - 1)
        else:
            outer.set_exception(exc)
        return

    def done(f: Future) -> None:
        if f.cancelled():
            outer.cancel()
            return
        exc = f.exception()
        if isinstance(exc, BrokenProcessPool) and retries:
            log.warning("a thinking worker died; starting another and sending its work again")
            _replace(executor)
            _send(outer, fn, args, retries - 1)
        elif exc is not None:
            outer.set_exception(exc)
        else:
            outer.set_result(f.result())

    inner.add_done_callback(done)


def pids() -> list[int]:
    """The worker processes' ids (tests, benchmarks)."""
    return [p.pid for p in multiprocessing.active_children()]


def shutdown() -> None:
    """Stop the workers now, work in progress included (the server is stopping)."""
    global _executor, _serving
    _serving = False
    with _lock:
        executor, _executor = _executor, None
    if executor is None:
        return
    executor.shutdown(wait=False, cancel_futures=True)
    for child in multiprocessing.active_children():
        child.terminate()
    for child in multiprocessing.active_children():
        child.join(timeout=5)
