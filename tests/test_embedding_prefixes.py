"""Query and stored-text formatting (issue #32 item 3): a model's constant prefixes live in its spec
(``embedding.onnx.ShippedModel.passage_prefix`` / ``query_prefix``), stored texts get the passage prefix and the
query of ``get_context`` the query prefix (``domain.embedding.embed_queries``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.embedding import Vectors, embed_queries
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.embedding.onnx import SHIPPED, OnnxMiniLMEmbedder
from contextlamp.storage import StoreRegistry


def test_a_model_with_prefixes_embeds_stored_texts_and_queries_after_its_own_prefix() -> None:
    plain = OnnxMiniLMEmbedder(model=SHIPPED["minilm-int8"])
    spec = replace(
        SHIPPED["minilm-int8"], identity="test-prefixed:384", passage_prefix="passage: ", query_prefix="query: "
    )
    prefixed = OnnxMiniLMEmbedder(model=spec)
    text = "The web app is built with Vite and Vue 3"
    stored, asked = prefixed.embed([text])[0], embed_queries(prefixed, [text])[0]
    np.testing.assert_array_equal(stored, plain.embed(["passage: " + text])[0])
    np.testing.assert_array_equal(asked, plain.embed(["query: " + text])[0])
    assert float(stored @ asked) < 0.999  # the two formats give two vectors
    # the shipped MiniLM models have no prefixes: a query is embedded as the text itself
    np.testing.assert_array_equal(embed_queries(plain, [text])[0], plain.embed([text])[0])


class _QueryAware(FakeEmbedder):
    """A fake model that formats queries apart from stored texts, recording what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.queries: list[str] = []
        self.stored: list[str] = []

    def embed(self, texts: list[str]) -> Vectors:
        self.stored += texts
        return super().embed(texts)

    def embed_query(self, texts: list[str]) -> Vectors:
        self.queries += texts
        return super().embed(texts)


def test_get_context_embeds_its_query_as_a_query_and_saves_as_stored_texts(tmp_path: Path) -> None:
    embedder = _QueryAware()
    registry = StoreRegistry(tmp_path, embedder.identity, embedder.dim)
    try:
        service = MemoryService(registry, embedder)
        caller = Caller(service.principal("alice"), "test")
        service.save_context(caller, "The staging database is restored from the nightly backup at 02:00")
        packs = service.get_context(caller, "when is the staging database restored?").packs
    finally:
        registry.close()
    assert embedder.queries == ["when is the staging database restored?"]
    assert "when is the staging database restored?" not in embedder.stored
    assert any("nightly backup" in t for t in embedder.stored)
    assert packs and "nightly backup" in packs[0].text
