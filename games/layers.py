"""The single-process channel layer (the embedded default, no Redis).

Channels' InMemoryChannelLayer scans every queue and every group for expired entries on each
send and receive, spawns a task per member on each group send and deep-copies every message:
at 25 busy tables that was a tenth of the server's time. This one sweeps at most once a
second and puts a group's message straight onto its members' queues, in order.
"""

from __future__ import annotations

import asyncio
import time
from copy import deepcopy

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

_FLAT = (str, int, float, bool, type(None))
SWEEP_SECONDS = 1.0


def _copy(message: dict) -> dict:
    # Our frames are flat dicts of strings: a shallow copy keeps receivers apart just as well.
    if all(isinstance(v, _FLAT) for v in message.values()):
        return dict(message)
    return deepcopy(message)


class LocalChannelLayer(InMemoryChannelLayer):
    _swept = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        super()._clean_expired()

    def _put(self, channel: str, message: dict) -> None:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        queue.put_nowait((time.time() + self.expiry, _copy(message)))

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        try:
            self._put(channel, message)
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                self._put(channel, message)
            except asyncio.QueueFull:
                pass  # as channels does: a full channel misses the group message
