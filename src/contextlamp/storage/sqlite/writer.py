"""The ``EntryWriter`` of a SQLite store: the write primitives ``domain/ledger.py`` combines, over the
connection of one ``BEGIN IMMEDIATE`` transaction (``SqliteStore.writer``). SQLite has one writer at a time,
so ``lock_topic`` has nothing to do. It records whether anything was deleted: the store then runs its
after-deletion work (FTS optimize, ``vec_epoch`` bump, WAL scrub, in-memory index drop) once, at commit.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from contextlamp.domain.models import Entry
from contextlamp.storage.shared.writer import EntryReads, wants_update
from contextlamp.storage.sqlite.fulltext import fts_delete, fts_insert
from contextlamp.storage.sqlite.rows import ENTRY_COLUMNS, SQLITE_MAX_VARS, entry_from_row, insert_entry, marks

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

_JSON_FIELDS = ("tags", "questions")


class SqliteWriter(EntryReads):
    """The write primitives over ``conn`` inside an open write transaction (see ``EntryWriter``); the reads
    come from ``EntryReads`` (creation order: ``rowid``)."""

    MARK = "?"
    ORDER = "rowid"
    SWEEP_ORDER = ""

    def __init__(self, conn: sqlite3.Connection, store_id: str = "", identity: str | None = None) -> None:
        self.conn = conn
        self.store_id = store_id
        self.identity = identity  # vectors are written only while the store records this model (_check_model)
        self.deleted = False  # an entry was deleted: the store scrubs and reloads its index after the commit
        self.touched: set[str] = set()  # ids whose small columns this transaction may have changed (columns.py)

    def _recorded_model(self) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'embedder'").fetchone()
        return None if row is None else str(row[0])

    def _many(self, where: str, params: Sequence[Any]) -> list[Entry]:
        rows = self.conn.execute(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE {where}", params).fetchall()
        return [entry_from_row(row) for row in rows]

    def lock_topic(self, topic: str | None) -> None:
        """Nothing: ``BEGIN IMMEDIATE`` holds the database's single write lock."""

    def corroborated(self, entry_ids: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(entry_ids), SQLITE_MAX_VARS):
            chunk = list(entry_ids[start : start + SQLITE_MAX_VARS])
            rows = self.conn.execute(
                f"SELECT DISTINCT entry_id FROM corroborations WHERE entry_id IN ({marks(len(chunk))})",
                chunk,
            ).fetchall()
            found.update(row[0] for row in rows)
        return found

    def insert(self, entry: Entry, vector: Vectors) -> bool:
        if not insert_entry(self.conn, entry, vector):  # content already stored: nothing written
            return False
        self.touched.add(entry.id)
        self._check_model(self.store_id)  # a store moved to another model rolls the whole transaction back
        return True

    def update(self, entry_id: str, **fields: Any) -> None:
        if not wants_update(fields):
            return
        old = self.conn.execute("SELECT rowid, content, topic, tags FROM entries WHERE id = ?", (entry_id,)).fetchone()
        if old is None:
            return
        self.touched.add(entry_id)
        values = {k: json.dumps(list(v)) if k in _JSON_FIELDS else v for k, v in fields.items()}
        self.conn.execute(
            f"UPDATE entries SET {', '.join(f'{k} = ?' for k in values)} WHERE rowid = ?",
            [*values.values(), old["rowid"]],
        )
        old_tags: list[str] = json.loads(old["tags"])
        topic = fields.get("topic", old["topic"])
        tags = list(fields.get("tags", old_tags))
        if (topic, tags) != (old["topic"], old_tags):  # contentless FTS5: delete with the old values
            fts_delete(self.conn, old["rowid"], old["content"], old["topic"], old_tags)
            fts_insert(self.conn, old["rowid"], old["content"], topic, tags)

    def supersede(self, entry_ids: Sequence[str], winner: str, now: int) -> None:
        self.touched.update(entry_ids)
        self.conn.executemany(
            "UPDATE entries SET superseded_by = ?, superseded_at = ? WHERE id = ?",
            [(winner, now, entry_id) for entry_id in entry_ids],
        )

    def relink(self, old: str, new: str) -> None:
        self.conn.execute("UPDATE entries SET superseded_by = ? WHERE superseded_by = ?", (new, old))

    def delete(self, entry: Entry) -> None:
        row = self.conn.execute("SELECT rowid, content, topic, tags FROM entries WHERE id = ?", (entry.id,)).fetchone()
        if row is None:
            return
        fts_delete(self.conn, row["rowid"], row["content"], row["topic"], json.loads(row["tags"]))
        self.conn.execute("DELETE FROM vectors WHERE entry_rowid = ?", (row["rowid"],))
        self.conn.execute("DELETE FROM entries WHERE rowid = ?", (row["rowid"],))
        self.conn.execute("DELETE FROM corroborations WHERE entry_id = ?", (entry.id,))
        self.deleted = True

    def add_corroboration(self, entry_id: str, user_id: str, at: int, similarity: float) -> None:
        self.conn.execute(
            "INSERT INTO corroborations(entry_id, user_id, at, similarity) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(entry_id, user_id) DO NOTHING",
            (entry_id, user_id, at, similarity),
        )

    def drop_corroborations_by(self, user_id: str) -> None:
        self.conn.execute("DELETE FROM corroborations WHERE user_id = ?", (user_id,))

    def replace_vector(self, entry_id: str, questions: Sequence[str], vector: Vectors) -> None:
        import numpy as np

        row = self.conn.execute("SELECT rowid FROM entries WHERE id = ?", (entry_id,)).fetchone()
        if row is None:
            return
        self._check_model(self.store_id)
        self.conn.execute("UPDATE entries SET questions = ? WHERE rowid = ?", (json.dumps(list(questions)), row[0]))
        self.conn.execute("DELETE FROM vectors WHERE entry_rowid = ?", (row[0],))
        self.conn.executemany(  # one vector a chunk, in order
            "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, ?, ?)",
            [(row[0], i, np.ascontiguousarray(v, dtype=np.float32).tobytes()) for i, v in enumerate(vector)],
        )
        # no vec_epoch bump: the new rows' higher seq tells every process's in-memory index that this entry's
        # older rows are gone (vectors.VectorIndex.drop_replaced), so each updates those rows in place

    def set_pending(self, entry_id: str, pending: bool) -> None:
        self.conn.execute("UPDATE entries SET index_pending = ? WHERE id = ?", (int(pending), entry_id))

    def record_use(self, ids: Sequence[str], surface: str, now: int) -> None:
        self.conn.executemany(
            "UPDATE entries SET reuse_count = reuse_count + 1, last_used_surface = ?, last_used_at = ? WHERE id = ?",
            [(surface, now, entry_id) for entry_id in ids],
        )
