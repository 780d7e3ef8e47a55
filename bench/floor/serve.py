"""Serve the floor as mahjong_site.serve serves the site: Daphne, the same WebSocket caps and
switch interval.

    PYTHONPATH=<repo> python -m floor.serve -b 127.0.0.1 -p 8100     (from bench/)
"""

from __future__ import annotations

import os
import sys

CAP = str(4096 * 16)  # mahjong_site.serve's hard cap at the default frame limit


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "floor.settings")
    import django

    django.setup()
    from daphne.cli import CommandLineInterface

    sys.setswitchinterval(float(os.environ.get("MAHJONG_SWITCH_INTERVAL", "0.0005")))
    args = [*sys.argv[1:], "--websocket-max-message-size", CAP, "--websocket-max-frame-size", CAP]
    CommandLineInterface().run([*args, "floor.app:application"])


if __name__ == "__main__":
    main()
