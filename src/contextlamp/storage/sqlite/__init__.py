"""SQLite store backend: one database file per store, FTS5 keyword search, exact numpy vector search.

Per file: WAL journal (readers never block the writer), ``busy_timeout`` so concurrent processes wait
instead of failing, ``synchronous=NORMAL`` with the WAL fsynced within 0.1 s of a write and before a deletion
returns (``file.py``: an acknowledged write survives a process crash at once, a power loss after 0.1 s),
``secure_delete=ON`` so deleted content is overwritten with zeros (SQLite docs, PRAGMA secure_delete).
Full text: a contentless FTS5 table (``content=''``: the index holds terms, never the text) with the
``porter unicode61`` tokenizer. Vectors: float32 blobs in the database (the source of truth), searched
from a per-store in-memory matrix that follows the ``vectors`` table by its AUTOINCREMENT ``seq``.

Modules, by concept: ``connection`` (pragmas, error translation, transactions, migrations), ``schema`` (a
store file's migrations), ``rows``, ``fulltext``, ``vectors`` (the in-memory index), ``columns`` (the entries'
small columns in memory), ``file`` (a store's plumbing, commit policy and WAL scrub), ``store`` (reads and
searches), ``sessions``, ``maintenance`` (export, import,
check, wipe), ``writer`` (the ``EntryWriter``), ``control`` (the control plane's executor).
"""

from __future__ import annotations

from contextlamp.storage.sqlite.connection import BUSY_TIMEOUT_MS, connect, map_errors, migrate
from contextlamp.storage.sqlite.control import SqliteExecutor
from contextlamp.storage.sqlite.file import SCRUB_WAIT_MS
from contextlamp.storage.sqlite.fulltext import FTS_TOKENIZER, fts_match
from contextlamp.storage.sqlite.store import SqliteStore
from contextlamp.storage.sqlite.writer import SqliteWriter

__all__ = [
    "BUSY_TIMEOUT_MS",
    "FTS_TOKENIZER",
    "SCRUB_WAIT_MS",
    "SqliteExecutor",
    "SqliteStore",
    "SqliteWriter",
    "connect",
    "fts_match",
    "map_errors",
    "migrate",
]
