"""Load benchmark through real WebSockets: N tables of four guest players, as fast as the protocol
allows, against a Daphne this script starts itself, side by side with the framework's floor.

    .venv/bin/python bench/load.py                       # embedded: SQLite + in-memory layer
    .venv/bin/python bench/load.py --against dd87eb5     # and another revision, alternately
    .venv/bin/python bench/load.py --scaled              # also PostgreSQL + Redis, 1 vs 2 Daphnes

Each table is made through the real HTTP flow (lobby, new table, three guests join, start). Each
player discards the first legal tile, passes every claim and says ready between deals, one
action at a time (the next only once the last was answered) and never on a view older than the
game it was told of. For each N it prints moves/s and p50/p95/p99/max of the time from a
discard being sent to all four seats having received its update, the server's CPU a move, and
the messages in and frames out a discard.

The floor (bench/floor/) is a Daphne + Channels app of our own on the same channel layer and
socket stack (origin check, sessions, auth), with no database, engine or views, that plays the
same message pattern: each of its turns takes the
messages in and sends the frames out (of the same sizes) that a real turn took in the same run.
Each count runs the real server, then the floor (and --against's server), alternately, each on a
fresh database and process, --rounds times; the ratios are of their medians.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stack  # noqa: E402

ROOT = stack.ROOT
DISTURBED = 0.1  # cores taken by the host during a run (steal) that make it a disturbed one
LOAD_ENV = {
    "MAHJONG_ABSENT_GRACE_SECONDS": "3600",
    # A window everyone passed closes at once: the protocol's pace, not the least wait a claim
    # window keeps for people (docs/protocol.md).
    "MAHJONG_CLAIM_MIN_MS": "0",
    # These players act within milliseconds, for hours: a fast single table would outrun the
    # per-socket limits meant for people (30 a second).
    "MAHJONG_RATE_PER_SECOND": "1000", "MAHJONG_RATE_BURST": "2000",
    "MAHJONG_USER_RATE_PER_SECOND": "1000", "MAHJONG_USER_RATE_BURST": "2000",
}


# ------------------------------------------------------------------ servers


class Services:
    """A throwaway PostgreSQL and Redis on 127.0.0.1 (run as root, like .ci/with-services.sh)."""

    def __init__(self, pg_port: int, redis_port: int):
        self.pg_port, self.redis_port = pg_port, redis_port
        self.dir = Path(tempfile.mkdtemp(prefix="mahjong-load-"))
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
        if os.geteuid() != 0 or not bins or not shutil.which("redis-server"):
            raise SystemExit("--scaled needs root, PostgreSQL and redis-server installed")
        self.pg_bin = bins[-1]

    def _as_postgres(self, *args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True,
                       stdout=subprocess.DEVNULL)

    def start(self) -> dict[str, str]:
        shutil.chown(self.dir, "postgres")
        pg = self.dir / "pg"
        self._as_postgres(str(self.pg_bin / "initdb"), "-D", str(pg), "-A", "trust",
                          "-U", "postgres")
        self._as_postgres(
            str(self.pg_bin / "pg_ctl"), "-D", str(pg), "-l", str(self.dir / "pg.log"), "-w",
            "-o", f"-p {self.pg_port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
                  " -c max_connections=200",
            "start",
        )
        subprocess.run(
            ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "yes", "--pidfile", str(self.dir / "redis.pid"),
             "--logfile", str(self.dir / "redis.log")], check=True)
        for _ in range(50):
            if subprocess.run(["redis-cli", "-p", str(self.redis_port), "ping"],
                              capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        return {
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:{self.pg_port}/mahjong_load",
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
        }

    def createdb(self, name: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", str(self.pg_bin / "createdb"), "-h",
                        "127.0.0.1", "-p", str(self.pg_port), name], check=True)

    def stop(self) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", str(self.pg_bin / "pg_ctl"), "-D",
                        str(self.dir / "pg"), "-m", "immediate", "stop"], capture_output=True)
        pid = self.dir / "redis.pid"
        if pid.exists():
            subprocess.run(["kill", pid.read_text().strip()], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)




class Setup:
    """Something to measure: started fresh for each run, asked for tables, stopped."""

    label = ""
    ports: list[int]
    pids: list[int]

    def start(self) -> None: ...

    def make_tables(self, n: int) -> list[tuple[int, int, list[str]]]:
        """n tables as (port, game, the four seats' sessions)."""
        raise NotImplementedError

    def stop(self) -> None: ...


class Real(Setup):
    """`processes` servers of `tree` on one database and channel layer. `env`: the database and
    layer (None: a fresh SQLite file each run, from a schema migrated once)."""

    def __init__(self, tree: Path, label: str, env: dict[str, str] | None = None,
                 processes: int = 1, sticky: bool = True, profile: str | None = None):
        self.tree, self.label, self.processes, self.sticky = tree, label, processes, sticky
        self.profile, self.runs = profile, 0
        self.base_env = stack.server_env({**LOAD_ENV, **(env or {})})
        self.template = stack.SqliteTemplate(tree, self.base_env) if env is None else None
        if env is not None:
            stack.migrate(tree, self.base_env)
        self.servers: list[stack.Server] = []

    def start(self) -> None:
        env = dict(self.base_env)
        if self.template is not None:
            env["DATABASE_URL"] = self.template.fresh()
        module = "mahjong_site.serve"
        self.runs += 1
        if self.profile:  # bench/profiled.py: the same server under cProfile
            module = "profiled"
            env["PYTHONPATH"] = str(ROOT / "bench")
        self.servers = []
        for k in range(self.processes):
            if self.profile:
                slug = "".join(c if c.isalnum() else "-" for c in self.label).strip("-")
                env = {**env, "PROFILE_OUT": f"{self.profile}.{slug}.{self.runs}.{k}"}
            self.servers.append(stack.Server(self.tree, env, module=module))
        for server in self.servers:
            server.start()
        self.ports = [s.port for s in self.servers]
        self.pids = [s.pid for s in self.servers]

    def make_tables(self, n: int) -> list[tuple[int, int, list[str]]]:
        base = self.servers[0].base
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(8) as pool:
            made = list(pool.map(lambda _: stack.make_table(base), range(n)))
        return [(self.ports[t % len(self.ports)], game, sessions)
                for t, (game, sessions) in enumerate(made)]

    def port_for(self, table: int, seat: int) -> int:
        """Sticky: every socket of a table on one process, as a proxy routing /ws/game/<id>/ by
        a hash of the path does (README, "Scaling out"). Otherwise a table's seats are spread
        over the processes, the worst case for them."""
        if self.sticky:
            return self.ports[table % len(self.ports)]
        return self.ports[(table + seat) % len(self.ports)]

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        self.servers = []

    def close(self) -> None:
        if self.template is not None:
            self.template.close()


class Floor(Setup):
    """bench/floor/: Daphne + Channels on the same layer, no database, engine or views, taking
    `pattern` (what a real turn took: see floor/pattern.py) for each of its turns."""

    def __init__(self, env: dict[str, str] | None = None, label: str = "floor"):
        self.label = label
        self.env = stack.server_env({**(env or {}), "PYTHONPATH": str(ROOT)})
        self.pattern: dict | None = None
        self.server: stack.Server | None = None

    def start(self) -> None:
        env = {**self.env, "FLOOR_PATTERN": json.dumps(self.pattern or {})}
        self.server = stack.Server(ROOT / "bench", env, module="floor.serve").start("/ready")
        self.ports, self.pids = [self.server.port], [self.server.pid]

    def make_tables(self, n: int) -> list[tuple[int, int, list[str]]]:
        return [(self.ports[0], game, [f"seat{seat}" for seat in range(4)])
                for game in range(1, n + 1)]

    def port_for(self, table: int, seat: int) -> int:
        return self.ports[0]

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None


# ------------------------------------------------------------------ players


class Table:
    def __init__(self) -> None:
        self.version = 0
        self.pending: dict[int, tuple[float, set[int]]] = {}  # target version -> (sent, seats)
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.discards = 0
        self.sent = 0  # messages in (to the server)
        self.frames = 0  # frames out (from the server), and their bytes
        self.bytes = 0
        self.kinds: dict[str, int] = {}  # frames out by type, and their bytes
        self.kind_bytes: dict[str, int] = {}

    def seen(self, seat: int, version: int) -> None:
        self.version = max(self.version, version)
        for target in [t for t in self.pending if t <= version]:
            sent, seats = self.pending[target]
            seats.add(seat)
            if len(seats) == 4:
                self.latencies.append(time.perf_counter() - sent)
                del self.pending[target]


# Players come in a few at a time, as people do: a hundred handshakes in the same instant
# (each one a few database calls on one thread) outlast Daphne's 5 s to accept a socket.
ARRIVING_AT_ONCE = 8
_arriving: asyncio.Semaphore | None = None  # made in each run's own event loop


async def _connect(url: str, headers: dict[str, str]):
    async with _arriving:
        ws = await websockets.connect(url, additional_headers=headers, max_size=2**22)
        await ws.recv()  # the state frame: this player is in
        return ws


async def player(port: int, game: int, session: str, table: Table, stop: asyncio.Event) -> None:
    """One seat. It sends one action at a time and waits for its answer (`ack` or `error`),
    as the table page does; and it acts only on a view at least as new as the version its last
    answer named. The answer to an action can come before the updates of the moves others made
    meanwhile (the server answers at once; those updates wait behind it in the socket's queue),
    and such an update shows a view from before this seat's own move."""
    headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{port}"}
    ws = await _connect(f"ws://127.0.0.1:{port}/ws/game/{game}/", headers)
    await ws.send('{"type":"sync"}')  # the first state again, now that the loop below reads
    table.sent += 1
    async with ws:
        seat, version, acted, known, waiting = None, -1, -1, -1, False
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1)
            except TimeoutError:
                continue
            frame = json.loads(text)
            kind = frame["type"]
            table.frames += 1
            table.bytes += len(text)
            table.kinds[kind] = table.kinds.get(kind, 0) + 1
            table.kind_bytes[kind] = table.kind_bytes.get(kind, 0) + len(text)
            if kind == "ack":
                waiting = False
                known = max(known, frame["version"])
                continue
            if kind == "error":
                waiting = False
                table.errors[frame["code"]] = table.errors.get(frame["code"], 0) + 1
                if os.environ.get("LOAD_SHOW_ERRORS"):
                    print(seat, version, frame, file=sys.stderr)
                if frame["code"] in ("stale", "rate_limited"):
                    await ws.send('{"type":"sync"}')
                    table.sent += 1
                continue
            if kind == "state":
                seat = frame["seat"]
                waiting = False
            if kind not in ("state", "update") or frame["version"] < version:
                continue
            version = frame["version"]
            table.seen(seat, version)
            view = frame.get("view") or {}
            if frame["status"] != "active" or acted == version or waiting or version < known:
                continue
            action = stack.choose(view)
            if action is None:
                continue
            acted, waiting = version, True
            if action["type"] == "discard":
                table.pending[version + 1] = (time.perf_counter(), set())
                table.discards += 1
            await ws.send(json.dumps({"type": "action", "action": action, "version": version}))
            table.sent += 1


async def run_tables(setup: Setup, made: list[tuple[int, int, list[str]]], seconds: float,
                     warmup: float) -> dict:
    global _arriving
    _arriving = asyncio.Semaphore(ARRIVING_AT_ONCE)
    tables = [Table() for _ in made]
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(player(setup.port_for(t, i), game, session, tables[t], stop))
        for t, (_, game, sessions) in enumerate(made) for i, session in enumerate(sessions)
    ]
    await asyncio.sleep(warmup)
    before = [(t.version, t.discards, t.sent, t.frames, t.bytes, dict(t.kinds),
               dict(t.kind_bytes)) for t in tables]
    for t in tables:
        t.latencies.clear()
        t.errors.clear()
    meters = [stack.CpuMeter(pid) for pid in setup.pids]
    for meter in meters:
        meter.start()
    own = time.process_time()
    busy, steal = stack.machine_seconds()
    await asyncio.sleep(seconds)
    measured = [meter.stop() for meter in meters]
    elapsed = measured[0][0]
    cpu = sum(m[1] for m in measured)
    workers = sum(m[2] for m in measured)
    own = time.process_time() - own
    now_busy, now_steal = stack.machine_seconds()
    busy, steal = now_busy - busy, now_steal - steal
    moves = sum(t.version - b[0] for t, b in zip(tables, before))
    discards = sum(t.discards - b[1] for t, b in zip(tables, before))
    sent = sum(t.sent - b[2] for t, b in zip(tables, before))
    frames = sum(t.frames - b[3] for t, b in zip(tables, before))
    sizes = sum(t.bytes - b[4] for t, b in zip(tables, before))
    kinds: dict[str, int] = {}
    kind_bytes: dict[str, int] = {}
    for t, b in zip(tables, before):
        for kind, count in t.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + count - b[5].get(kind, 0)
            kind_bytes[kind] = kind_bytes.get(kind, 0) + t.kind_bytes[kind] - b[6].get(kind, 0)
    latencies = [x for t in tables for x in t.latencies]
    errors: dict[str, int] = {}
    for t in tables:
        for code, count in t.errors.items():
            errors[code] = errors.get(code, 0) + count
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        print(f"  first socket failure: {failures[0]!r}", file=sys.stderr, flush=True)
    per = max(discards, 1)
    return {"n": len(made), "moves_per_s": moves / elapsed, "lat": latencies,
            "failures": len(failures), "moves": moves, "discards": discards,
            "cpu_ms_per_move": cpu * 1000 / moves if moves else float("nan"),
            "cpu_share": cpu / elapsed, "workers_share": workers / elapsed,
            "client_share": own / elapsed, "errors": errors,
            "machine": busy / elapsed, "cores": os.cpu_count(), "steal": steal / elapsed,
            "rest_ms_per_move": (busy - cpu - workers - own) * 1000 / moves if moves
            else float("nan"),
            "in_per_discard": sent / per, "out_per_discard": frames / per,
            "moves_per_discard": moves / per,
            "bytes_per_frame": sizes / frames if frames else 0,
            "kinds_per_discard": {k: v / per for k, v in sorted(kinds.items())},
            "bytes_per_kind": {k: kind_bytes[k] / v for k, v in kinds.items() if v}}


def report(label: str, r: dict) -> None:
    lat = r["lat"]
    print(f"{label:<28} {r['n']:>3} tables: {r['moves_per_s']:8.1f} moves/s   discard to all "
          f"four seats ms p50 {stack.pct(lat, 50):6.1f} p95 {stack.pct(lat, 95):6.1f} "
          f"p99 {stack.pct(lat, 99):6.1f} max {max(lat, default=float('nan')) * 1000:6.1f}   "
          f"server CPU {r['cpu_ms_per_move']:.3f} ms/move, {r['cpu_share']:.0%} of a core"
          + (f" (+{r['workers_share']:.0%} its children)" if r["workers_share"] > 0.005 else "")
          + f", client {r['client_share']:.0%}, machine {r['machine']:.2f} of {r['cores']} "
          f"cores busy (+{r['steal']:.2f} taken by the host), everything else (database, "
          f"Redis) {r['rest_ms_per_move']:.2f} ms/move   a discard: {r['moves_per_discard']:.2f}"
          f" moves, {r['in_per_discard']:.2f} messages in, {r['out_per_discard']:.2f} frames "
          f"out of {r['bytes_per_frame']:.0f} bytes   ({len(lat)} discards"
          + (f", {r['failures']} sockets failed" if r["failures"] else "")
          + "".join(f", {n} {code} errors" for code, n in sorted(r["errors"].items()))
          + ")", flush=True)


def measure(setup: Setup, n: int, args) -> dict:
    setup.start()
    try:
        made = setup.make_tables(n)
        result = asyncio.run(run_tables(setup, made, args.seconds, args.warmup))
    finally:
        setup.stop()
    report(setup.label, result)
    return result


def pattern_of(r: dict) -> dict:
    """What the floor must do a discard to match the real run `r` (bench/floor/pattern.py)."""
    return {"moves": r["moves_per_discard"], "in": r["in_per_discard"],
            "update_bytes": r["bytes_per_kind"].get("update", 2300)}


def typical(runs: list[dict], key: str) -> float:
    """The median of `key` over the runs during which the host took under DISTURBED cores (all
    runs, if none was): on a machine others use too, one run in a busy moment moves a mean."""
    calm = [r[key] for r in runs if r["steal"] < DISTURBED] or [r[key] for r in runs]
    return statistics.median(calm)


def side_by_side(setups: list[Setup], floor: Floor | None, counts: list[int], args) -> dict:
    """Each count: every set-up in turn, --rounds times (the order turned each round), the floor
    after the first real server, given the pattern that server's run played."""
    out: dict[int, dict[str, list[dict]]] = {}
    for n in counts:
        runs: dict[str, list[dict]] = {s.label: [] for s in setups}
        if floor is not None:
            runs[floor.label] = []
        for rnd in range(args.rounds):
            order = setups if rnd % 2 == 0 else setups[::-1]
            for setup in order:
                runs[setup.label].append(measure(setup, n, args))
                if floor is not None and setup is setups[0]:
                    floor.pattern = pattern_of(runs[setup.label][-1])
                    runs[floor.label].append(measure(floor, n, args))
        out[n] = runs
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,5,25", help="table counts, comma separated")
    parser.add_argument("--seconds", type=float, default=10, help="measured seconds per count")
    parser.add_argument("--warmup", type=float, default=2, help="seconds before measuring")
    parser.add_argument("--rounds", type=int, default=2,
                        help="times each set-up is measured at each count (alternately)")
    parser.add_argument("--against", metavar="REV", action="append", default=[],
                        help="also another revision's server (a git worktree under /tmp, or a "
                             "folder holding a tree), alternately with this tree's")
    parser.add_argument("--tree", default=str(ROOT),
                        help="the tree whose server is measured: a folder or a revision "
                             "(default: this folder, with its uncommitted changes)")
    parser.add_argument("--no-floor", action="store_true", help="leave out the framework floor")
    parser.add_argument("--profile", metavar="PREFIX",
                        help="run the servers under cProfile (bench/profiled.py), each run's "
                             "stats written to PREFIX.<set-up>.<run>.<process>")
    parser.add_argument("--scaled", action="store_true",
                        help="also PostgreSQL + Redis with 1 and then 2 Daphne processes")
    parser.add_argument("--pg-port", type=int, default=54431)
    parser.add_argument("--redis-port", type=int, default=63831)
    args = parser.parse_args()
    args.tree = stack.tree(args.tree)
    counts = [int(x) for x in args.tables.split(",")]
    headline = 25 if 25 in counts else counts[-1]
    print(f"load average {stack.load_average()} on {os.cpu_count()} cores; "
          f"this tree {stack.describe(args.tree)}", flush=True)

    this = Real(args.tree, f"this ({stack.describe(args.tree)})", profile=args.profile)
    setups: list[Setup] = [this]
    for rev in args.against:
        tree = stack.tree(rev)
        setups.append(Real(tree, f"{rev} ({stack.describe(tree)})", profile=args.profile))
    floor = None if args.no_floor else Floor()
    try:
        embedded = side_by_side(setups, floor, counts, args)
    finally:
        for setup in setups:
            setup.close()
    print(f"embedded (SQLite + in-memory layer, 1 process), median of the undisturbed runs; "
          f"load average now {stack.load_average()}:")
    for n in counts:
        runs = embedded[n]
        mine = runs[this.label]
        line = [f"  {n:>3} tables: {this.label} {typical(mine, 'moves_per_s'):.1f} moves/s, "
                f"{typical(mine, 'cpu_ms_per_move'):.3f} ms CPU a move"]
        for setup in setups[1:] + ([floor] if floor else []):
            theirs = runs[setup.label]
            line.append(
                f"{setup.label} {typical(theirs, 'moves_per_s'):.1f} moves/s, "
                f"{typical(theirs, 'cpu_ms_per_move'):.3f} ms: this one's CPU a move "
                f"x{typical(mine, 'cpu_ms_per_move') / typical(theirs, 'cpu_ms_per_move'):.2f}"
                f", moves/s x{typical(mine, 'moves_per_s') / typical(theirs, 'moves_per_s'):.2f}")
        print("; ".join(line), flush=True)

    ratio = None
    if args.scaled:
        services = Services(args.pg_port, args.redis_port)
        try:
            env = services.start()
            services.createdb("mahjong_load")
            scaled = {
                "one": Real(args.tree, "PostgreSQL+Redis, 1 Daphne", env),
                "sticky": Real(args.tree, "PostgreSQL+Redis, 2 Daphnes, sticky", env, 2, True),
                "spread": Real(args.tree, "PostgreSQL+Redis, 2 Daphnes, spread", env, 2, False),
            }
            redis_floor = None if args.no_floor else Floor(
                {"REDIS_URL": env["REDIS_URL"]}, "floor on Redis")
            # The three set-ups take turns, `--rounds` times, and each is judged by its median:
            # PostgreSQL's own background work (vacuum, checkpoints) varies from run to run.
            got = side_by_side(list(scaled.values()), redis_floor, [headline], args)[headline]
            med = {key: typical(got[s.label], "moves_per_s") for key, s in scaled.items()}
            print(f"PostgreSQL+Redis at {headline} tables, median moves/s of the undisturbed runs"
                  f" of {args.rounds} rounds:"
                  f" 1 Daphne {med['one']:.1f}, 2 sticky {med['sticky']:.1f},"
                  f" 2 spread {med['spread']:.1f}")
            if redis_floor is not None:
                one, fl = got[scaled["one"].label], got[redis_floor.label]
                print(f"PostgreSQL+Redis, 1 Daphne against the floor on Redis at {headline} "
                      f"tables: server CPU a move x"
                      f"{typical(one, 'cpu_ms_per_move') / typical(fl, 'cpu_ms_per_move'):.2f}"
                      f", moves/s x"
                      f"{typical(one, 'moves_per_s') / typical(fl, 'moves_per_s'):.2f}")
            ratio = med["sticky"] / med["one"]
            spread_ratio = med["spread"] / med["one"]
        finally:
            services.stop()

    mine = embedded[headline][this.label]
    print(f"moves/s at {headline} tables: {typical(mine, 'moves_per_s'):.1f}")
    print(f"p99 ms at {headline} tables: "
          f"{stack.pct([x for r in mine for x in r['lat']], 99):.1f}")
    if floor is not None:
        fl = embedded[headline][floor.label]
        print(f"server CPU a move against the floor's at {headline} tables: x"
              f"{typical(mine, 'cpu_ms_per_move') / typical(fl, 'cpu_ms_per_move'):.2f}")
        print(f"moves/s against the floor's at {headline} tables: x"
              f"{typical(mine, 'moves_per_s') / typical(fl, 'moves_per_s'):.2f}")
    if ratio is not None:
        print(f"scale-out ratio with each table's sockets spread over both: {spread_ratio:.2f}")
    print(f"scale-out ratio: {ratio:.2f}" if ratio is not None
          else "scale-out ratio: n/a (run with --scaled)")


if __name__ == "__main__":
    main()
