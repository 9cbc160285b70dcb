"""Stores written before folding (content and each likely question as separate vectors) are migrated to one
folded vector an entry when opened, on both backends, and then search and doctor work as on new data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import psycopg
import pytest
from pgvector.psycopg import register_vector  # pyright: ignore[reportMissingTypeStubs]

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.folding import entry_vector, entry_vectors
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from tests.postgres import PostgresServer
from tests.wiring import app_of

CONTENTS = {
    "Alice: I moved to Lisbon in May. The rent there is lower.": "home",
    "The staging database is db-stage-2. It listens on port 5433.": "staging database",
    "We decided to ship the mobile app on Thursdays.": "release day",
}


def _save_all(registry: StoreRegistry) -> tuple[MemoryService, Caller, dict[str, np.ndarray]]:
    """Save CONTENTS; returns the service, the caller and each entry's separate (1 + q, dim) vectors."""
    embedder = FakeEmbedder()
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
    caller = Caller(service.principal("alice"), "test")
    store = registry.store(caller.principal.user_id)
    separate: dict[str, np.ndarray] = {}
    for text, topic in CONTENTS.items():
        entry = store.get(service.save_context(caller, text, topic=topic).id)
        assert entry is not None and entry.questions
        separate[entry.id] = embedder.embed([entry.content, *entry.questions])
    return service, caller, separate


def _assert_folded(service: MemoryService, caller: Caller, separate: dict[str, np.ndarray]) -> None:
    store = service.registry.store(caller.principal.user_id)
    stored = store.entry_vectors(list(separate))
    for entry_id, rows in separate.items():
        assert stored[entry_id].shape == (1, rows.shape[1])
        assert np.allclose(stored[entry_id], entry_vector(rows), atol=1e-5)
    found = service.get_context(caller, "where does Alice live, rent in Lisbon").packs
    assert found and found[0].text == next(iter(CONTENTS))
    reports, _ = app_of(service).doctor.examine(repair=False)
    assert all(r.findings == [] for r in reports)


def test_entry_vectors_fold_each_entry_of_a_batch() -> None:
    rows = np.eye(4, dtype=np.float32)
    folded = entry_vectors(rows, [1, 3])
    assert np.allclose(folded[0], rows[0]) and np.allclose(folded[1], [0, 1, 1, 1] / np.sqrt(3))
    with pytest.raises(ValueError, match="widths"):
        entry_vectors(rows, [2, 3])


def _legacy_sqlite_store(home: Path, damaged: bool = False) -> dict[str, np.ndarray]:
    """A data directory whose store file is as a version-3 store had it (1 + q vectors an entry); with
    ``damaged``, the first entry's second vector is cut short. Returns each entry's separate vectors."""
    embedder = FakeEmbedder()
    service, caller, separate = _save_all(StoreRegistry(home, embedder.identity, embedder.dim))
    path = service.registry.store(caller.principal.user_id).path  # pyright: ignore[reportAttributeAccessIssue]
    service.registry.close()
    with sqlite3.connect(path) as conn:
        for n, (entry_id, rows) in enumerate(separate.items()):
            (rowid,) = conn.execute("SELECT rowid FROM entries WHERE id = ?", (entry_id,)).fetchone()
            conn.execute("DELETE FROM vectors WHERE entry_rowid = ?", (rowid,))
            blobs = [v.astype(np.float32).tobytes() for v in rows]
            if damaged and n == 0:
                blobs[1] = blobs[1][:10]
            conn.executemany(
                "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, ?, ?)",
                [(rowid, i, blob) for i, blob in enumerate(blobs)],
            )
        conn.execute("PRAGMA user_version = 3")
    return separate


@pytest.mark.sqlite_only
def test_a_sqlite_store_with_separate_question_vectors_is_folded_on_open(tmp_path: Path) -> None:
    home = tmp_path / "home"
    separate = _legacy_sqlite_store(home)
    embedder = FakeEmbedder()
    reopened = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    try:
        _assert_folded(reopened, Caller(reopened.principal("alice"), "test"), separate)
    finally:
        reopened.registry.close()


def test_a_postgresql_database_with_separate_question_vectors_is_folded_on_open(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.database("folding")
    embedder = FakeEmbedder()
    try:
        service, caller, separate = _save_all(StoreRegistry(tmp_path, embedder.identity, embedder.dim, url))
        store_id = service.registry.store(caller.principal.user_id).store_id
        service.registry.close()
        with psycopg.connect(url, autocommit=True) as conn:  # as a database at schema version 1 had it
            register_vector(conn)
            for entry_id, rows in separate.items():
                conn.execute("DELETE FROM vectors WHERE store_id = %s AND entry_id = %s", (store_id, entry_id))
                for i, v in enumerate(rows):
                    conn.execute(
                        "INSERT INTO vectors (store_id, entry_id, ord, embedding) VALUES (%s, %s, %s, %s)",
                        (store_id, entry_id, i, v.astype(np.float32)),
                    )
            conn.execute("DELETE FROM schema_migrations WHERE version >= 2")
        reopened = MemoryService(
            StoreRegistry(tmp_path, embedder.identity, embedder.dim, url),
            embedder,
            indexer=Indexer(embedder.embed, inline=True),
        )
        try:
            _assert_folded(reopened, Caller(reopened.principal("alice"), "test"), separate)
        finally:
            reopened.registry.close()
    finally:
        postgres.empty("folding")


@pytest.mark.sqlite_only
def test_a_damaged_legacy_vector_does_not_stop_the_store_opening(tmp_path: Path) -> None:
    home = tmp_path / "home"
    separate = _legacy_sqlite_store(home, damaged=True)
    damaged = next(iter(separate))
    embedder = FakeEmbedder()
    reopened = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    try:
        alice = Caller(reopened.principal("alice"), "test")
        assert reopened.get_context(alice, "staging database port").packs  # the store opens and answers
        reports, _ = app_of(reopened).doctor.examine(repair=False)
        assert [(f.kind, f.entry_id) for r in reports for f in r.findings] == [("vectors", damaged)]
        app_of(reopened).doctor.examine(repair=True)
        _assert_folded(reopened, alice, separate)  # re-embedded: the same folded vector as everyone else's
    finally:
        reopened.registry.close()
