"""Fixtures of the store contract suite: every test here runs on SQLite and on PostgreSQL (tests/conftest.py
parametrises ``backend`` over both for this folder), against a store opened through ``StoreRegistry``."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.folding import chunk_vectors, embedding_texts
from contextlamp.domain.models import Entry, Kind, MemoryType, NewEntry
from contextlamp.domain.ports import Store
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import content_key, new_id
from tests.contract import ops

T0 = 1_790_000_000_000  # ms; every test's clock starts here
DAY = 86_400_000


@dataclass
class Maker:
    """Builds entries for one store and saves them through ``ops`` with the fake embedder's folded vector;
    each save is 1 ms after the previous one unless ``at`` is given."""

    store: Store
    embedder: FakeEmbedder
    now: int = T0
    ids: list[str] = field(default_factory=list[str])

    def new(
        self,
        content: str,
        *,
        topic: str | None = None,
        memory_type: MemoryType = "fact",
        kind: Kind = "note",
        tags: tuple[str, ...] = (),
        at: int | None = None,
        expires_at: int | None = None,
        by: str | None = None,
        surface: str = "cli",
        questions: tuple[str, ...] = (),
    ) -> NewEntry:
        if at is None:
            self.now += 1
            at = self.now
        return NewEntry(
            id=new_id("ctx"),
            content=content,
            content_key=content_key(content),
            memory_type=memory_type,
            kind=kind,
            topic=topic,
            tags=tags,
            source_surface=surface,
            created_at=at,
            expires_at=expires_at,
            questions=questions,
            contributed_by=by,
        )

    def vector(self, new: NewEntry) -> Vectors:
        """The entry's stored vectors as a save makes them: one a chunk, its questions folded in."""
        texts, (chunks, _) = embedding_texts(new.content, new.questions)
        return chunk_vectors(self.embedder.embed(texts), chunks)

    def save(self, content: str, **kwargs: object) -> Entry:
        """Save new content (or re-save known content); returns the stored entry as read back."""
        new = self.new(content, **kwargs)  # pyright: ignore[reportArgumentType]
        outcome = ops.put(self.store, new, self.vector(new), max(self.now, new.created_at))
        assert outcome is not None
        entry = self.store.get(outcome.id)
        assert entry is not None
        self.ids.append(entry.id)
        return entry

    def get(self, entry_id: str) -> Entry:
        entry = self.store.get(entry_id)
        assert entry is not None
        return entry


@pytest.fixture
def store(registry: StoreRegistry) -> Store:
    """A personal store."""
    return registry.store(new_id("usr"))


@pytest.fixture
def team_store(registry: StoreRegistry) -> Store:
    """A team store (its learnings carry ``contributed_by`` and trust)."""
    return registry.store(new_id("team"))


@pytest.fixture
def make(store: Store, embedder: FakeEmbedder) -> Maker:
    return Maker(store, embedder)


@pytest.fixture
def team(team_store: Store, embedder: FakeEmbedder) -> Maker:
    return Maker(team_store, embedder)
