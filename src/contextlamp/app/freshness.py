"""Freshness without a topic (issue 17 point 4): which older live entries a new entry updates. The decision is
``domain/freshness.is_update``; this module finds its candidates and writes the supersession (``app/writes``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from contextlamp.app import writes
from contextlamp.domain import corrections
from contextlamp.domain.freshness import FRESH_MAX_WORDS, is_update, states_change
from contextlamp.domain.models import NewEntry
from contextlamp.storage import Store

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Embedder, Vectors

UPDATE_CANDIDATES = 5  # nearest live neighbours (folded vectors) examined per update
UPDATE_CANDIDATE_MARGIN = 0.1  # folded-cosine margin below the threshold, as for team restatements
CORRECTION_CANDIDATES = 8  # nearest live neighbours (the new content's vector on stored vectors) read per store
# the cosine below which a stored memory is no candidate for a correction: the auto-supersede threshold's candidate
# floor (DEFAULT_AUTO_SUPERSEDE_THRESHOLD 0.4 less UPDATE_CANDIDATE_MARGIN); the decision itself is textual
# (domain/corrections.py)
CORRECTION_FLOOR = 0.3


def may_update(entry: NewEntry, threshold: float) -> bool:
    """Whether ``supersede_updates`` may supersede anything for ``entry``: a personal or project entry without a
    topic, short enough, that words itself as a change (``freshness.states_change``), with the feature on
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
    team learning its trust), and never across frames (``corrections.same_frame``: another folder's agent-file
    rule, another speaker's chat turn). Costs nothing unless the new text words itself as a change
    (``freshness.states_change``); then one vector search, and one embedding call for the candidates' contents
    when one of them passes ``is_update``'s tests of the texts.

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
        if e.topic is None
        and e.contributed_by is None
        and e.created_at <= entry.created_at
        and corrections.same_frame(entry.content, e.content)  # another folder's rule, another speaker's turn
    ]
    # every test of is_update but the cosine reads the texts alone: no candidate passing them, no embedding (the
    # batch embedded is the same whenever one does: an int8 vector depends on its batch, issue #32 item 6)
    if not any(is_update(entry.content, c.content, math.inf, threshold) for c in candidates):
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


def may_correct(entry: NewEntry) -> bool:
    """Whether ``supersede_corrected`` may retire anything for ``entry``: a personal or project entry (a team
    learning has its trust) whose text can correct something (``corrections.may_correct``: a value, a marker, at
    most ``FRESH_MAX_WORDS`` words). Linear in the content; a save it rules out pays no vector search."""
    return entry.contributed_by is None and corrections.may_correct(entry.content)


def supersede_corrected(
    store: Store, entry: NewEntry, entry_id: str, content_vector: Vectors, now: int, fused: Store | None = None
) -> list[str]:
    """Retire the live memories that ``entry`` (just stored as ``entry_id``) corrects
    (``corrections.corrected_among``: a correction a person would recognise, marked as one, about the same subject;
    a team learning never), in ``store`` and in ``fused``, the personal store a project's reads fuse; history kept
    (``writes.supersede_from_elsewhere``: superseded, not deleted). Returns the ids retired.
    Costs nothing unless ``may_correct``; then one vector search per store (``CORRECTION_CANDIDATES`` above
    ``CORRECTION_FLOOR``, ``content_vector``: ``(dim,)`` the new content's own embedding) and no embedding.

    Raises:
        StorageError: from the store (the new entry stays saved).
    """
    if not may_correct(entry):
        return []
    retired: list[str] = []
    for target in (store, fused) if fused is not None and fused is not store else (store,):
        near = [
            i
            for i, cosine in target.vector_search(content_vector, CORRECTION_CANDIDATES + 1, now, None)
            if cosine >= CORRECTION_FLOOR and i != entry_id
        ]
        if not near:
            continue
        candidates = [
            e
            for e in target.entries(near).values()
            if e.contributed_by is None and e.superseded_by is None and e.created_at <= entry.created_at
        ]
        for index in corrections.corrected_among(entry.content, [c.content for c in candidates]):
            if writes.supersede_from_elsewhere(target, candidates[index].id, entry_id, now):
                retired.append(candidates[index].id)
    return retired
