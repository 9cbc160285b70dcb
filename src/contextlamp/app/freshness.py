"""Freshness without a topic (issue 17 point 4): which older live entries a new entry updates. The decision is
``domain/rules.is_update``; this module finds its candidates and writes the supersession (``app/writes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contextlamp.app import writes
from contextlamp.domain.models import NewEntry
from contextlamp.domain.rules import FRESH_MAX_WORDS, is_update, states_change
from contextlamp.storage import Store

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Embedder, Vectors

UPDATE_CANDIDATES = 5  # nearest live neighbours (folded vectors) examined per update
UPDATE_CANDIDATE_MARGIN = 0.1  # folded-cosine margin below the threshold, as for team restatements


def may_update(entry: NewEntry, threshold: float) -> bool:
    """Whether ``supersede_updates`` may supersede anything for ``entry``: a personal or project entry without a
    topic, short enough, that words itself as a change (``rules.states_change``), with the feature on
    (``threshold`` at most 1). Linear in the content."""
    if threshold > 1.0 or entry.topic is not None or entry.contributed_by is not None:
        return False
    return len(entry.content.split()) <= FRESH_MAX_WORDS and states_change(entry.content)


def supersede_updates(
    store: Store,
    embedder: Embedder,
    entry: NewEntry,
    content_vector: Vectors,
    stored_vector: Vectors,
    threshold: float,
    now: int,
) -> list[str]:
    """Supersede the older live entries that ``entry`` (just inserted) updates; returns their ids, oldest
    first. Only personal and project entries without a topic take part (a topic has its own supersession; a
    team learning its trust). Costs nothing unless the new text words itself as a change
    (``rules.states_change``); then one vector search and one embedding call for the candidates' contents.

    Args:
        content_vector: ``(dim,)`` the new content's own embedding; ``stored_vector``: ``(dim,)`` its folded
            vector, used to find candidates; ``threshold``: content cosine (``Settings.auto_supersede_threshold``;
            above 1 turns it off).

    Raises:
        EmbeddingError, StorageError: from the embedder or the store (the new entry stays saved).
    """
    if not may_update(entry, threshold):
        return []
    floor = threshold - UPDATE_CANDIDATE_MARGIN
    near = [
        i
        for i, cosine in store.vector_search(stored_vector, UPDATE_CANDIDATES + 1, now, None)
        if cosine >= floor and i != entry.id
    ]
    if not near:
        return []
    candidates = [
        e
        for e in store.entries(near).values()
        if e.topic is None and e.contributed_by is None and e.created_at <= entry.created_at
    ]
    if not candidates:
        return []
    contents = embedder.embed([c.content for c in candidates])
    older = [
        c.id
        for c, row in zip(candidates, contents, strict=True)
        if is_update(entry.content, c.content, float(row @ content_vector), threshold)
    ]
    if not older:
        return []
    by_age = sorted(candidates, key=lambda c: (c.created_at, c.id))
    ordered = [c.id for c in by_age if c.id in older]
    return writes.supersede_updated(store, entry.id, ordered, now)
