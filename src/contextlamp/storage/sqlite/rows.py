"""Rows of the SQLite ``entries`` table: the columns, the live filter, the type filter, an ``Entry`` from a
row and a whole entry written (row, full text, vector).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from contextlamp.domain.models import ENTRY_FIELDS, LIST_FIELDS, Entry, MemoryType, entry_values
from contextlamp.storage.sqlite.fulltext import fts_insert

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

SQLITE_MAX_VARS = 900  # below SQLite's historical SQLITE_MAX_VARIABLE_NUMBER of 999
ENTRY_COLUMNS = "rowid, " + ", ".join(ENTRY_FIELDS)
LIVE = "superseded_by IS NULL AND (expires_at IS NULL OR expires_at > ?)"  # current and not expired at ?


def type_filter(memory_types: Sequence[MemoryType] | None, column: str = "memory_type") -> tuple[str, list[Any]]:
    """`` AND <column> IN (?, …)`` and its parameters; nothing for None (every type)."""
    if memory_types is None:
        return "", []
    return f" AND {column} IN ({','.join('?' * len(memory_types))})", list(memory_types)


def marks(count: int) -> str:
    """``?,?,…``: ``count`` placeholders for an ``IN (…)`` list."""
    return ",".join("?" * count)


def entry_from_row(row: sqlite3.Row) -> Entry:
    """The ``Entry`` of an ``entries`` row read as ``SELECT ENTRY_COLUMNS`` (rowid, then ``ENTRY_FIELDS`` in
    order; tags and questions as JSON text): the same ``Entry`` as ``storage/shared/rows.entry_from_row``, read by
    position (a ``sqlite3.Row`` finds a column by name with a scan of its names) and with an empty list's
    ``"[]"`` decoded without the JSON parser (together a third less time an entry; docs/performance.md)."""
    values = dict(zip(ENTRY_FIELDS, row[1:], strict=True))
    for name in LIST_FIELDS:
        text = values[name]
        values[name] = () if text == "[]" else tuple(json.loads(text))
    return Entry(**values)


def insert_entry(conn: sqlite3.Connection, entry: Entry, vectors: Vectors) -> bool:
    """The entry row with every field, its full-text row and its vectors (inside the caller's transaction);
    False, writing nothing, when an entry with the same ``content_key`` is stored (one statement: the unique
    key decides, no look-up before it)."""
    import numpy as np

    cursor = conn.execute(
        f"INSERT INTO entries({', '.join(ENTRY_FIELDS)}) VALUES ({','.join('?' * len(ENTRY_FIELDS))}) "
        "ON CONFLICT(content_key) DO NOTHING",
        entry_values(entry, json.dumps),
    )
    if cursor.rowcount == 0:
        return False
    rowid = cursor.lastrowid
    assert rowid is not None
    fts_insert(conn, rowid, entry.content, entry.topic, entry.tags)
    conn.executemany(
        "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, ?, ?)",
        [(rowid, i, np.ascontiguousarray(v, dtype=np.float32).tobytes()) for i, v in enumerate(vectors)],
    )
    return True
