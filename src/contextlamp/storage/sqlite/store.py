"""The SQLite ``Store``: one database file per store, FTS5 keyword search, exact numpy vector search.

``SqliteStore`` is put together by concept: the file's plumbing and WAL scrub (``file.py``), sessions
(``sessions.py``), export, import and check (``maintenance.py``), and here the reads and searches.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from contextlamp.domain.models import Entry, MemoryType
from contextlamp.errors import StorageError
from contextlamp.storage.shared.topics import prefix_ranges
from contextlamp.storage.sqlite.connection import map_errors
from contextlamp.storage.sqlite.fulltext import fts_match
from contextlamp.storage.sqlite.maintenance import SqliteMaintenance
from contextlamp.storage.sqlite.rows import ENTRY_COLUMNS, LIVE, SQLITE_MAX_VARS, entry_from_row, marks, type_filter
from contextlamp.storage.sqlite.sessions import SqliteSessions
from contextlamp.storage.sqlite.vectors import DEAD, best_first

TOPIC_RANGES_PER_QUERY = 100  # SELECTs in one UNION ALL (SQLite allows 500 by default)

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

logger = logging.getLogger(__name__)


class SqliteStore(SqliteSessions, SqliteMaintenance):
    """A ``Store`` in one SQLite file. Thread-safe (one connection behind a lock); several processes may
    open the same file at once (WAL + busy timeout + ``BEGIN IMMEDIATE`` transactions).

    Raises (constructor):
        EmbeddingMismatchError: the file holds vectors of another embedding model or dimension.
        StorageError: the file cannot be opened.
    """

    def find_by_key(self, content_key: str) -> Entry | None:
        rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE content_key = ?", (content_key,))
        return self.with_uses(entry_from_row(rows[0])) if rows else None

    def corroborations(self, entry_ids: Sequence[str]) -> dict[str, list[tuple[str, int, float]]]:
        out: dict[str, list[tuple[str, int, float]]] = {}
        for start in range(0, len(entry_ids), SQLITE_MAX_VARS):
            chunk = list(entry_ids[start : start + SQLITE_MAX_VARS])
            for row in self._read(
                f"SELECT entry_id, user_id, at, similarity FROM corroborations WHERE entry_id IN "
                f"({marks(len(chunk))}) ORDER BY at, user_id",
                chunk,
            ):
                out.setdefault(row["entry_id"], []).append((row["user_id"], row["at"], row["similarity"]))
        return out

    def get(self, entry_id: str) -> Entry | None:
        rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id = ?", (entry_id,))
        return self.with_uses(entry_from_row(rows[0])) if rows else None

    def entries(self, ids: Sequence[str]) -> dict[str, Entry]:
        found: dict[str, Entry] = {}
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id IN ({marks(len(chunk))})", chunk)
            found.update((row["id"], self.with_uses(entry_from_row(row))) for row in rows)
        return found

    def chars_and_times(self, ids: Sequence[str]) -> dict[str, tuple[int, int]]:
        found: dict[str, tuple[int, int]] = {}
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(
                f"SELECT id, length(content) AS n, created_at FROM entries WHERE id IN ({marks(len(chunk))})", chunk
            )
            found.update((row["id"], (int(row["n"]), int(row["created_at"]))) for row in rows)
        return found

    def any_expired(self, now: int) -> bool:
        return bool(
            self._read("SELECT 1 FROM entries WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT 1", (now,))
        )

    def live_ids(self, ids: Sequence[str], now: int, memory_types: Sequence[MemoryType] | None) -> set[str]:
        live: set[str] = set()
        types_sql, types_params = type_filter(memory_types)
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(
                f"SELECT id FROM entries WHERE id IN ({marks(len(chunk))}) AND {LIVE}{types_sql}",
                [*chunk, now, *types_params],
            )
            live.update(row["id"] for row in rows)
        return live

    def keyword_search(
        self, terms: Sequence[str], mode: str, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        match = fts_match(list(terms), mode)
        if match is None:
            return []
        types_sql, types_params = type_filter(memory_types)
        window = max(2 * limit, 32)
        while True:
            try:  # rank the matches inside FTS5 first; then filter only the best of them to the live ones
                ranked = self._read(
                    "SELECT rowid, bm25(entries_fts, 1.0, 2.0, 1.0) AS rank FROM entries_fts "
                    "WHERE entries_fts MATCH ? ORDER BY rank LIMIT ?",
                    [match, window],
                )
            except StorageError as exc:  # defensive: the query builder quotes every term
                logger.warning("full-text query rejected by FTS5: %s", type(exc).__name__)
                return []
            rowids = [row["rowid"] for row in ranked]
            live: dict[int, str] = {}
            for start in range(0, len(rowids), SQLITE_MAX_VARS):
                chunk = rowids[start : start + SQLITE_MAX_VARS]
                for row in self._read(
                    f"SELECT rowid, id FROM entries WHERE rowid IN ({marks(len(chunk))}) AND {LIVE}{types_sql}",
                    [*chunk, now, *types_params],
                ):
                    live[row["rowid"]] = row["id"]
            hits = [(live[row["rowid"]], float(row["rank"])) for row in ranked if row["rowid"] in live][:limit]
            if len(hits) >= limit or len(ranked) < window:  # enough, or every match was seen
                return hits
            window *= 4  # superseded, expired or other-type entries filled the window: look further

    def vector_search(
        self, query: Vectors, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        import numpy as np

        with self._lock, map_errors(f"Store {self.store_id}"):
            index = self._index
            index.follow(self._conn)
            if index.size == 0 or limit <= 0:
                return []
            # cosine of every stored vector: memory-bound (10,000 entries = 10,000 vectors = 15 MB per query)
            scores = index.scores(np.asarray(query, dtype=np.float32).reshape(-1))
            rowids = index.rowids[: index.size]
            order = best_first(scores, max(16 * limit, 256))
            results: list[tuple[str, float]] = []
            seen: set[int] = {DEAD}  # a replaced row (vectors.DEAD) is never a result
            # the first window holds a few more rows than asked for: when most entries are live it is the only
            # one, and its liveness lookup is the search's largest cost after the product (1,000 entries: 200
            # rowids 0.42 ms of CPU, 66 rowids 0.14 ms); filters that eat it double the next window
            start, batch = 0, limit + 16
            types_sql, types_params = type_filter(memory_types)
            while start < len(scores) and len(results) < limit:
                if start + batch > len(order) < len(scores):  # filters ate the partial order: sort it all
                    order = best_first(scores, len(scores))
                best: dict[int, float] = {}
                window = order[start : start + batch]  # as Python numbers at once: no numpy scalar per row
                for rowid, score in zip(rowids[window].tolist(), scores[window].tolist(), strict=True):
                    if rowid not in seen and rowid not in best:  # an entry's best chunk comes first
                        best[rowid] = score
                seen.update(best)
                start += batch
                batch *= 2
                if not best:
                    continue
                keys = list(best)
                allowed: dict[int, str] = {}
                for chunk_start in range(0, len(keys), SQLITE_MAX_VARS):
                    chunk = keys[chunk_start : chunk_start + SQLITE_MAX_VARS]
                    for row in self._conn.execute(
                        f"SELECT rowid, id FROM entries WHERE rowid IN ({marks(len(chunk))}) AND {LIVE}{types_sql}",
                        [*chunk, now, *types_params],
                    ):
                        allowed[row["rowid"]] = row["id"]
                for rowid in keys:  # best-first: dict keeps score order
                    if rowid in allowed and len(results) < limit:
                        results.append((allowed[rowid], best[rowid]))
            return results

    def topics(
        self, now: int, memory_types: Sequence[MemoryType] | None, prefixes: Collection[str] | None = None
    ) -> list[tuple[str, str, int]]:
        types_sql, types_params = type_filter(memory_types)
        if prefixes is None:
            rows = self._read(
                f"SELECT topic, id, created_at FROM entries WHERE topic IS NOT NULL AND {LIVE}{types_sql}",
                [now, *types_params],
            )
            return [(row["topic"], row["id"], row["created_at"]) for row in rows]
        # one SELECT a range, each a search of the entries_live_topic index (an OR of the ranges scans the whole
        # index); the ranges are disjoint, so UNION ALL repeats no row
        one = f"SELECT topic, id, created_at FROM entries WHERE topic >= ? AND topic < ? AND {LIVE}{types_sql}"
        found: list[tuple[str, str, int]] = []
        ranges = prefix_ranges(prefixes)
        step = min(TOPIC_RANGES_PER_QUERY, SQLITE_MAX_VARS // (3 + len(types_params)))
        for start in range(0, len(ranges), step):
            chunk = ranges[start : start + step]
            rows = self._read(
                " UNION ALL ".join([one] * len(chunk)),
                [value for low, high in chunk for value in (low, high, now, *types_params)],
            )
            found += [(row["topic"], row["id"], row["created_at"]) for row in rows]
        return found

    def recent(self, limit: int, now: int, memory_types: Sequence[MemoryType] | None) -> list[str]:
        types_sql, types_params = type_filter(memory_types)
        rows = self._read(
            f"SELECT id FROM entries WHERE {LIVE}{types_sql} ORDER BY created_at DESC, id DESC LIMIT ?",
            [now, *types_params, limit],
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
        types_sql, types_params = type_filter(memory_types, "e.memory_type")
        live = LIVE.replace("superseded_by", "e.superseded_by").replace("expires_at", "e.expires_at")
        # one statement for all anchors; each side one probe of entries_created (created_at, id) by row value
        # (the spelled-out (created_at < ? OR (created_at = ? AND id < ?)) made SQLite OR two index ranges and
        # sort the whole window in a temporary b-tree: at 1,000 entries 0.74 ms a side, row values 0.014 ms)
        # that walks the `radius` nearest rows once (a probe per distance with OFFSET k walked them again: at
        # radius 2 the statement took 0.48 ms of CPU for 5 anchors, this one 0.30). An aggregate's input order
        # is not defined (SQLite before 3.44), so each side comes back as JSON [created_at, id] pairs and is
        # put nearest first here by (created_at, id)
        side = (
            "(SELECT json_group_array(json_array(created_at, id)) FROM (SELECT e.created_at AS created_at, "
            "e.id AS id FROM entries e WHERE (e.created_at, e.id) {cmp} (a.created_at, a.id) "
            "AND e.created_at {bound} a.created_at {sign} ? AND e.source_surface = a.source_surface "
            f"AND {live}{types_sql} ORDER BY e.created_at {{order}}, e.id {{order}} LIMIT {int(radius)}))"
        )
        columns: list[str] = []
        side_params: list[Any] = []
        for cmp, bound, sign, order in (("<", ">=", "-", "DESC"), (">", "<=", "+", "ASC")):
            columns.append(side.format(cmp=cmp, bound=bound, sign=sign, order=order))
            side_params += [window_ms, now, *types_params]
        out: dict[str, list[str]] = {}
        per_chunk = max(1, SQLITE_MAX_VARS - len(side_params))
        for start in range(0, len(ids), per_chunk):
            chunk = list(ids[start : start + per_chunk])
            rows = self._read(
                f"SELECT a.id AS anchor, {columns[0]} AS before, {columns[1]} AS after FROM entries a "
                f"WHERE a.id IN ({marks(len(chunk))})",
                [*side_params, *chunk],
            )
            for row in rows:  # nearest first: the earlier side by descending (created_at, id), the later ascending
                before: list[tuple[int, str]] = [tuple(p) for p in json.loads(row["before"])]
                after: list[tuple[int, str]] = [tuple(p) for p in json.loads(row["after"])]
                before.sort(reverse=True)
                after.sort()
                out[row["anchor"]] = [i for _, i in before] + [i for _, i in after]
        return out

    def list_page(
        self,
        limit: int,
        before: tuple[int, str] | None,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        include_superseded: bool,
    ) -> list[Entry]:
        where = ["(expires_at IS NULL OR expires_at > ?)"]
        params: list[Any] = [now]
        if not include_superseded:
            where.append("superseded_by IS NULL")
        if before is not None:
            where.append("(created_at < ? OR (created_at = ? AND id < ?))")
            params += [before[0], before[0], before[1]]
        types_sql, types_params = type_filter(memory_types)
        rows = self._read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE {' AND '.join(where)}{types_sql} "
            "ORDER BY created_at DESC, id DESC LIMIT ?",
            [*params, *types_params, limit],
        )
        return self.all_with_uses(entry_from_row(row) for row in rows)

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM entries")[0][0])

    def pending_ids(self, limit: int) -> list[str]:
        rows = self._read("SELECT id FROM entries WHERE index_pending = 1 ORDER BY rowid LIMIT ?", (limit,))
        return [row["id"] for row in rows]

    def pending_count(self) -> int:
        return int(self._read("SELECT count(*) FROM entries WHERE index_pending = 1")[0][0])
