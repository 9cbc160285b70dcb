"""One open SQLite store file: its connection and lock, write transactions, and the scrub of deleted memory
from the write-ahead log (pending mark in ``meta``, retried in the background, after any write and at open).

Per file: WAL journal (readers never block the writer), ``busy_timeout`` so concurrent processes wait
instead of failing, ``secure_delete=ON`` so deleted content is overwritten with zeros (SQLite docs, PRAGMA
secure_delete), and this commit policy (docs/configuration.md "Durability"):

- every commit runs with ``synchronous=NORMAL``: in WAL mode the commit is in the WAL file when it returns, so an
  acknowledged write survives a crash of any process at once (SQLite docs, PRAGMA synchronous: "WAL mode is
  always consistent with synchronous=NORMAL"), without the fsync that was a quarter of a save's time;
- the WAL is fsynced by the process's flush thread (flusher.py) at most ``WAL_FLUSH_DELAY_S`` after a write's
  commit (one fsync for
  every write of that interval), so a power loss or an operating-system crash loses at most that last moment
  of saves, never the database's consistency;
- a deletion (forget, sweep, removal of a user's data) fsyncs the WAL before the call returns: "forget means
  gone" holds across a power loss too; its WAL scrub follows (below);
- reuse counts alone (``writer(durable=False)``) schedule no flush of their own.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Generator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from contextlamp.errors import EmbeddingMismatchError
from contextlamp.storage.shared.usage import DeferredUses
from contextlamp.storage.sqlite.columns import EntryColumns
from contextlamp.storage.sqlite.connection import BUSY_TIMEOUT_MS, connect, immediate, map_errors, migrate
from contextlamp.storage.sqlite.flusher import WalFlusher
from contextlamp.storage.sqlite.schema import FOLDING_MIGRATION, MIGRATIONS
from contextlamp.storage.sqlite.vectors import VectorIndex
from contextlamp.storage.sqlite.writer import SqliteWriter

logger = logging.getLogger(__name__)

# Scrubbing the WAL after a deletion (a TRUNCATE checkpoint) must wait for every reader of the WAL to finish;
# a reader holding a transaction (a CLI command, a backup, another server) can take any time, so the
# deletion waits at most SCRUB_WAIT_MS for it and a scrub left pending is retried: in a background timer
# (SCRUB_RETRY_FIRST_S doubling to SCRUB_RETRY_MAX_S, for SCRUB_RETRY_FOR_S), after the next write of any
# process (without waiting), and when a process opens the store. The pending mark is a counter in ``meta``.
SCRUB_WAIT_MS = 100
SCRUB_RETRY_FIRST_S = 0.2
SCRUB_RETRY_MAX_S = 5.0
SCRUB_RETRY_FOR_S = 3600.0
# The longest a committed write waits for its fsync (module docstring). A save answers before it: 0.1 s bounds
# what a power loss can take (a person cannot type a second memory in it) and groups a burst's fsyncs into one.
WAL_FLUSH_DELAY_S = 0.1
WAL_FLUSHER = WalFlusher()  # the process's one flush thread, started by the first request (flusher.py)


def fsync_file(path: Path) -> bool:
    """``fsync`` the file ``path`` if it exists (its written pages reach the disk, whoever wrote them); False
    when there is no such file (a closed store's WAL is checkpointed and removed by SQLite)."""
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return True


def _read_only(path: Path, sql: str, params: Sequence[Any] = ()) -> Any:
    """One value of ``sql`` on the store file ``path``, read without writing (None: no row, no file, or the
    table does not exist yet)."""
    if not path.exists():
        return None
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        row = conn.execute(sql, params).fetchone()
    except sqlite3.OperationalError:
        return None
    finally:
        conn.close()
    return None if row is None else row[0]


def recorded_embedder(path: Path) -> str | None:
    """The embedding model identity a store file records (``meta.embedder``); None for a new file."""
    value = _read_only(path, "SELECT value FROM meta WHERE key = 'embedder'")
    return None if value is None else str(value)


def entries_unless(path: Path, identity: str) -> int:
    """The entries of the store file ``path``, or 0 when it already records ``identity`` (``reembed``'s work)."""
    if recorded_embedder(path) == identity:
        return 0
    return int(_read_only(path, "SELECT count(*) FROM entries") or 0)


class StoreFile(DeferredUses):
    """The plumbing of a ``SqliteStore`` (``store.py``), which adds the reads, sessions and maintenance: one
    connection behind a lock, ``BEGIN IMMEDIATE`` write transactions, the WAL scrub after a deletion.

    Raises (constructor):
        EmbeddingMismatchError: the file holds vectors of another embedding model or dimension.
        StorageError: the file cannot be opened.
    """

    def __init__(self, path: Path, store_id: str, embedder_identity: str, dim: int) -> None:
        self.store_id = store_id
        self.path = path
        self._lock = threading.RLock()
        self._conn = connect(path)
        self._inode = path.stat().st_ino
        self._dim = dim
        self._closed = False
        self._retry: threading.Timer | None = None  # the background retry of a pending scrub, while one runs
        self._conn.execute("PRAGMA synchronous = NORMAL")  # the commit policy: module docstring
        self._columns = EntryColumns()  # the entries' small columns in memory (columns.py), loaded on first use
        self._data_version: int | None = None  # PRAGMA data_version when the copies were last known current
        self._index_stale = True  # a write may have added vectors: the index follows the table before a search
        self._tracked = False  # the open transaction is a writer()'s, which refreshes the columns it touched
        self._rows: Any = None  # each index row's entry position in the columns (store.SqliteStore._row_entries)
        self._row_key: tuple[int, int, int, int] | None = None
        self._row_layout: tuple[int, int, int, int] | None = None  # (index, its resets, columns, their layouts)
        self._by_entry: Any = None  # (the _row_key it was made for, rows grouped by entry, their entries)
        self._writes = 0  # counts each write transaction's start and end (store.SqliteStore._remembered)
        self._entry_cache: dict[str, Any] = {}  # entries read since (store.SqliteStore._remembered)
        self._ranked_cache: dict[tuple[str, int], list[tuple[int, float]]] = {}  # the same, full-text ranks
        self._entry_key: tuple[int, int] | None = None
        self.init_uses()  # reuse counts wait in memory (storage/shared/usage.py)
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        migrate(self._conn, MIGRATIONS)
        if 0 < version < FOLDING_MIGRATION:  # the fold rewrote the vectors table: do not leave its size in the WAL
            self._checkpoint(SCRUB_WAIT_MS)
        self._check_embedder(embedder_identity)
        self._identity = embedder_identity  # the model of the vectors this process writes (SqliteWriter)
        self._index = VectorIndex(dim)
        if self._scrub_mark() is not None:  # a deletion whose scrub no process completed (here or elsewhere)
            self._scrub_or_defer(0, deletion=False)

    # -- plumbing -------------------------------------------------------------------------------------

    def _check_embedder(self, identity: str) -> None:
        with self._write() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'embedder'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta(key, value) VALUES ('embedder', ?)", (identity,))
                conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('vec_epoch', '0')")
            elif row["value"] != identity:
                raise EmbeddingMismatchError(
                    f"Store {self.store_id} holds vectors of embedding model {row['value']!r}, but the configured "
                    f"model is {identity!r}. Set CONTEXTLAMP_EMBEDDER back to that model, or move every store to the "
                    "configured one with `contextlamp reembed --to <its CONTEXTLAMP_EMBEDDER name>` (vectors of two "
                    "models cannot be compared)."
                )

    @contextmanager
    def _write(self, durable: bool = True) -> Generator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction; after its commit, a deletion's WAL is fsynced at once, any other
        write's within ``WAL_FLUSH_DELAY_S`` (``durable=False``: no flush of its own), and a scrub that is pending
        (a deletion of this transaction, or one another process could not complete) is attempted (``_scrub``)."""
        with self._lock, map_errors(f"Store {self.store_id}"):
            mark: str | None = None
            self._writes += 1  # entries read before may change: read them again (store.SqliteStore._remembered)
            try:
                with immediate(self._conn) as conn:
                    self._deleted = False
                    yield conn
                    mark = self._scrub_mark()
            finally:
                deleted, self._deleted = self._deleted, False
                self._writes += 1  # and what was read inside it, committed or rolled back
            self._index_stale = True
            if not self._tracked:  # a write of unknown rows (maintenance, sessions): reload at the next read
                self._columns.invalidate()
            if deleted:
                self._fsync_wal()
            elif durable:
                self._flush_later()
            # a deletion waits briefly for readers; a write retries another's scrub without waiting, unless
            # this process's retry timer already does
            if mark is not None and (deleted or self._retry is None):
                self._scrub_or_defer(SCRUB_WAIT_MS if deleted else 0, deletion=deleted)

    _deleted = False  # the current transaction deleted memory (``_want_scrub``)

    def _current(self) -> None:
        """Drop the in-memory copies (``EntryColumns``; the vector index follows the table) when another
        connection committed since they were last used: ``PRAGMA data_version`` moved (SQLite docs: it changes on
        another connection's commit, never on this one's, whose commits update the copies themselves).
        Called under the store lock before every read of a copy."""
        version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._data_version = version
            self._columns.invalidate()
            self._index_stale = True

    def columns(self) -> EntryColumns:
        """The entries' small columns, current (``_current``; loaded whole when dropped). Under the store lock."""
        self._current()
        if not self._columns.loaded:
            self._columns.load(self._conn)
        return self._columns

    def vector_index(self) -> VectorIndex:
        """The in-memory vector index, current (``VectorIndex.follow`` after any write). Under the store lock."""
        self._current()
        return self._followed()

    def copies(self) -> tuple[VectorIndex, EntryColumns]:
        """``vector_index()`` and ``columns()`` with one ``_current`` check (one statement) for both. Under the
        store lock."""
        self._current()
        index = self._followed()  # in the order of the two calls this replaced
        if not self._columns.loaded:
            self._columns.load(self._conn)
        return index, self._columns

    def _followed(self) -> VectorIndex:
        if self._index_stale:
            self._index.follow(self._conn)
            self._index_stale = False
        return self._index

    def _fsync_wal(self) -> None:
        """fsync the WAL now (every commit so far reaches the disk)."""
        fsync_file(self.path.with_name(self.path.name + "-wal"))

    def _flush_later(self) -> None:
        """Have the process's WAL flusher fsync this store's WAL within ``WAL_FLUSH_DELAY_S`` unless it is asked
        already (module docstring; flusher.py: no thread started per save)."""
        if not self._closed:
            WAL_FLUSHER.request(self, self._fsync_on_timer, WAL_FLUSH_DELAY_S)

    def _fsync_on_timer(self) -> None:
        """The flusher's fsync, outside the store lock (searches and saves go on meanwhile; a commit after the
        flusher took this request makes the next one, so none is left unflushed)."""
        if self._closed:
            return
        try:
            self._fsync_wal()
        except OSError as exc:  # the next write's request or the close tries again
            logger.warning("store %s: fsync of the write-ahead log failed: %s", self.store_id, type(exc).__name__)

    def _want_scrub(self, conn: sqlite3.Connection) -> None:
        """Mark, inside a deleting transaction, that the WAL must be scrubbed: the mark commits with the
        deletion, so a crash or a busy reader cannot lose it. A counter: ``_scrub`` clears only the value
        it saw before its checkpoint, never a later deletion's."""
        conn.execute(
            "INSERT INTO meta(key, value) VALUES ('scrub_pending', '1') "
            "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1"
        )
        self._deleted = True

    def _scrub_mark(self) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'scrub_pending'").fetchone()
        return None if row is None else str(row[0])

    def _checkpoint(self, wait_ms: int) -> bool:
        """``PRAGMA wal_checkpoint(TRUNCATE)`` waiting at most ``wait_ms`` for readers and writers (the busy
        timeout is per connection: lowered around the call, then restored). True when every frame was copied
        and the WAL truncated to zero bytes; False when a reader or writer kept it (the pragma then answers
        busy = 1 rather than raising; SQLite docs, PRAGMA wal_checkpoint)."""
        with self._lock:
            self._conn.execute(f"PRAGMA busy_timeout = {wait_ms}")
            try:
                busy = self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            except sqlite3.OperationalError:
                busy = 1
            finally:
                self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            return busy == 0

    def _scrub_or_defer(self, wait_ms: int, deletion: bool) -> None:
        """``_scrub``; when the WAL stays busy, start the retry timer (unless one runs) and, for a deletion,
        log the deferral at WARNING (the store id only, never content)."""
        if self._scrub(wait_ms):
            return
        if deletion:
            logger.warning(
                "store %s: deleted memory is not yet scrubbed from the write-ahead log, another connection is "
                "reading the store; retrying in the background and after the next write",
                self.store_id,
            )
        if self._retry is None and not self._closed:
            self._start_retry(SCRUB_RETRY_FIRST_S, time.monotonic() + SCRUB_RETRY_FOR_S)

    def _scrub(self, wait_ms: int) -> bool:
        """Complete a pending scrub: checkpoint the WAL (``_checkpoint``) and clear the mark it saw, unless a
        later deletion raised it meanwhile. Idempotent and safe across processes (the checkpoint is SQLite's;
        the mark is cleared by compare-and-delete). Returns whether nothing is left pending."""
        with self._lock:
            if self._closed:
                return False
            mark = self._scrub_mark()
            if mark is None:
                return True
            if not self._checkpoint(wait_ms):
                return False
            try:  # the mark's own update is one small meta page in the emptied WAL
                self._conn.execute(f"PRAGMA busy_timeout = {SCRUB_WAIT_MS}")
                self._conn.execute("BEGIN IMMEDIATE")
                self._conn.execute("DELETE FROM meta WHERE key = 'scrub_pending' AND value = ?", (mark,))
                self._conn.execute("COMMIT")
            except sqlite3.OperationalError:  # a writer holds the lock: the checkpoint is done, the mark stays
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
            finally:
                self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            return True

    def _start_retry(self, delay: float, deadline: float) -> None:
        """Run ``_retry_scrub`` in ``delay`` seconds on a daemon timer (one per store at a time)."""
        timer = threading.Timer(delay, self._retry_scrub, (delay, deadline))
        timer.daemon = True
        timer.name = f"scrub-{self.store_id}"
        self._retry = timer
        timer.start()

    def _retry_scrub(self, delay: float, deadline: float) -> None:
        with self._lock:
            if self._closed or self._retry is not threading.current_thread():
                return
            self._retry = None
            try:
                done = self._scrub(SCRUB_WAIT_MS)
            except sqlite3.Error as exc:  # e.g. the file was deleted under us: the next open or write retries
                logger.warning("store %s: background scrub failed: %s", self.store_id, type(exc).__name__)
                return
            if done:
                logger.info("store %s: deleted memory scrubbed from the write-ahead log", self.store_id)
                return
            if time.monotonic() + delay > deadline:
                logger.warning(
                    "store %s: the WAL file stayed busy for %.0f s; the next write or start completes the scrub",
                    self.store_id,
                    SCRUB_RETRY_FOR_S,
                )
                return
            self._start_retry(min(delay * 2, SCRUB_RETRY_MAX_S), deadline)

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock, map_errors(f"Store {self.store_id}"):
            return self._conn.execute(sql, params).fetchall()

    @contextmanager
    def writer(self, *, durable: bool = True) -> Generator[SqliteWriter]:
        """One ``BEGIN IMMEDIATE`` transaction under the store lock as an ``EntryWriter`` (``Store.writer``).
        When it deleted anything, the after-deletion work runs once: FTS optimize and ``vec_epoch`` bump and
        the scrub mark inside the transaction, then the WAL scrub (``_write``) and the in-memory index drop.
        ``durable=False``: this commit schedules no fsync of its own (a power loss may lose it; the next write's
        flush covers it): for reuse counts. The pending reuse counts (``DeferredUses``) are written first, in the
        same transaction (back to pending when it rolls back)."""
        with self._lock:
            uses: list[tuple[int, str, int, str]] = []
            tx: SqliteWriter | None = None
            self._tracked = True
            remembered = (self._writes, self._columns.layouts)  # the key of what reads remember (store.py)
            counts_only = False
            try:
                with self._write(durable) as conn:
                    uses = self.take_uses()
                    if uses:
                        conn.executemany(
                            "UPDATE entries SET reuse_count = reuse_count + ?, last_used_surface = ?, "
                            "last_used_at = ? WHERE id = ?",
                            uses,
                        )
                    changes = conn.total_changes
                    tx = SqliteWriter(conn, self.store_id, self._identity)
                    yield tx
                    if tx.deleted:
                        self._after_delete(conn)
                        self._want_scrub(conn)  # old page images (with the text) live on in WAL frames
                    counts_only = conn.total_changes == changes and not tx.deleted
                if tx.deleted:
                    self._index = VectorIndex(self._dim)  # drop the forgotten vectors from memory now
                    self._columns.invalidate()
                else:
                    self._columns.refresh(self._conn, tx.touched)
                if counts_only:
                    self._counts_written(remembered, [row[3] for row in uses])
                uses = []
            finally:
                self._tracked = False
                self.return_uses(uses)  # the transaction failed: the counts are pending again

    def _counts_written(self, remembered: tuple[int, int], ids: list[str]) -> None:
        """After a transaction that wrote only reuse counts (``flush_uses``: every 5 s or 256 pending counts while
        searches run): what reads remembered before it stays remembered (``store.SqliteStore._remembered``),
        less the entries of ``ids``, whose counts changed; full-text rankings do not depend on counts. Only when
        it was current under the key ``remembered`` taken before the transaction and no other connection has
        committed since (``_current``)."""
        self._current()
        if self._entry_key == remembered and self._columns.layouts == remembered[1]:
            for entry_id in ids:
                self._entry_cache.pop(entry_id, None)
            self._entry_key = (self._writes, self._columns.layouts)

    def _after_delete(self, conn: sqlite3.Connection) -> None:
        # merge FTS segments so no deleted term survives in an old segment; secure_delete zeroes freed pages
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES('optimize')")
        conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vec_epoch'")

    def is_current(self) -> bool:
        """False once the file was deleted or replaced under this open connection (``contextlamp user
        delete`` in another process): the registry then opens the file anew."""
        try:
            return self.path.stat().st_ino == self._inode
        except FileNotFoundError:
            return False

    def close(self) -> None:
        """Close the connection and stop a scrub retry timer (a pending scrub stays marked in the file: the
        next process to open or write the store completes it); pending reuse counts are written first, and a
        pending WAL fsync is done now."""
        with self._lock:
            if not self._closed:
                self.stop_uses()
            self._closed = True
            if self._retry is not None:
                self._retry.cancel()
                self._retry = None
            if WAL_FLUSHER.cancel(self):
                self._conn.close()  # the last connection checkpoints (fsyncing both files) and removes the WAL
                self._fsync_wal()  # another process's connection keeps it: flush what this one wrote
                return
            self._conn.close()
