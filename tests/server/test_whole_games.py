"""Issue 16: whole games of every preset through the server `make run` starts, watched by a
spectator's socket from before the deal. No frame grows with the length of the game: each is
under protocol.FRAME_BUDGET (16 KiB) however many deals are played, the spectator sees the end,
and a socket opened on the finished table gets its state at once."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import websockets

from games.realtime.protocol import FRAME_BUDGET

from .conftest import shell

PRESETS = ["chinese-classical", "british", "sixteen-tile", "cantonese", "shanghai", "dmjl",
           "bmja"]
STALL_S = 90  # a game that sends no frame for this long is stuck; a moving one may take any time
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


# The cheapest bots, except where they seldom reach the ruleset's minimum (Cantonese's three
# faan): there their game runs to 81 deals, mostly draws (22,699 moves); the intermediate bots
# play it in 27 (6,593 moves).
LEVELS = {"cantonese": "intermediate"}


def _bot_table(env, ruleset: str) -> int:
    level = LEVELS.get(ruleset, "greedy")
    return int(shell(env, (
        "from games import services\n"
        f"g = services.create_game(None, {ruleset!r}, seed='preset {ruleset}')\n"
        f"for _ in range(4): services.add_bot(g.pk, {level!r})\n"
        "print(g.pk)")))


async def _frames_until(ws, done, texts: list[str]) -> dict:
    """Frames until `done` says so; each awaited at most STALL_S (no frame that long: stuck)."""
    while True:
        try:
            text = await asyncio.wait_for(ws.recv(), STALL_S)
        except TimeoutError:
            raise AssertionError(f"no frame for {STALL_S} s after {len(texts)} frames") from None
        texts.append(text)
        frame = json.loads(text)
        if done(frame):
            return frame


def _socket(base: str, game: int):
    host = base.removeprefix("http://")
    return websockets.connect(f"ws://{host}/ws/game/{game}/",
                              additional_headers={"Origin": base}, max_size=None)


async def _watch_whole_game(base: str, env, game: int) -> tuple[list[str], list[str]]:
    watched: list[str] = []
    async with _socket(base, game) as ws:
        first = await _frames_until(ws, lambda f: f["type"] == "state", watched)
        assert first["status"] == "open"
        await asyncio.to_thread(shell, env, f"from games import services; "
                                            f"services.start_game({game})")
        over = await _frames_until(ws, lambda f: f.get("status") == "finished", watched)
    assert over["type"] == "update" and over["view"]["phase"] == "game_over"
    # The finished table opened afresh: its state at once, the deal's history in order after.
    reopened: list[str] = []
    async with _socket(base, game) as ws:
        state = await _frames_until(ws, lambda f: f["type"] == "state", reopened)
        more = state.get("more")
        while more:
            log = await _frames_until(ws, lambda f: True, reopened)
            assert log["type"] == "log" and log["version"] == state["version"]
            more = log["more"]
    assert state["status"] == "finished" and state["view"]["phase"] == "game_over"
    assert state["version"] == over["version"]
    places = [s["place"] for s in state["view"]["standings"]]
    assert len(places) == 4 and min(places) == 1
    return watched, reopened


@pytest.mark.parametrize("ruleset", PRESETS)
def test_a_whole_bot_game_ends_cleanly_for_a_spectator(served, served_env, ruleset):
    game = _bot_table(served_env, ruleset)
    # A loop of its own on a thread of its own: the browser tests leave one running on this one.
    with ThreadPoolExecutor(1) as pool:
        watched, reopened = pool.submit(
            asyncio.run, _watch_whole_game(served, served_env, game)).result()
    frames = [json.loads(t) for t in watched]
    updates = [f for f in frames if f["type"] == "update"]
    # Every change reached the spectator, in order: nothing was lost on the way.
    version = frames[0]["version"]  # the open table's state; the deal was made from a shell
    for f in updates:
        if f["version"] <= version:
            continue
        assert f["from"] == version, (f["from"], version)
        version = f["version"]
    deals = max(f["view"]["deal_number"] for f in updates)
    assert deals >= 16, f"a full-length game: {deals} deals"
    if ruleset == "british":
        assert any(f["view"].get("goulash") for f in updates), "the game reached a Goulash"
    sizes = [len(t.encode()) for t in watched + reopened]
    assert max(sizes) <= FRAME_BUDGET, max(sizes)
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / "whole-games.txt", "a") as out:
        out.write(f"{ruleset}: {deals} deals, {updates[-1]['version']} moves, "
                  f"{len(watched)} frames watched, largest {max(sizes)} bytes\n")
