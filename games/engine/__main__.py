"""python -m games.engine simulate | score | waits"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = ("simulate", "score", "waits")
    if not argv or argv[0] not in commands:
        print(f"usage: python -m games.engine {{{'|'.join(commands)}}} [options]", file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "simulate":
        from .simulate import main as simulate

        return simulate(rest)
    from . import cli_score

    if command == "score":
        return cli_score.main_score(sys.stdin, sys.stdout)
    return cli_score.main_waits(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
