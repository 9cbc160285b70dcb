"""Every change to a store's entries: one ``Store.writer()`` transaction running one ``domain/ledger.py``
algorithm. The only callers of ``writer()`` in the application; the memory rules themselves are in
``domain/rules.py`` and each backend only persists what they decide.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from contextlamp.domain import ledger
from contextlamp.domain.models import Entry, NewEntry, PutOutcome
from contextlamp.domain.ports import Store
from contextlamp.domain.rules import STATABLE

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors


def put(
    store: Store,
    entry: NewEntry,
    vector: Vectors | None,
    now: int,
    stated: Collection[str] = STATABLE,
    pending: bool = False,
    known: Entry | None = None,
) -> PutOutcome | None:
    """Save ``entry`` (``ledger.put``): insert unknown content with ``vector`` (``(chunks, dim)`` float32, one
    a chunk), re-save known content from the fields the caller ``stated``; None when the content is unknown and
    ``vector`` is None. ``pending``: ``vector`` is provisional (write-behind, app/indexing.py); a newly inserted
    entry is marked pending in the same transaction, so the mark is as durable as the entry. ``known``: the
    entry holding this content as read before the transaction (``ledger.put``: its topic is locked too).

    Raises:
        StorageError: the database failed (nothing is written).
    """
    with store.writer() as tx:
        outcome = ledger.put(tx, entry, vector, now, stated, known)
        if pending and outcome is not None and not outcome.deduped:
            tx.set_pending(outcome.id, True)
        return outcome


def finish_index(store: Store, entry: Entry, vector: Vectors) -> bool:
    """Store the final vectors of a pending entry (app/indexing.py): ``vector`` (``(chunks, dim)`` float32)
    made from ``entry`` as read before embedding. Written only when the entry is still stored with the same
    content, questions, topic, kind and type (a re-save that reframed it in between made its own vectors, a
    forget removed it); the pending mark is cleared either way it is current. Returns whether it was written.
    Idempotent: two processes finishing the same entry write the same vectors.

    Raises:
        StorageError: the database failed (nothing is written).
    """
    with store.writer() as tx:
        current = tx.get(entry.id)
        if current is None or _framing(current) != _framing(entry):
            return False
        tx.replace_vector(entry.id, current.questions, vector)
        tx.set_pending(entry.id, False)
        return True


def _framing(entry: Entry) -> tuple[object, ...]:
    """What an entry's vectors are made from (its texts and the fields its questions come from)."""
    return (entry.content_key, tuple(entry.questions), entry.topic, entry.kind, entry.memory_type)


def forget(store: Store, entry_id: str) -> bool:
    """Delete an entry completely and heal its topic's history (``ledger.forget``); False for an unknown id."""
    with store.writer() as tx:
        return ledger.forget(tx, entry_id)


def corroborate(store: Store, entry_id: str, user_id: str, similarity: float, now: int) -> bool:
    """Record that ``user_id`` independently saved team learning ``entry_id`` (``ledger.corroborate``)."""
    with store.writer() as tx:
        return ledger.corroborate(tx, entry_id, user_id, similarity, now)


def remove_contributions(store: Store, user_id: str) -> int:
    """Delete every team learning ``user_id`` contributed and every corroboration they gave; returns how many
    learnings went (``ledger.remove_contributions``)."""
    with store.writer() as tx:
        return ledger.remove_contributions(tx, user_id)


def supersede_updated(store: Store, winner_id: str, older: Sequence[str], now: int) -> list[str]:
    """Supersede the live entries of ``older`` by the update ``winner_id`` (``ledger.supersede_updated``);
    returns the ids superseded."""
    with store.writer() as tx:
        return ledger.supersede_updated(tx, winner_id, older, now)


def supersede_from_elsewhere(store: Store, older_id: str, winner_id: str, now: int) -> bool:
    """Supersede ``store``'s live entry ``older_id`` by ``winner_id`` of another store
    (``ledger.supersede_from_elsewhere``)."""
    with store.writer() as tx:
        return ledger.supersede_from_elsewhere(tx, older_id, winner_id, now)


def supersede_edited(store: Store, winner_id: str, edited_id: str, now: int) -> bool:
    """Supersede the edited entry ``edited_id`` by its new version ``winner_id`` (``ledger.supersede_edited``)."""
    with store.writer() as tx:
        return ledger.supersede_edited(tx, winner_id, edited_id, now)


def relabel(store: Store, entry_id: str, tags: tuple[str, ...], clear_topic: bool) -> bool:
    """Set an entry's tags exactly, clear its topic when asked (``ledger.relabel``)."""
    with store.writer() as tx:
        if clear_topic:
            entry = tx.get(entry_id)
            tx.lock_topic(entry.topic if entry is not None else None)
        return ledger.relabel(tx, entry_id, tags, clear_topic)


def record_use(store: Store, ids: Sequence[str], surface: str, now: int) -> None:
    """Count one reuse of each entry. Usage statistics, not memory: the store holds the counts in memory and
    writes them in a batch, with its next write or within seconds (``Store.count_use``), so a read costs no
    transaction of its own. Only when a task has expired does the read write at once: the sweep (as every write
    sweeps, spec/TOOLS.md save_context; an expired task also leaves the keyword index, whose BM25 statistics
    every later search reads), with the pending counts in the same transaction. Nothing for no ``ids``."""
    if not ids:
        return
    if store.any_expired(now):
        with store.writer(durable=False) as tx:
            ledger.sweep(tx, now)
    store.count_use(ids, surface, now)
