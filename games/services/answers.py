"""Claim answers held in one statement: three of every four messages at a busy table.

An answer to an open claim window changes nothing anyone else sees until the window closes, so
it need not replay, lock and rewrite the game: one UPDATE adds it to the row's `pending`, on
condition that the game is still at the version the answer was made for and the seat has not
answered yet, and returns what is held. What this process read without the row is checked by
the same condition: the cached Match's rules version and, for a player's answer, the version of
the seats that showed the seat theirs (`seats_version`), so a seat handed to a bot or a ruleset
changed by another process sends the answer down the locked path. The row is locked (with the
usual transaction) only to close the window, by whoever gives the last answer (it closes then,
or at its minimum: schedule.window_closes). Anything unusual (no cached Match at that version, a
deadline passed, an answer refused by the condition) takes the locked path, which gives the
precise answer or error.

The statement is atomic on the row in both databases, so it composes with the locked path of
another process: SQLite runs it after (or before) a whole transaction, and PostgreSQL re-checks
its condition against a row another transaction changed meanwhile.
"""

from __future__ import annotations

import json
import threading
from datetime import datetime
from typing import Any

from django.db import connection

from games.models import ACTIVE, Game

from . import broadcast, matches
from .frames import WINDOW_PHASES
from .gamerow import parse_action

# game id -> (version, deadline) of a window this process opened; only a hint: the row decides.
_windows: dict[int, tuple[int, datetime]] = {}
_windows_lock = threading.Lock()
_MAX_WINDOWS = 4096


def window_opened(game_id: int, version: int, deadline: datetime | None) -> None:
    with _windows_lock:
        if deadline is None:
            _windows.pop(game_id, None)
            return
        if len(_windows) >= _MAX_WINDOWS:
            _windows.clear()
        _windows[game_id] = (version, deadline)


def _sql(seats_checked: bool) -> str:
    table = connection.ops.quote_name(Game._meta.db_table)
    seats = " AND seats_version = %s" if seats_checked else ""
    if connection.vendor == "postgresql":
        return (
            f"UPDATE {table} SET pending = jsonb_set(pending, ARRAY[%s], %s::jsonb)"
            " WHERE id = %s AND version = %s AND status = %s AND pending -> %s IS NULL"
            f" AND rules_version = %s{seats} RETURNING pending"
        )
    return (
        f"UPDATE {table} SET pending = json_set(pending, '$.\"' || %s || '\"', json(%s))"
        " WHERE id = %s AND version = %s AND status = %s"
        " AND json_extract(pending, '$.\"' || %s || '\"') IS NULL"
        f" AND rules_version = %s{seats} RETURNING pending"
    )


_sql_by_vendor: dict[tuple[str, bool], str] = {}


def _store(
    game_id: int, version: int, seat: int, answer: dict[str, Any], rules_version: int,
    seats_version: int | None,
) -> dict | None:
    """The row's held answers with this one added, or None if the condition refused it."""
    key = (connection.vendor, seats_version is not None)
    sql = _sql_by_vendor.get(key)
    if sql is None:
        sql = _sql_by_vendor[key] = _sql(seats_version is not None)
    pos = str(seat)
    params = [pos, json.dumps(answer), game_id, version, ACTIVE, pos, rules_version]
    if seats_version is not None:
        params.append(seats_version)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    return json.loads(row[0]) if isinstance(row[0], str | bytes) else row[0]


HELD, LAST = "held", "last"


def hold(
    game_id: int, seat: int, action_json: Any, version: int, now: datetime,
    seats_version: int | None = None,
) -> str | None:
    """Hold a legal answer to the window open at `version` without a lock. `seats_version`:
    the version of the seats that showed this seat the sender's (None: a bot's, a timer's or an
    organiser's answer, for the seat itself). Returns HELD (others still owe answers), LAST
    (every answer is held: the caller closes the window when it is due), or None when the
    locked path must decide (and explain any refusal)."""
    window = _windows.get(game_id)
    if window is None or window[0] != version or now >= window[1]:
        return None
    cached = matches.cached_at(game_id, version)
    if cached is None:
        return None
    match, rules_version = cached
    if match.phase not in WINDOW_PHASES:
        return None
    try:
        action = parse_action(action_json, seat)
    except Exception:
        return None
    if seat not in match.waiting_on() or action not in match.legal_actions(seat):
        return None
    answer = action.to_json()
    pending = _store(game_id, version, seat, answer, rules_version, seats_version)
    if pending is None:
        return None
    if all(str(p) in pending for p in match.waiting_on()):
        return LAST
    broadcast.send_all([broadcast.answered_message_for(game_id, version, seat, answer)])
    return HELD
