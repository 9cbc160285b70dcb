"""SQLite store backend: one database file per store, FTS5 keyword search, exact numpy vector search.

Per file: WAL journal (readers never block the writer), ``busy_timeout`` so concurrent processes wait
instead of failing, ``synchronous=FULL`` so an acknowledged write survives a crash or power loss,
``secure_delete=ON`` so deleted content is overwritten with zeros (SQLite docs, PRAGMA secure_delete).
Full text: a contentless FTS5 table (``content=''``: the index holds terms, never the text) with the
``porter unicode61`` tokenizer. Vectors: float32 blobs in the database (the source of truth), searched
from a per-store in-memory matrix that follows the ``vectors`` table by its AUTOINCREMENT ``seq``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.folding import entry_vector
from contextlamp.domain.models import (
    ENTRY_FIELDS,
    Entry,
    MemoryType,
    SessionDigest,
    entry_values,
)
from contextlamp.domain.ports import EmbedFn, Finding

if TYPE_CHECKING:
    from contextlamp.storage.sqlite_writer import SqliteWriter
from contextlamp.errors import ConflictError, EmbeddingMismatchError, StorageError
from contextlamp.segmenting import index_text, is_prefix_term, needs_segmenting

logger = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 30_000  # a writer holds the lock for milliseconds; 30 s only matters under heavy contention
# Scrubbing the WAL after a deletion (a TRUNCATE checkpoint) must wait for every reader of the WAL to finish;
# a reader holding a transaction (a CLI command, a backup, another server) can take any time, so the
# deletion waits at most SCRUB_WAIT_MS for it and a scrub left pending is retried: in a background timer
# (SCRUB_RETRY_FIRST_S doubling to SCRUB_RETRY_MAX_S, for SCRUB_RETRY_FOR_S), after the next write of any
# process (without waiting), and when a process opens the store. The pending mark is a counter in ``meta``.
SCRUB_WAIT_MS = 100
SCRUB_RETRY_FIRST_S = 0.2
SCRUB_RETRY_MAX_S = 5.0
SCRUB_RETRY_FOR_S = 3600.0
SQLITE_MAX_VARS = 900  # below SQLite's historical SQLITE_MAX_VARIABLE_NUMBER of 999

FOLDING_MIGRATION = 4  # the number of the data migration that folds old stores' vectors
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"  # entries_fts; doctor builds its expected index with it
Migration = str | Callable[[sqlite3.Connection], None]  # a SQL script, or a data migration run in Python

MIGRATIONS: tuple[Migration, ...] = (
    # 1: initial schema
    """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS entries (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        content TEXT NOT NULL,
        content_key TEXT NOT NULL UNIQUE,
        memory_type TEXT NOT NULL,
        kind TEXT NOT NULL,
        topic TEXT,
        tags TEXT NOT NULL DEFAULT '[]',
        questions TEXT NOT NULL DEFAULT '[]',
        source_surface TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER,
        superseded_by TEXT,
        superseded_at INTEGER,
        reuse_count INTEGER NOT NULL DEFAULT 0,
        last_used_surface TEXT,
        last_used_at INTEGER,
        contributed_by TEXT
    );
    CREATE INDEX IF NOT EXISTS entries_live_topic ON entries(topic) WHERE superseded_by IS NULL;
    CREATE INDEX IF NOT EXISTS entries_created ON entries(created_at, id);
    CREATE INDEX IF NOT EXISTS entries_expires ON entries(expires_at) WHERE expires_at IS NOT NULL;
    CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5(
        content, topic, tags, content='', tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TABLE IF NOT EXISTS vectors (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        entry_rowid INTEGER NOT NULL,
        ord INTEGER NOT NULL,
        vec BLOB NOT NULL
    );
    CREATE INDEX IF NOT EXISTS vectors_entry ON vectors(entry_rowid);
    """,
    # 2: session digests (save_session / resume_session); learnings may live in other stores (projects)
    """
    CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        summary TEXT NOT NULL,
        source_surface TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_created ON sessions(created_at, id);
    CREATE TABLE IF NOT EXISTS session_learnings (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        store_id TEXT NOT NULL,
        entry_id TEXT NOT NULL,
        PRIMARY KEY (session_id, ord)
    );
    CREATE INDEX IF NOT EXISTS session_learnings_entry ON session_learnings(entry_id);
    """,
    # 3: team learnings: trust of each entry, and who corroborated it when
    """
    ALTER TABLE entries ADD COLUMN trust TEXT;
    CREATE TABLE IF NOT EXISTS corroborations (
        entry_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        similarity REAL NOT NULL,
        PRIMARY KEY (entry_id, user_id)
    );
    CREATE INDEX IF NOT EXISTS entries_contributor ON entries(contributed_by) WHERE contributed_by IS NOT NULL;
    """,
    # 4: one vector per entry, its content and likely questions folded (retrieval/folding.py); data migration
    lambda conn: _fold_entry_vectors(conn),
    # 5: runs of spaceless scripts (Chinese, Japanese, Korean, Thai...) indexed as bigrams (segmenting.index_text)
    lambda conn: _segment_fts(conn),
)

ENTRY_COLUMNS = "rowid, " + ", ".join(ENTRY_FIELDS)
_LIVE = "superseded_by IS NULL AND (expires_at IS NULL OR expires_at > ?)"


def _type_filter(memory_types: Sequence[MemoryType] | None, column: str = "memory_type") -> tuple[str, list[Any]]:
    if memory_types is None:
        return "", []
    return f" AND {column} IN ({','.join('?' * len(memory_types))})", list(memory_types)


def entry_from_row(row: sqlite3.Row) -> Entry:
    """The ``Entry`` of an ``entries`` row (``ENTRY_COLUMNS``)."""
    return Entry(
        id=row["id"],
        content=row["content"],
        content_key=row["content_key"],
        memory_type=row["memory_type"],
        kind=row["kind"],
        topic=row["topic"],
        tags=tuple(json.loads(row["tags"])),
        source_surface=row["source_surface"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        superseded_by=row["superseded_by"],
        superseded_at=row["superseded_at"],
        reuse_count=row["reuse_count"],
        last_used_surface=row["last_used_surface"],
        last_used_at=row["last_used_at"],
        questions=tuple(json.loads(row["questions"])),
        contributed_by=row["contributed_by"],
        trust=row["trust"],
    )


def fts_match(terms: list[str], mode: str) -> str | None:
    """A MATCH expression over quoted terms, joined by ``AND`` (mode ``"and"``) or ``OR`` (``"or"``).

    Returns None for no terms (the keyword list is then empty). Every term is wrapped in double quotes
    with inner quotes doubled, so no character of the input can act as FTS5 syntax; a one-character term of a
    spaceless script is a prefix query (``"猫"*``, FTS5 docs section 3.3).
    """
    if not terms:
        return None
    quoted = ['"' + t.replace('"', '""') + '"' + ("*" if is_prefix_term(t) else "") for t in terms]
    return (" AND " if mode == "and" else " OR ").join(quoted)


@contextmanager
def map_errors(what: str) -> Generator[None]:
    """The one translation of ``sqlite3`` errors for this backend: a unique-constraint violation is a
    ``ConflictError``, a busy or locked database a ``StorageError`` saying so, any other engine error (a disk
    I/O error, a full disk, a read-only file, corruption) a ``StorageError`` naming ``what`` failed.

    Raises:
        ConflictError: a unique constraint was broken.
        StorageError: any other ``sqlite3.Error``.
    """
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise ConflictError(f"{what}: {exc}") from exc
    except sqlite3.OperationalError as exc:
        if _is_busy(exc):
            raise StorageError(f"{what} is busy: another connection held its lock for too long ({exc})") from exc
        raise StorageError(f"{what} failed: {exc}") from exc
    except sqlite3.Error as exc:
        raise StorageError(f"{what} failed: {type(exc).__name__}: {exc}") from exc


def connect(path: Path) -> sqlite3.Connection:
    """Open a database file with contextlamp's pragmas (WAL, busy timeout, FULL sync, secure_delete).

    The connection is in autocommit mode; callers open transactions with ``BEGIN IMMEDIATE``. It may be
    used from any thread (MCP runs sync tools in worker threads); callers serialise use with a lock.

    Opening is retried for up to ``BUSY_TIMEOUT_MS``: SQLite answers ``SQLITE_BUSY`` without calling the
    busy handler while the last connection of another process closes (it holds an exclusive lock to
    checkpoint and remove the WAL) or while a first connection recovers a crashed one's WAL (SQLite docs,
    wal.html section 8, "Sometimes Queries Return SQLITE_BUSY In WAL Mode"). Two stdio servers started at
    once on one data directory met exactly this.

    Raises:
        StorageError: the file cannot be opened, is not a database, or stayed locked for the whole timeout.
    """
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # memory is private to its owner
    new = not path.exists()
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            conn = _open(path)
            break
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or time.monotonic() + pause > deadline:
                raise StorageError(f"Cannot open database {path}: {exc}") from exc
            time.sleep(pause)
            pause = min(pause * 2, 0.2)
        except sqlite3.DatabaseError as exc:
            raise StorageError(f"Cannot open database {path}: {exc}") from exc
    if new:
        path.chmod(0o600)  # SQLite gives the -wal and -shm files the same mode
    return conn


def _open(path: Path) -> sqlite3.Connection:
    """One attempt at ``connect``: the connection with every pragma applied, or closed again and raised."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    """True for ``SQLITE_BUSY`` / ``SQLITE_LOCKED`` and their extended codes (the low byte is the primary)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def migrate(conn: sqlite3.Connection, migrations: Sequence[Migration]) -> None:
    """Apply the numbered migrations above ``PRAGMA user_version``, each in its own ``BEGIN IMMEDIATE``
    transaction (so of several processes opening a file at once, one applies each step and the others skip
    it). A migration is a SQL script, or a function of the connection for changes SQL cannot express."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    for number, step in enumerate(migrations, start=1):
        if number <= version:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] < number:  # another process may have won
                if isinstance(step, str):
                    for statement in step.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                else:
                    step(conn)
                conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _fold_entry_vectors(conn: sqlite3.Connection) -> None:
    """Data migration 4: stores written before folding kept ``1 + questions`` vectors an entry (content,
    then questions, by ``ord``); replace them by their ``entry_vector``. Entries with one vector are already
    in the new form. Bumps ``vec_epoch`` so every process reloads its in-memory index."""
    folded = dropped = 0
    while True:  # a bounded batch of entries at a time: memory stays flat on large stores
        rowids = [
            r[0]
            for r in conn.execute(
                "SELECT entry_rowid FROM vectors GROUP BY entry_rowid HAVING count(*) > 1 LIMIT ?", (SQLITE_MAX_VARS,)
            ).fetchall()
        ]
        if not rowids:
            break
        marks = ",".join("?" * len(rowids))
        rows = conn.execute(
            f"SELECT entry_rowid, vec FROM vectors WHERE entry_rowid IN ({marks}) ORDER BY entry_rowid, ord", rowids
        ).fetchall()
        grouped: dict[int, list[bytes]] = {}
        for row in rows:
            grouped.setdefault(row[0], []).append(row[1])
        conn.execute(f"DELETE FROM vectors WHERE entry_rowid IN ({marks})", rowids)
        conn.executemany(
            "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, 0, ?)",
            [
                (
                    rowid,
                    entry_vector(np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), -1)).tobytes(),
                )
                for rowid, blobs in grouped.items()
                # damaged blobs (lengths differ, or not float32) are dropped: doctor reports the entry and
                # --repair embeds it again; folding them would fail the store's opening
                if _whole(blobs)
            ],
        )
        kept = sum(1 for blobs in grouped.values() if _whole(blobs))
        folded += kept
        dropped += len(grouped) - kept
    if folded or dropped:
        conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vec_epoch'")
        logger.info("folded the vectors of %d entries into one each", folded)
    if dropped:
        logger.warning(
            "dropped the damaged vectors of %d entries; run `contextlamp doctor --repair` to embed them again",
            dropped,
        )


def _whole(blobs: list[bytes]) -> bool:
    """The vectors of one entry are intact: same length, whole float32 values."""
    return len({len(b) for b in blobs}) == 1 and len(blobs[0]) > 0 and len(blobs[0]) % 4 == 0


def fts_insert(conn: sqlite3.Connection, rowid: int, content: str, topic: str | None, tags: Sequence[str]) -> None:
    """Index one entry's fields in ``entries_fts`` under ``rowid`` (``index_text`` of each: bigrams for
    spaceless scripts). Every insert into the full-text index goes through here, and every delete through
    ``fts_delete`` with the same values: a contentless FTS5 table deletes a row by indexing its text again."""
    conn.execute(
        "INSERT INTO entries_fts(rowid, content, topic, tags) VALUES (?, ?, ?, ?)",
        (rowid, *_fts_fields(content, topic, tags)),
    )


def fts_delete(conn: sqlite3.Connection, rowid: int, content: str, topic: str | None, tags: Sequence[str]) -> None:
    """Remove the row ``fts_insert`` indexed for these values (FTS5 docs, section 4.4.2, contentless tables:
    the 'delete' command repeats the indexed values; other values would leave its terms in the index)."""
    conn.execute(
        "INSERT INTO entries_fts(entries_fts, rowid, content, topic, tags) VALUES('delete', ?, ?, ?, ?)",
        (rowid, *_fts_fields(content, topic, tags)),
    )


def _fts_fields(content: str, topic: str | None, tags: Sequence[str]) -> tuple[str, str, str]:
    return index_text(content), index_text(topic or ""), index_text(" ".join(tags))


def insert_entry(conn: sqlite3.Connection, entry: Entry, vectors: Vectors) -> None:
    """The entry row with every field, its full-text row and its vectors (inside the caller's transaction)."""
    cursor = conn.execute(
        f"INSERT INTO entries({', '.join(ENTRY_FIELDS)}) VALUES ({','.join('?' * len(ENTRY_FIELDS))})",
        entry_values(entry, json.dumps),
    )
    rowid = cursor.lastrowid
    assert rowid is not None
    fts_insert(conn, rowid, entry.content, entry.topic, entry.tags)
    conn.executemany(
        "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, ?, ?)",
        [(rowid, i, np.ascontiguousarray(v, dtype=np.float32).tobytes()) for i, v in enumerate(vectors)],
    )


def _segment_fts(conn: sqlite3.Connection) -> None:
    """Data migration 5: entries holding a spaceless-script run were indexed with it as one token; index
    them again as ``fts_insert`` does (deleted with the values they were indexed with, the raw fields)."""
    redone = after = 0
    while rows := conn.execute(  # a bounded batch at a time: memory stays flat on large stores
        "SELECT rowid, content, topic, tags FROM entries WHERE rowid > ? ORDER BY rowid LIMIT ?",
        (after, SQLITE_MAX_VARS),
    ).fetchall():
        after = rows[-1]["rowid"]
        for row in rows:
            tags = json.loads(row["tags"])
            raw = (row["content"], row["topic"] or "", " ".join(tags))
            if not any(needs_segmenting(value) for value in raw):
                continue  # indexed exactly as before
            conn.execute(
                "INSERT INTO entries_fts(entries_fts, rowid, content, topic, tags) VALUES('delete', ?, ?, ?, ?)",
                (row["rowid"], *raw),
            )
            fts_insert(conn, row["rowid"], row["content"], row["topic"], tags)
            redone += 1
    if redone:
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES('optimize')")
        logger.info("indexed %d entries in spaceless scripts as character bigrams", redone)


VECTOR_BLOCK_ROWS = 4096  # vectors per block of the in-memory index: 6 MiB at 384 dims
# Splitting the product over threads, measured on 2 cores (384 dims, BLAS at one thread): 40,000 vectors
# 2.9 -> 1.5 ms, 100,000 vectors 12.5 -> 5.6 ms, 10,000 vectors 0.8 -> 0.6 ms (not worth a thread hop).
PARALLEL_MIN_BLOCKS = 8  # 32,768 vectors
SCORING_THREADS = min(4, os.cpu_count() or 1)
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
_fork_hooked = False  # _forget_pool_in_child is registered with os.register_at_fork


class _VectorIndex:
    """In-memory copy of a store's ``vectors`` table: fixed ``(VECTOR_BLOCK_ROWS, dim) float32`` blocks (the
    last one partly filled) and the entry rowid of each row. Appends follow ``seq``; any deletion bumps
    ``meta.vec_epoch`` and forces a full reload, so other processes' writes are always seen before a search.

    Blocks, not one growable matrix: growing a matrix copies it, so old and new copies coexist for a moment
    and peak RSS doubles (at 10,000 entries, 40,000 vectors: 61 MiB more). Appending a block never copies.
    """

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.blocks: list[Vectors] = []
        self.rowids = np.zeros(0, dtype=np.int64)
        self.size = 0
        self.max_seq = 0
        self.epoch: str | None = None

    def reset(self, epoch: str) -> None:
        self.blocks = []
        self.rowids = np.zeros(0, dtype=np.int64)
        self.size = 0
        self.max_seq = 0
        self.epoch = epoch

    def append(self, rows: list[sqlite3.Row]) -> None:
        """Add ``rows`` (``seq``, ``entry_rowid``, ``vec`` as float32 bytes) in ``seq`` order."""
        if not rows:
            return
        need = self.size + len(rows)
        if need > len(self.rowids):  # ids are 8 bytes a row: growing by doubling costs little
            rowids = np.zeros(max(need, 2 * len(self.rowids), 256), dtype=np.int64)
            rowids[: self.size] = self.rowids[: self.size]
            self.rowids = rowids
        self.rowids[self.size : need] = [r["entry_rowid"] for r in rows]
        vectors = np.frombuffer(b"".join(r["vec"] for r in rows), dtype=np.float32).reshape(len(rows), self.dim)
        done = 0
        while done < len(rows):
            block, offset = divmod(self.size, VECTOR_BLOCK_ROWS)
            if block == len(self.blocks):
                self.blocks.append(np.empty((VECTOR_BLOCK_ROWS, self.dim), dtype=np.float32))
            take = min(VECTOR_BLOCK_ROWS - offset, len(rows) - done)
            self.blocks[block][offset : offset + take] = vectors[done : done + take]
            done += take
            self.size += take
        self.max_seq = rows[-1]["seq"]

    def scores(self, query: Vectors) -> Vectors:
        """``(size,) float32`` dot products of every stored vector with ``query`` (``(dim,)`` float32), which
        are cosines for unit vectors. Memory-bound: it reads every block once. From ``PARALLEL_MIN_BLOCKS``
        blocks on, the blocks are split over up to ``SCORING_THREADS`` threads (numpy releases the GIL in the
        product; BLAS itself stays at one thread, whose idle workers would spin against the embedder's)."""
        out = np.empty(self.size, dtype=np.float32)

        def score(numbers: range) -> None:
            for number in numbers:
                start = number * VECTOR_BLOCK_ROWS
                rows = min(VECTOR_BLOCK_ROWS, self.size - start)
                np.matmul(self.blocks[number][:rows], query, out=out[start : start + rows])

        count = len(self.blocks)
        parts = min(SCORING_THREADS, count) if count >= PARALLEL_MIN_BLOCKS else 1
        if parts <= 1:
            score(range(count))
            return out
        bounds = [count * i // parts for i in range(parts + 1)]
        helpers = [_scoring_pool().submit(score, range(bounds[i], bounds[i + 1])) for i in range(1, parts)]
        score(range(bounds[0], bounds[1]))
        for helper in helpers:
            helper.result()
        return out


def _scoring_pool() -> ThreadPoolExecutor:
    """The process's threads for splitting a vector product (created on first use)."""
    global _pool, _fork_hooked
    with _pool_lock:
        if _pool is None:
            if not _fork_hooked:  # registered on first use, never at import (once per process: hooks add up)
                os.register_at_fork(after_in_child=_forget_pool_in_child)
                _fork_hooked = True
            _pool = ThreadPoolExecutor(max_workers=max(1, SCORING_THREADS - 1), thread_name_prefix="vector-scores")
        return _pool


def _forget_pool_in_child() -> None:
    """A forked child has none of the parent's threads: an inherited executor would wait for them forever."""
    global _pool, _pool_lock
    _pool, _pool_lock = None, threading.Lock()


class SqliteStore:
    """A ``Store`` in one SQLite file. Thread-safe (one connection behind a lock); several processes may
    open the same file at once (WAL + busy timeout + ``BEGIN IMMEDIATE`` transactions).

    Raises:
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
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        migrate(self._conn, MIGRATIONS)
        if 0 < version < FOLDING_MIGRATION:  # the fold rewrote the vectors table: do not leave its size in the WAL
            self._checkpoint(SCRUB_WAIT_MS)
        self._check_embedder(embedder_identity)
        self._index = _VectorIndex(dim)
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
                    f"model is {identity!r}. Set CONTEXTLAMP_EMBEDDER back to that model, or use another "
                    "CONTEXTLAMP_HOME for the new one (vectors of two models cannot be compared)."
                )

    @contextmanager
    def _write(self) -> Generator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction; after its commit, a scrub that is pending (a deletion of this
        transaction, or one another process could not complete) is attempted (``_scrub``)."""
        with self._lock, map_errors(f"Store {self.store_id}"):
            self._conn.execute("BEGIN IMMEDIATE")
            self._deleted = False
            try:
                yield self._conn
                mark = self._scrub_mark()
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
                        self._conn.execute("ROLLBACK")
                raise
            finally:
                deleted, self._deleted = self._deleted, False
            # a deletion waits briefly for readers; a write retries another's scrub without waiting, unless
            # this process's retry timer already does
            if mark is not None and (deleted or self._retry is None):
                self._scrub_or_defer(SCRUB_WAIT_MS if deleted else 0, deletion=deleted)

    _deleted = False  # the current transaction deleted memory (``_want_scrub``)

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
        ``durable=False``: this commit is not fsynced (``synchronous=NORMAL`` for it; WAL keeps the database
        consistent, a crash may lose it): for reuse counts, which every get_context writes."""
        from contextlamp.storage.sqlite_writer import SqliteWriter

        with self._lock:
            if not durable:
                self._conn.execute("PRAGMA synchronous = NORMAL")
            try:
                with self._write() as conn:
                    tx = SqliteWriter(conn)
                    yield tx
                    if tx.deleted:
                        self._after_delete(conn)
                        self._want_scrub(conn)  # old page images (with the text) live on in WAL frames
                if tx.deleted:
                    self._index = _VectorIndex(self._dim)  # drop the forgotten vectors from memory now
            finally:
                if not durable:
                    self._conn.execute("PRAGMA synchronous = FULL")

    def _after_delete(self, conn: sqlite3.Connection) -> None:
        # merge FTS segments so no deleted term survives in an old segment; secure_delete zeroes freed pages
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES('optimize')")
        conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vec_epoch'")

    def _sync_index(self) -> _VectorIndex:
        """Bring the in-memory matrix up to the database's state (called under the lock)."""
        state = self._conn.execute(
            "SELECT (SELECT value FROM meta WHERE key = 'vec_epoch'), (SELECT seq FROM sqlite_sequence "
            "WHERE name = 'vectors')"
        ).fetchone()
        epoch, max_seq = str(state[0]), state[1] or 0
        index = self._index
        if epoch != index.epoch:
            index.reset(epoch)
        if max_seq > index.max_seq:
            cursor = self._conn.execute(
                "SELECT seq, entry_rowid, vec FROM vectors WHERE seq > ? ORDER BY seq", (index.max_seq,)
            )
            while rows := cursor.fetchmany(VECTOR_BLOCK_ROWS):  # a block at a time: no whole-table copy
                index.append(rows)
        return index

    # -- Store protocol -------------------------------------------------------------------------------

    def find_by_key(self, content_key: str) -> Entry | None:
        rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE content_key = ?", (content_key,))
        return entry_from_row(rows[0]) if rows else None

    def corroborations(self, entry_ids: Sequence[str]) -> dict[str, list[tuple[str, int, float]]]:
        out: dict[str, list[tuple[str, int, float]]] = {}
        for start in range(0, len(entry_ids), SQLITE_MAX_VARS):
            chunk = list(entry_ids[start : start + SQLITE_MAX_VARS])
            for row in self._read(
                f"SELECT entry_id, user_id, at, similarity FROM corroborations WHERE entry_id IN "
                f"({','.join('?' * len(chunk))}) ORDER BY at, user_id",
                chunk,
            ):
                out.setdefault(row["entry_id"], []).append((row["user_id"], row["at"], row["similarity"]))
        return out

    def restore_corroborations(self, entry_id: str, rows: Sequence[tuple[str, int, float]]) -> None:
        with self._write() as conn:
            conn.executemany(
                "INSERT INTO corroborations(entry_id, user_id, at, similarity) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(entry_id, user_id) DO NOTHING",
                [(entry_id, user, at, similarity) for user, at, similarity in rows],
            )

    def get(self, entry_id: str) -> Entry | None:
        rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id = ?", (entry_id,))
        return entry_from_row(rows[0]) if rows else None

    def entries(self, ids: Sequence[str]) -> dict[str, Entry]:
        found: dict[str, Entry] = {}
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id IN ({','.join('?' * len(chunk))})", chunk)
            found.update((row["id"], entry_from_row(row)) for row in rows)
        return found

    def live_ids(self, ids: Sequence[str], now: int, memory_types: Sequence[MemoryType] | None) -> set[str]:
        live: set[str] = set()
        types_sql, types_params = _type_filter(memory_types)
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(
                f"SELECT id FROM entries WHERE id IN ({','.join('?' * len(chunk))}) AND {_LIVE}{types_sql}",
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
        types_sql, types_params = _type_filter(memory_types)
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
                    f"SELECT rowid, id FROM entries WHERE rowid IN ({','.join('?' * len(chunk))}) "
                    f"AND {_LIVE}{types_sql}",
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
        with self._lock, map_errors(f"Store {self.store_id}"):
            index = self._sync_index()
            if index.size == 0 or limit <= 0:
                return []
            # cosine of every stored vector: memory-bound (10,000 entries = 10,000 vectors = 15 MB per query)
            scores = index.scores(np.asarray(query, dtype=np.float32).reshape(-1))
            rowids = index.rowids[: index.size]
            order = _best_first(scores, max(16 * limit, 256))
            results: list[tuple[str, float]] = []
            seen: set[int] = set()
            start, batch = 0, max(4 * limit, 64)
            types_sql, types_params = _type_filter(memory_types)
            while start < len(scores) and len(results) < limit:
                if start + batch > len(order) < len(scores):  # filters ate the partial order: sort it all
                    order = _best_first(scores, len(scores))
                best: dict[int, float] = {}
                for i in order[start : start + batch]:
                    rowid = int(rowids[i])
                    if rowid not in seen and rowid not in best:
                        best[rowid] = float(scores[i])
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
                        f"SELECT rowid, id FROM entries WHERE rowid IN ({','.join('?' * len(chunk))}) "
                        f"AND {_LIVE}{types_sql}",
                        [*chunk, now, *types_params],
                    ):
                        allowed[row["rowid"]] = row["id"]
                for rowid in keys:  # best-first: dict keeps score order
                    if rowid in allowed and len(results) < limit:
                        results.append((allowed[rowid], best[rowid]))
            return results

    def topics(self, now: int, memory_types: Sequence[MemoryType] | None) -> list[tuple[str, str, int]]:
        types_sql, types_params = _type_filter(memory_types)
        rows = self._read(
            f"SELECT topic, id, created_at FROM entries WHERE topic IS NOT NULL AND {_LIVE}{types_sql}",
            [now, *types_params],
        )
        return [(row["topic"], row["id"], row["created_at"]) for row in rows]

    def recent(self, limit: int, now: int, memory_types: Sequence[MemoryType] | None) -> list[str]:
        types_sql, types_params = _type_filter(memory_types)
        rows = self._read(
            f"SELECT id FROM entries WHERE {_LIVE}{types_sql} ORDER BY created_at DESC, id DESC LIMIT ?",
            [now, *types_params, limit],
        )
        return [row["id"] for row in rows]

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
        types_sql, types_params = _type_filter(memory_types)
        rows = self._read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE {' AND '.join(where)}{types_sql} "
            "ORDER BY created_at DESC, id DESC LIMIT ?",
            [*params, *types_params, limit],
        )
        return [entry_from_row(row) for row in rows]

    # -- session digests ------------------------------------------------------------------------------

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
        learned: dict[str, list[tuple[str, str]]] = {i: [] for i in ids}
        for row in self._conn.execute(
            f"SELECT session_id, store_id, entry_id FROM session_learnings WHERE session_id IN "
            f"({','.join('?' * len(ids))}) ORDER BY session_id, ord",
            ids,
        ):
            learned[row["session_id"]].append((row["store_id"], row["entry_id"]))
        return [
            SessionDigest(
                id=row["id"],
                label=row["label"],
                summary=row["summary"],
                source_surface=row["source_surface"],
                created_at=row["created_at"],
                learnings=tuple(learned[row["id"]]),
            )
            for row in rows
        ]

    def sessions(self, limit: int, since: int | None, surface: str | None) -> list[SessionDigest]:
        where: list[str] = ["1 = 1"]
        params: list[Any] = []
        if since is not None:
            where.append("created_at >= ?")
            params.append(since)
        if surface is not None:
            where.append("source_surface = ?")
            params.append(surface)
        with self._lock:
            rows = self._conn.execute(
                f"SELECT * FROM sessions WHERE {' AND '.join(where)} ORDER BY created_at DESC, id DESC LIMIT ?",
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

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM entries")[0][0])

    # -- export and import ----------------------------------------------------------------------------

    def all_entries(self) -> list[Entry]:
        rows = self._read(f"SELECT {ENTRY_COLUMNS} FROM entries ORDER BY created_at, id")
        return [entry_from_row(row) for row in rows]

    def restore(self, entry: Entry, vectors: Vectors) -> bool:
        if vectors.shape != (1, self._dim):
            raise ValueError(f"vectors must be (1, {self._dim}), got {vectors.shape}")
        with self._write() as conn:
            clash = conn.execute(
                "SELECT 1 FROM entries WHERE id = ? OR content_key = ?", (entry.id, entry.content_key)
            ).fetchone()
            if clash is not None:
                return False
            insert_entry(conn, entry, vectors)
        return True

    def entry_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        found: dict[str, Vectors] = {}
        for start in range(0, len(ids), SQLITE_MAX_VARS):
            chunk = list(ids[start : start + SQLITE_MAX_VARS])
            rows = self._read(
                f"SELECT e.id AS id, v.vec AS vec FROM entries e JOIN vectors v ON v.entry_rowid = e.rowid "
                f"WHERE e.id IN ({','.join('?' * len(chunk))}) ORDER BY e.id, v.ord",
                chunk,
            )
            grouped: dict[str, list[bytes]] = {}
            for row in rows:
                grouped.setdefault(row["id"], []).append(row["vec"])
            for entry_id, blobs in grouped.items():
                found[entry_id] = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), self._dim).copy()
        return found

    def all_sessions(self) -> list[SessionDigest]:
        with self._lock:
            return self._digests(self._conn.execute("SELECT * FROM sessions ORDER BY created_at, id").fetchall())

    def restore_session(self, digest: SessionDigest) -> bool:
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (digest.id,)).fetchone() is not None:
                return False
        self.put_session(digest)
        return True

    def check(self, embed: EmbedFn | None, repair: bool) -> list[Finding]:
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
                "SELECT rowid, id, content, topic, tags, questions, superseded_by FROM entries"
            ).fetchall()
            counts = dict(conn.execute("SELECT entry_rowid, count(*) FROM vectors GROUP BY entry_rowid").fetchall())
            ids = {row["id"] for row in rows}
            rowids = {row["rowid"] for row in rows}
            broken = [row for row in rows if counts.get(row["rowid"], 0) != 1]
            for row in broken:
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
                detail = f"{counts.get(row['rowid'], 0)} vectors, expected 1"
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
            if wrong := _fts_wrong_terms(conn, rows) - (rowids - indexed) - (indexed - rowids):
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
            if repair and (broken or orphans):
                conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vec_epoch'")
        if repair and (broken or orphans):
            with self._lock:
                self._index = _VectorIndex(self._dim)
        return found

    def is_current(self) -> bool:
        """False once the file was deleted or replaced under this open connection (``contextlamp user
        delete`` in another process): the registry then opens the file anew."""
        try:
            return self.path.stat().st_ino == self._inode
        except FileNotFoundError:
            return False

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
            self._index = _VectorIndex(self._dim)

    def close(self) -> None:
        """Close the connection and stop a scrub retry timer (a pending scrub stays marked in the file: the
        next process to open or write the store completes it)."""
        with self._lock:
            self._closed = True
            if self._retry is not None:
                self._retry.cancel()
                self._retry = None
            self._conn.close()


def _best_first(scores: Vectors, count: int) -> npt.NDArray[np.intp]:
    """Indexes of the ``count`` highest scores, best first (ties: lower index first). ``argpartition`` then a
    sort of only those: at 10,000 entries (40,000 vectors) a full ``argsort`` was 2.3 ms of a 19 ms query."""
    if count >= len(scores):
        return np.argsort(-scores, kind="stable")
    top = np.argpartition(-scores, count - 1)[:count]
    return top[np.lexsort((top, -scores[top]))]


def _fts_wrong_terms(conn: sqlite3.Connection, rows: Sequence[sqlite3.Row]) -> set[int]:
    """Rowids whose terms in ``entries_fts`` differ from what ``fts_insert`` indexes for their entry now:
    an expected index is built in a temporary FTS5 table with the same tokenizer, and the two are compared
    term by term through ``fts5vocab`` ``instance`` tables (FTS5 docs, section 7), which read the index
    itself, so this works on a contentless table. Linear in the size of the index."""
    conn.execute(
        "CREATE VIRTUAL TABLE temp.cl_fts_expected USING fts5(content, topic, tags, content='', "
        f"tokenize='{FTS_TOKENIZER}')"
    )
    try:
        for r in rows:
            conn.execute(
                "INSERT INTO temp.cl_fts_expected(rowid, content, topic, tags) VALUES (?, ?, ?, ?)",
                (r["rowid"], *_fts_fields(r["content"], r["topic"], json.loads(r["tags"]))),
            )
        conn.execute("CREATE VIRTUAL TABLE temp.cl_vocab_actual USING fts5vocab(main, entries_fts, instance)")
        conn.execute("CREATE VIRTUAL TABLE temp.cl_vocab_expected USING fts5vocab(temp, cl_fts_expected, instance)")
        actual = "SELECT term, doc, col, offset FROM temp.cl_vocab_actual"
        expected = "SELECT term, doc, col, offset FROM temp.cl_vocab_expected"
        return {
            r[0]
            for r in conn.execute(
                f"SELECT doc FROM ({actual} EXCEPT {expected}) UNION SELECT doc FROM ({expected} EXCEPT {actual})"
            ).fetchall()
        }
    finally:
        for table in ("cl_vocab_actual", "cl_vocab_expected", "cl_fts_expected"):
            conn.execute(f"DROP TABLE IF EXISTS temp.{table}")
