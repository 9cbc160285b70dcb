"""Session digests in a PostgreSQL store: ``sessions`` rows and their ordered ``session_learnings`` (a
learning may live in another store: ``learning_store_id``)."""

from __future__ import annotations

from typing import Any

import psycopg

from contextlamp.domain.models import SessionDigest
from contextlamp.storage.postgres.pool import StoreRows
from contextlamp.storage.shared.rows import session_digests, session_filter


class PostgresSessions(StoreRows):
    """The ``SessionStore`` part of a ``PostgresStore``, with the sessions' export and import."""

    def put_session(self, digest: SessionDigest) -> None:
        with self.db.transaction() as conn:
            self._insert_session(conn, digest)

    def _insert_session(self, conn: psycopg.Connection[Any], digest: SessionDigest) -> None:
        conn.execute(
            "INSERT INTO sessions (store_id, id, label, summary, source_surface, created_at) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            (self.store_id, digest.id, digest.label, digest.summary, digest.source_surface, digest.created_at),
        )
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO session_learnings (store_id, session_id, ord, learning_store_id, entry_id) "
                "VALUES (%s, %s, %s, %s, %s)",
                [(self.store_id, digest.id, i, s, e) for i, (s, e) in enumerate(digest.learnings)],
            )

    def _digests(self, rows: list[dict[str, Any]]) -> list[SessionDigest]:
        if not rows:
            return []
        learned = self.db.read(
            "SELECT session_id, learning_store_id, entry_id FROM session_learnings "
            "WHERE store_id = %s AND session_id = ANY(%s) ORDER BY session_id, ord",
            (self.store_id, [row["id"] for row in rows]),
        )
        return session_digests(rows, ((r["session_id"], r["learning_store_id"], r["entry_id"]) for r in learned))

    def sessions(self, limit: int, since: int | None, surface: str | None) -> list[SessionDigest]:
        where, params = session_filter(since, surface, "%s")
        rows = self.db.read(
            f"SELECT * FROM sessions WHERE {' AND '.join(['store_id = %s', *where])} "
            "ORDER BY created_at DESC, id DESC LIMIT %s",
            [self.store_id, *params, limit],
        )
        return self._digests(rows)

    def get_session(self, session_id: str) -> SessionDigest | None:
        found = self._digests(
            self.db.read("SELECT * FROM sessions WHERE store_id = %s AND id = %s", (self.store_id, session_id))
        )
        return found[0] if found else None

    def sessions_with(self, entry_id: str) -> list[SessionDigest]:
        rows = self.db.read(
            "SELECT * FROM sessions WHERE store_id = %s AND id IN "
            "(SELECT session_id FROM session_learnings WHERE store_id = %s AND entry_id = %s)",
            (self.store_id, self.store_id, entry_id),
        )
        return self._digests(rows)

    def rewrite_session(self, session_id: str, label: str, summary: str, drop_entry_id: str) -> None:
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE sessions SET label = %s, summary = %s WHERE store_id = %s AND id = %s",
                (label, summary, self.store_id, session_id),
            )
            conn.execute(
                "DELETE FROM session_learnings WHERE store_id = %s AND session_id = %s AND entry_id = %s",
                (self.store_id, session_id, drop_entry_id),
            )

    def replace_session(self, digest: SessionDigest) -> None:
        with self.db.transaction() as conn:
            updated = conn.execute(
                "UPDATE sessions SET label = %s, summary = %s WHERE store_id = %s AND id = %s",
                (digest.label, digest.summary, self.store_id, digest.id),
            )
            if updated.rowcount == 0:
                return
            conn.execute(
                "DELETE FROM session_learnings WHERE store_id = %s AND session_id = %s", (self.store_id, digest.id)
            )
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO session_learnings (store_id, session_id, ord, learning_store_id, entry_id) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    [(self.store_id, digest.id, i, s, e) for i, (s, e) in enumerate(digest.learnings)],
                )

    def all_sessions(self) -> list[SessionDigest]:
        return self._digests(
            self.db.read("SELECT * FROM sessions WHERE store_id = %s ORDER BY created_at, id", (self.store_id,))
        )

    def restore_session(self, digest: SessionDigest) -> bool:
        with self.db.transaction() as conn:
            exists = conn.execute(
                "SELECT 1 FROM sessions WHERE store_id = %s AND id = %s", (self.store_id, digest.id)
            ).fetchone()
            if exists is not None:
                return False
            self._insert_session(conn, digest)
        return True
