"""The ``EntryWriter`` of a PostgreSQL store: the write primitives ``domain/ledger.py`` combines, over the
pooled connection of one transaction (``PostgresStore.writer``). Writers of one ``(store, topic)`` are
serialised by a transaction-scoped advisory lock (``lock_topic``), so two replicas saving one topic at once
leave exactly one current entry; dedupe is atomic through ``UNIQUE (store_id, content_key)``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, cast

import psycopg

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.models import Entry
from contextlamp.storage.postgres.rows import (
    ENTRY_COLUMNS,
    TSV,
    entry_from_row,
    insert_entry,
    insert_vectors,
    tsv_fields,
)
from contextlamp.storage.shared.writer import EntryReads, wants_update


def topic_lock(conn: psycopg.Connection[Any], store_id: str, topic: str | None) -> None:
    """Serialise writers of one (store, topic) until commit (pg_advisory_xact_lock on a 64-bit hash)."""
    if topic is None:
        return
    digest = hashlib.blake2b(f"{store_id}\x00{topic}".encode(), digest_size=8).digest()
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (int.from_bytes(digest, "big", signed=True),))


class PostgresWriter(EntryReads):
    """The write primitives of store ``store_id`` over ``conn`` inside an open transaction (``EntryWriter``); the
    reads come from ``EntryReads`` (creation order: ``created_at, id``)."""

    MARK = "%s"
    ORDER = "created_at, id"
    SWEEP_ORDER = " ORDER BY created_at, id"

    def __init__(self, conn: psycopg.Connection[Any], store_id: str, identity: str | None = None) -> None:
        self.conn = conn
        self.store_id = store_id
        self.identity = identity  # vectors are written only while the database records this model

    def _recorded_model(self) -> str | None:
        row = self.conn.execute("SELECT value FROM cl_meta WHERE key = 'embedder'").fetchone()
        return None if row is None else str(row["value"])

    def _many(self, where: str, params: Sequence[Any]) -> list[Entry]:
        rows = self.conn.execute(
            cast(Any, f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND {where}"),
            (self.store_id, *params),
        ).fetchall()
        return [entry_from_row(row) for row in rows]

    def lock_topic(self, topic: str | None) -> None:
        topic_lock(self.conn, self.store_id, topic)

    def corroborated(self, entry_ids: Sequence[str]) -> set[str]:
        rows = self.conn.execute(
            "SELECT DISTINCT entry_id FROM corroborations WHERE store_id = %s AND entry_id = ANY(%s)",
            (self.store_id, list(entry_ids)),
        ).fetchall()
        return {row["entry_id"] for row in rows}

    def insert(self, entry: Entry, vector: Vectors) -> bool:
        inserted = insert_entry(self.conn, self.store_id, entry, vector)
        if inserted:  # its entries row is locked now: reembed's swap has committed before, or waits for us
            self._check_model(self.store_id)
        return inserted

    def update(self, entry_id: str, **fields: Any) -> None:
        if not wants_update(fields):
            return
        sets = [f"{k} = %s::text[]" if k == "tags" else f"{k} = %s" for k in fields]
        params: list[Any] = [list(v) if k == "tags" else v for k, v in fields.items()]
        if "topic" in fields or "tags" in fields:  # the tsvector follows a new topic or tags
            old = self.conn.execute(
                "SELECT content, topic, tags FROM entries WHERE store_id = %s AND id = %s", (self.store_id, entry_id)
            ).fetchone()
            if old is None:
                return
            sets.append(f"tsv = {TSV}")
            params += tsv_fields(old["content"], fields.get("topic", old["topic"]), fields.get("tags", old["tags"]))
        self.conn.execute(
            cast(Any, f"UPDATE entries SET {', '.join(sets)} WHERE store_id = %s AND id = %s"),
            (*params, self.store_id, entry_id),
        )

    def supersede(self, entry_ids: Sequence[str], winner: str, now: int) -> None:
        if entry_ids:
            self.conn.execute(
                "UPDATE entries SET superseded_by = %s, superseded_at = %s WHERE store_id = %s AND id = ANY(%s)",
                (winner, now, self.store_id, list(entry_ids)),
            )

    def relink(self, old: str, new: str) -> None:
        self.conn.execute(
            "UPDATE entries SET superseded_by = %s WHERE store_id = %s AND superseded_by = %s",
            (new, self.store_id, old),
        )

    def delete(self, entry: Entry) -> None:
        # vectors and corroborations go with the row (ON DELETE CASCADE, migration 1)
        self.conn.execute("DELETE FROM entries WHERE store_id = %s AND id = %s", (self.store_id, entry.id))

    def add_corroboration(self, entry_id: str, user_id: str, at: int, similarity: float) -> None:
        self.conn.execute(
            "INSERT INTO corroborations (store_id, entry_id, user_id, at, similarity) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING",
            (self.store_id, entry_id, user_id, at, similarity),
        )

    def drop_corroborations_by(self, user_id: str) -> None:
        self.conn.execute("DELETE FROM corroborations WHERE store_id = %s AND user_id = %s", (self.store_id, user_id))

    def replace_vector(self, entry_id: str, questions: Sequence[str], vector: Vectors) -> None:
        self.conn.execute(
            "UPDATE entries SET questions = %s::text[] WHERE store_id = %s AND id = %s",
            (list(questions), self.store_id, entry_id),
        )
        self._check_model(self.store_id)  # after the row lock, as in ``insert``
        self.conn.execute("DELETE FROM vectors WHERE store_id = %s AND entry_id = %s", (self.store_id, entry_id))
        insert_vectors(self.conn, self.store_id, entry_id, vector)

    def set_pending(self, entry_id: str, pending: bool) -> None:
        self.conn.execute(
            "UPDATE entries SET index_pending = %s WHERE store_id = %s AND id = %s", (pending, self.store_id, entry_id)
        )

    def record_use(self, ids: Sequence[str], surface: str, now: int) -> None:
        self.conn.execute(
            "UPDATE entries SET reuse_count = reuse_count + 1, last_used_surface = %s, last_used_at = %s "
            "WHERE store_id = %s AND id = ANY(%s)",
            (surface, now, self.store_id, list(ids)),
        )
