"""A Daphne process for the browser tests: its own database and settings, ready when it answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


DAPHNE = ["-m", "daphne"]  # plain Daphne, given the application below
SERVE = ["-m", "mahjong_site.serve"]  # what `make run` starts: Daphne with our caps


def demo_tournament(db_dir: Path, *demo_args: str) -> dict:
    """A fresh site database with a tournament_demo tournament (`demo_args` are the command's);
    the environment that serves it."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db_dir / 'db.sqlite3'}",
           "DJANGO_DEBUG": "1", "MAHJONG_BOT_DELAY_MS": "0", "MAHJONG_TICK_POLL_SECONDS": "1",
           # Every browser is 127.0.0.1: no per-address bound (games/limits.py).
           "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,queue-join=1000000/60"}
    env.pop("REDIS_URL", None)
    run = [sys.executable, "manage.py"]
    subprocess.run([*run, "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    subprocess.run([*run, "tournament_demo", *demo_args], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    return env


def manage_shell(env: dict, code: str) -> str:
    """Run `code` in `manage.py shell` against the served site's database; its last line."""
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True, timeout=600)
    return out.stdout.strip().splitlines()[-1]


@contextmanager
def daphne(env: dict, log_path: Path, ready_path: str = "/", command: list[str] = DAPHNE):
    """Serve the site with `env`; yields its base URL and stops it afterwards."""
    port = free_port()
    app = ["mahjong_site.asgi:application"] if command == DAPHNE else []
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, *command, "-b", "127.0.0.1", "-p", str(port), *app],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:  # ready when it answers; bounded by the deadline
            try:
                urllib.request.urlopen(base + ready_path, timeout=1)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()
                    pytest.fail(f"Daphne did not start; see {log_path}")
                time.sleep(0.1)
        try:
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
