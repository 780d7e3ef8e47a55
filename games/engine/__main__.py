"""python -m games.engine simulate | score | waits | verify RECORD.json"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = ("simulate", "score", "waits", "verify")
    if not argv or argv[0] not in commands:
        print(f"usage: python -m games.engine {{{'|'.join(commands)}}} [options]", file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "simulate":
        from .simulate import main as simulate

        return simulate(rest)
    if command == "verify":
        return verify(rest)
    from . import cli_score

    if command == "score":
        return cli_score.main_score(sys.stdin, sys.stdout)
    return cli_score.main_waits(sys.stdin, sys.stdout)


def verify(paths: list[str]) -> int:
    """Replay each record and check its commitment and results: 0 if all hold, 1 otherwise.
    A malformed record is answered with its reason, never a traceback."""
    from .record import MAX_RECORD_BYTES, verify_json

    if not paths:
        print("usage: python -m games.engine verify RECORD.json [...]", file=sys.stderr)
        return 2
    if hasattr(sys.stdout, "reconfigure"):  # a name the terminal cannot show is escaped
        sys.stdout.reconfigure(errors="backslashreplace")
    failed = 0
    for path in paths:
        try:
            with open(path, "rb") as f:
                text = f.read(MAX_RECORD_BYTES + 1)  # one byte over is enough to refuse
        except OSError as e:
            print(f"{path}: refused: cannot read the file ({e.strerror})")
            failed += 1
            continue
        result, _ = verify_json(text)
        if result.ok:
            m = result.match
            places = ", ".join(f"seat {s.seat}: {s.points} (#{s.place})" for s in m.standings())
            print(f"{path}: {result.message}")
            print(f"  {len(m.actions)} actions, {len(m.history)} deals; {places}")
        else:
            print(f"{path}: {result.message}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
