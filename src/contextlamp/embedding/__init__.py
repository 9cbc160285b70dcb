"""Embedding models behind the ``Embedder`` protocol; ``create_embedder(name)`` picks one."""

from __future__ import annotations

from contextlamp.embedding.base import Embedder, Vectors
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.embedding.minilm import MiniLMEmbedder
from contextlamp.errors import ConfigError

__all__ = ["Embedder", "FakeEmbedder", "MiniLMEmbedder", "Vectors", "create_embedder"]


def create_embedder(name: str) -> Embedder:
    """The embedder named by the ``CONTEXTLAMP_EMBEDDER`` setting.

    Raises:
        ConfigError: unknown name (allowed: 'minilm', 'fake').
    """
    if name == "minilm":
        return MiniLMEmbedder()
    if name == "fake":
        return FakeEmbedder()
    raise ConfigError(f"Setting 'CONTEXTLAMP_EMBEDDER' has value {name!r}. Expected 'minilm' or 'fake'.")
