"""Issue 16 §3: the ticker that moves bots, timers and the autopilot starts with the server, under
`python -m mahjong_site.serve` and under plain `daphne`: a started four-bot game nobody has
opened moves within seconds of a (re)start, with no socket open."""

from __future__ import annotations

import sqlite3
import time

import pytest

from tests.browser.server import DAPHNE, SERVE, daphne

from .conftest import migrated_env, shell

MOVES_WITHIN_S = 20  # a bound for a stuck ticker; a working one moves in well under a second


def _version(env, game: int) -> int:
    db = env["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT version FROM games_game WHERE id = ?", (game,)).fetchone()[0]


@pytest.mark.parametrize("command", [SERVE, DAPHNE], ids=["mahjong_site.serve", "daphne"])
def test_a_started_bot_game_moves_with_no_socket_open(tmp_path_factory, command):
    env = migrated_env(tmp_path_factory, "ticker-db")
    game = int(shell(env, (
        "from games import services\n"
        "g = services.create_game(None, seed='ticker')\n"
        "for _ in range(4): services.add_bot(g.pk, 'greedy')\n"
        "services.start_game(g.pk)\n"
        "print(g.pk)")))
    assert _version(env, game) == 0  # dealt while no server ran: nothing has moved it
    log = tmp_path_factory.mktemp("ticker-log") / "server.log"
    with daphne(env, log, command=command):
        deadline = time.monotonic() + MOVES_WITHIN_S
        while _version(env, game) == 0:
            assert time.monotonic() < deadline, "no move: the ticker did not start"
            time.sleep(0.1)
    assert "no running event loop" not in log.read_text()
