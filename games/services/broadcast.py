"""Sending after the commit: frames are serialised once per group inside the transaction and
handed to the channel layer only when the transaction has committed."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games import protocol
from games.models import Game

from . import frames


async def _send_in_order(layer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


def _send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    # One hop to the event loop for all of a change's frames, not one per frame: the database
    # thread waits on the loop once per move.
    async_to_sync(_send_in_order)(layer, messages)


def on_commit_send(messages: list[tuple[str, dict[str, Any]]]) -> None:
    transaction.on_commit(lambda: _send_all(messages))


def _text(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


def change_messages(game: Game, match, events, from_version: int) -> list:
    """One private frame per seat group and one public frame for spectators."""
    out = []
    for seat in range(4):
        frame = frames.update(game, match, events, from_version, seat)
        out.append(
            (protocol.group_for_seat(game.pk, seat),
             {"type": protocol.LAYER_UPDATE, "text": _text(frame)})
        )
    frame = frames.update(game, match, events, from_version, None)
    out.append(
        (protocol.group_for_game(game.pk), {"type": protocol.LAYER_PUBLIC, "text": _text(frame)})
    )
    return out


def presence_message(game: Game, notice: str | None = None) -> tuple[str, dict[str, Any]]:
    """Who sits where; `notice` (protocol.NOTICE_*) when seats changed, not just connections."""
    frame = {
        "type": protocol.S_PRESENCE,
        "game": game.pk,
        "status": game.status,
        "seats": frames.seats_info(game),
        "watching": frames.watching(game),
    }
    return (
        protocol.group_for_game(game.pk),
        {"type": protocol.LAYER_PRESENCE, "text": _text(frame), "notice": notice},
    )


def answered_message(game: Game, seat: int, answer: dict[str, Any]) -> tuple[str, dict]:
    frame = {"type": protocol.S_ANSWERED, "game": game.pk, "version": game.version,
             "answer": answer}
    return (
        protocol.group_for_seat(game.pk, seat),
        {"type": protocol.LAYER_ANSWERED, "text": _text(frame)},
    )
