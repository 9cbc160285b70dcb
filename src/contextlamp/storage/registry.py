"""``StoreRegistry``: opens the stores of a data directory (SQLite files) or of a PostgreSQL database, and the
control plane beside them; and what the existing data records about its embedding model."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from contextlamp.domain.control_plane import ControlPlane
from contextlamp.domain.ports import EmbedFn, Store
from contextlamp.errors import StorageError
from contextlamp.storage.control import SqlControlPlane, sqlite_control_plane
from contextlamp.storage.sqlite.file import entries_unless, recorded_embedder
from contextlamp.storage.sqlite.store import SqliteStore
from contextlamp.text import is_id

if TYPE_CHECKING:
    from contextlamp.storage.postgres.pool import PostgresDatabase


def recorded_database_embedder(database_url: str) -> str | None:
    """The embedding model identity a PostgreSQL database records (None: not set up yet); SQLite stores
    record theirs each (``sqlite.file.recorded_embedder``).

    Raises:
        StorageError: the database cannot be reached.
    """
    from contextlamp.storage.postgres.pool import recorded_embedder

    return recorded_embedder(database_url)


def recorded_data_embedder(home: Path, database_url: str | None) -> str | None:
    """The embedding model identity the existing data records: PostgreSQL the database's
    (``recorded_database_embedder``), SQLite the one most of ``home``'s store files record (ties: the first
    by file name; an interrupted ``reembed`` leaves two, and its rerun finishes it). None: no data yet (a
    new data directory or database, or stores that recorded nothing). Reads only; creates nothing.

    Raises:
        StorageError: the database cannot be reached.
    """
    if database_url:
        return recorded_database_embedder(database_url)
    recorded = [found for _, path in _store_paths(home) if (found := recorded_embedder(path)) is not None]
    return max(recorded, key=recorded.count) if recorded else None


def _store_paths(home: Path) -> list[tuple[str, Path]]:
    """``(store id, path)`` of every SQLite store file under ``home``, by file name."""
    folder = home / "stores"
    found = sorted(folder.glob("*.db")) if folder.is_dir() else []
    return [(path.stem, path) for path in found if is_id(path.stem, "usr", "prj", "team")]


class StoreRegistry:
    """Opens each store once per process and keeps it: SQLite ``<home>/stores/<store_id>.db`` with the control
    plane in ``<home>/control.db``; or, with ``database_url``, rows of one PostgreSQL database (``pool_size``
    connections) holding the stores and the control plane. Thread-safe.

    Raises (constructor):
        StorageError: the data directory or the database cannot be used.
        EmbeddingMismatchError: the PostgreSQL database was built with another embedding model.
    """

    def __init__(
        self,
        home: Path,
        embedder_identity: str,
        dim: int,
        database_url: str | None = None,
        pool_size: int = 10,
    ) -> None:
        self.home = home
        self._identity = embedder_identity
        self._dim = dim
        self._stores: dict[str, Store] = {}
        self._lock = threading.Lock()
        self._on_open: list[Callable[[Store], None]] = []  # on_open
        self._on_close: list[Callable[[], None]] = []  # on_close
        self._postgres: PostgresDatabase | None = None
        if database_url:
            from contextlamp.storage.postgres.control import PostgresExecutor
            from contextlamp.storage.postgres.pool import PostgresDatabase

            self._postgres = PostgresDatabase(database_url, embedder_identity, dim, pool_size)
            self.control: ControlPlane = SqlControlPlane(PostgresExecutor(self._postgres))
        else:
            if not home.exists():
                home.mkdir(mode=0o700, parents=True, exist_ok=True)  # private; another process may race us
            self.control = sqlite_control_plane(home / "control.db")

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return "sqlite" if self._postgres is None else "postgresql"

    def store(self, store_id: str) -> Store:
        """The store with this id (``usr_…``, ``prj_…``), created on first use.

        Raises:
            StorageError: the file cannot be opened.
            EmbeddingMismatchError: it was built with another embedding model.
        """
        if not is_id(store_id, "usr", "prj", "team"):  # ids name files: nothing else may reach the path
            raise StorageError(f"not a store id: {store_id[:40]!r}")
        with self._lock:
            store, fresh = self._open(store_id)
            callbacks = list(self._on_open) if fresh else []
        for callback in callbacks:
            callback(store)
        return store

    def on_open(self, callback: Callable[[Store], None]) -> None:
        """Call ``callback(store)`` for every store this registry opens from now on, and at once for those it
        holds open (the startup sweep of write-behind indexing, app/indexing.py). It must not raise."""
        with self._lock:
            self._on_open.append(callback)
            held = list(self._stores.values())
        for store in held:
            callback(store)

    def on_close(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when ``close`` starts, before any store closes (the background indexer of a
        service over this registry stops there). It must not raise."""
        with self._lock:
            self._on_close.append(callback)

    def _open(self, store_id: str) -> tuple[Store, bool]:
        """The open store with this id, and whether it was opened just now (call with ``_lock`` held)."""
        store = self._stores.get(store_id)
        if isinstance(store, SqliteStore) and not store.is_current():  # deleted by another process
            store.close()
            store = None
        if store is None:
            if self._postgres is not None:
                from contextlamp.storage.postgres.store import PostgresStore

                store = PostgresStore(self._postgres, store_id)
            else:
                store = SqliteStore(self.home / "stores" / f"{store_id}.db", store_id, self._identity, self._dim)
            self._stores[store_id] = store
            return store, True
        return store, False

    def drop(self, store_id: str) -> None:
        """Close a store and delete it: its database files (``.db``, ``-wal``, ``-shm``), or its rows in
        PostgreSQL; no error if absent."""
        if not is_id(store_id, "usr", "prj", "team"):
            raise StorageError(f"not a store id: {store_id[:40]!r}")
        with self._lock:
            store = self._stores.pop(store_id, None)
            if self._postgres is not None:
                self._postgres.drop_store(store_id)
                return
            base = self.home / "stores" / f"{store_id}.db"
            if store is None and base.exists():
                store = SqliteStore(base, store_id, self._identity, self._dim)
            if isinstance(store, SqliteStore):
                store.wipe()  # a server process may hold the file open: leave it nothing to read
            if store is not None:
                store.close()
            for path in (base, base.with_name(base.name + "-wal"), base.with_name(base.name + "-shm")):
                path.unlink(missing_ok=True)

    # -- moving every store to another embedding model (``contextlamp reembed``) -------------------------------

    def _store_files(self) -> list[tuple[str, Path]]:
        return _store_paths(self.home)

    def entries_to_reembed(self, target: str) -> int:
        """How many entries live in stores whose recorded model is not ``target`` (the work of ``reembed``;
        entries an interrupted run already embedded are counted again, so this bounds it)."""
        if self._postgres is not None:
            return self._postgres.entries_unless(target)
        return sum(count for _, path in self._store_files() if (count := entries_unless(path, target)))

    def reembed(self, target: str, embed: EmbedFn, progress: Callable[[int], None] | None = None) -> int:
        """Move every store of this server to the embedding model of identity ``target``: every entry's
        vectors made again by ``embed`` (an entry's texts -> its ``(chunks, dim)`` vectors), then the store's
        recorded model changed. SQLite: store by store, each file whatever model it records; PostgreSQL: the
        whole database, which records one model. Resumable and idempotent (``SqliteMaintenance.reembed``,
        ``postgres.maintenance.reembed_database``); returns the entries embedded by this call, ``progress``
        gets the count of each committed batch. A server still running with the old model keeps working until
        the swap; from then on its writes of vectors are refused (``shared.writer.model_moved``: restart it), and
        the swap clears the write-behind marks (every entry's final vectors are the new model's).

        Raises:
            StorageError: a store failed (committed work stays for the rerun).
            EmbeddingError: ``embed`` failed (likewise).
        """
        if self._postgres is not None:
            from contextlamp.storage.postgres.maintenance import reembed_database

            done = reembed_database(self._postgres, target, embed, progress)
            self._postgres.identity = target  # this process's own writes are of the new model from now on
            self._identity = target
            return done
        done = 0
        for store_id, path in self._store_files():
            with self._lock:
                cached = self._stores.pop(store_id, None)
            if cached is not None:
                cached.close()
            store = SqliteStore(path, store_id, recorded_embedder(path) or target, self._dim)
            try:
                done += store.reembed(target, embed, progress)
            finally:
                store.close()
        self._identity = target  # stores opened from now on are checked against the new model
        return done

    def close(self) -> None:
        """Close every open store and the control plane (after the ``on_close`` callbacks)."""
        with self._lock:
            callbacks = list(self._on_close)
        for callback in callbacks:
            callback()
        with self._lock:
            for store in self._stores.values():
                store.close()
            self._stores.clear()
            self.control.close()
            if self._postgres is not None:
                self._postgres.close()
