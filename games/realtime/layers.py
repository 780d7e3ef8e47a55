"""The single-process channel layer (the embedded default, no Redis).

Channels' InMemoryChannelLayer scans every queue and every group for expired entries on each
send and receive, spawns a task per member on each group send and deep-copies every message:
at 25 busy tables that was a tenth of the server's time. This one sweeps at most once a
second and puts a group's message straight onto its members' queues, in order. A channel's
queue also lives on between messages (Channels' is built anew for each receive, and dropped
whenever it runs empty): the sweep drops the queues nobody waits on any more.
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
    _NAMES_KEPT = 65536

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._valid: set[str] = set()  # names already checked (they are checked once)

    def _checked(self, name: str, check) -> None:
        if name not in self._valid:
            check(name)
            if len(self._valid) >= self._NAMES_KEPT:
                self._valid.clear()
            self._valid.add(name)

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        super()._clean_expired()
        for channel, queue in list(self.channels.items()):
            # An empty queue nobody waits on: its socket is gone, or between two messages (its
            # next receive, or the next message for it, makes a new one).
            if queue.empty() and not getattr(queue, "_getters", None):
                del self.channels[channel]

    def has_members(self, group: str) -> bool:
        """Whether any socket is in `group`. This layer holds every channel there is (it serves
        one process), so it knows; asking costs one dict read, safe from another thread."""
        return bool(self.groups.get(group))

    def _queue(self, channel: str) -> asyncio.Queue:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    def _put(self, channel: str, message: dict) -> None:
        self._queue(channel).put_nowait((time.time() + self.expiry, _copy(message)))

    async def receive(self, channel):
        self._checked(channel, self.require_valid_channel_name)
        self._clean_expired()
        _, message = await self._queue(channel).get()
        return message

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        self._checked(channel, self.require_valid_channel_name)
        assert "__asgi_channel__" not in message
        try:
            self._put(channel, message)
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self._checked(group, self.require_valid_group_name)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                self._put(channel, message)
            except asyncio.QueueFull:
                pass  # as channels does: a full channel misses the group message
