"""A change's frames are built only for the groups someone is in, when the channel layer can
tell (broadcast.change_messages(heard_only=True)): a bot's seat and a table nobody watches cost
no view and no encoding. The in-process layer holds every socket there is, so it knows; over
Redis another process may hold some, and every frame is built."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.engine import bots
from games.realtime import protocol
from games.services import broadcast, matches
from tests.web.live import make_table

pytestmark = pytest.mark.django_db


def _moved(game):
    match = matches.match_for(game)
    seat = match.waiting_on()[0]
    before = match.version
    events = match.apply(bots.choose(match, seat, "greedy"))
    game.version = match.version
    return match, events, before


def test_frames_go_only_to_groups_with_a_socket_when_the_layer_knows():
    layer = get_channel_layer()
    if not hasattr(layer, "has_members"):
        pytest.skip("this channel layer cannot tell who listens (Redis): every frame is built")
    game = make_table([], bots=4, seed="unheard")
    match, events, before = _moved(game)
    everyone = broadcast.change_messages(game, match, events, before)
    assert [group for group, _ in everyone] == [
        *(protocol.group_for_seat(game.pk, s) for s in range(4)),
        protocol.group_for_spectators(game.pk),
    ]
    # Nobody at the table or watching it: nothing to build.
    assert broadcast.change_messages(game, match, events, before, heard_only=True) == []
    seat_two = protocol.group_for_seat(game.pk, 2)
    watching = protocol.group_for_spectators(game.pk)
    channel = async_to_sync(layer.new_channel)()
    spectator = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(seat_two, channel)
    async_to_sync(layer.group_add)(watching, spectator)
    try:
        heard = broadcast.change_messages(game, match, events, before, heard_only=True)
        assert [group for group, _ in heard] == [seat_two, watching]
        # The same frames as when every one is built.
        assert heard == [m for m in everyone if m[0] in (seat_two, watching)]
        assert json.loads(heard[0][1]["text"])["view"]["viewer"] == 2
    finally:
        async_to_sync(layer.group_discard)(seat_two, channel)
        async_to_sync(layer.group_discard)(watching, spectator)
    assert broadcast.heard(seat_two) is False
