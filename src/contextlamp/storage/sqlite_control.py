"""SQLite control plane: users and projects in ``<home>/control.db``."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from contextlamp.storage.base import Project
from contextlamp.storage.sqlite import connect, migrate
from contextlamp.text import new_id

CONTROL_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE IF NOT EXISTS users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS projects (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL,
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (owner_id, slug)
    );
    """,
)


def _project(row: sqlite3.Row) -> Project:
    return Project(
        id=row["id"], slug=row["slug"], owner_id=row["owner_id"], name=row["name"], created_at=row["created_at"]
    )


class SqliteControlPlane:
    """A ``ControlPlane`` in one SQLite file; safe across threads and processes (unique indexes decide races)."""

    def __init__(self, path: Path) -> None:
        self._conn = connect(path)
        self._lock = threading.RLock()
        migrate(self._conn, CONTROL_MIGRATIONS)

    def ensure_user(self, name: str, now: int) -> str:
        with self._lock:
            self._conn.execute(
                "INSERT INTO users(id, name, created_at) VALUES (?, ?, ?) ON CONFLICT(name) DO NOTHING",
                (new_id("usr"), name, now),
            )
            return str(self._conn.execute("SELECT id FROM users WHERE name = ?", (name,)).fetchone()["id"])

    def find_project(self, owner_id: str, ref: str) -> Project | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? AND (id = ? OR slug = ?)", (owner_id, ref, ref)
            ).fetchone()
        return _project(row) if row else None

    def create_project(self, owner_id: str, slug: str, now: int) -> Project:
        with self._lock:
            self._conn.execute(
                "INSERT INTO projects(id, slug, owner_id, name, created_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(owner_id, slug) DO NOTHING",
                (new_id("prj"), slug, owner_id, slug, now),
            )
            row = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? AND slug = ?", (owner_id, slug)
            ).fetchone()
        return _project(row)

    def projects(self, owner_id: str) -> list[Project]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? ORDER BY created_at, id", (owner_id,)
            ).fetchall()
        return [_project(row) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()
