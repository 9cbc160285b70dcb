"""Maintenance of a SQLite store: export and import (every entry with its vector, corroborations), the check
``contextlamp doctor`` runs (integrity, model, vectors, full text, supersession links; ``--repair``), and
the wipe before a store's files are deleted."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from contextlamp.domain.models import Entry
from contextlamp.domain.ports import EmbedFn, Finding
from contextlamp.segmenting import chunk_count
from contextlamp.storage.shared.reembed import REEMBED_BATCH, ReembedSql, open_reembed, run_batches
from contextlamp.storage.shared.rows import pending_finding
from contextlamp.storage.sqlite.file import StoreFile
from contextlamp.storage.sqlite.fulltext import fts_insert, fts_wrong_terms
from contextlamp.storage.sqlite.rows import ENTRY_COLUMNS, SQLITE_MAX_VARS, entry_from_row, insert_entry, marks
from contextlamp.storage.sqlite.vectors import VectorIndex

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

REEMBED_SQL = ReembedSql(
    read_recorded="SELECT value FROM meta WHERE key = 'embedder'",
    read_pending="SELECT value FROM meta WHERE key = 'reembed_to'",
    drop_side_table="DROP TABLE IF EXISTS vectors_next",
    forget_pending="DELETE FROM meta WHERE key = 'reembed_to'",
    record_pending="INSERT OR REPLACE INTO meta(key, value) VALUES ('reembed_to', ?)",
    create_side_table="CREATE TABLE IF NOT EXISTS vectors_next (entry_rowid INTEGER NOT NULL, ord INTEGER NOT NULL, "
    "vec BLOB NOT NULL, PRIMARY KEY (entry_rowid, ord))",
)


class SqliteMaintenance(StoreFile):
    """The ``StoreMaintenance`` part of a ``SqliteStore`` (sessions' export and import: ``SqliteSessions``)."""

    def all_entries(self) -> list[Entry]:
        rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries ORDER BY created_at, id")
        return self.all_with_uses(entry_from_row(row) for row in rows)

    def restore(self, entry: Entry, vectors: Vectors) -> bool:
        chunks = chunk_count(entry.content)
        if vectors.shape != (chunks, self._dim):
            raise ValueError(f"vectors must be ({chunks}, {self._dim}), got {vectors.shape}")
        with self._write() as conn:
            clash = conn.execute(
                "SELECT 1 FROM entries WHERE id = ? OR content_key = ?", (entry.id, entry.content_key)
            ).fetchone()
            if clash is not None:
                return False
            insert_entry(conn, entry, vectors)
        return True

    def entry_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        import numpy as np

        found: dict[str, Vectors] = {}
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(
                f"SELECT e.id AS id, v.vec AS vec FROM entries e JOIN vectors v ON v.entry_rowid = e.rowid "
                f"WHERE e.id IN ({marks(len(chunk))}) ORDER BY e.id, v.ord",
                chunk,
            )
            grouped: dict[str, list[bytes]] = {}
            for row in rows:
                grouped.setdefault(row["id"], []).append(row["vec"])
            for entry_id, blobs in grouped.items():
                found[entry_id] = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), self._dim).copy()
        return found

    def check(self, embed: EmbedFn | None, repair: bool) -> list[Finding]:
        import numpy as np

        found: list[Finding] = []
        with self._lock:
            verdict = [r[0] for r in self._conn.execute("PRAGMA integrity_check").fetchall()]
        if verdict != ["ok"]:
            found.append(Finding("integrity", None, "; ".join(verdict[:5]), False))
            return found  # nothing else can be trusted in a damaged file
        with self._write() as conn:
            model = conn.execute("SELECT value FROM meta WHERE key = 'embedder'").fetchone()
            if model is None or not model["value"].endswith(f":{self._dim}"):
                found.append(Finding("model", None, "the embedding model and dimension are not recorded", False))
            rows = conn.execute(
                "SELECT rowid, id, content, topic, tags, questions, superseded_by, index_pending FROM entries"
            ).fetchall()
            counts = dict(conn.execute("SELECT entry_rowid, count(*) FROM vectors GROUP BY entry_rowid").fetchall())
            ids = {row["id"] for row in rows}
            rowids = {row["rowid"] for row in rows}
            pending = [row for row in rows if row["index_pending"]]  # provisional vectors (app/indexing.py)
            broken = [
                row
                for row in rows
                if not row["index_pending"] and counts.get(row["rowid"], 0) != chunk_count(row["content"])
            ]
            if pending:
                found.append(pending_finding(len(pending), repair and embed is not None))
            for row in [*broken, *pending]:
                fixable = repair and embed is not None
                if fixable:
                    assert embed is not None
                    vectors = embed([row["content"], *json.loads(row["questions"])])
                    conn.execute("DELETE FROM vectors WHERE entry_rowid = ?", (row["rowid"],))
                    conn.executemany(
                        "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, ?, ?)",
                        [
                            (row["rowid"], i, np.ascontiguousarray(v, dtype=np.float32).tobytes())
                            for i, v in enumerate(vectors)
                        ],
                    )
                    conn.execute("UPDATE entries SET index_pending = 0 WHERE rowid = ?", (row["rowid"],))
                if row["index_pending"]:
                    continue  # reported above, once for all of them
                detail = f"{counts.get(row['rowid'], 0)} vectors, expected {chunk_count(row['content'])}"
                found.append(Finding("vectors", row["id"], detail, fixable))
            orphans = [r for r in counts if r not in rowids]
            if orphans:
                if repair:
                    conn.executemany("DELETE FROM vectors WHERE entry_rowid = ?", [(r,) for r in orphans])
                found.append(Finding("orphan-vectors", None, f"vectors of {len(orphans)} missing entries", repair))
            indexed = {r[0] for r in conn.execute("SELECT rowid FROM entries_fts").fetchall()}
            details: list[str] = []
            if indexed != rowids:
                details.append(f"{len(rowids - indexed)} entries not indexed, {len(indexed - rowids)} stale index rows")
            if wrong := fts_wrong_terms(conn, rows) - (rowids - indexed) - (indexed - rowids):
                details.append(f"{len(wrong)} entries indexed with other terms than their text (e.g. not segmented)")
            if details:
                if repair:  # contentless FTS5 cannot drop a row it has no text for: rebuild it from the entries
                    conn.execute("INSERT INTO entries_fts(entries_fts) VALUES('delete-all')")
                    for r in rows:
                        fts_insert(conn, r["rowid"], r["content"], r["topic"], json.loads(r["tags"]))
                found.append(Finding("full-text", None, "; ".join(details), repair))
            dangling = [row for row in rows if row["superseded_by"] is not None and row["superseded_by"] not in ids]
            for row in dangling:
                if repair:
                    conn.execute(
                        "UPDATE entries SET superseded_by = NULL, superseded_at = NULL WHERE rowid = ?", (row["rowid"],)
                    )
                found.append(Finding("superseded-by", row["id"], "superseded by an entry that does not exist", repair))
            if repair and (broken or orphans or pending):
                conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vec_epoch'")
        if repair and (broken or orphans or pending):
            with self._lock:
                self._index = VectorIndex(self._dim)
        return found

    def reembed(self, target: str, embed: EmbedFn, progress: Callable[[int], None] | None = None) -> int:
        """Give every entry vectors of another embedding model, identity ``target``; returns how many entries
        this call embedded (0: the store already records ``target``).

        Resumable: the new vectors go to a side table, ``REEMBED_BATCH`` entries a commit, with
        ``meta.reembed_to`` naming the model; a rerun embeds only the entries that have none there yet. When
        every entry has them, one transaction swaps them in and records ``target`` (searches see the old model
        or the new one, never a mix). ``progress`` is called with the entries of each committed batch.

        Raises:
            StorageError: the file failed (what was committed stays for the rerun).
            EmbeddingError: ``embed`` failed (likewise).
        """
        import numpy as np

        with self._write() as conn:
            if not open_reembed(conn, REEMBED_SQL, target):
                return 0

        def batch() -> int:
            rows = self._read(
                "SELECT rowid, content, questions FROM entries "
                "WHERE rowid NOT IN (SELECT entry_rowid FROM vectors_next) ORDER BY rowid LIMIT ?",
                (REEMBED_BATCH,),
            )
            if not rows:
                return 0
            fresh = [(row["rowid"], embed([row["content"], *json.loads(row["questions"])])) for row in rows]
            with self._write() as conn:
                conn.executemany(
                    "INSERT OR REPLACE INTO vectors_next(entry_rowid, ord, vec) VALUES (?, ?, ?)",
                    [
                        (rowid, i, np.ascontiguousarray(v, dtype=np.float32).tobytes())
                        for rowid, vectors in fresh
                        for i, v in enumerate(vectors)
                    ],
                )
            return len(rows)

        done = run_batches(batch, progress)
        with self._write() as conn:
            late = conn.execute(  # saved since the last batch was read: embedded here, under the write lock
                "SELECT rowid, content, questions FROM entries "
                "WHERE rowid NOT IN (SELECT entry_rowid FROM vectors_next)"
            ).fetchall()
            conn.executemany(
                "INSERT INTO vectors_next(entry_rowid, ord, vec) VALUES (?, ?, ?)",
                [
                    (row["rowid"], i, np.ascontiguousarray(v, dtype=np.float32).tobytes())
                    for row in late
                    for i, v in enumerate(embed([row["content"], *json.loads(row["questions"])]))
                ],
            )
            done += len(late)
            conn.execute("DELETE FROM vectors")
            conn.execute(
                "INSERT INTO vectors(entry_rowid, ord, vec) SELECT entry_rowid, ord, vec FROM vectors_next "
                "WHERE entry_rowid IN (SELECT rowid FROM entries) ORDER BY entry_rowid, ord"
            )
            conn.execute("DROP TABLE vectors_next")
            conn.execute("UPDATE entries SET index_pending = 0 WHERE index_pending != 0")  # final: content + questions
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('embedder', ?)", (target,))
            conn.execute("DELETE FROM meta WHERE key = 'reembed_to'")
            conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vec_epoch'")
        with self._lock:
            self._index = VectorIndex(self._dim)
            self._identity = target  # this object's own writes are of the new model from now on
        return done

    def wipe(self) -> None:
        """Delete every row and scrub the freed pages and the WAL, so that a process still holding the file
        open reads nothing of it either (before the file is unlinked)."""
        with self._write() as conn:
            for table in ("session_learnings", "sessions", "corroborations", "vectors", "entries"):
                conn.execute(f"DELETE FROM {table}")
            conn.execute("INSERT INTO entries_fts(entries_fts) VALUES('delete-all')")
            self._after_delete(conn)
            self._want_scrub(conn)
        with self._lock:
            self._index = VectorIndex(self._dim)

    def restore_corroborations(self, entry_id: str, rows: Sequence[tuple[str, int, float]]) -> None:
        with self._write() as conn:
            conn.executemany(
                "INSERT INTO corroborations(entry_id, user_id, at, similarity) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(entry_id, user_id) DO NOTHING",
                [(entry_id, user, at, similarity) for user, at, similarity in rows],
            )
