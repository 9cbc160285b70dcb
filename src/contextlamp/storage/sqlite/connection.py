"""Opening a SQLite file with contextlamp's pragmas, the one translation of ``sqlite3`` errors, write
transactions and numbered migrations: what every SQLite database of contextlamp (stores, control plane) uses.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import contextmanager
from pathlib import Path

from contextlamp.errors import ConflictError, StorageError

BUSY_TIMEOUT_MS = 30_000  # a writer holds the lock for milliseconds; 30 s only matters under heavy contention
Migration = str | Callable[[sqlite3.Connection], None]  # a SQL script, or a data migration run in Python


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
    """Open a database file with contextlamp's pragmas (WAL, busy timeout, ``synchronous=FULL``: every commit
    fsyncs the WAL, so an acknowledged memory survives a power loss; SQLite docs, PRAGMA synchronous and
    wal.html; secure_delete). A store file then lowers it to ``NORMAL`` with its own fsync policy
    (``file.py``); the control plane keeps ``FULL``.

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


@contextmanager
def immediate(conn: sqlite3.Connection) -> Generator[sqlite3.Connection]:
    """One ``BEGIN IMMEDIATE`` transaction on ``conn`` (the write lock taken at once, so a check inside it is
    atomic across processes): committed when the block ends, rolled back when it raises (a failing
    rollback is suppressed: the block's error is the one to report)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise
