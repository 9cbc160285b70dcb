"""Every engine error after ``BEGIN`` reaches callers as a ``StorageError`` (issue 13 point 2): one translation
point per backend (``map_errors``), so a disk error is a clear tool error, never the SDK's generic failure."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import StorageError
from contextlamp.storage.sqlite import SqliteStore


class _FailingConnection:
    """A connection that answers ``disk I/O error`` to writes into ``entries`` (the real one otherwise)."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real

    def execute(self, sql: str, params: Any = ()) -> Any:
        if sql.lstrip().upper().startswith("INSERT INTO ENTRIES("):
            raise sqlite3.OperationalError("disk I/O error")
        return self.real.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@pytest.mark.sqlite_only
def test_a_disk_error_inside_a_save_is_a_storage_error_and_keeps_nothing(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "kept before the disk failed")
    store = service.registry.store(alice.principal.user_id)
    assert isinstance(store, SqliteStore)
    store._conn = _FailingConnection(store._conn)  # type: ignore[assignment]  # pyright: ignore[reportPrivateUsage]
    with pytest.raises(StorageError, match="disk I/O error"):
        service.save_context(alice, "lost to the disk")
    store._conn = store._conn.real  # type: ignore[attr-defined]  # pyright: ignore
    assert [e.content for e in store.all_entries()] == ["kept before the disk failed"]
    service.save_context(alice, "written once the disk is back")  # the store is usable again
    assert store.count() == 2


@pytest.mark.sqlite_only
def test_a_read_only_store_file_is_a_storage_error(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "first")
    store = service.registry.store(alice.principal.user_id)
    assert isinstance(store, SqliteStore)
    readonly = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    readonly.row_factory = sqlite3.Row
    real = store._conn  # pyright: ignore[reportPrivateUsage]
    store._conn = readonly  # pyright: ignore[reportPrivateUsage]
    try:
        with pytest.raises(StorageError, match=r"readonly|read-only|read only"):
            service.save_context(alice, "second")
    finally:
        store._conn = real  # pyright: ignore[reportPrivateUsage]
        readonly.close()
