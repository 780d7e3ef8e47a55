"""The two statements every applied move costs, built once and reused: the moves' INSERT and the
game row's UPDATE (services/play.py takes the row's lock first)."""

from __future__ import annotations

from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, connections

from games.models import Game, Move

_SAVED_ON_CHANGE = [
    "version", "changed_at", "status", "finished", "result", "due_at", "pending", "bank_used",
]
_save_sql: dict[str, str] = {}
_insert_sql: dict[tuple[str, int], str] = {}


_MOVE_COLUMNS = ("game", "seq", "seat", "action", "created")
_SAVED_FIELDS = [Game._meta.get_field(name) for name in _SAVED_ON_CHANGE]
_MOVE_ACTION_FIELD = Move._meta.get_field("action")
_MOVE_CREATED_FIELD = Move._meta.get_field("created")


def insert_moves(game_id: int, moves: list[tuple[int, int, dict]], now: datetime) -> None:
    """Move.objects.bulk_create(...) as one INSERT whose SQL is built once per row count, from
    plain tuples (the ids are not read back: nothing here uses them)."""
    conn = connections[DEFAULT_DB_ALIAS]  # once: `connection` looks the thread's up each time
    sql = _insert_statement(conn, len(moves))
    action_field = _MOVE_ACTION_FIELD
    created = _MOVE_CREATED_FIELD.get_db_prep_save(now, conn)
    params: list = []
    for seq, seat, action in moves:
        params += (game_id, seq, seat, action_field.get_db_prep_save(action, conn), created)
    with conn.cursor() as cursor:
        cursor.execute(sql, params)


def _insert_statement(conn, rows: int) -> str:
    """The moves' INSERT of `rows` rows for this database, built once."""
    key = (conn.vendor, rows)
    sql = _insert_sql.get(key)
    if sql is None:
        qn = conn.ops.quote_name
        columns = ", ".join(qn(Move._meta.get_field(name).column) for name in _MOVE_COLUMNS)
        row = "(" + ", ".join(["%s"] * len(_MOVE_COLUMNS)) + ")"
        sql = _insert_sql[key] = (
            f"INSERT INTO {qn(Move._meta.db_table)} ({columns})"
            f" VALUES {', '.join([row] * rows)}"
        )
    return sql


def prepare_moves(moves: list[tuple[int, int, dict, datetime]]) -> list[tuple]:
    """A whole game's moves (seq, seat, action, time) as the rows insert_prepared writes, made
    before the transaction that writes them: an import keeps the write lock only while SQLite
    stores rows, not while Python builds them (a table's move waits on that lock)."""
    conn = connections[DEFAULT_DB_ALIAS]
    action, created = _MOVE_ACTION_FIELD, _MOVE_CREATED_FIELD
    return [(seq, seat, action.get_db_prep_save(a, conn), created.get_db_prep_save(t, conn))
            for seq, seat, a, t in moves]


def insert_prepared(game_id: int, rows: list[tuple]) -> None:
    """The rows of prepare_moves inserted for `game_id`, one statement run for each row."""
    conn = connections[DEFAULT_DB_ALIAS]
    with conn.cursor() as cursor:
        cursor.executemany(_insert_statement(conn, 1), [(game_id, *row) for row in rows])


def save_changed(game: Game) -> None:
    """game.save(update_fields=_SAVED_ON_CHANGE) as one UPDATE whose SQL is built once (Game
    has no save signals or save() override to skip)."""
    conn = connections[DEFAULT_DB_ALIAS]
    fields = _SAVED_FIELDS
    sql = _save_sql.get(conn.vendor)
    if sql is None:
        qn = conn.ops.quote_name
        sets = ", ".join(f"{qn(f.column)} = %s" for f in fields)
        sql = _save_sql[conn.vendor] = (
            f"UPDATE {qn(Game._meta.db_table)} SET {sets} WHERE {qn(Game._meta.pk.column)} = %s"
        )
    params = [f.get_db_prep_save(getattr(game, f.attname), conn) for f in fields]
    with conn.cursor() as cursor:
        cursor.execute(sql, [*params, game.pk])
