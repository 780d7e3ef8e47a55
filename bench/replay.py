"""How long opening a finished game's replay takes on the server, and stepping in the browser.

A four-bot game of four rounds (16+ deals) is saved to a throwaway SQLite database; then:
  - first visit: the engine replays the game once into every step's view (games/engine/replay.py),
    gzipped and cached: paid once per game (per server process with the default local-memory
    cache); the plot and the verification are worked out once too, fetched after the steps;
  - open: the replay page plus its steps, as every later visitor gets them, at a random move
    (the move is in the URL's fragment, so the server's work is the same for every move);
  - for comparison, what rendering one move on the server would cost without the cache:
    replaying the game's actions up to that move;
  - stepping: in Chromium (if installed), the time to draw one step after a key press;
  - a running game watched: a spectator asks for the steps again after each new move (the
    game's moves saved one at a time); the server extends the steps it has rather than
    rebuilding them, measured side by side with the full rebuild it replaced.

Usage: python bench/replay.py [--opens 30] [--seed S] [--no-browser]
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CHROMIUM = "/usr/bin/chromium"


def setup(db_dir: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_dir}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def server_figures(game, opens: int, rng: random.Random) -> None:
    from django.core.cache import cache
    from django.test import Client

    from games.engine.actions import Action
    from games.engine.match import Match
    from games.engine.ruleset import Ruleset
    from games.engine.views import public_view, review_view
    from games.services import matches

    client = Client()
    page = f"/game/{game.pk}/replay/"
    steps = f"/game/{game.pk}/replay/steps.json"
    cache.clear()
    matches.forget_all()
    t = time.perf_counter()
    body = client.get(steps, HTTP_ACCEPT_ENCODING="gzip").content
    build = time.perf_counter() - t
    t = time.perf_counter()
    client.get(page)
    first_page = time.perf_counter() - t  # sent without the plot and the verification
    t = time.perf_counter()
    client.get(f"/game/{game.pk}/replay/extras.json")
    first_extras = time.perf_counter() - t  # the plot and the verification, once per game
    timings = []
    for _ in range(opens):
        deal = rng.randint(1, game.result_deals)
        t = time.perf_counter()
        r1 = client.get(f"{page}#d{deal}m{rng.randint(1, 40)}")
        r2 = client.get(steps, HTTP_ACCEPT_ENCODING="gzip")
        timings.append(time.perf_counter() - t)
        assert r1.status_code == r2.status_code == 200
    actions = [Action.from_json(a) for a in game.moves.order_by("seq").values_list("action",
                                                                                    flat=True)]
    cold = []
    for _ in range(5):
        k = rng.randint(1, len(actions))
        t = time.perf_counter()
        m = Match.new(Ruleset.from_json(game.ruleset), game.seed)
        for a in actions[:k]:
            m.apply(a)
        public_view(m)
        cold.append(time.perf_counter() - t)
    # The other design: the server keeps a snapshot of the Match at each deal's start and, for
    # each request, replays from the nearest one to the move asked for and projects it.
    snapshots, starts = [], []
    m = Match.new(Ruleset.from_json(game.ruleset), game.seed)
    deal_no = None
    for k, a in enumerate(actions):
        if m.deal.number != deal_no:
            deal_no = m.deal.number
            snapshots.append(pickle.dumps(m))
            starts.append(k)
        m.apply(a)
    per_deal = []
    for _ in range(opens):
        d = rng.randrange(len(snapshots))
        end = starts[d + 1] if d + 1 < len(starts) else len(actions)
        k = rng.randint(starts[d], end)
        t = time.perf_counter()
        snap = pickle.loads(snapshots[d])
        for a in actions[starts[d]:k]:
            snap.apply(a)
        review_view(snap) if snap.is_over else public_view(snap)
        per_deal.append(time.perf_counter() - t)
    print(f"game: {game.version} moves, {game.result_deals} deals; steps sent gzipped: "
          f"{len(body) / 1024:.0f} KiB")
    print(f"first visit: steps built (replay every step, gzip, cache) {ms(build)}; page "
          f"{ms(first_page)}; plot + verification fetched after the steps {ms(first_extras)}")
    print(f"open at a random move (page + steps, warm), over {opens} opens: "
          f"median {ms(statistics.median(timings))}, max {ms(max(timings))}")
    print(f"without the cache, replaying to a random move alone costs: median "
          f"{ms(statistics.median(cold))}, max {ms(max(cold))}")
    print(f"alternative, per-deal snapshots on the server: one move from the nearest snapshot "
          f"median {ms(statistics.median(per_deal))}, max {ms(max(per_deal))}, for every step "
          f"({len(b''.join(snapshots)) / 1024:.0f} KiB of snapshots per game)")


def running_figures(game, requests: int) -> None:
    """Server time per steps request of a running game, a move added before each request."""
    import gzip
    import json

    from django.test import Client

    from games.engine.actions import Action
    from games.engine.replay import replay_steps
    from games.engine.ruleset import Ruleset
    from games.models import ACTIVE, Game
    from games.web.pages import running_steps

    running_steps.forget_all()
    total = game.version
    start = total - requests - 1
    Game.objects.filter(pk=game.pk).update(status=ACTIVE, version=start, finished=None)
    steps = f"/game/{game.pk}/replay/steps.json"
    client = Client()
    t = time.perf_counter()
    client.get(steps, HTTP_ACCEPT_ENCODING="gzip")
    first = time.perf_counter() - t
    actions = [Action.from_json(a) for a in game.moves.order_by("seq").values_list("action",
                                                                                    flat=True)]
    ruleset = Ruleset.from_json(game.ruleset)
    now, before = [], []
    for k in range(start + 1, total):
        Game.objects.filter(pk=game.pk).update(version=k)  # one more move made
        t = time.perf_counter()
        r = client.get(steps, HTTP_ACCEPT_ENCODING="gzip")
        now.append(time.perf_counter() - t)
        assert r.status_code == 200 and json.loads(gzip.decompress(r.content))["version"] == k
        # The design it replaced: every request after a move rebuilt the steps from move 1.
        t = time.perf_counter()
        data = replay_steps(ruleset, game.seed, actions[:k], reveal=False)
        gzip.compress(json.dumps(data, separators=(",", ":")).encode(), compresslevel=5)
        before.append(time.perf_counter() - t)
    Game.objects.filter(pk=game.pk).update(status="finished", version=total)
    med_now, med_before = statistics.median(now), statistics.median(before)
    print(f"running game watched, at move ~{start} of {total}, a new move before each of "
          f"{len(now)} steps requests: median {ms(med_now)}, max {ms(max(now))} (first request "
          f"of this process {ms(first)}); rebuilding from move 1 instead: median "
          f"{ms(med_before)}; ratio {med_before / med_now:.1f}x")


def browser_figures(db_dir: str, game_id: int) -> None:
    if not os.path.exists(CHROMIUM):
        print(f"stepping in the browser: skipped ({CHROMIUM} is not installed)")
        return
    import socket
    import urllib.request

    from playwright.sync_api import sync_playwright

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "mahjong_site.asgi:application"],
        cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # ready when it answers; bounded by the deadline
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"])
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            t = time.perf_counter()
            page.goto(f"{base}/game/{game_id}/replay/#d5m20")
            page.wait_for_selector("body[data-replay-ready]", timeout=60_000)
            loaded = time.perf_counter() - t
            per_step = page.evaluate("""async () => {
                const times = [];
                const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
                for (let i = 0; i < 200; i++) {
                  await frame();
                  const t = performance.now();
                  document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight"}));
                  await frame();  // the table is drawn in the frame after the key
                  document.body.offsetHeight;  // and laid out
                  times.push(performance.now() - t);
                }
                times.sort((a, b) => a - b);
                // For scale on a busy machine: an idle frame, and the table's markup set again.
                const root = document.getElementById("table");
                const idle = [], redraw = [];
                for (let i = 0; i < 40; i++) {
                  await frame();
                  let t = performance.now();
                  await frame();
                  idle.push(performance.now() - t);
                  t = performance.now();
                  root.innerHTML = root.innerHTML;
                  await frame();
                  document.body.offsetHeight;
                  redraw.push(performance.now() - t);
                }
                idle.sort((a, b) => a - b);
                redraw.sort((a, b) => a - b);
                return [times[100], times[190], idle[20], redraw[20]];
            }""")
            browser.close()
        print(f"browser: first load to a drawn table {ms(loaded)} (server cache cold for this "
              f"process); one step (key press to the table drawn and laid out, including the wait for "
              f"the next frame): median {per_step[0]:.1f} ms, "
              f"95th percentile {per_step[1]:.1f} ms (for scale: an idle frame {per_step[2]:.1f} ms, "
              f"the table's markup set again {per_step[3]:.1f} ms)")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=30)
    parser.add_argument("--seed", default="bench-replay")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as db_dir:
        setup(db_dir)
        from tests.web.replay_games import saved_game

        game = saved_game(args.seed)
        game.result_deals = len(game.result["deals"])
        assert game.result_deals >= 16, "a game of at least 16 deals"
        server_figures(game, args.opens, random.Random(args.seed))
        running_figures(game, args.opens)
        if not args.no_browser:
            browser_figures(db_dir, game.pk)


if __name__ == "__main__":
    main()
