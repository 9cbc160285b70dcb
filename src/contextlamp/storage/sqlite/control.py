"""The control plane's ``Executor`` on SQLite: one file (``<home>/control.db``), its own numbered migrations
(the tables of ``shared/control_schema.py``: 1 users and projects, 2 tokens and identities, 3 teams, 4 the
repository paths of projects, 5 OAuth and web sign-in, 6 imported source keys, 7 repository identities of
projects)."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Generator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from contextlamp.storage.shared.control_schema import (
    control_tables,
    imported_table,
    oauth_tables,
    project_paths_table,
    repository_projects_table,
)
from contextlamp.storage.sqlite.connection import connect, immediate, map_errors, migrate

SQLITE_MIGRATIONS: tuple[str, ...] = (
    *control_tables("INTEGER"),
    project_paths_table("INTEGER"),
    oauth_tables("INTEGER"),
    imported_table("INTEGER"),
    repository_projects_table("INTEGER"),
)


class SqliteExecutor:
    """The control plane's ``Executor`` over one SQLite file (WAL, busy timeout; ``connect``), serialised by a
    lock. Statements use ``?`` placeholders, SQLite's own.

    Raises (constructor):
        StorageError: the file cannot be opened.
    """

    def __init__(self, path: Path) -> None:
        self._conn = connect(path)
        self._lock = threading.RLock()
        migrate(self._conn, SQLITE_MIGRATIONS)

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        """Every row of a query, as dicts."""
        with self._lock, map_errors("The control plane"):
            return [dict(row) for row in self._conn.execute(sql, params).fetchall()]

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed. Raises ``ConflictError`` on a unique violation."""
        with self._lock, map_errors("The control plane"):
            return self._conn.execute(sql, params).rowcount

    @contextmanager
    def transaction(self) -> Generator[SqliteExecutor]:
        """This executor inside one ``BEGIN IMMEDIATE`` transaction (committed together, or not at all)."""
        with self._lock, map_errors("The control plane"), immediate(self._conn):
            yield self

    def scrub(self) -> None:
        """Checkpoint the WAL so deleted rows leave no old page image in it; a reader elsewhere may hold a
        snapshot, and then the next checkpoint does it."""
        with self._lock, contextlib.suppress(sqlite3.OperationalError):
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()
