"""The control plane's ``Executor`` on PostgreSQL: the pool of the stores' database (the tables are created by
its migration 1), ``?`` placeholders turned into psycopg's ``%s``."""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from contextlamp.storage.postgres.pool import PostgresDatabase, map_errors


class PostgresExecutor:
    """The control plane's ``Executor`` on the pool of a ``PostgresDatabase`` (``?`` becomes ``%s``)."""

    def __init__(self, db: PostgresDatabase, conn: psycopg.Connection[Any] | None = None) -> None:
        self._db = db
        self._conn = conn

    @staticmethod
    def _sql(sql: str) -> Any:
        return sql.replace("?", "%s")

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        if self._conn is not None:
            return self._execute(self._conn, sql, params).fetchall()
        with map_errors(), self._db.pool.connection() as conn:
            return self._execute(conn, sql, params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        if self._conn is not None:
            return self._execute(self._conn, sql, params).rowcount
        with map_errors(), self._db.pool.connection() as conn:
            return self._execute(conn, sql, params).rowcount

    def _execute(self, conn: psycopg.Connection[Any], sql: str, params: Sequence[Any]) -> psycopg.Cursor[Any]:
        with map_errors():
            return conn.execute(self._sql(sql), params)

    @contextmanager
    def transaction(self) -> Generator[PostgresExecutor]:
        with self._db.transaction() as conn:
            yield PostgresExecutor(self._db, conn)

    def scrub(self) -> None:
        """Nothing to do from a session: deleted tuples are reclaimed by (auto)vacuum (docs/postgres.md)."""

    def close(self) -> None:
        """The pool belongs to the database; nothing to release here."""
