"""Session digests in a SQLite store: ``sessions`` rows and their ordered ``session_learnings`` (a learning
may live in another store: a project's)."""

from __future__ import annotations

import sqlite3

from contextlamp.domain.models import SessionDigest
from contextlamp.storage.shared.rows import session_digests, session_filter
from contextlamp.storage.sqlite.file import StoreFile
from contextlamp.storage.sqlite.rows import marks


class SqliteSessions(StoreFile):
    """The ``SessionStore`` part of a ``SqliteStore``, with the sessions' export and import."""

    def put_session(self, digest: SessionDigest) -> None:
        with self._write() as conn:
            conn.execute(
                "INSERT INTO sessions(id, label, summary, source_surface, created_at) VALUES (?, ?, ?, ?, ?)",
                (digest.id, digest.label, digest.summary, digest.source_surface, digest.created_at),
            )
            conn.executemany(
                "INSERT INTO session_learnings(session_id, ord, store_id, entry_id) VALUES (?, ?, ?, ?)",
                [(digest.id, i, store_id, entry_id) for i, (store_id, entry_id) in enumerate(digest.learnings)],
            )

    def _digests(self, rows: list[sqlite3.Row]) -> list[SessionDigest]:
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        learned = self._conn.execute(
            f"SELECT session_id, store_id, entry_id FROM session_learnings WHERE session_id IN ({marks(len(ids))}) "
            "ORDER BY session_id, ord",
            ids,
        )
        return session_digests(rows, ((r["session_id"], r["store_id"], r["entry_id"]) for r in learned))

    def sessions(self, limit: int, since: int | None, surface: str | None) -> list[SessionDigest]:
        where, params = session_filter(since, surface, "?")
        with self._lock:
            rows = self._conn.execute(
                f"SELECT * FROM sessions WHERE {' AND '.join(['1 = 1', *where])} "
                "ORDER BY created_at DESC, id DESC LIMIT ?",
                [*params, limit],
            ).fetchall()
            return self._digests(rows)

    def get_session(self, session_id: str) -> SessionDigest | None:
        with self._lock:
            found = self._digests(self._conn.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchall())
        return found[0] if found else None

    def sessions_with(self, entry_id: str) -> list[SessionDigest]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT * FROM sessions WHERE id IN (SELECT session_id FROM session_learnings WHERE entry_id = ?)",
                (entry_id,),
            ).fetchall()
            return self._digests(rows)

    def rewrite_session(self, session_id: str, label: str, summary: str, drop_entry_id: str) -> None:
        with self._write() as conn:
            conn.execute("UPDATE sessions SET label = ?, summary = ? WHERE id = ?", (label, summary, session_id))
            conn.execute(
                "DELETE FROM session_learnings WHERE session_id = ? AND entry_id = ?", (session_id, drop_entry_id)
            )
            self._want_scrub(conn)

    def replace_session(self, digest: SessionDigest) -> None:
        with self._write() as conn:
            updated = conn.execute(
                "UPDATE sessions SET label = ?, summary = ? WHERE id = ?", (digest.label, digest.summary, digest.id)
            )
            if updated.rowcount == 0:
                return
            conn.execute("DELETE FROM session_learnings WHERE session_id = ?", (digest.id,))
            conn.executemany(
                "INSERT INTO session_learnings(session_id, ord, store_id, entry_id) VALUES (?, ?, ?, ?)",
                [(digest.id, i, store_id, entry_id) for i, (store_id, entry_id) in enumerate(digest.learnings)],
            )
            self._want_scrub(conn)

    def all_sessions(self) -> list[SessionDigest]:
        with self._lock:
            return self._digests(self._conn.execute("SELECT * FROM sessions ORDER BY created_at, id").fetchall())

    def restore_session(self, digest: SessionDigest) -> bool:
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (digest.id,)).fetchone() is not None:
                return False
        self.put_session(digest)
        return True
