"""Storage backends behind the ``Store`` and ``ControlPlane`` protocols; ``StoreRegistry`` opens them."""

from __future__ import annotations

import threading
from pathlib import Path

from contextlamp.storage.base import AccessTokenRecord, ControlPlane, Membership, Project, Store, Team, User
from contextlamp.storage.sqlite import SqliteStore
from contextlamp.storage.sqlite_control import SqliteControlPlane

__all__ = [
    "AccessTokenRecord",
    "ControlPlane",
    "Membership",
    "Project",
    "SqliteControlPlane",
    "SqliteStore",
    "Store",
    "StoreRegistry",
    "Team",
    "User",
]


class StoreRegistry:
    """Opens each store once per process and keeps it open: ``<home>/stores/<store_id>.db``.

    The control plane lives in ``<home>/control.db``. Thread-safe.
    """

    def __init__(self, home: Path, embedder_identity: str, dim: int) -> None:
        self.home = home
        self._identity = embedder_identity
        self._dim = dim
        self._stores: dict[str, Store] = {}
        self._lock = threading.Lock()
        home.mkdir(parents=True, exist_ok=True)
        self.control: ControlPlane = SqliteControlPlane(home / "control.db")

    def store(self, store_id: str) -> Store:
        """The store with this id (``usr_…``, ``prj_…``), created on first use.

        Raises:
            StorageError: the file cannot be opened.
            EmbeddingMismatchError: it was built with another embedding model.
        """
        with self._lock:
            store = self._stores.get(store_id)
            if store is None:
                store = SqliteStore(self.home / "stores" / f"{store_id}.db", store_id, self._identity, self._dim)
                self._stores[store_id] = store
            return store

    def drop(self, store_id: str) -> None:
        """Close a store and delete its database files (``.db``, ``-wal``, ``-shm``); no error if absent."""
        with self._lock:
            store = self._stores.pop(store_id, None)
            if store is not None:
                store.close()
            base = self.home / "stores" / f"{store_id}.db"
            for path in (base, base.with_name(base.name + "-wal"), base.with_name(base.name + "-shm")):
                path.unlink(missing_ok=True)

    def close(self) -> None:
        """Close every open store and the control plane."""
        with self._lock:
            for store in self._stores.values():
                store.close()
            self._stores.clear()
            self.control.close()
