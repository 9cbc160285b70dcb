"""After forget_context, no row of the entry is left in the vectors and full-text tables on disk, on both
backends (issue 29 point 14): read back through a connection of its own, never through the store's code.

SQLite: the store's file is opened anew after forget; the entry's vector rows, its full-text rows (a MATCH
on its words in the contentless FTS5 table) and the very bytes of its vectors are gone from the database
file and its write-ahead log. PostgreSQL: the ``vectors`` and ``entries`` (its ``tsv`` full-text column)
tables hold no row of it. Both also pin that the entries kept are untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app.service import Caller, MemoryService

pytestmark = pytest.mark.both_backends

MARKER = "Quixoticmarmalade"
WORDS = "the codename of the harbour project is Quixoticmarmalade and the harbour opens in spring"


def _fill(service: MemoryService, alice: Caller) -> tuple[str, list[str]]:
    kept = [service.save_context(alice, f"ordinary memory {i} about daily work").id for i in range(12)]
    long = " ".join([WORDS] * 90)  # several chunks: several vector rows
    forgotten = service.save_context(alice, long, tags=["harbourtagzz"]).id
    service.get_context(alice, "harbour codename")  # the in-memory index and the read paths have seen it
    return forgotten, kept


def test_forget_leaves_no_vector_and_no_full_text_row_on_disk(
    service: MemoryService, alice: Caller, backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    forgotten, kept = _fill(service, alice)
    store = alice.principal.user_id
    if backend == "sqlite":
        path = tmp_path / "home" / "stores" / f"{store}.db"
        with sqlite3.connect(path) as conn:
            (rowid,) = conn.execute("SELECT rowid FROM entries WHERE id = ?", (forgotten,)).fetchone()
            blobs = [bytes(b) for (b,) in conn.execute("SELECT vec FROM vectors WHERE entry_rowid = ?", (rowid,))]
            assert len(blobs) > 1 and conn.execute(_MATCH, (MARKER,)).fetchall()  # the test sees them before
        conn.close()
        assert service.forget_context(alice, forgotten).forgotten
        with sqlite3.connect(path) as conn:
            assert conn.execute("SELECT count(*) FROM vectors WHERE entry_rowid = ?", (rowid,)).fetchone() == (0,)
            assert conn.execute(_MATCH, (MARKER,)).fetchall() == []
            assert conn.execute(_MATCH, ("harbourtagzz",)).fetchall() == []
            assert conn.execute("SELECT count(*) FROM entries WHERE id = ?", (forgotten,)).fetchone() == (0,)
            assert conn.execute("SELECT count(DISTINCT entry_rowid) FROM vectors").fetchone() == (len(kept),)
        conn.close()
        data = b"".join(p.read_bytes() for p in path.parent.glob(f"{store}.db*"))
        left = [n for n, blob in enumerate(blobs) if blob in data]
        assert left == [], f"the bytes of vectors {left} of the forgotten entry are still in the files"
    else:
        import psycopg

        url = request.getfixturevalue("postgres").database("contract")
        with psycopg.connect(url) as conn:
            assert _pg_rows(conn, store, forgotten) == (1, 1, 1)
        assert service.forget_context(alice, forgotten).forgotten
        with psycopg.connect(url) as conn:
            assert _pg_rows(conn, store, forgotten) == (0, 0, 0)
            (still,) = conn.execute(
                "SELECT count(DISTINCT entry_id) FROM vectors WHERE store_id = %s", (store,)
            ).fetchone()  # pyright: ignore[reportOptionalSubscript]
            assert still == len(kept)
    assert {i.id for i in service.list_context(alice, limit=50).items} == set(kept)


_MATCH = "SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?"


def _pg_rows(conn: Any, store: str, entry_id: str) -> tuple[int, int, int]:
    """(entries rows of the id, of its words in the full-text column, vector rows of the id), each as 0 or 1."""
    entries = conn.execute("SELECT count(*) FROM entries WHERE store_id = %s AND id = %s", (store, entry_id))
    words = conn.execute(
        "SELECT count(*) FROM entries WHERE store_id = %s AND (tsv @@ plainto_tsquery('simple', %s) "
        "OR tsv @@ plainto_tsquery('english', %s))",
        (store, MARKER.lower(), MARKER.lower()),
    )
    vectors = conn.execute("SELECT count(*) FROM vectors WHERE store_id = %s AND entry_id = %s", (store, entry_id))
    return tuple(min(1, int(c.fetchone()[0])) for c in (entries, words, vectors))  # pyright: ignore[reportReturnType]
