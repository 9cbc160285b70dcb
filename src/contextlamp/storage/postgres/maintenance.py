"""Maintenance of a PostgreSQL store: export and import (every entry with its vector, corroborations) and the
check ``contextlamp doctor`` runs (model, vector counts, supersession links, ``tsv`` up to date; ``--repair``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
import psycopg

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.models import Entry
from contextlamp.domain.ports import EmbedFn, Finding
from contextlamp.segmenting import chunk_count
from contextlamp.storage.postgres.pool import PostgresDatabase, StoreRows
from contextlamp.storage.postgres.rows import (
    ENTRY_COLUMNS,
    TSV,
    array_of,
    entry_from_row,
    insert_entry,
    insert_vectors,
    tsv_fields,
)
from contextlamp.storage.postgres.schema import MIGRATION_BATCH
from contextlamp.storage.shared.reembed import REEMBED_BATCH, ReembedSql, open_reembed, run_batches
from contextlamp.storage.shared.rows import pending_finding


class PostgresMaintenance(StoreRows):
    """The ``StoreMaintenance`` part of a ``PostgresStore`` (sessions' export and import: ``PostgresSessions``)."""

    def restore_corroborations(self, entry_id: str, rows: Sequence[tuple[str, int, float]]) -> None:
        with self.db.transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO corroborations (store_id, entry_id, user_id, at, similarity) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                [(self.store_id, entry_id, user, at, similarity) for user, at, similarity in rows],
            )

    def restore(self, entry: Entry, vectors: Vectors) -> bool:
        chunks = chunk_count(entry.content)
        if vectors.shape != (chunks, self.db.dim):
            raise ValueError(f"vectors must be ({chunks}, {self.db.dim}), got {vectors.shape}")
        with self.db.transaction() as conn:
            clash = conn.execute(
                "SELECT 1 FROM entries WHERE store_id = %s AND (id = %s OR content_key = %s)",
                (self.store_id, entry.id, entry.content_key),
            ).fetchone()
            if clash is not None:
                return False
            insert_entry(conn, self.store_id, entry, vectors)
        return True

    def check(self, embed: EmbedFn | None, repair: bool) -> list[Finding]:
        """``Store.check`` on PostgreSQL: foreign keys already rule out orphan vectors; what is left to verify is
        the model, the vector counts, ``superseded_by`` and that each ``tsv`` is the one its fields give now
        (``index_text``: an entry written before bigram indexing, or by hand, is found and re-indexed)."""
        found: list[Finding] = []
        sid = self.store_id
        with self.db.transaction() as conn:
            model = conn.execute("SELECT value FROM cl_meta WHERE key = 'embedder'").fetchone()
            if model is None or not str(model["value"]).endswith(f":{self.db.dim}"):
                found.append(Finding("model", None, "the embedding model and dimension are not recorded", False))
            rows = conn.execute(
                "SELECT e.id, e.content, e.questions, e.superseded_by, e.index_pending, "
                "(SELECT count(*) FROM vectors v WHERE v.store_id = e.store_id AND v.entry_id = e.id) AS n, "
                "(e.superseded_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM entries s WHERE s.store_id = e.store_id "
                "AND s.id = e.superseded_by)) AS dangling FROM entries e WHERE e.store_id = %s",
                (sid,),
            ).fetchall()
            pending = sum(1 for row in rows if row["index_pending"])  # provisional vectors (app/indexing.py)
            if pending:
                found.append(pending_finding(pending, repair and embed is not None))
            for row in rows:
                expected = chunk_count(row["content"])  # one vector a chunk
                if row["n"] != expected or row["index_pending"]:
                    fixable = repair and embed is not None
                    if fixable:
                        assert embed is not None
                        conn.execute("DELETE FROM vectors WHERE store_id = %s AND entry_id = %s", (sid, row["id"]))
                        insert_vectors(conn, self.store_id, row["id"], embed([row["content"], *row["questions"]]))
                        conn.execute(
                            "UPDATE entries SET index_pending = false WHERE store_id = %s AND id = %s", (sid, row["id"])
                        )
                    if not row["index_pending"]:
                        detail = f"{row['n']} vectors, expected {expected}"
                        found.append(Finding("vectors", row["id"], detail, fixable))
                if row["dangling"]:
                    if repair:
                        conn.execute(
                            "UPDATE entries SET superseded_by = NULL, superseded_at = NULL "
                            "WHERE store_id = %s AND id = %s",
                            (sid, row["id"]),
                        )
                    found.append(
                        Finding("superseded-by", row["id"], "superseded by an entry that does not exist", repair)
                    )
            stale = self._stale_tsv(conn, repair)
            if stale:
                detail = f"{stale} entries indexed with other terms than their text (e.g. not segmented)"
                found.append(Finding("full-text", None, detail, repair))
        return found

    def _stale_tsv(self, conn: psycopg.Connection[Any], repair: bool) -> int:
        """How many entries' ``tsv`` differs from the one ``insert_entry`` writes for their fields now (compared in
        the database, a batch at a time); with ``repair``, those are written again."""
        stale, after = 0, ""
        while True:
            rows = conn.execute(
                "SELECT id, content, topic, tags FROM entries WHERE store_id = %s AND id > %s ORDER BY id LIMIT %s",
                (self.store_id, after, MIGRATION_BATCH),
            ).fetchall()
            if not rows:
                return stale
            after = rows[-1]["id"]
            fields = [tsv_fields(r["content"], r["topic"], r["tags"]) for r in rows]
            wrong = conn.execute(
                cast(
                    Any,
                    "SELECT x.id, x.c, x.t, x.g FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[]) "
                    "AS x(id, c, t, g) JOIN entries e ON e.store_id = %s AND e.id = x.id WHERE e.tsv IS DISTINCT "
                    f"FROM ({TSV.replace('%s', 'x.c', 1).replace('%s', 'x.t', 1).replace('%s', 'x.g', 1)})",
                ),
                (
                    [r["id"] for r in rows],
                    [f[0] for f in fields],
                    [f[1] for f in fields],
                    [f[2] for f in fields],
                    self.store_id,
                ),
            ).fetchall()
            stale += len(wrong)
            for row in wrong if repair else []:
                conn.execute(
                    cast(Any, f"UPDATE entries SET tsv = {TSV} WHERE store_id = %s AND id = %s"),
                    (row["c"], row["t"], row["g"], self.store_id, row["id"]),
                )

    def all_entries(self) -> list[Entry]:
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s ORDER BY created_at, id", (self.store_id,)
        )
        return self.all_with_uses(entry_from_row(row) for row in rows)

    def entry_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        found: dict[str, list[tuple[int, Any]]] = {}
        if not ids:
            return {}
        for row in self.db.read(
            "SELECT entry_id, ord, embedding FROM vectors WHERE store_id = %s AND entry_id = ANY(%s)",
            (self.store_id, list(ids)),
        ):
            found.setdefault(row["entry_id"], []).append((row["ord"], row["embedding"]))
        return {
            entry_id: np.stack([array_of(v) for _, v in sorted(rows, key=lambda r: r[0])])
            for entry_id, rows in found.items()
        }


def reembed_sql(dim: int) -> ReembedSql:
    """PostgreSQL's statements for ``open_reembed`` (one model for the whole database: ``cl_meta``), the side
    table's vectors ``dim`` wide."""
    return ReembedSql(
        read_recorded="SELECT value FROM cl_meta WHERE key = 'embedder'",
        read_pending="SELECT value FROM cl_meta WHERE key = 'reembed_to'",
        drop_side_table="DROP TABLE IF EXISTS vectors_next",
        forget_pending="DELETE FROM cl_meta WHERE key = 'reembed_to'",
        record_pending="INSERT INTO cl_meta (key, value) VALUES ('reembed_to', %s) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        create_side_table="CREATE TABLE IF NOT EXISTS vectors_next (store_id text NOT NULL, entry_id text NOT NULL, "
        f"ord integer NOT NULL, embedding vector({int(dim)}) NOT NULL, PRIMARY KEY (store_id, entry_id, ord))",
    )


def _missing_next(conn: psycopg.Connection[Any], limit: int | None) -> list[dict[str, Any]]:
    sql = (
        "SELECT e.store_id, e.id, e.content, e.questions FROM entries e WHERE NOT EXISTS (SELECT 1 FROM vectors_next n "
        "WHERE n.store_id = e.store_id AND n.entry_id = e.id) ORDER BY e.store_id, e.id"
    )
    if limit is None:
        return conn.execute(cast(Any, sql)).fetchall()
    return conn.execute(cast(Any, sql + " LIMIT %s"), (limit,)).fetchall()


def _insert_next(conn: psycopg.Connection[Any], rows: list[dict[str, Any]], embed: EmbedFn) -> None:
    values = [
        (row["store_id"], row["id"], i, np.asarray(v, dtype=np.float32))
        for row in rows
        for i, v in enumerate(embed([row["content"], *row["questions"]]))
    ]
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO vectors_next (store_id, entry_id, ord, embedding) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING",
            values,
        )


def reembed_database(
    db: PostgresDatabase, target: str, embed: EmbedFn, progress: Callable[[int], None] | None = None
) -> int:
    """Give every entry of every store of the database vectors of another embedding model, identity
    ``target`` (PostgreSQL records one model for the whole database, ``cl_meta.embedder``); returns how many
    entries this call embedded (0: the database already records ``target``).

    Resumable as ``SqliteMaintenance.reembed``: the new vectors go to a side table ``vectors_next``,
    ``REEMBED_BATCH`` entries a commit, ``cl_meta.reembed_to`` naming the model; a rerun embeds only what is
    missing there; one final transaction swaps them in and records ``target``.

    Raises:
        StorageError: the database failed (what was committed stays for the rerun).
        EmbeddingError: ``embed`` failed (likewise).
    """
    with db.transaction() as conn:
        if not open_reembed(conn, reembed_sql(db.dim), target):
            return 0

    def batch() -> int:
        with db.transaction() as conn:
            rows = _missing_next(conn, REEMBED_BATCH)
        if rows:
            with db.transaction() as conn:
                _insert_next(conn, rows, embed)
        return len(rows)

    done = run_batches(batch, progress)
    with db.transaction() as conn:
        conn.execute("LOCK TABLE entries IN SHARE MODE")  # no save slips in between the catch-up and the swap
        late = _missing_next(conn, None)
        _insert_next(conn, late, embed)
        done += len(late)
        conn.execute("DELETE FROM vectors")
        conn.execute(
            "INSERT INTO vectors (store_id, entry_id, ord, embedding) "
            "SELECT n.store_id, n.entry_id, n.ord, n.embedding FROM vectors_next n "
            "JOIN entries e ON e.store_id = n.store_id AND e.id = n.entry_id"
        )
        conn.execute("DROP TABLE vectors_next")
        conn.execute("UPDATE entries SET index_pending = false WHERE index_pending")  # final: content + questions
        conn.execute("UPDATE cl_meta SET value = %s WHERE key = 'embedder'", (target,))
        conn.execute("DELETE FROM cl_meta WHERE key = 'reembed_to'")
    return done
