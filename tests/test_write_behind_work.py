"""Write-behind indexing's cost (issue 17 point 3, app/indexing.py), as a user notices it: every text of a saved
entry is embedded once (the save's first text is not embedded again by the indexer), and a save never waits for
a whole indexer batch's model run (the indexer embeds in pieces and lets a save go first)."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest

from contextlamp.app.indexing import PIECE_CHARS, Indexer, text_pieces
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.embedding import Vectors
from contextlamp.domain.folding import embedding_texts
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from tests.conftest import Clock
from tests.test_write_behind import TURN, _runbook


class CountingEmbedder(FakeEmbedder):
    """The hashing fake, counting every text it embeds (no cache: a text embedded twice is counted twice)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: Counter[str] = Counter()

    def embed(self, texts: list[str]) -> Vectors:
        self.texts.update(texts)
        return super().embed(texts)


@pytest.mark.both_backends
@pytest.mark.parametrize("text", [TURN, _runbook()[:4096], _runbook()], ids=["turn", "4kb", "30kb"])
def test_each_text_of_a_write_behind_save_is_embedded_once(registry: StoreRegistry, clock: Clock, text: str) -> None:
    embedder = CountingEmbedder()
    service = MemoryService(registry, embedder, clock=clock, write_behind=True)
    alice = Caller(service.principal("alice"), "cli")
    saved = service.save_context(alice, text)
    assert service.wait_indexed()
    store = registry.store(alice.principal.user_id)
    entry = store.get(saved.id)
    assert entry is not None
    own, _ = embedding_texts(text, entry.questions)
    assert len(own) > 1  # more to embed than one text (later chunks or likely questions): it was deferred
    assert sum(embedder.texts.values()) == len(own)  # nothing embedded but the entry's own texts, each once
    assert all(embedder.texts[t] == own.count(t) for t in own)


def test_text_pieces_bound_each_call_and_keep_a_long_text_alone() -> None:
    texts = ["a" * 500, "b" * 200, "c" * 100, "d" * 2000, "e" * 10, "f" * 10]
    pieces = text_pieces(texts, 768)
    assert pieces == [(0, 2), (2, 3), (3, 4), (4, 6)]
    assert [i for a, b in pieces for i in range(a, b)] == list(range(len(texts)))
    assert text_pieces([], 768) == []


class GatedEmbedder(FakeEmbedder):
    """One inference at a time (as the ONNX embedder), logging each call's thread and texts; the background
    indexer's first call holds the model until the test releases it."""

    def __init__(self) -> None:
        super().__init__()
        self.model = threading.Lock()
        self.log: list[tuple[str, list[str]]] = []
        self.indexer_started = threading.Event()
        self.release = threading.Event()
        self.save_waiting = threading.Event()

    def embed(self, texts: list[str]) -> Vectors:
        indexer = threading.current_thread().name == "contextlamp-indexer"
        if not indexer and self.indexer_started.is_set():
            self.save_waiting.set()
        with self.model:
            if indexer and not self.indexer_started.is_set():
                self.indexer_started.set()
                assert self.release.wait(30)
            self.log.append(("indexer" if indexer else "save", list(texts)))
            return super().embed(texts)


def test_a_save_waits_for_one_piece_of_a_running_batch_not_the_whole_batch(tmp_path: Path, clock: Clock) -> None:
    embedder = GatedEmbedder()
    registry = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    try:
        service = MemoryService(registry, embedder, clock=clock, write_behind=True)
        alice = Caller(service.principal("alice"), "cli")
        service.save_context(alice, _runbook())  # ~50 chunks: one batch of its own for the background indexer
        assert embedder.indexer_started.wait(30)  # the batch's model run has begun and holds the model
        saved: list[str] = []
        turn = threading.Thread(target=lambda: saved.append(service.save_context(alice, TURN).id))
        turn.start()
        assert embedder.save_waiting.wait(30)  # the save is waiting for the model
        embedder.release.set()
        turn.join(30)
        assert saved
        assert service.wait_indexed()
        first_save = next(i for i, (_, texts) in enumerate(embedder.log) if TURN in texts)
        before = embedder.log[1:first_save]  # after the runbook's own save, before the turn's
        assert [who for who, _ in before] == ["indexer"]  # the save ran right after the piece in flight
        assert sum(len(t) for t in before[0][1]) <= PIECE_CHARS or len(before[0][1]) == 1
        indexed = [t for who, texts in embedder.log if who == "indexer" for t in texts]
        assert len(indexed) > len(before[0][1])  # the rest of the batch ran after the save
    finally:
        registry.close()


def test_without_pieces_the_indexer_embeds_a_batch_in_one_call() -> None:
    """``piece_chars=None`` is the behaviour before saves took priority (kept for the benchmark's baseline)."""
    embedder = CountingEmbedder()
    calls: list[int] = []

    def embed(texts: list[str]) -> Vectors:
        calls.append(len(texts))
        return embedder.embed(texts)

    whole = Indexer(embed, piece_chars=None)
    assert whole._embed_pieces(["x " * 400] * 3).shape == (3, embedder.dim)  # pyright: ignore[reportPrivateUsage]
    pieces = Indexer(embed)
    pieces._embed_pieces(["x " * 400] * 3)  # pyright: ignore[reportPrivateUsage]
    assert calls == [3, 1, 1, 1]
