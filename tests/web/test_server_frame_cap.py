"""Through the real server (mahjong_site.serve, Daphne): a frame over our limit is answered
`too_large` and the socket stays; one over the server's own cap is answered `too_large` just
before the socket is closed with 1009. Never a silent drop."""

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import websockets

from tests.browser.server import migrated_db

ROOT = Path(__file__).resolve().parents[2]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_oversize_frames_through_daphne(tmp_path):
    db = migrated_db(tmp_path / "cap.sqlite3")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}",
           "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "frame-cap-test"}
    env.pop("REDIS_URL", None)
    run = dict(cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    made = subprocess.run([sys.executable, "manage.py", "shell", "-c",
                           "from games import services; print(services.create_game().pk)"], **run)
    game = int(made.stdout.split()[-1])
    port = _port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mahjong_site.serve", "-b", "127.0.0.1", "-p", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120  # a start on a busy machine
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

        async def talk():
            async with websockets.connect(
                f"ws://127.0.0.1:{port}/ws/game/{game}/",
                additional_headers={"Origin": f"http://127.0.0.1:{port}"}, max_size=None,
            ) as ws:
                assert json.loads(await ws.recv())["type"] == "state"
                await ws.send("x" * 5000)
                assert json.loads(await ws.recv())["code"] == "too_large"
                await ws.send('{"type": "sync"}')
                assert json.loads(await ws.recv())["type"] == "state"
                await ws.send("y" * 70_000)
                assert json.loads(await ws.recv())["code"] == "too_large"
                try:
                    await asyncio.wait_for(ws.recv(), 20)
                    raise AssertionError("the socket stayed open")
                except websockets.ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd else None

        # A loop of its own on a thread of its own: earlier tests may leave one set on this one.
        with ThreadPoolExecutor(1) as pool:
            assert pool.submit(asyncio.run, talk()).result() == 1009
    finally:
        server.terminate()
        server.wait(20)
