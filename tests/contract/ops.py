"""The memory-rule writes the contract suite makes, in one place: save, forget, corroborate, remove a user's
contributions, record use, through ``contextlamp.app.writes`` (the ledger over ``Store.writer``), the only
path the application takes too."""

from __future__ import annotations

from collections.abc import Sequence

from contextlamp.app import writes
from contextlamp.domain.embedding import Vectors
from contextlamp.domain.models import NewEntry, PutOutcome
from contextlamp.domain.ports import Store


def put(store: Store, new: NewEntry, vector: Vectors | None, now: int) -> PutOutcome | None:
    """Save ``new`` (``vector`` ``(1, dim)``, or None for the dedupe-only path): known content is re-saved
    (keeps its id, takes the new topic/kind/type, merges tags, becomes current), unknown content inserted."""
    return writes.put(store, new, vector, now)


def forget(store: Store, entry_id: str) -> bool:
    """Delete an entry (history re-linked, trust recomputed); False for an unknown id."""
    return writes.forget(store, entry_id)


def corroborate(store: Store, entry_id: str, user_id: str, similarity: float, now: int) -> bool:
    """Record an independent save of a team learning by ``user_id``; False when nothing changed."""
    return writes.corroborate(store, entry_id, user_id, similarity, now)


def remove_contributions(store: Store, user_id: str) -> int:
    """Delete every team learning ``user_id`` contributed; returns how many."""
    return writes.remove_contributions(store, user_id)


def record_use(store: Store, ids: Sequence[str], surface: str, now: int) -> None:
    """Count one reuse of each entry from ``surface`` at ``now``."""
    writes.record_use(store, ids, surface, now)
