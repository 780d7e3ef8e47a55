"""`manage.py shell -c CODE` for the tests that prepare a served site's database, without starting
Django afresh each time (about a second of CPU a call): one process per environment sets Django
up once, then forks a child for each call, which runs the shell command exactly as manage.py
would and exits. A child starts from the set-up state with no database connection and no cache
of its own, so calls are as independent as separate processes.

    run_shell(env, code) -> (returncode, stdout, stderr)
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_lock = threading.Lock()
_parents: dict[tuple, subprocess.Popen] = {}


def _parent(env: dict) -> subprocess.Popen:
    key = tuple(sorted(env.items()))
    proc = _parents.get(key)
    if proc is None or proc.poll() is not None:
        proc = subprocess.Popen([sys.executable, str(Path(__file__)), "--serve"], cwd=ROOT,
                                env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        _parents[key] = proc
    return proc


def run_shell(env: dict, code: str) -> tuple[int, str, str]:
    with _lock:
        proc = _parent(env)
        proc.stdin.write(json.dumps({"code": code}) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
    if not line:
        raise RuntimeError(f"the shell process ended ({proc.poll()})")
    answer = json.loads(line)
    return answer["rc"], answer["out"], answer["err"]


@atexit.register
def _stop() -> None:
    for proc in _parents.values():
        if proc.poll() is None:
            proc.stdin.close()  # it ends on end of input
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _child(code: str, out_path: str, err_path: str) -> None:
    out = os.open(out_path, os.O_WRONLY)
    err = os.open(err_path, os.O_WRONLY)
    os.dup2(out, 1)
    os.dup2(err, 2)
    sys.stdout = open(1, "w", closefd=False)
    sys.stderr = open(2, "w", closefd=False)
    status = 0
    try:
        from django.core.management import call_command

        call_command("shell", command=code)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _serve() -> None:
    import tempfile

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    import django

    django.setup()
    # What most calls use, imported once here rather than in every child.
    from django.core.management.commands import shell  # noqa: F401

    import games.services  # noqa: F401

    answers = sys.stdout
    for line in sys.stdin:
        code = json.loads(line)["code"]
        with tempfile.NamedTemporaryFile() as out, tempfile.NamedTemporaryFile() as err:
            pid = os.fork()
            if pid == 0:
                _child(code, out.name, err.name)
            _, status = os.waitpid(pid, 0)
            rc = os.waitstatus_to_exitcode(status)
            answers.write(json.dumps({
                "rc": rc,
                "out": Path(out.name).read_text(errors="replace"),
                "err": Path(err.name).read_text(errors="replace"),
            }) + "\n")
            answers.flush()


if __name__ == "__main__" and sys.argv[1:] == ["--serve"]:
    _serve()
