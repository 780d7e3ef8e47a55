"""An operator's command that finishes games (tournament_demo plays a round with the autopilot)
ends cleanly: the background analysis of the games it finished stops quietly as the process
exits, instead of printing a traceback about the thinking workers having shut down."""

from __future__ import annotations

import subprocess
import sys

from tests.browser.server import ROOT

from .conftest import migrated_env


def test_a_command_that_finishes_games_exits_without_a_traceback(tmp_path_factory):
    env = {**migrated_env(tmp_path_factory, "command-db"), "MAHJONG_AUTOPILOT_LEVEL": "beginner"}
    done = subprocess.run(
        [sys.executable, "manage.py", "tournament_demo", "--name", "Exit Cup", "--players", "8",
         "--rounds", "2", "--deals", "1", "--play", "1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "/tournaments/" in done.stdout
    assert "Traceback" not in done.stderr, done.stderr
