"""Read-only look-ups over a SQLite data directory, without the application, the backends or pydantic: what a
session start needs to show its context (docs/hooks.md, issue #29.13) in the time of a process start.

A session start that built the whole application spent about 1.2 s importing it (pydantic settings, the
service's composition, the MCP SDK) for about 0.15 s of reading, and twelve of them at once beside the capture
workers missed their 5 s deadline. This module reads the same rows the service reads, through read-only
connections (``mode=ro``: nothing is created or written, no lock is taken that a writer waits for; in WAL mode
a reader never waits for a writer, SQLite docs wal.html), and answers ``None`` wherever the service would have
written something first (a user seen for the first time, a repository not mapped yet): the caller then goes
through the service. Nothing is cached: every call reads the files as they are, so a forgotten memory is gone.

Rows are the service's: entries of a store newest first (``created_at``, then ``id``, both descending), those
superseded or expired left out (``SqliteStore.list_page`` with ``include_superseded=False``); session digests
newest first with their learnings in order (``SqliteSessions.sessions``). ``tests/test_hooks_start.py`` holds
the context built from these rows equal to the one built through the service.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from contextlamp.text import is_id

READ_TIMEOUT_S = 2.0  # a WAL reader waits only while another connection recovers or removes the WAL


@dataclass(frozen=True)
class EntryRow:
    """One live entry as a list shows it: ``id``, ``kind``, ``memory_type``, ``content`` (whole), ``created_at``
    (ms since the Unix epoch)."""

    id: str
    kind: str
    memory_type: str
    content: str
    created_at: int


@dataclass(frozen=True)
class DigestRow:
    """One session digest: ``id``, ``label``, ``summary``, ``source_surface``, ``created_at`` (ms) and
    ``learnings``, its ``(store_id, entry_id)`` refs in order."""

    id: str
    label: str
    summary: str
    source_surface: str
    created_at: int
    learnings: tuple[tuple[str, str], ...]


class ReadOnlyHome:
    """The SQLite data directory ``home`` (``control.db``, ``stores/<store id>.db``) opened read-only.

    Every method raises ``sqlite3.Error`` when a file cannot be read as expected (locked past
    ``READ_TIMEOUT_S``, an older or foreign schema, not a database); the caller then uses the service, which
    opens, migrates or reports it. A store file that does not exist holds nothing. Use as a context manager,
    or call ``close``."""

    def __init__(self, home: Path, timeout_s: float = READ_TIMEOUT_S) -> None:
        self.home = home
        self._timeout = timeout_s
        self._open: dict[str, sqlite3.Connection] = {}

    def __enter__(self) -> ReadOnlyHome:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every connection this reader opened."""
        for conn in self._open.values():
            conn.close()
        self._open.clear()

    def _conn(self, name: str, path: Path) -> sqlite3.Connection | None:
        found = self._open.get(name)
        if found is not None:
            return found
        if not path.is_file():
            return None
        conn = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=self._timeout, check_same_thread=False
        )
        self._open[name] = conn
        return conn

    def _control(self) -> sqlite3.Connection | None:
        return self._conn("control", self.home / "control.db")

    def _store(self, store_id: str) -> sqlite3.Connection | None:
        if not is_id(store_id, "usr", "prj", "team"):  # ids name files: nothing else may reach the path
            raise sqlite3.DatabaseError("not a store id")
        return self._conn(store_id, self.home / "stores" / f"{store_id}.db")

    def user_id(self, name: str) -> str | None:
        """The id of the user named ``name``, None when there is none yet (the service registers it)."""
        conn = self._control()
        row = conn.execute("SELECT id FROM users WHERE name = ?", (name,)).fetchone() if conn else None
        return str(row[0]) if row else None

    def repository_project(self, owner_id: str, identity: str, root: str) -> tuple[str, str] | None:
        """``(project id, slug)`` of the project repository ``identity`` maps to for ``owner_id``, when its folder
        ``root`` is mapped to the same project; None when the service would map something first
        (``Scope.project_for_repository``: a new repository, a folder mapped by an older version, a moved
        checkout)."""
        conn = self._control()
        if conn is None:
            return None
        row = conn.execute(
            "SELECT projects.id, projects.slug FROM repository_projects JOIN projects "
            "ON projects.id = repository_projects.project_id "
            "WHERE repository_projects.owner_id = ? AND repository_projects.identity = ?",
            (owner_id, identity),
        ).fetchone()
        if row is None:
            return None
        folder = conn.execute(
            "SELECT project_id FROM project_paths WHERE owner_id = ? AND path = ?", (owner_id, root)
        ).fetchone()
        return (str(row[0]), str(row[1])) if folder is not None and folder[0] == row[0] else None

    def unread_namesake(self, owner_id: str, slug: str, project_id: str) -> tuple[str, str] | None:
        """``(slug, the slug of project_id)`` when ``owner_id`` has a project of slug ``slug`` that is not
        ``project_id`` and that no repository maps to, else None (``app.scoping.Scope.unread_namesake``'s rule,
        read without the application)."""
        conn = self._control()
        if conn is None:
            return None
        row = conn.execute(
            "SELECT n.slug, h.slug FROM projects n JOIN projects h ON h.id = ? AND h.owner_id = n.owner_id "
            "WHERE n.owner_id = ? AND n.slug = ? AND n.id != h.id AND NOT EXISTS "
            "(SELECT 1 FROM repository_projects r WHERE r.project_id = n.id)",
            (project_id, owner_id, slug),
        ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    def newest(self, store_id: str, limit: int, now: int) -> list[EntryRow]:
        """The ``limit`` newest live entries of a store (neither superseded nor expired at ``now``, ms), newest
        first; empty when the store has no file yet."""
        conn = self._store(store_id)
        if conn is None:
            return []
        rows = conn.execute(
            "SELECT id, kind, memory_type, content, created_at FROM entries "
            "WHERE (expires_at IS NULL OR expires_at > ?) AND superseded_by IS NULL "
            "ORDER BY created_at DESC, id DESC LIMIT ?",
            (now, limit),
        ).fetchall()
        return [EntryRow(str(r[0]), str(r[1]), str(r[2]), str(r[3]), int(r[4])) for r in rows]

    def sessions(self, user_id: str, limit: int) -> list[DigestRow]:
        """The ``limit`` newest session digests of the user (their personal store), newest first."""
        conn = self._store(user_id)
        if conn is None:
            return []
        rows = conn.execute(
            "SELECT id, label, summary, source_surface, created_at FROM sessions "
            "ORDER BY created_at DESC, id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        refs: dict[str, list[tuple[str, str]]] = {str(r[0]): [] for r in rows}
        if refs:
            learned = conn.execute(
                f"SELECT session_id, store_id, entry_id FROM session_learnings "
                f"WHERE session_id IN ({', '.join('?' * len(refs))}) ORDER BY session_id, ord",
                list(refs),
            ).fetchall()
            for session_id, store_id, entry_id in learned:
                refs[str(session_id)].append((str(store_id), str(entry_id)))
        return [DigestRow(str(r[0]), str(r[1]), str(r[2]), str(r[3]), int(r[4]), tuple(refs[str(r[0])])) for r in rows]
