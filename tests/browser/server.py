"""A Daphne process for the browser tests: its own database and settings, ready when it answers."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.shell_fork import run_shell

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


DAPHNE = ["-m", "daphne"]  # plain Daphne, given the application below
SERVE = ["-m", "mahjong_site.serve"]  # what `make run` starts: Daphne with our caps


_template: list[Path] = []  # this process's migrated database, made on first use


def migrated_db(db: Path) -> Path:
    """A freshly migrated SQLite database at `db`: a copy of one that `manage.py migrate` made
    once in this process (a migrate costs seconds; a copy, milliseconds)."""
    if not _template:
        where = Path(tempfile.mkdtemp(prefix="mahjong-migrated-"))
        atexit.register(shutil.rmtree, where, True)
        making = where / "making.sqlite3"
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{making}"}
        env.pop("REDIS_URL", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                       check=True, capture_output=True)
        making.rename(where / "migrated.sqlite3")  # only a finished migrate becomes the template
        _template.append(where / "migrated.sqlite3")
    shutil.copyfile(_template[0], db)
    return db


def demo_tournament(db_dir: Path, *demo_args: str) -> dict:
    """A fresh site database with a tournament_demo tournament (`demo_args` are the command's);
    the environment that serves it. The demo's games are played by the autopilot at beginner,
    the cheapest level that plays to win."""
    db = migrated_db(db_dir / "db.sqlite3")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "MAHJONG_AUTOPILOT_LEVEL": "beginner",
           "DJANGO_DEBUG": "1", "MAHJONG_BOT_DELAY_MS": "0", "MAHJONG_TICK_POLL_SECONDS": "1",
           "MAHJONG_CLAIM_MIN_MS": "0",
           # Every browser is 127.0.0.1: no per-address bound (games/access/limits.py).
           "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,queue-join=1000000/60"}
    env.pop("REDIS_URL", None)
    run = [sys.executable, "manage.py"]
    subprocess.run([*run, "tournament_demo", *demo_args], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    return env


def manage_shell(env: dict, code: str) -> str:
    """Run `code` in `manage.py shell` against the served site's database; its last line."""
    rc, out, err = run_shell(env, code)
    if rc:
        raise AssertionError(f"manage.py shell failed ({rc}):\n{err[-3000:]}")
    return out.strip().splitlines()[-1]


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
        deadline = time.monotonic() + 120  # a start on a busy machine
        while True:  # ready when it answers; bounded by the deadline
            try:
                urllib.request.urlopen(base + ready_path, timeout=5)
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


GAME_REPORT = """
from games import clock
from games.models import Game
g = Game.objects.get(pk=%d)
seats = [(s.position, s.is_bot, s.bot_level, s.connections) for s in g.seats.order_by("position")]
print(repr(dict(status=g.status, version=g.version, due_in=(g.due_at - clock.now()).total_seconds()
                if g.due_at else None, pending=g.pending, seats=seats)))
"""


def game_report(env: dict, game_id: int) -> str:
    """A stalled game's row as the server sees it (for a failure's message)."""
    try:
        return manage_shell(env, GAME_REPORT % game_id)
    except AssertionError as exc:
        return str(exc)
