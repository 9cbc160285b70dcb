"""Rows of the PostgreSQL ``entries`` table: the columns, the live and type filters, the ``tsvector`` an entry
is indexed by, an ``Entry`` from a row, and a whole entry written (row and vector). Every table carries
``store_id`` as the first column of its key: a store is a key range.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
import psycopg

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.models import ENTRY_FIELDS, LIST_FIELDS, Entry, MemoryType, entry_values
from contextlamp.segmenting import index_text
from contextlamp.storage.shared import rows as shared_rows

ENTRY_COLUMNS = ", ".join(ENTRY_FIELDS)
ENTRY_PLACEHOLDERS = ", ".join("%s::text[]" if name in LIST_FIELDS else "%s" for name in ENTRY_FIELDS)
LIVE = "superseded_by IS NULL AND (expires_at IS NULL OR expires_at > %s)"  # current and not expired at %s
TSV = (
    "setweight(to_tsvector('english', %s), 'B') || setweight(to_tsvector('english', %s), 'A') || "
    "setweight(to_tsvector('english', %s), 'B')"
)


def tsv_fields(content: str, topic: str | None, tags: Sequence[str]) -> tuple[str, str, str]:
    """The three values ``TSV`` indexes for an entry (``index_text``: bigrams for spaceless scripts)."""
    return index_text(content), index_text(topic or ""), index_text(" ".join(tags))


def entry_from_row(row: dict[str, Any]) -> Entry:
    """The ``Entry`` of an ``entries`` row (``ENTRY_COLUMNS``; tags and questions as ``text[]``)."""
    return shared_rows.entry_from_row(row, tuple)


def array_of(value: Any) -> Vectors:
    """A pgvector value (numpy array or ``pgvector.Vector``) as ``(dim,) float32``."""
    to_numpy = getattr(value, "to_numpy", None)
    return np.asarray(to_numpy() if to_numpy is not None else value, dtype=np.float32)


def type_filter(memory_types: Sequence[MemoryType] | None, column: str = "memory_type") -> tuple[str, list[Any]]:
    """`` AND <column> = ANY(%s)`` and its parameter; nothing for None (every type)."""
    if memory_types is None:
        return "", []
    return f" AND {column} = ANY(%s)", [list(memory_types)]


def insert_entry(conn: psycopg.Connection[Any], store_id: str, entry: Entry, vectors: Vectors) -> bool:
    """The entry row with every field and its vectors (inside the caller's transaction); False, writing
    nothing, when the store already holds its content key (a concurrent writer won)."""
    inserted = conn.execute(
        cast(
            Any,
            f"INSERT INTO entries (store_id, {ENTRY_COLUMNS}, tsv) VALUES (%s, {ENTRY_PLACEHOLDERS}, {TSV}) "
            "ON CONFLICT (store_id, content_key) DO NOTHING RETURNING id",
        ),
        (store_id, *entry_values(entry, list), *tsv_fields(entry.content, entry.topic, entry.tags)),
    ).fetchone()
    if inserted is None:
        return False
    insert_vectors(conn, store_id, entry.id, vectors)
    return True


def insert_vectors(conn: psycopg.Connection[Any], store_id: str, entry_id: str, vectors: Vectors) -> None:
    """The ``(n, dim)`` vectors of one entry, in order."""
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO vectors (store_id, entry_id, ord, embedding) VALUES (%s, %s, %s, %s)",
            [(store_id, entry_id, i, np.asarray(v, dtype=np.float32)) for i, v in enumerate(vectors)],
        )
