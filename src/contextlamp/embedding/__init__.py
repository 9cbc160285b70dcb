"""Embedding models behind the ``Embedder`` protocol; ``create_embedder(name)`` picks one."""

from __future__ import annotations

import os
from pathlib import Path

from contextlamp.domain.embedding import Embedder, Vectors
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.embedding.minilm import MiniLMEmbedder
from contextlamp.embedding.onnx import OnnxMiniLMEmbedder
from contextlamp.errors import ConfigError

__all__ = [
    "EMBEDDERS",
    "Embedder",
    "FakeEmbedder",
    "MiniLMEmbedder",
    "OnnxMiniLMEmbedder",
    "Vectors",
    "create_embedder",
    "default_model_cache",
]


EMBEDDERS = ("minilm", "minilm-torch", "fake")


def default_model_cache() -> Path:
    """``$XDG_CACHE_HOME/contextlamp/models``, else ``~/.cache/contextlamp/models``: derived files, shared by
    every data directory of the user (XDG Base Directory spec)."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "contextlamp" / "models"


def create_embedder(name: str, model_cache: Path | None = None) -> Embedder:
    """The embedder named by the ``CONTEXTLAMP_EMBEDDER`` setting: ``minilm`` (all-MiniLM-L6-v2 on ONNX
    Runtime, exported once into ``model_cache``), ``minilm-torch`` (the same model on torch through
    sentence-transformers; same vectors, same stores) or ``fake`` (tests).

    Raises:
        ConfigError: unknown name.
    """
    if name == "minilm":
        return OnnxMiniLMEmbedder(model_cache or default_model_cache())
    if name == "minilm-torch":
        return MiniLMEmbedder()
    if name == "fake":
        return FakeEmbedder()
    raise ConfigError(f"Setting 'CONTEXTLAMP_EMBEDDER' has value {name!r}. Expected one of: {', '.join(EMBEDDERS)}.")
