"""The PostgreSQL ``Store``: every store of every user in one schema, for many server replicas.

Keyword search: a ``tsvector`` with the ``english`` configuration (Snowball stemming) and a GIN index, ranked
by ``ts_rank_cd``. Vectors: ``vector(dim)`` rows with an HNSW index (cosine); the per-store filter keeps the
scan to one store, so small stores are searched exactly. Nothing is cached in the process: every read sees
every replica's writes at once. ``PostgresStore`` is put together by concept: sessions (``sessions.py``),
export, import and check (``maintenance.py``), and here the writer, the reads and the searches.
"""

from __future__ import annotations

from collections.abc import Collection, Generator, Sequence
from contextlib import contextmanager
from typing import Any, cast

import numpy as np

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.models import Entry, MemoryType
from contextlamp.segmenting import is_prefix_term
from contextlamp.storage.postgres.maintenance import PostgresMaintenance
from contextlamp.storage.postgres.rows import ENTRY_COLUMNS, LIVE, entry_from_row, type_filter
from contextlamp.storage.postgres.sessions import PostgresSessions
from contextlamp.storage.postgres.writer import PostgresWriter
from contextlamp.storage.shared.topics import prefix_ranges

HNSW_EF_SEARCH = 100  # pgvector's hnsw.ef_search for filtered searches (default 40 is thin after a filter)
HNSW_MAX_EF_SEARCH = 1000  # pgvector accepts 1..1000
VECTOR_FANOUT = 8  # candidates per wanted entry: sizes hnsw.ef_search (one vector an entry since migration 2)
_RANK_WEIGHTS = "'{0.1, 0.2, 0.5, 1.0}'"  # D, C, B, A: topic (A) counts twice content and tags (B)


def tsquery(terms: Sequence[str], mode: str) -> str:
    """A ``to_tsquery`` input of quoted lexemes (quotes doubled, backslashes escaped): terms are data. A
    one-character term of a spaceless script is a prefix (``'猫':*``, PostgreSQL docs 12.3.2), as on SQLite."""
    quoted = [
        "'" + t.replace("\\", "\\\\").replace("'", "''") + "'" + (":*" if is_prefix_term(t) else "") for t in terms
    ]
    return (" & " if mode == "and" else " | ").join(quoted)


class PostgresStore(PostgresSessions, PostgresMaintenance):
    """One store (``store_id``) in a ``PostgresDatabase``; the ``Store`` protocol. Thread-safe (pooled)."""

    @contextmanager
    def writer(self, *, durable: bool = True) -> Generator[PostgresWriter]:
        """One pooled transaction as an ``EntryWriter`` (``Store.writer``); ``durable`` is ignored (every
        commit is durable). The pending reuse counts (``DeferredUses``) are written first, in the same
        transaction (back to pending when it rolls back).

        Raises:
            StorageError: the database failed (the transaction is rolled back).
        """
        uses: list[tuple[int, str, int, str]] = []
        try:
            with self.db.transaction() as conn:
                uses = self.take_uses()
                if uses:
                    conn.cursor().executemany(
                        "UPDATE entries SET reuse_count = reuse_count + %s, last_used_surface = %s, "
                        "last_used_at = %s WHERE store_id = %s AND id = %s",
                        [(count, surface, at, self.store_id, entry_id) for count, surface, at, entry_id in uses],
                    )
                yield PostgresWriter(conn, self.store_id, self.db.identity)
            uses = []
        finally:
            self.return_uses(uses)  # the transaction failed: the counts are pending again

    # -- reads ------------------------------------------------------------------------------------------

    def find_by_key(self, content_key: str) -> Entry | None:
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND content_key = %s",
            (self.store_id, content_key),
        )
        return self.with_uses(entry_from_row(rows[0])) if rows else None

    def get(self, entry_id: str) -> Entry | None:
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND id = %s", (self.store_id, entry_id)
        )
        return self.with_uses(entry_from_row(rows[0])) if rows else None

    def entries(self, ids: Sequence[str]) -> dict[str, Entry]:
        if not ids:
            return {}
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND id = ANY(%s)", (self.store_id, list(ids))
        )
        return {row["id"]: self.with_uses(entry_from_row(row)) for row in rows}

    def chars_and_times(self, ids: Sequence[str]) -> dict[str, tuple[int, int]]:
        if not ids:
            return {}
        rows = self.db.read(
            "SELECT id, char_length(content) AS n, created_at FROM entries WHERE store_id = %s AND id = ANY(%s)",
            (self.store_id, list(ids)),
        )
        return {row["id"]: (int(row["n"]), int(row["created_at"])) for row in rows}

    def any_expired(self, now: int) -> bool:
        return bool(
            self.db.read(
                "SELECT 1 FROM entries WHERE store_id = %s AND expires_at IS NOT NULL AND expires_at <= %s LIMIT 1",
                (self.store_id, now),
            )
        )

    def live_ids(self, ids: Sequence[str], now: int, memory_types: Sequence[MemoryType] | None) -> set[str]:
        if not ids:
            return set()
        types_sql, types_params = type_filter(memory_types)
        rows = self.db.read(
            f"SELECT id FROM entries WHERE store_id = %s AND id = ANY(%s) AND {LIVE}{types_sql}",
            [self.store_id, list(ids), now, *types_params],
        )
        return {row["id"] for row in rows}

    def keyword_search(
        self, terms: Sequence[str], mode: str, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        if not terms:
            return []
        types_sql, types_params = type_filter(memory_types)
        rows = self.db.read(
            f"SELECT id, ts_rank_cd({_RANK_WEIGHTS}, tsv, q) AS rank "
            "FROM entries, to_tsquery('english', %s) AS q "
            f"WHERE store_id = %s AND tsv @@ q AND {LIVE}{types_sql} ORDER BY rank DESC, created_at DESC LIMIT %s",
            [tsquery(terms, mode), self.store_id, now, *types_params, limit],
        )
        return [(row["id"], -float(row["rank"])) for row in rows]

    def vector_search(
        self, query: Vectors, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        if limit <= 0:
            return []
        types_sql, types_params = type_filter(memory_types, "e.memory_type")
        live = LIVE.replace("superseded_by", "e.superseded_by").replace("expires_at", "e.expires_at")
        vector = np.asarray(query, dtype=np.float32).reshape(-1)
        with self.db.transaction() as conn:
            ef_search = min(HNSW_MAX_EF_SEARCH, max(HNSW_EF_SEARCH, limit * VECTOR_FANOUT))
            conn.execute(cast(Any, f"SET LOCAL hnsw.ef_search = {ef_search}"))
            conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
            rows = conn.execute(
                cast(
                    Any,
                    "SELECT entry_id, max(similarity) AS similarity FROM ("
                    "SELECT v.entry_id, 1 - (v.embedding <=> %s) AS similarity FROM vectors v "
                    "JOIN entries e ON e.store_id = v.store_id AND e.id = v.entry_id "
                    f"WHERE v.store_id = %s AND {live}{types_sql} "
                    "ORDER BY v.embedding <=> %s LIMIT %s) AS nearest "
                    "GROUP BY entry_id ORDER BY similarity DESC LIMIT %s",
                ),
                [vector, self.store_id, now, *types_params, vector, limit * VECTOR_FANOUT, limit],
            ).fetchall()
        return [(row["entry_id"], float(row["similarity"])) for row in rows]

    def topics(
        self, now: int, memory_types: Sequence[MemoryType] | None, prefixes: Collection[str] | None = None
    ) -> list[tuple[str, str, int]]:
        types_sql, types_params = type_filter(memory_types)
        within, bounds = "topic IS NOT NULL", list[str]()
        if prefixes is not None:
            ranges = prefix_ranges(prefixes)
            if not ranges:
                return []
            # code point order whatever the database's collation ("C" compares UTF-8 bytes)
            within = "(" + " OR ".join(['(topic COLLATE "C" >= %s AND topic COLLATE "C" < %s)'] * len(ranges)) + ")"
            bounds = [bound for pair in ranges for bound in pair]
        rows = self.db.read(
            cast(
                Any, f"SELECT topic, id, created_at FROM entries WHERE store_id = %s AND {within} AND {LIVE}{types_sql}"
            ),
            [self.store_id, *bounds, now, *types_params],
        )
        return [(row["topic"], row["id"], row["created_at"]) for row in rows]

    def recent(self, limit: int, now: int, memory_types: Sequence[MemoryType] | None) -> list[str]:
        types_sql, types_params = type_filter(memory_types)
        rows = self.db.read(
            f"SELECT id FROM entries WHERE store_id = %s AND {LIVE}{types_sql} "
            "ORDER BY created_at DESC, id DESC LIMIT %s",
            [self.store_id, now, *types_params, limit],
        )
        return [row["id"] for row in rows]

    def time_neighbours(
        self,
        ids: Sequence[str],
        window_ms: int,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        radius: int,
    ) -> dict[str, list[str]]:
        if radius < 1:
            raise ValueError(f"radius must be >= 1, got {radius}")
        if not ids:
            return {}
        types_sql, types_params = type_filter(memory_types, "e.memory_type")
        live = LIVE.replace("superseded_by", "e.superseded_by").replace("expires_at", "e.expires_at")
        side = (  # one index range per side, nearest first: entries_created (store_id, created_at, id)
            "SELECT array_agg(s.id ORDER BY s.created_at {order}, s.id {order}) AS ids FROM ("
            "SELECT e.id, e.created_at FROM entries e WHERE e.store_id = a.store_id AND (e.created_at, e.id) {cmp} "
            "(a.created_at, a.id) AND e.created_at {bound} a.created_at {sign} %s "
            f"AND e.source_surface = a.source_surface AND {live}{types_sql} "
            "ORDER BY e.created_at {order}, e.id {order} LIMIT %s) s"
        )
        before = side.format(cmp="<", bound=">=", sign="-", order="DESC")
        after = side.format(cmp=">", bound="<=", sign="+", order="ASC")
        rows = self.db.read(
            f"SELECT a.id AS anchor, p.ids AS prev, n.ids AS next FROM entries a "
            f"LEFT JOIN LATERAL ({before}) p ON true LEFT JOIN LATERAL ({after}) n ON true "
            "WHERE a.store_id = %s AND a.id = ANY(%s)",
            [
                *(window_ms, now, *types_params, radius),
                *(window_ms, now, *types_params, radius),
                self.store_id,
                list(ids),
            ],
        )
        return {row["anchor"]: [*(row["prev"] or []), *(row["next"] or [])] for row in rows}

    def list_page(
        self,
        limit: int,
        before: tuple[int, str] | None,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        include_superseded: bool,
    ) -> list[Entry]:
        where = ["store_id = %s", "(expires_at IS NULL OR expires_at > %s)"]
        params: list[Any] = [self.store_id, now]
        if not include_superseded:
            where.append("superseded_by IS NULL")
        if before is not None:
            where.append("(created_at, id) < (%s, %s)")
            params += [before[0], before[1]]
        types_sql, types_params = type_filter(memory_types)
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE {' AND '.join(where)}{types_sql} "
            "ORDER BY created_at DESC, id DESC LIMIT %s",
            [*params, *types_params, limit],
        )
        return self.all_with_uses(entry_from_row(row) for row in rows)

    def corroborations(self, entry_ids: Sequence[str]) -> dict[str, list[tuple[str, int, float]]]:
        out: dict[str, list[tuple[str, int, float]]] = {}
        if not entry_ids:
            return out
        for row in self.db.read(
            "SELECT entry_id, user_id, at, similarity FROM corroborations WHERE store_id = %s AND entry_id = ANY(%s) "
            "ORDER BY at, user_id",
            (self.store_id, list(entry_ids)),
        ):
            out.setdefault(row["entry_id"], []).append((row["user_id"], row["at"], row["similarity"]))
        return out

    def count(self) -> int:
        rows = self.db.read("SELECT count(*) AS n FROM entries WHERE store_id = %s", (self.store_id,))
        return int(rows[0]["n"])

    def pending_ids(self, limit: int) -> list[str]:
        rows = self.db.read(
            "SELECT id FROM entries WHERE store_id = %s AND index_pending ORDER BY created_at, id LIMIT %s",
            (self.store_id, limit),
        )
        return [row["id"] for row in rows]

    def pending_count(self) -> int:
        rows = self.db.read("SELECT count(*) AS n FROM entries WHERE store_id = %s AND index_pending", (self.store_id,))
        return int(rows[0]["n"])

    def close(self) -> None:
        """Write the pending reuse counts; nothing else to release per store: the pool belongs to the database."""
        self.stop_uses()
