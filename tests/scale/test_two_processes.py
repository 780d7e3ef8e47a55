"""Scaled out: a move made by another server process reaches a browser connected to this one
through PostgreSQL and the Redis channel layer."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings

from games.services.matches import match_for
from tests.web.live import join, make_table

pytestmark = [pytest.mark.scale, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
OTHER_PROCESS = """
import json, sys, django
django.setup()
from games import services
gid, seat, version, action = json.loads(sys.argv[1])
print(services.submit_action(gid, None, action, version, seat=seat).status)
"""


def _database_url() -> str:
    db = settings.DATABASES["default"]
    return (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}")


def _submit_elsewhere(game_id, seat, version, action) -> str:
    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_SETTINGS_MODULE":
           "mahjong_site.settings"}
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, json.dumps([game_id, seat, version, action])],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True,
    )
    return done.stdout.strip()


async def test_move_from_another_process_reaches_this_one(app, players, spectator):
    game = await sync_to_async(make_table)(players, seed="two-processes")
    watcher = await join(app, game.pk, spectator)
    tab = await join(app, game.pk, players[0])
    turn = watcher.view["turn"]
    match = await sync_to_async(match_for)(game)
    action = next(a for a in match.legal_actions(turn) if a.type in ("discard", "pass"))
    status = await sync_to_async(_submit_elsewhere)(game.pk, turn, watcher.version,
                                                    action.to_json())
    assert status == "applied"
    update = await watcher.until(lambda f: f["type"] == "update")
    assert update["version"] == 1 and update["events"][0]["seat"] == turn
    await tab.reach(1)
    assert tab.view["version"] == 1
    await watcher.close()
    await tab.close()
