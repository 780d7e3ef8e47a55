"""Serve the site with Daphne, its WebSocket limits agreeing with ours.

    python -m mahjong_site.serve -b 127.0.0.1 -p 8000   (any other Daphne option may follow)

Our consumer answers a frame over MAHJONG_MAX_FRAME_BYTES with `too_large` and keeps the socket.
Daphne must let such frames through to be answered, so its own cap is set a good way above
ours (HARD_CAP_FACTOR times); a frame above even that is answered `too_large` by the protocol
itself, just before it closes the socket with 1009 (message too big).
"""

from __future__ import annotations

import json
import os
import sys

HARD_CAP_FACTOR = 16


def hard_cap() -> int:
    from games import conf

    return conf.get("GAMES_MAX_FRAME_BYTES") * HARD_CAP_FACTOR


def _install_guarded_protocol() -> None:
    from daphne import ws_protocol

    from games.realtime import protocol

    frame = json.dumps(
        protocol.error(protocol.E_TOO_LARGE, "That message is too large; closing.")
    ).encode()

    class GuardedProtocol(ws_protocol.WebSocketProtocol):
        def _max_message_size_exceeded(self, msg_size, max_msg_size, reason):
            if self.state == self.STATE_OPEN:
                self.sendMessage(frame, isBinary=False)
                # Close with the handshake (1009) rather than dropping the TCP connection,
                # which would discard the answer just queued.
                self.failByDrop = False
            super()._max_message_size_exceeded(msg_size, max_msg_size, reason)

    ws_protocol.WebSocketFactory.protocol = GuardedProtocol


def main(argv: list[str] | None = None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    import django

    django.setup()
    from daphne.cli import CommandLineInterface

    _install_guarded_protocol()
    from games.realtime import timers

    timers.start_with_server()  # the reactor exists only now, after daphne.cli's import
    from twisted.internet import reactor

    from mahjong_site import pages

    reactor.callWhenRunning(pages.start)
    reactor.addSystemEventTrigger("before", "shutdown", pages.shutdown)
    # The database thread gives up the interpreter lock on every round trip to the database and
    # then waited up to the default 5 ms for the event loop to hand it back, per statement: on
    # PostgreSQL one process made 1.3-1.6x the moves with a tenth of that.
    from django.conf import settings

    sys.setswitchinterval(settings.GAMES_SWITCH_INTERVAL)
    cap = str(hard_cap())
    args = list(sys.argv[1:] if argv is None else argv)
    args += ["--websocket-max-message-size", cap, "--websocket-max-frame-size", cap]
    CommandLineInterface().run([*args, "mahjong_site.served:application"])


if __name__ == "__main__":
    main()
