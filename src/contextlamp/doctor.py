"""``contextlamp doctor``: verify every store of a data directory or database, and repair what can be.

Per store (``Store.check``): the engine's integrity check (SQLite ``PRAGMA integrity_check``), the recorded
embedding model and dimension, every entry with its full-text row and its one vector, no orphan
vectors or full-text rows, ``superseded_by`` naming an entry that exists. Plus, across the control plane:
store files that belong to no user, project or team. Repairs re-embed missing vectors with the configured
model, rebuild a full-text index from the entries, delete orphans and revive entries superseded by nothing;
an engine-level corruption is only reported (restore the file from a backup, or ``contextlamp export`` what
can still be read).
"""

from __future__ import annotations

from dataclasses import dataclass

from contextlamp.service import MemoryService
from contextlamp.storage import Finding


@dataclass(frozen=True)
class StoreReport:
    """What ``check`` found in one store (an empty list: healthy)."""

    store_id: str
    entries: int
    findings: list[Finding]


def known_store_ids(service: MemoryService) -> list[str]:
    """Every store the control plane knows: each user's personal store and projects, each team."""
    control = service.registry.control
    ids: list[str] = []
    for user in control.users():
        ids.append(user.id)
        ids += [p.id for p in control.projects(user.id)]
    ids += [t.id for t in control.teams()]
    return ids


def examine(service: MemoryService, repair: bool) -> tuple[list[StoreReport], list[str]]:
    """Check every known store; returns the reports and the store files no user, project or team owns
    (SQLite only; they are reported, never deleted: delete them by hand after a look).

    Raises:
        StorageError: a store cannot be opened at all.
    """
    reports: list[StoreReport] = []
    for store_id in known_store_ids(service):
        store = service.registry.store(store_id)
        findings = store.check(service.entry_embedding, repair)
        reports.append(StoreReport(store_id, store.count(), findings))
    unowned: list[str] = []
    stores_dir = service.registry.home / "stores"
    if service.registry.backend == "sqlite" and stores_dir.is_dir():
        known = {r.store_id for r in reports}
        unowned = sorted(p.name for p in stores_dir.glob("*.db") if p.stem not in known)
    return reports, unowned
