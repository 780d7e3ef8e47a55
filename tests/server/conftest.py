"""The server `make run` starts (`python -m mahjong_site.serve`: Daphne with our caps) on its own
SQLite database, bots at full speed; `shell` runs code in that server's database, as an
operator's `manage.py shell` would."""

from __future__ import annotations

import os

import pytest

from tests.browser.server import SERVE, daphne, migrated_db
from tests.shell_fork import run_shell


def _env(db) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "whole-games-test",
        "MAHJONG_BOT_DELAY_MS": "0",
        "MAHJONG_CLAIM_MIN_MS": "0",
        "MAHJONG_TICK_POLL_SECONDS": "1",
        # Every client is 127.0.0.1: no per-address bound (games/access/limits.py).
        "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,queue-join=1000000/60",
    }
    env.pop("REDIS_URL", None)
    return env


def migrated_env(tmp_path_factory, name: str) -> dict:
    return _env(migrated_db(tmp_path_factory.mktemp(name) / "db.sqlite3"))


def shell(env: dict, code: str) -> str:
    """Run `code` with Django set up on the server's database; the last line it printed."""
    rc, out, err = run_shell(env, code)
    if rc:
        raise AssertionError(f"manage.py shell failed ({rc}):\n{err[-3000:]}")
    return out.strip().splitlines()[-1] if out.strip() else ""


@pytest.fixture(scope="session")
def served_env(tmp_path_factory):
    return migrated_env(tmp_path_factory, "served-db")


@pytest.fixture(scope="session")
def served(served_env, tmp_path_factory):
    """The base URL of a running `mahjong_site.serve`."""
    log = tmp_path_factory.mktemp("served-log") / "serve.log"
    with daphne(served_env, log, command=SERVE) as base:
        yield base
