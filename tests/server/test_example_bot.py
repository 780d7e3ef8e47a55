"""Issue 44: the example bot (examples/bot.py) plays a whole game against three of the site's
bots through the server `make run` starts, as a newcomer runs it: a token from
`manage.py bot_token`, then the bot's file alone, from another directory, with nothing of the
project importable. The game is then read back through the read API."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

from tests.browser.server import ROOT

SHORT = '{"rounds": 1, "max_deals": 2}'


def test_the_example_bot_plays_a_whole_game_against_three_site_bots(served, served_env,
                                                                     tmp_path):
    made = subprocess.run([sys.executable, "manage.py", "bot_token", "example-bot"], cwd=ROOT,
                          env=served_env, check=True, capture_output=True, text=True)
    token = made.stdout.strip().splitlines()[-1]
    assert token.startswith("mjb_")
    outside = {"PATH": "", "HOME": str(tmp_path)}  # no PYTHONPATH: the project is not importable
    played = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "bot.py"), "--server", served, "--token", token,
         "--settings", SHORT, "--opponents", "greedy,intermediate,strong"],
        cwd=tmp_path, env=outside, capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr[-2000:]
    lines = played.stdout.splitlines()
    assert lines[0].startswith("example-bot at game ") and "mahjong-bot v1" in lines[0]
    assert not [line for line in lines if line.startswith("refused")], played.stdout
    places = [line for line in lines if line.startswith("place ")]
    assert len(places) == 4, played.stdout
    assert len([line for line in places if "example-bot (this bot)" in line]) == 1
    game = int(lines[0].split()[3])
    with urllib.request.urlopen(f"{served}/api/games/{game}/") as answer:
        shown = json.load(answer)
    assert shown["status"] == "finished" and shown["record"]["seed"]
    kinds = sorted(str(p["bot"]) for p in shown["players"])
    assert kinds == ["account", "site", "site", "site"]
    bot = next(p for p in shown["players"] if p["bot"] == "account")
    assert bot["account"] == "example-bot" and bot["place"] in (1, 2, 3, 4)
