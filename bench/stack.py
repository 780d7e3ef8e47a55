"""What the live-table benchmarks share: a server started the way `make run` starts it, from
this tree or from another revision checked out beside it, on a fresh database; tables made
through the real HTTP flow; CPU read from Linux /proc; percentiles.

    tree = stack.worktree("f8f3db7")      # another revision, checked out under /tmp once
    server = stack.Server(tree, env)       # python -m mahjong_site.serve, that tree's code
"""

from __future__ import annotations

import http.cookiejar
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

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------ trees


def worktree(rev: str) -> Path:
    """`rev` checked out (detached) under /tmp, beside this one: `git worktree add` the first
    time, reused afterwards. Run with this tree's virtualenv (a superset of an older tree's
    requirements, as a rule)."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout.strip()
    path = Path(tempfile.gettempdir()) / f"mahjong-bench-{sha[:12]}"
    if not (path / "manage.py").exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(path), sha], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return path


def tree(name: str) -> Path:
    """A folder holding a tree, as given, else a revision checked out by worktree()."""
    return Path(name).resolve() if Path(name).is_dir() else worktree(name)


def describe(tree: Path) -> str:
    """A tree's short commit, marked `+changes` when its working copy differs from it."""
    sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree,
                         capture_output=True, text=True).stdout.strip()
    if not (tree / ".git").exists():
        return f"{tree.name}, no commit of its own"
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=tree,
                           capture_output=True, text=True).stdout.strip()
    return f"{sha}{' +changes' if dirty else ''}"


# ------------------------------------------------------------------ servers

# Every server the benchmarks start has these, whatever else a benchmark sets.
BASE_ENV = {
    "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "load-bench",
    # Every client here is 127.0.0.1: no per-address bound (games/access/limits.py).
    "MAHJONG_LIMITS": "connects=1000000/60,tables=1000000/60,guests=1000000/60,"
                      "queue-join=1000000/60",
}


def server_env(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAHJONG_", "DJANGO_"))}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    return {**env, **BASE_ENV, **extra}


def migrate(tree: Path, env: dict[str, str]) -> None:
    subprocess.run([PY, "manage.py", "migrate", "--noinput"], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL)


class SqliteTemplate:
    """A tree's schema migrated once into a file; each run starts from a fresh copy of it."""

    def __init__(self, tree: Path, env: dict[str, str]):
        self.dir = Path(tempfile.mkdtemp(prefix="mahjong-bench-db-"))
        self.template = self.dir / "template.sqlite3"
        migrate(tree, {**env, "DATABASE_URL": f"sqlite:///{self.template}"})
        self.count = 0

    def fresh(self) -> str:
        self.count += 1
        path = self.dir / f"run{self.count}.sqlite3"
        shutil.copyfile(self.template, path)
        return f"sqlite:///{path}"

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


class Server:
    """`python -m mahjong_site.serve` of `tree` on a free port (or `command`, a module run the
    same way, e.g. the framework floor)."""

    def __init__(self, tree: Path, env: dict[str, str], module: str = "mahjong_site.serve",
                 quiet: bool = True):
        self.tree, self.env, self.module, self.quiet = tree, env, module, quiet
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.proc.pid

    def start(self, ready_path: str = "/") -> Server:
        out = subprocess.DEVNULL if self.quiet else None
        self.proc = subprocess.Popen(
            [PY, "-m", self.module, "-b", "127.0.0.1", "-p", str(self.port)],
            cwd=self.tree, env=self.env, stdout=out, stderr=out)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.base + ready_path, timeout=5).read()
                return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the server in {self.tree} on port {self.port} did not "
                                     "start") from None
                time.sleep(0.2)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            for pid in descendants(self.proc.pid):
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass
            self.proc.kill()
            self.proc.wait()


# ------------------------------------------------------------------ HTTP flow


class Browser:
    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def get(self, path: str) -> str:
        return self.opener.open(self.base + path, timeout=60).geturl()

    def post(self, path: str, data: dict[str, str] | None = None) -> str:
        if not any(c.name == "csrftoken" for c in self.jar):
            self.get("/lobby/")
        body = urllib.parse.urlencode({**(data or {}),
                                       "csrfmiddlewaretoken": self.cookie("csrftoken")}).encode()
        return self.opener.open(self.base + path, body, timeout=60).geturl()


def game_of(url: str) -> int:
    return int(re.search(r"/game/(\d+)/", url).group(1))


def make_table(base: str) -> tuple[int, list[str]]:
    """Four guests: one opens a table with the other seats open, three join, the first starts.
    Returns the game and the four session cookies."""
    first = Browser(base)
    game = game_of(first.post("/game/new/", {"ruleset": "chinese-classical", "seat_2": "open",
                                             "seat_3": "open", "seat_4": "open",
                                             "claim_seconds": "8"}))
    guests = [first]
    for _ in range(3):
        guest = Browser(base)
        guest.post(f"/game/{game}/join/")
        guests.append(guest)
    first.post(f"/game/{game}/start/")
    return game, [g.cookie("sessionid") for g in guests]


def make_bot_table(base: str, level: str) -> tuple[int, str]:
    """One guest and three bots of `level`, as the lobby's form makes it (dealt at once; an
    older tree that waits for Start is started). Returns the game and the guest's session."""
    guest = Browser(base)
    bots = {f"seat_{n}": level for n in (2, 3, 4)}
    game = game_of(guest.post("/game/new/", {"ruleset": "chinese-classical",
                                             "claim_seconds": "8", **bots}))
    try:
        guest.post(f"/game/{game}/start/")
    except OSError:
        pass  # dealt already
    return game, guest.cookie("sessionid")


def guest_session(base: str) -> str:
    guest = Browser(base)
    guest.get("/lobby/")
    guest.post("/game/new/", {"ruleset": "chinese-classical", "seat_2": "open",
                              "seat_3": "open", "seat_4": "open", "claim_seconds": "8"})
    return guest.cookie("sessionid")


# Four-bot tables are made by the tree's own service door before its server starts (the lobby
# seats the person who opens a table): the ticker finds them due when it starts.
FOUR_BOTS = """
from games import services
for _ in range({count}):
    game = services.create_game(None, "chinese-classical", claim_seconds=8)
    for _ in range(4):
        services.add_bot(game.pk, "{level}")
    services.start_game(game.pk)
    print("game", game.pk)
"""


def make_four_bot_tables(tree: Path, env: dict[str, str], level: str, count: int) -> list[int]:
    if count <= 0:
        return []
    out = subprocess.run(
        [PY, "manage.py", "shell", "-c", FOUR_BOTS.format(count=count, level=level)],
        cwd=tree, env=env, check=True, capture_output=True, text=True).stdout
    return [int(line.split()[1]) for line in out.splitlines() if line.startswith("game ")]


def choose(view: dict) -> dict | None:
    """The benchmarks' scripted person: ready, pass, else discard the first legal tile."""
    legal = view.get("legal_actions") or []
    for kind in ("ready", "pass"):
        for a in legal:
            if a["type"] == kind:
                return a
    discards = [a for a in legal if a["type"] == "discard" and not a.get("call")]
    return discards[0] if discards else (legal[0] if legal else None)


# ------------------------------------------------------------------ /proc


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (its workers and theirs)."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                parent[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        found += kids
        frontier += kids
    return found


TICK = os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU seconds of a server process itself, and of its children (live ones, and those it
    reaped meanwhile), between start() and stop()."""

    def __init__(self, pid: int):
        self.pid = pid

    def _read(self) -> tuple[float, dict[int, float], float]:
        fields = _stat(self.pid)
        if fields is None:
            return float("nan"), {}, float("nan")
        own = (int(fields[11]) + int(fields[12])) / TICK
        reaped = (int(fields[13]) + int(fields[14])) / TICK
        kids = {}
        for kid in descendants(self.pid):
            f = _stat(kid)
            if f is not None:
                kids[kid] = (int(f[11]) + int(f[12])) / TICK
        return own, kids, reaped

    def start(self) -> None:
        self.at = time.perf_counter()
        self.own0, self.kids0, self.reaped0 = self._read()

    def stop(self) -> tuple[float, float, float]:
        """(seconds elapsed, server CPU seconds, children's CPU seconds)."""
        own, kids, reaped = self._read()
        children = reaped - self.reaped0
        for kid, cpu in kids.items():
            children += cpu - self.kids0.get(kid, 0.0)
        return time.perf_counter() - self.at, own - self.own0, children


def machine_seconds() -> tuple[float, float]:
    """CPU time all cores have spent busy so far, and time the host took from this machine's
    cores for others (steal), from Linux /proc/stat."""
    f = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    busy = f[0] + f[1] + f[2] + f[5] + f[6]  # user, nice, system, irq, softirq
    return busy / TICK, (f[7] if len(f) > 7 else 0) / TICK


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def pct(values: list[float], p: float) -> float:
    """The p-th percentile of `values` (seconds), in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000
