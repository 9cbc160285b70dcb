"""The schema of a SQLite store file: its numbered migrations (``PRAGMA user_version``), among them two data
migrations run in Python (4: one folded vector an entry; 5: spaceless scripts indexed as bigrams). The
numbering and the effects are fixed: every existing store was built by them.
"""

from __future__ import annotations

import json
import logging
import sqlite3

from contextlamp.domain.folding import entry_vector
from contextlamp.segmenting import needs_segmenting
from contextlamp.storage.sqlite.connection import Migration
from contextlamp.storage.sqlite.fulltext import fts_insert
from contextlamp.storage.sqlite.rows import SQLITE_MAX_VARS

logger = logging.getLogger(__name__)

FOLDING_MIGRATION = 4  # the number of the data migration that folds old stores' vectors

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
    # 4: one vector per entry, its content and likely questions folded (domain/folding.py); data migration
    lambda conn: fold_entry_vectors(conn),
    # 5: runs of spaceless scripts (Chinese, Japanese, Korean, Thai...) indexed as bigrams (segmenting.index_text)
    lambda conn: segment_fts(conn),
    # 6: write-behind indexing (app/indexing.py): an entry whose final vectors (later chunks, folded likely
    # questions) are still to be computed; the save stored a provisional vector
    lambda conn: add_index_pending(conn),
)


def add_index_pending(conn: sqlite3.Connection) -> None:
    """Migration 6: the ``index_pending`` mark and its partial index, added only where the column is missing
    (a store whose ``user_version`` was lowered, e.g. restored from a copy, already has it; SQLite has no
    ``ADD COLUMN IF NOT EXISTS``)."""
    columns = {str(row[1]) for row in conn.execute("PRAGMA table_info(entries)").fetchall()}
    if "index_pending" not in columns:
        conn.execute("ALTER TABLE entries ADD COLUMN index_pending INTEGER NOT NULL DEFAULT 0")
    conn.execute("CREATE INDEX IF NOT EXISTS entries_index_pending ON entries(rowid) WHERE index_pending = 1")


def fold_entry_vectors(conn: sqlite3.Connection) -> None:
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
        import numpy as np  # only a store with vectors to fold needs it (a new store has none)

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


def segment_fts(conn: sqlite3.Connection) -> None:
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
