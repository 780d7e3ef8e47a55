"""How many bot tables one server process holds: K tables at the default bot delay, and what a
person at one of them waits for.

    .venv/bin/python bench/capacity.py                    # K = 1,25,50,100,200, every level
    .venv/bin/python bench/capacity.py --quick            # K = 1,25,50, intermediate, shorter
    .venv/bin/python bench/capacity.py --against f8f3db7  # and another revision, alternately

Two kinds of table, each run on a fresh database and a fresh server (`python -m
mahjong_site.serve`, with whatever worker processes it starts):

- `person`: K tables of one scripted person and three bots of the level, made as the lobby
  makes them. The person discards the first legal tile, passes every claim and says ready
  between deals, as soon as it may.
- `bots`: K four-bot tables (made by the tree's own service door before its server starts),
  plus --probes tables of one person and three bots, whose persons are measured.

Each run prints the persons' discard-to-update latency (from sending a discard to their own
socket's update for it) p50/p99; the round trip of a `sync` sent every 200 ms by a spectator
(the live thread's queue, as issue 39 first measured it); the CPU of the server process and of
its children (the thinking workers), from /proc; and the bots' delay: the time between the
update that gives a bot its turn and the update of its move, as a person's or a spectator's
socket sees them, against the configured delay. Last, for each tree, kind and level, the
largest K whose p99 stays within x2 of the same run's K = 1 figure while the bots keep their
delay within 10% (mean); K = 1's p99 there is of its persons' discards and its spectator's
syncs together (a lone person discards every few seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stack  # noqa: E402

LEVELS = ("beginner", "intermediate", "strong")
SYNC_EVERY = 0.2
ARRIVING_AT_ONCE = 8
LATENCY_FACTOR = 2.0  # a K holds if its p99 is within this factor of K = 1's
DELAY_SLACK = 0.10  # ... and the bots' mean delay within this share of the configured one


class Sampler:
    """What a run's sockets saw."""

    def __init__(self) -> None:
        self.latency: list[float] = []  # a person's discard to its own update
        self.sync: list[float] = []  # a spectator's sync to its state
        self.delay: list[float] = []  # a bot given its turn to its move
        self.errors: dict[str, int] = {}
        self.failures = 0
        self.measuring = False

    def clear(self) -> None:
        self.latency.clear()
        self.sync.clear()
        self.delay.clear()
        self.errors.clear()


class BotClock:
    """Times the bots' moves from one socket's updates: a view in play whose turn is a bot's
    starts the clock; the next update stops it."""

    def __init__(self, bots: set[int], sampler: Sampler):
        self.bots, self.sampler = bots, sampler
        self.started: float | None = None

    def saw(self, frame: dict, now: float) -> None:
        if self.started is not None and frame["type"] == "update":
            if self.sampler.measuring:
                self.sampler.delay.append(now - self.started)
            self.started = None
        view = frame.get("view") or {}
        if (frame.get("status") == "active" and view.get("phase") == "play"
                and view.get("turn") in self.bots):
            self.started = now


async def _connect(port: int, game: int, session: str | None, arriving: asyncio.Semaphore):
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    if session:
        headers["Cookie"] = f"sessionid={session}"
    async with arriving:
        return await websockets.connect(f"ws://127.0.0.1:{port}/ws/game/{game}/",
                                        additional_headers=headers, max_size=2**22)


async def person(port: int, game: int, session: str, sampler: Sampler, stop: asyncio.Event,
                 arriving: asyncio.Semaphore) -> None:
    """bench/load.py's player, one at a table of bots: one action at a time, never on a view
    older than its last answer named."""
    ws = await _connect(port, game, session, arriving)
    clock: BotClock | None = None
    async with ws:
        seat, version, acted, known, waiting = None, -1, -1, -1, False
        sent_at: tuple[int, float] | None = None
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            now = time.perf_counter()
            kind = frame["type"]
            if kind == "ack":
                waiting, known = False, max(known, frame["version"])
                continue
            if kind == "error":
                waiting = False
                if sampler.measuring:
                    sampler.errors[frame["code"]] = sampler.errors.get(frame["code"], 0) + 1
                if frame["code"] in ("stale", "rate_limited"):
                    await ws.send('{"type":"sync"}')
                continue
            if kind == "state":
                seat, waiting = frame["seat"], False
                clock = BotClock({s for s in range(4) if s != seat}, sampler)
            if kind not in ("state", "update") or frame["version"] < version:
                continue
            version = frame["version"]
            if clock is not None:
                clock.saw(frame, now)
            if sent_at is not None and version > sent_at[0]:
                if sampler.measuring:
                    sampler.latency.append(now - sent_at[1])
                sent_at = None
            view = frame.get("view") or {}
            if frame["status"] != "active" or acted == version or waiting or version < known:
                continue
            action = stack.choose(view)
            if action is None:
                continue
            acted, waiting = version, True
            if action["type"] == "discard":
                sent_at = (version, time.perf_counter())
            await ws.send(json.dumps({"type": "action", "action": action, "version": version}))


async def spectator(port: int, game: int, sampler: Sampler, stop: asyncio.Event,
                    arriving: asyncio.Semaphore, syncing: bool, timing: bool) -> None:
    """Watches a table; `timing`: a four-bot one, whose bots' delay it times; `syncing`: also
    asks for the state every SYNC_EVERY seconds and times the answer."""
    ws = await _connect(port, game, None, arriving)
    clock = BotClock({0, 1, 2, 3} if timing else set(), sampler)
    asked: float | None = None
    next_sync = time.perf_counter()
    async with ws:
        while not stop.is_set():
            if syncing and asked is None and time.perf_counter() >= next_sync:
                asked = time.perf_counter()
                next_sync = asked + SYNC_EVERY
                await ws.send('{"type":"sync"}')
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), SYNC_EVERY / 2))
            except TimeoutError:
                continue
            now = time.perf_counter()
            if frame["type"] == "state" and asked is not None:
                if sampler.measuring:
                    sampler.sync.append(now - asked)
                asked = None
                continue
            if frame["type"] == "update":
                clock.saw(frame, now)


# ------------------------------------------------------------------ a run


def server_env(args) -> dict[str, str]:
    return stack.server_env({
        "MAHJONG_BOT_DELAY_MS": str(args.bot_delay_ms),
        # The persons are scripts that never leave: no autopilot for them.
        "MAHJONG_ABSENT_GRACE_SECONDS": "3600",
    })


class Tree:
    def __init__(self, path: Path, label: str, args):
        self.path, self.label = path, label
        self.env = server_env(args)
        self.template = stack.SqliteTemplate(path, self.env)

    def close(self) -> None:
        self.template.close()


def run_once(tree: Tree, kind: str, level: str, k: int, args) -> dict:
    env = {**tree.env, "DATABASE_URL": tree.template.fresh()}
    bot_games = stack.make_four_bot_tables(tree.path, env, level, k if kind == "bots" else 0)
    server = stack.Server(tree.path, env).start()
    try:
        persons = k if kind == "person" else args.probes
        with ThreadPoolExecutor(8) as pool:
            made = list(pool.map(lambda _: stack.make_bot_table(server.base, level),
                                 range(persons)))
        watched = bot_games[:args.watch] if bot_games else [made[0][0]]
        return asyncio.run(_measure(server, made, watched, bool(bot_games), args))
    finally:
        server.stop()


def moves_so_far(database_url: str) -> int:
    """Moves made at every table so far, read from the SQLite file (WAL: beside the server)."""
    with sqlite3.connect(f"file:{database_url.removeprefix('sqlite:///')}?mode=ro",
                         uri=True) as db:
        return db.execute("SELECT COALESCE(SUM(version), 0) FROM games_game").fetchone()[0]


async def _measure(server: stack.Server, made, watched: list[int], timing: bool,
                   args) -> dict:
    sampler = Sampler()
    stop = asyncio.Event()
    arriving = asyncio.Semaphore(ARRIVING_AT_ONCE)
    tasks = [asyncio.create_task(person(server.port, game, session, sampler, stop, arriving))
             for game, session in made]
    tasks += [asyncio.create_task(spectator(server.port, game, sampler, stop, arriving,
                                            syncing=(i == 0), timing=timing))
              for i, game in enumerate(watched)]
    await asyncio.sleep(args.warmup)
    sampler.clear()
    sampler.measuring = True
    database = server.env["DATABASE_URL"]
    moves = moves_so_far(database)
    meter = stack.CpuMeter(server.pid)
    meter.start()
    busy, steal = stack.machine_seconds()
    await asyncio.sleep(args.seconds)
    elapsed, cpu, children = meter.stop()
    moves = moves_so_far(database) - moves
    now_busy, now_steal = stack.machine_seconds()
    sampler.measuring = False
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        print(f"  {len(failures)} sockets failed, the first: {failures[0]!r}", file=sys.stderr,
              flush=True)
    return {"latency": sampler.latency, "sync": sampler.sync, "delay": sampler.delay,
            "errors": dict(sampler.errors), "failures": len(failures),
            "cpu": cpu / elapsed, "children": children / elapsed, "moves": moves / elapsed,
            "cpu_ms_per_move": cpu * 1000 / moves if moves else float("nan"),
            "machine": (now_busy - busy) / elapsed, "steal": (now_steal - steal) / elapsed}


def line(label: str, kind: str, level: str, k: int, r: dict, configured: int) -> str:
    delay = r["delay"]
    mean = statistics.mean(delay) * 1000 if delay else float("nan")
    return (f"{label:<26} {kind:<6} {level:<12} K={k:<4} person discard->update p50 "
            f"{stack.pct(r['latency'], 50):7.1f} p99 {stack.pct(r['latency'], 99):7.1f} ms "
            f"(n={len(r['latency'])})  sync p50 {stack.pct(r['sync'], 50):6.1f} p99 "
            f"{stack.pct(r['sync'], 99):6.1f} ms  {r['moves']:6.1f} moves/s, server "
            f"{r['cpu']:.0%} of a core ({r['cpu_ms_per_move']:.2f} ms a move), workers "
            f"{r['children']:.0%}  bots' delay mean {mean:6.0f} p50 {stack.pct(delay, 50):5.0f} "
            f"p90 {stack.pct(delay, 90):5.0f} ms vs {configured} (n={len(delay)})  machine "
            f"{r['machine']:.2f} busy, +{r['steal']:.2f} stolen"
            + (f"  {r['failures']} sockets failed" if r["failures"] else "")
            + "".join(f", {n} {code}" for code, n in sorted(r["errors"].items())))


def capacity(results: dict[int, dict], configured: int) -> tuple[int | None, str]:
    """The largest K that holds (p99 within LATENCY_FACTOR of K = 1's, bots' mean delay within
    DELAY_SLACK), and why the next one up did not. K = 1's p99 is taken over its persons'
    discards and its spectator's syncs together: a lone person discards every few seconds,
    too seldom for a p99 of its own, and on an idle server both are one trip through the live
    thread."""
    if 1 not in results:
        return None, "no K = 1 run to compare with"
    base = stack.pct(results[1]["latency"] + results[1]["sync"], 99)
    best, why = None, ""
    for k in sorted(results):
        r = results[k]
        p99 = stack.pct(r["latency"], 99)
        delay = statistics.mean(r["delay"]) * 1000 if r["delay"] else float("nan")
        if not p99 <= LATENCY_FACTOR * base:
            why = f"K={k}: p99 {p99:.1f} ms > {LATENCY_FACTOR:g} x {base:.1f}"
        elif not delay <= configured * (1 + DELAY_SLACK):
            why = f"K={k}: bots' mean delay {delay:.0f} ms > {configured} + {DELAY_SLACK:.0%}"
        else:
            best = k
            continue
        break
    return best, why or "every K measured held"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,25,50,100,200", help="values of K, comma separated")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--kinds", default="person,bots", help="person, bots or both")
    parser.add_argument("--seconds", type=float, default=60, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=10, help="seconds before measuring")
    parser.add_argument("--quick", action="store_true",
                        help="K = 1,25,50 at intermediate, 20 s each after 5 s")
    parser.add_argument("--probes", type=int, default=8,
                        help="bots: tables of a person and three bots among the four-bot ones")
    parser.add_argument("--watch", type=int, default=10,
                        help="bots: four-bot tables whose bots' delay a spectator times")
    parser.add_argument("--bot-delay-ms", type=int, default=700,
                        help="the bots' configured delay (the default setting's)")
    parser.add_argument("--tree", default=str(stack.ROOT),
                        help="the tree measured: a folder or a revision (default: this folder)")
    parser.add_argument("--against", metavar="REV", action="append", default=[],
                        help="also another revision (a git worktree under /tmp, or a folder "
                             "holding a tree), alternately")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.levels, args.seconds, args.warmup = "1,25,50", "intermediate", 20, 5
    ks = [int(x) for x in args.tables.split(",")]
    levels = args.levels.split(",")
    kinds = args.kinds.split(",")

    main_path = stack.tree(args.tree)
    trees = [Tree(main_path, f"this ({stack.describe(main_path)})", args)]
    for rev in args.against:
        path = stack.tree(rev)
        trees.append(Tree(path, f"{rev} ({stack.describe(path)})", args))
    print(f"load average {stack.load_average()} on {os.cpu_count()} cores; bot delay "
          f"{args.bot_delay_ms} ms; {args.seconds:g} s measured after {args.warmup:g} s",
          flush=True)
    results: dict[tuple[str, str, str], dict[int, dict]] = {}
    try:
        turn = 0
        for kind in kinds:
            for level in levels:
                for k in ks:
                    order = trees if turn % 2 == 0 else trees[::-1]
                    turn += 1
                    for tree in order:
                        r = run_once(tree, kind, level, k, args)
                        results.setdefault((tree.label, kind, level), {})[k] = r
                        print(line(tree.label, kind, level, k, r, args.bot_delay_ms),
                              flush=True)
    finally:
        for tree in trees:
            tree.close()

    print(f"\nload average now {stack.load_average()}")
    for tree in trees:
        print(f"\n{tree.label}:")
        print("| kind | level | K | discard->update p50 / p99 ms | sync p50 / p99 ms | moves/s | "
              "server CPU (a move) | workers' CPU | bots' delay mean / p90 ms |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for kind in kinds:
            for level in levels:
                for k, r in sorted(results.get((tree.label, kind, level), {}).items()):
                    delay = r["delay"]
                    mean = statistics.mean(delay) * 1000 if delay else float("nan")
                    print(f"| {kind} | {level} | {k} | {stack.pct(r['latency'], 50):.1f} / "
                          f"{stack.pct(r['latency'], 99):.1f} (n={len(r['latency'])}) | "
                          f"{stack.pct(r['sync'], 50):.1f} / {stack.pct(r['sync'], 99):.1f} | "
                          f"{r['moves']:.0f} | {r['cpu']:.0%} ({r['cpu_ms_per_move']:.2f} ms) | "
                          f"{r['children']:.0%} | {mean:.0f} / "
                          f"{stack.pct(delay, 90):.0f} |")
        for kind in kinds:
            for level in levels:
                got = results.get((tree.label, kind, level), {})
                best, why = capacity(got, args.bot_delay_ms)
                print(f"largest K, {kind} tables, {level}: {best if best else 'none'} ({why})")


if __name__ == "__main__":
    main()
