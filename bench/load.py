"""Load benchmark through real WebSockets: N tables of four guest players, as fast as the protocol
allows, against a Daphne this script starts itself.

    .venv/bin/python bench/load.py                       # embedded: SQLite + in-memory layer
    .venv/bin/python bench/load.py --scaled              # also PostgreSQL + Redis, 1 vs 2 Daphnes

Each table is made through the real HTTP flow (lobby, new table, three guests join, start). Each
player discards the first legal tile, passes every claim and says ready between deals. For each N
it prints moves/s and p50/p95/p99/max of the time from a discard being sent to all four seats
having received its update. The last three lines are the headline figures.
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


class Daphnes:
    """`count` Daphne processes on one database and channel layer, migrated first."""

    def __init__(self, env: dict[str, str], count: int):
        self.env = {**os.environ, **env, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "load-bench",
                    "MAHJONG_ABSENT_GRACE_SECONDS": "3600",
                    # A window everyone passed closes at once: the protocol's pace, not the
                    # least wait a claim window keeps for people (docs/protocol.md).
                    "MAHJONG_CLAIM_MIN_MS": "0",
                    # These players act within milliseconds, for hours: a fast single table
                    # would outrun the per-socket limits meant for people (30 a second).
                    "MAHJONG_RATE_PER_SECOND": "1000", "MAHJONG_RATE_BURST": "2000",
                    "MAHJONG_USER_RATE_PER_SECOND": "1000", "MAHJONG_USER_RATE_BURST": "2000",
                    # Every client here is 127.0.0.1: no per-address bound (games/limits.py).
                    "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,queue-join=1000000/60"}
        self.ports = [free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen] = []

    def start(self) -> list[int]:
        subprocess.run([PY, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=self.env,
                       check=True, stdout=subprocess.DEVNULL)
        for port in self.ports:
            self.procs.append(subprocess.Popen(
                [PY, "-m", "mahjong_site.serve", "-b", "127.0.0.1", "-p", str(port)],
                cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for port in self.ports:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit(f"Daphne on port {port} did not start") from None
                    time.sleep(0.2)
        return self.ports

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


# ------------------------------------------------------------------ HTTP flow


class Browser:
    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def get(self, path: str) -> str:
        return self.opener.open(self.base + path, timeout=30).geturl()

    def post(self, path: str, data: dict[str, str] | None = None) -> str:
        self.get("/lobby/")  # the CSRF cookie
        body = urllib.parse.urlencode({**(data or {}),
                                       "csrfmiddlewaretoken": self.cookie("csrftoken")}).encode()
        return self.opener.open(self.base + path, body, timeout=30).geturl()


def make_table(base: str) -> tuple[int, list[str]]:
    """Four guests: one opens a table with the other seats open, three join, the first starts."""
    first = Browser(base)
    url = first.post("/game/new/", {"ruleset": "chinese-classical", "seat_2": "open",
                                    "seat_3": "open", "seat_4": "open", "claim_seconds": "8"})
    game = int(re.search(r"/game/(\d+)/", url).group(1))
    guests = [first]
    for _ in range(3):
        guest = Browser(base)
        guest.post(f"/game/{game}/join/")
        guests.append(guest)
    first.post(f"/game/{game}/start/")
    return game, [g.cookie("sessionid") for g in guests]


# ------------------------------------------------------------------ players


class Table:
    def __init__(self) -> None:
        self.version = 0
        self.pending: dict[int, tuple[float, set[int]]] = {}  # target version -> (sent, seats)
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}

    def seen(self, seat: int, version: int) -> None:
        self.version = max(self.version, version)
        for target in [t for t in self.pending if t <= version]:
            sent, seats = self.pending[target]
            seats.add(seat)
            if len(seats) == 4:
                self.latencies.append(time.perf_counter() - sent)
                del self.pending[target]


def choose(view: dict) -> dict | None:
    legal = view.get("legal_actions") or []
    for kind in ("ready", "pass"):
        for a in legal:
            if a["type"] == kind:
                return a
    discards = [a for a in legal if a["type"] == "discard" and not a.get("call")]
    return discards[0] if discards else (legal[0] if legal else None)


# Players come in a few at a time, as people do: a hundred handshakes in the same instant
# (each one a few database calls on one thread) outlast Daphne's 5 s to accept a socket.
ARRIVING_AT_ONCE = 8
DISTURBED = 0.1  # cores taken by the host during a run (steal) that make it a disturbed one
_arriving: asyncio.Semaphore | None = None  # made in each run's own event loop


async def _connect(url: str, headers: dict[str, str]):
    async with _arriving:
        ws = await websockets.connect(url, additional_headers=headers, max_size=2**22)
        await ws.recv()  # the state frame: this player is in
        return ws


async def player(port: int, game: int, session: str, table: Table, stop: asyncio.Event) -> None:
    headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{port}"}
    ws = await _connect(f"ws://127.0.0.1:{port}/ws/game/{game}/", headers)
    await ws.send('{"type":"sync"}')  # the first state again, now that the loop below reads
    async with ws:
        seat, version, acted = None, -1, -1
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            if frame["type"] == "state":
                seat = frame["seat"]
            if frame["type"] not in ("state", "update") or frame["version"] < version:
                if frame["type"] == "error":
                    table.errors[frame["code"]] = table.errors.get(frame["code"], 0) + 1
                    if os.environ.get("LOAD_SHOW_ERRORS"):
                        print(seat, version, frame, file=sys.stderr)
                    if frame["code"] in ("stale", "rate_limited"):
                        await ws.send('{"type":"sync"}')
                continue
            version = frame["version"]
            table.seen(seat, version)
            view = frame.get("view") or {}
            if frame["status"] != "active" or acted == version:
                continue
            action = choose(view)
            if action is None:
                continue
            acted = version
            if action["type"] == "discard":
                table.pending[version + 1] = (time.perf_counter(), set())
            await ws.send(json.dumps({"type": "action", "action": action, "version": version}))


def machine_seconds() -> tuple[float, float]:
    """CPU time all cores have spent busy so far, and time the host took from this machine's
    cores for others (steal), from Linux /proc/stat."""
    f = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    busy = f[0] + f[1] + f[2] + f[5] + f[6]  # user, nice, system, irq, softirq
    return busy / tick, (f[7] if len(f) > 7 else 0) / tick


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU the server processes have used so far (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


def port_for(ports: list[int], table: int, seat: int, sticky: bool) -> int:
    """Sticky: every socket of a table on one process, as a proxy routing /ws/game/<id>/ by a
    hash of the path does (README, "Scaling out"). Otherwise a table's seats are spread over
    the processes, the worst case for them."""
    return ports[table % len(ports)] if sticky else ports[(table + seat) % len(ports)]


async def run_tables(ports: list[int], pids: list[int], n: int, seconds: float,
                     warmup: float, sticky: bool = True) -> dict:
    global _arriving
    _arriving = asyncio.Semaphore(ARRIVING_AT_ONCE)
    base = f"http://127.0.0.1:{ports[0]}"
    made = await asyncio.gather(*[asyncio.to_thread(make_table, base) for _ in range(n)])
    tables = [Table() for _ in made]
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(
            player(port_for(ports, t, i, sticky), game, session, tables[t], stop)
        )
        for t, (game, sessions) in enumerate(made) for i, session in enumerate(sessions)
    ]
    await asyncio.sleep(warmup)
    start_versions = [t.version for t in tables]
    for t in tables:
        t.latencies.clear()
    started, cpu, own = time.perf_counter(), cpu_seconds(pids), time.process_time()
    busy, steal = machine_seconds()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    cpu, own = cpu_seconds(pids) - cpu, time.process_time() - own
    now_busy, now_steal = machine_seconds()
    busy, steal = now_busy - busy, now_steal - steal
    moves = sum(t.version - v for t, v in zip(tables, start_versions))
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
    return {"n": n, "moves_per_s": moves / elapsed, "lat": latencies, "failures": len(failures),
            "cpu_ms_per_move": cpu * 1000 / moves if moves else float("nan"),
            "cpu_share": cpu / elapsed, "client_share": own / elapsed, "errors": errors,
            "machine": busy / elapsed, "cores": os.cpu_count(), "steal": steal / elapsed,
            "rest_ms_per_move": (busy - cpu - own) * 1000 / moves if moves else float("nan")}


def report(label: str, r: dict) -> None:
    lat = r["lat"]
    print(f"{label} {r['n']:>3} tables: {r['moves_per_s']:8.1f} moves/s   discard to all four "
          f"seats ms p50 {pct(lat, 50):6.1f} p95 {pct(lat, 95):6.1f} p99 {pct(lat, 99):6.1f} "
          f"max {max(lat, default=float('nan')) * 1000:6.1f}   server CPU "
          f"{r['cpu_ms_per_move']:.2f} ms/move, {r['cpu_share']:.0%} of a core, client "
          f"{r['client_share']:.0%}, machine {r['machine']:.2f} of {r['cores']} cores busy "
          f"(+{r['steal']:.2f} taken by the host), "
          f"everything else (database, Redis) {r['rest_ms_per_move']:.2f} ms/move"
          f"   ({len(lat)} discards"
          + (f", {r['failures']} sockets failed" if r["failures"] else "")
          + "".join(f", {n} {code} errors" for code, n in sorted(r["errors"].items()))
          + ")", flush=True)


def measure(env: dict[str, str], processes: int, counts: list[int], args, label: str,
            sticky: bool = True) -> dict:
    servers = Daphnes(env, processes)
    try:
        ports = servers.start()
        out = {}
        for n in counts:
            pids = [p.pid for p in servers.procs]
            out[n] = asyncio.run(run_tables(ports, pids, n, args.seconds, args.warmup, sticky))
            report(label, out[n])
        return out
    finally:
        servers.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,5,25", help="table counts, comma separated")
    parser.add_argument("--seconds", type=float, default=10, help="measured seconds per count")
    parser.add_argument("--warmup", type=float, default=2, help="seconds before measuring")
    parser.add_argument("--scaled", action="store_true",
                        help="also PostgreSQL + Redis with 1 and then 2 Daphne processes")
    parser.add_argument("--rounds", type=int, default=2,
                        help="--scaled: times each PostgreSQL + Redis set-up is measured")
    parser.add_argument("--pg-port", type=int, default=54431)
    parser.add_argument("--redis-port", type=int, default=63831)
    args = parser.parse_args()
    counts = [int(x) for x in args.tables.split(",")]
    headline = 25 if 25 in counts else counts[-1]

    with tempfile.TemporaryDirectory(prefix="mahjong-load-") as tmp:
        env = {"DATABASE_URL": f"sqlite:///{tmp}/load.sqlite3"}
        embedded = measure(env, 1, counts, args, "embedded, 1 Daphne,")

    ratio = None
    if args.scaled:
        services = Services(args.pg_port, args.redis_port)
        try:
            env = services.start()
            services.createdb("mahjong_load")
            # The three set-ups take turns, `--rounds` times, and each is judged by its mean:
            # PostgreSQL's own background work (vacuum, checkpoints) varies from run to run.
            runs: dict[str, list[float]] = {"one": [], "sticky": [], "spread": []}
            for _ in range(args.rounds):
                for key, processes, sticky, label in (
                    ("one", 1, True, "PostgreSQL+Redis, 1 Daphne,"),
                    ("sticky", 2, True, "PostgreSQL+Redis, 2 Daphnes, sticky,"),
                    ("spread", 2, False, "PostgreSQL+Redis, 2 Daphnes, spread,"),
                ):
                    got = measure(env, processes, [headline], args, label, sticky=sticky)
                    runs[key].append((got[headline]["moves_per_s"], got[headline]["steal"]))
            # A run during which the host took a tenth of a core or more from this machine's
            # cores measured the neighbours as much as the servers: left out when a set-up has
            # an undisturbed run.
            mean = {}
            for key, got in runs.items():
                calm = [m for m, steal in got if steal < DISTURBED] or [m for m, _ in got]
                mean[key] = sum(calm) / len(calm)
            print(f"PostgreSQL+Redis at {headline} tables, mean moves/s of the undisturbed runs"
                  f" of {args.rounds} rounds:"
                  f" 1 Daphne {mean['one']:.1f}, 2 sticky {mean['sticky']:.1f},"
                  f" 2 spread {mean['spread']:.1f}")
            ratio = mean["sticky"] / mean["one"]
            spread_ratio = mean["spread"] / mean["one"]
        finally:
            services.stop()

    print(f"moves/s at {headline} tables: {embedded[headline]['moves_per_s']:.1f}")
    print(f"p99 ms at {headline} tables: {pct(embedded[headline]['lat'], 99):.1f}")
    if ratio is not None:
        print(f"scale-out ratio with each table's sockets spread over both: {spread_ratio:.2f}")
    print(f"scale-out ratio: {ratio:.2f}" if ratio is not None
          else "scale-out ratio: n/a (run with --scaled)")


if __name__ == "__main__":
    main()
