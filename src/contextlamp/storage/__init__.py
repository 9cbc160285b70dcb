"""Storage backends behind the ``Store`` and ``ControlPlane`` protocols; ``StoreRegistry`` opens them.

Two backends: SQLite files under the data directory (the embedded default) and PostgreSQL + pgvector
(``database_url``), for several server replicas on one database. Packages: ``sqlite/`` and ``postgres/``
(each split by concept), ``shared/`` (row mapping, the writer's reads and the control plane's tables, written
once); ``control.py`` is the control plane in portable SQL over either backend's executor; ``registry.py``
opens the stores; ``readonly.py`` reads a SQLite data directory without any of them (a session start's
context, docs/hooks.md).

Importing this package loads nothing but this file (PEP 562 module ``__getattr__``): its public names load
with their modules on first use, so ``readonly`` costs no pydantic model and no backend.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from contextlamp.domain.control_plane import AccessTokenRecord, ControlPlane, Membership, Project, Team, User
    from contextlamp.domain.ports import Finding, Store
    from contextlamp.storage.control import SqlControlPlane
    from contextlamp.storage.registry import StoreRegistry, recorded_data_embedder, recorded_database_embedder
    from contextlamp.storage.sqlite.store import SqliteStore

__all__ = [
    "AccessTokenRecord",
    "ControlPlane",
    "Finding",
    "Membership",
    "Project",
    "SqlControlPlane",
    "SqliteStore",
    "Store",
    "StoreRegistry",
    "Team",
    "User",
    "recorded_data_embedder",
    "recorded_database_embedder",
]

_HOMES = {
    "AccessTokenRecord": "contextlamp.domain.control_plane",
    "ControlPlane": "contextlamp.domain.control_plane",
    "Finding": "contextlamp.domain.ports",
    "Membership": "contextlamp.domain.control_plane",
    "Project": "contextlamp.domain.control_plane",
    "Store": "contextlamp.domain.ports",
    "Team": "contextlamp.domain.control_plane",
    "User": "contextlamp.domain.control_plane",
    "SqlControlPlane": "contextlamp.storage.control",
    "SqliteStore": "contextlamp.storage.sqlite.store",
    "StoreRegistry": "contextlamp.storage.registry",
    "recorded_data_embedder": "contextlamp.storage.registry",
    "recorded_database_embedder": "contextlamp.storage.registry",
}


def __getattr__(name: str) -> Any:
    """A public name of the package, imported from its module when first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'contextlamp.storage' has no attribute {name!r}")
    return getattr(import_module(home), name)
