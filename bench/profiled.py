"""`python -m mahjong_site.serve` under cProfile, every thread (the event loop's and the database
thread's each get a profiler of their own), the stats written when the server stops.

    PROFILE_OUT=/tmp/serve.prof PYTHONPATH=bench python -m profiled -b 127.0.0.1 -p 8000
    .venv/bin/python -c "import pstats; pstats.Stats('/tmp/serve.prof').sort_stats('tottime').print_stats(30)"

bench/load.py --profile FILE runs its servers this way. PROFILE_CLOCK=cpu times each thread by
its own CPU time (time.thread_time: slower to read, but a thread waiting for the interpreter
lock or the database is not counted as busy); the default is the wall clock.
"""

from __future__ import annotations

import atexit
import cProfile
import os
import pstats
import signal
import sys
import threading
import time

_profiles: list[cProfile.Profile] = []
_lock = threading.Lock()


def _profiler() -> cProfile.Profile:
    if os.environ.get("PROFILE_CLOCK") == "cpu":
        profile = cProfile.Profile(time.thread_time)
    else:
        profile = cProfile.Profile()
    with _lock:
        _profiles.append(profile)
    return profile


def _start_in_thread(*_args) -> None:
    # threading.setprofile's hook runs on a new thread's first event: swap in a profiler.
    sys.setprofile(None)
    _profiler().enable()


def _dump() -> None:
    out = os.environ.get("PROFILE_OUT", "serve.prof")
    stats = None
    with _lock:
        profiles = list(_profiles)
    for profile in profiles:
        try:
            profile.disable()
            profile.create_stats()
        except Exception:
            continue
        if stats is None:
            stats = pstats.Stats(profile)
        else:
            stats.add(profile)
    if stats is not None:
        stats.dump_stats(out)


def main() -> None:
    atexit.register(_dump)
    # Daphne stops its reactor on SIGTERM and returns; exit normally so that atexit runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    threading.setprofile(_start_in_thread)
    _profiler().enable()
    from mahjong_site import serve

    serve.main()


if __name__ == "__main__":
    main()
