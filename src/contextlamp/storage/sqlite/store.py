"""The SQLite ``Store``: one database file per store, FTS5 keyword search, exact numpy vector search.

``SqliteStore`` is put together by concept: the file's plumbing and WAL scrub (``file.py``), sessions
(``sessions.py``), export, import and check (``maintenance.py``), and here the reads and searches.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from contextlamp.domain.models import Entry, MemoryType
from contextlamp.errors import StorageError
from contextlamp.storage.shared.rows import check_radius
from contextlamp.storage.shared.topics import prefix_ranges
from contextlamp.storage.sqlite.columns import EntryColumns
from contextlamp.storage.sqlite.connection import map_errors
from contextlamp.storage.sqlite.fulltext import fts_match
from contextlamp.storage.sqlite.maintenance import SqliteMaintenance
from contextlamp.storage.sqlite.rows import ENTRY_COLUMNS, LIVE, SQLITE_MAX_VARS, entry_from_row, marks, type_filter
from contextlamp.storage.sqlite.sessions import SqliteSessions
from contextlamp.storage.sqlite.vectors import FIRST_PASS_MIN_ROWS, VectorIndex, best_first

TOPIC_RANGES_PER_QUERY = 100  # SELECTs in one UNION ALL (SQLite allows 500 by default)
# Entries remembered between writes (SqliteStore._remembered): a search reads about 25 (neighbours, the relevance
# floor, the packs), 0.2-0.3 ms of CPU at 10,000 entries for the statement and the decoding (docs/performance.md,
# stop 42). At most this many, each of at most this many characters: 4 MiB of text at the most.
ENTRY_CACHE_ROWS = 1024
ENTRY_CACHE_CHARS = 4096
# Full-text rankings remembered between writes (SqliteStore._remembered_ranks): at 10,000 synthetic entries one OR
# query ranks thousands of matches (2-3 ms of CPU); a repeated query (an agent asking again) reads none of them.
RANKED_CACHE_QUERIES = 256

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

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
        """The stored entries of ``ids`` (unknown ids left out), each with its pending reuse count, in the order
        the statement this replaced returned them: per ``SQLITE_MAX_VARS`` ids, ascending id (SQLite walks the
        id index over the sorted ``IN`` list; ``tests/test_search_copies.py`` pins it). Entries read since the
        last write of this process and the last commit of any other connection are answered from memory
        (``_remembered``), the others with one statement per ``SQLITE_MAX_VARS`` ids."""
        found: dict[str, Entry] = {}
        with self._lock, map_errors(f"Store {self.store_id}"):
            known = self._remembered()
            for start in range(0, len(ids), SQLITE_MAX_VARS):
                chunk = sorted(set(ids[start : start + SQLITE_MAX_VARS]))
                read: dict[str, Entry] = {}
                unread = [i for i in chunk if i not in known]
                if unread:
                    sql = f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id IN ({marks(len(unread))})"
                    read = {row["id"]: entry_from_row(row) for row in self._conn.execute(sql, unread).fetchall()}
                    for entry_id, entry in read.items():
                        if len(known) < ENTRY_CACHE_ROWS and len(entry.content) <= ENTRY_CACHE_CHARS:
                            known[entry_id] = entry
                for entry_id in chunk:
                    entry = read.get(entry_id) or known.get(entry_id)
                    if entry is not None and entry_id not in found:
                        found[entry_id] = self.with_uses(entry)
        return found

    def _remembered(self) -> dict[str, Entry]:
        """The entries ``entries`` read (without reuse counts) since this process's last write transaction on
        this store and the last commit of any other connection (``PRAGMA data_version``, ``_current``); dropped
        whole by either, so an entry changed, superseded or forgotten is read again. Under the store lock."""
        self._current()
        key = (self._writes, self._columns.layouts)
        if self._entry_key != key:
            self._entry_cache, self._ranked_cache, self._entry_key = {}, {}, key
        return self._entry_cache

    def _remembered_ranks(self) -> dict[tuple[str, int], list[tuple[int, float]]]:
        """FTS5's ranked matches ``(rowid, bm25)`` by ``(MATCH expression, LIMIT)`` that ``keyword_search`` read
        since the same moment as ``_remembered``'s entries (dropped with them): a full-text index unchanged since
        ranks the same rows the same way. Liveness is judged again on every call (it depends on ``now``)."""
        self._remembered()
        return self._ranked_cache

    def chars_and_times(self, ids: Sequence[str]) -> dict[str, tuple[int, int]]:
        with self._lock, map_errors(f"Store {self.store_id}"):
            columns = self.columns()
            found: dict[str, tuple[int, int]] = {}
            for entry_id in ids:
                position = columns.at_id.get(entry_id)
                if position is not None:
                    found[entry_id] = (columns.chars[position], columns.created[position])
            return found

    def any_expired(self, now: int) -> bool:
        return bool(
            self._read("SELECT 1 FROM entries WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT 1", (now,))
        )

    def live_ids(self, ids: Sequence[str], now: int, memory_types: Sequence[MemoryType] | None) -> set[str]:
        with self._lock, map_errors(f"Store {self.store_id}"):
            columns = self.columns()
            return {
                i
                for i in ids
                if (position := columns.at_id.get(i)) is not None and columns.is_live(position, now, memory_types)
            }

    def keyword_search(
        self, terms: Sequence[str], mode: str, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        match = fts_match(list(terms), mode)
        if match is None:
            return []
        window = max(2 * limit, 32)
        while True:
            with self._lock, map_errors(f"Store {self.store_id}"):
                remembered = self._remembered_ranks()
                ranked = remembered.get((match, window))
                if ranked is None:
                    try:  # rank the matches inside FTS5 first; then filter only the best of them to the live ones
                        rows = self._read(
                            "SELECT rowid, bm25(entries_fts, 1.0, 2.0, 1.0) AS rank FROM entries_fts "
                            "WHERE entries_fts MATCH ? ORDER BY rank LIMIT ?",
                            [match, window],
                        )
                    except StorageError as exc:  # defensive: the query builder quotes every term
                        logger.warning("full-text query rejected by FTS5: %s", type(exc).__name__)
                        return []
                    ranked = [(row["rowid"], float(row["rank"])) for row in rows]
                    if len(remembered) < RANKED_CACHE_QUERIES:
                        remembered[(match, window)] = ranked
                live: dict[int, str] = {}
                columns = self.columns()
                for rowid, _ in ranked:
                    position = columns.at_rowid.get(rowid)
                    if position is not None and columns.is_live(position, now, memory_types):
                        live[rowid] = columns.ids[position]
            hits = [(live[rowid], rank) for rowid, rank in ranked if rowid in live][:limit]
            if len(hits) >= limit or len(ranked) < window:  # enough, or every match was seen
                return hits
            window *= 4  # superseded, expired or other-type entries filled the window: look further

    def vector_search(
        self, query: Vectors, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        import numpy as np

        with self._lock, map_errors(f"Store {self.store_id}"):
            index, columns = self.copies()
            if index.size == 0 or limit <= 0:
                return []
            vector = np.asarray(query, dtype=np.float32).reshape(-1)
            # the rows of live entries of an asked type keep their scores, every other row (superseded, expired,
            # another type, a replaced row) drops to -inf: the order of the kept rows, ties included, is the one
            # of all rows, so the answer is the one of filtering the best rows in SQL (as before), without SQL
            keep = self._row_entries(index, columns)
            live = columns.live_mask(now, memory_types)
            allowed = keep >= 0
            allowed[allowed] = live[keep[allowed]]
            count = min(index.size, max(16 * limit, 256))
            bounds = _first_pass(index, vector) if index.size >= FIRST_PASS_MIN_ROWS else None
            if bounds is not None:
                # the rows one walk's window takes (enough unless entries have many chunks), then count's
                for take in (2 * limit + 16, count):
                    found = pruned_best_entries(index, vector, bounds, allowed, keep, take, limit)
                    if found is not None:
                        return [(columns.ids[position], score) for position, score in found]
            # cosine of every stored vector: memory-bound (10,000 entries = 10,000 vectors = 15 MB per query)
            scores = index.scores(vector)
            scores[~allowed] = -np.inf
            found = best_entries(scores, keep, count, limit, trusted=len(scores))
            assert found is not None
            return [(columns.ids[position], score) for position, score in found]

    def entry_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        """Each stored entry's vectors, ``(chunks, dim)`` float32 in chunk order (copies), from the in-memory
        index (current: ``vector_index``): the bytes of its rows in the ``vectors`` table, without a read."""
        import numpy as np

        with self._lock, map_errors(f"Store {self.store_id}"):
            index, columns = self.copies()
            keep = self._row_entries(index, columns)
            if self._by_entry is None or self._by_entry[0] != self._row_key:
                order = np.argsort(keep, kind="stable")  # rows grouped by entry, each entry's in seq (chunk) order
                self._by_entry = (self._row_key, order, keep[order])
            _, order, grouped = self._by_entry
            known = [(i, p) for i in ids if (p := columns.at_id.get(i)) is not None]
            if not known:
                return {}
            # one search and one gather for all the ids (their rows, each entry's in chunk order)
            positions = np.asarray([p for _, p in known], dtype=np.int64)
            lows = np.searchsorted(grouped, positions).tolist()
            highs = np.searchsorted(grouped, positions + 1).tolist()
            rows = np.concatenate([order[low:high] for low, high in zip(lows, highs, strict=True)])
            gathered = index.gather(rows.tolist())
            found: dict[str, Vectors] = {}
            done = 0
            for (entry_id, _), low, high in zip(known, lows, highs, strict=True):
                if low < high:
                    found[entry_id] = gathered[done : done + high - low]
                    done += high - low
            return found

    def _row_entries(self, index: VectorIndex, columns: EntryColumns) -> npt.NDArray[np.int64]:
        """For each row of ``index``, the position of its entry in ``columns`` (-1: a replaced row, or an entry
        not in the copy), kept until either changes."""
        import numpy as np

        key = (id(index), index.changes, id(columns), columns.changes)
        if self._row_key == key and self._rows is not None:
            return self._rows
        rowids = index.rowids[: index.size]
        held = columns.arrays()[0]  # rowid order (columns.py)
        layout = (id(index), index.resets, id(columns), columns.layouts)
        previous = self._rows if self._row_layout == layout else None
        done = len(previous) if previous is not None and len(previous) <= len(rowids) else 0
        # (an index only shrinks by a reset)
        # Since the rows were last mapped without a reset of the index or a reload of the columns, an old row kept
        # its rowid or became DEAD, and an entry kept its position: only the new rows, the dead ones and those of
        # an entry the copy did not hold then (normally none) are mapped again, to what a whole mapping gives them.
        rows = np.full(len(rowids), -1, dtype=np.int64)
        again = np.arange(done, len(rowids))
        if previous is not None and done and len(held):
            rows[:done] = previous[:done]
            again = np.concatenate([np.flatnonzero((rows[:done] < 0) | (rowids[:done] < 0)), again])
        if len(held) and len(again):
            wanted = rowids[again]
            at = np.minimum(np.searchsorted(held, wanted), len(held) - 1)
            rows[again] = np.where((wanted >= 0) & (held[at] == wanted), at, -1)
        self._rows, self._row_key, self._row_layout = rows, key, layout
        return self._rows

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
        with self._lock, map_errors(f"Store {self.store_id}"):
            return self.columns().recent(limit, now, memory_types)

    def time_neighbours(
        self,
        ids: Sequence[str],
        window_ms: int,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        radius: int,
    ) -> dict[str, list[str]]:
        check_radius(radius)
        # from the entries' small columns: each side a walk of the anchor's surface's (created_at, id) keys from
        # the anchor outwards (columns.EntryColumns.neighbours), the rows the statement this replaced read
        # through the entries_created index (PostgreSQL still does: storage/postgres/store.py)
        with self._lock, map_errors(f"Store {self.store_id}"):
            columns = self.columns()
            out: dict[str, list[str]] = {}
            for anchor in ids:
                found = columns.neighbours(anchor, window_ms, radius, now, memory_types)
                if found is not None:
                    out[anchor] = found
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


_first_pass_failed = False  # ONNX Runtime could not run the int8 product here: the float32 product serves


def _first_pass(index: VectorIndex, vector: Vectors) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """``index.first_pass(vector)``, or None (and the float32 product from then on in this process) when ONNX
    Runtime fails on it: the answer is the same either way, only slower."""
    global _first_pass_failed
    if _first_pass_failed:
        return None
    try:
        return index.first_pass(vector)
    except Exception as exc:  # the runtime's own errors have no common type
        _first_pass_failed = True
        logger.warning("int8 first pass unavailable (%s): exact float32 vector search only", type(exc).__name__)
        return None


def pruned_best_entries(
    index: VectorIndex,
    vector: Vectors,
    bounds: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]],
    allowed: npt.NDArray[np.bool_],
    keep: npt.NDArray[np.int64],
    count: int,
    limit: int,
) -> list[tuple[int, float]] | None:
    """``vector_search``'s answer (entry positions and exact cosines) from the int8 first pass (``bounds``:
    ``index.first_pass(vector)``): every allowed row whose upper bound reaches the ``count``-th best lower
    bound is scored exactly, the others cannot be among the ``count`` best (first_pass.py). None when the
    answer needs more than those ``count`` rows (an entry's many chunks): the caller asks again with more."""
    import numpy as np

    approx, bound = bounds
    low = np.where(allowed, approx - bound, -np.inf)
    shown = int(np.count_nonzero(allowed))
    if shown == 0:
        return []
    take = min(count, shown)
    floor = np.partition(low, len(low) - take)[len(low) - take]  # the take-th best lower bound
    rows = np.flatnonzero(allowed & (approx + bound >= floor))  # ascending: ties stay in row order
    scores = index.exact_scores(rows, vector)
    # the first `take` rows of the exact order are all among `rows`, in their exact order; past them a row
    # left out could come before a scored one, unless every allowed row was scored
    return best_entries(scores, keep[rows], take, limit, trusted=len(rows) if len(rows) == shown else take)


def best_entries(
    scores: Vectors, keep: npt.NDArray[np.int64], count: int, limit: int, trusted: int
) -> list[tuple[int, float]] | None:
    """The ``limit`` best entries (positions in the columns, with their best row's score) of ``scores`` (one per
    row, -inf for a row not to show; ``keep``: each row's entry position), best first, ties by row. The rows
    are ordered ``count`` at a time (``best_first``), all of them once those run out. ``trusted``: how many rows
    of that order are known to be the exact order's (all, or the first pass's ``take``); None when the answer
    needs a row past them."""
    import numpy as np

    results: list[tuple[int, float]] = []
    seen: set[int] = set()
    order = best_first(scores, count)
    done = 0
    while len(results) < limit:
        if done == len(order):
            if count >= len(scores):
                break
            count = len(scores)  # the partial order ran out (an entry's many chunks): sort it all
            order = best_first(scores, count)
        window = order[done : done + 2 * limit + 16]
        done += len(window)
        for offset, (row, score) in enumerate(zip(window.tolist(), scores[window].tolist(), strict=True)):
            if done - len(window) + offset >= trusted:
                return None
            if score == -np.inf:
                return results
            position = int(keep[row])
            if position not in seen:  # an entry's best chunk comes first
                seen.add(position)
                results.append((position, score))
                if len(results) == limit:
                    break
    return results
