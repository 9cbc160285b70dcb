"""Embedding models behind the ``Embedder`` protocol; ``create_embedder(name)`` picks one."""

from __future__ import annotations

from contextlamp.domain.embedding import Embedder, Vectors
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.embedding.minilm import MiniLMEmbedder, missing_torch_packages
from contextlamp.embedding.onnx import ModelFiles, OnnxMiniLMEmbedder
from contextlamp.errors import ConfigError

__all__ = [
    "EMBEDDERS",
    "Embedder",
    "FakeEmbedder",
    "MiniLMEmbedder",
    "ModelFiles",
    "OnnxMiniLMEmbedder",
    "Vectors",
    "create_embedder",
]


EMBEDDERS = ("minilm", "minilm-torch", "fake")
TORCH_EXTRA = "minilm-torch"


def create_embedder(name: str) -> Embedder:
    """The embedder named by the ``CONTEXTLAMP_EMBEDDER`` setting: ``minilm`` (all-MiniLM-L6-v2 on ONNX
    Runtime, the model shipped inside this package; it starts loading in the background at once),
    ``minilm-torch`` (the same model on torch through sentence-transformers, from the ``minilm-torch`` extra;
    same vectors, same stores) or ``fake`` (tests).

    Raises:
        ConfigError: unknown name, or ``minilm-torch`` without its extra installed (naming the extra).
    """
    if name == "minilm":
        return OnnxMiniLMEmbedder()
    if name == "minilm-torch":
        missing = missing_torch_packages()
        if missing:
            raise ConfigError(
                f"Setting 'CONTEXTLAMP_EMBEDDER' is 'minilm-torch', which needs the '{TORCH_EXTRA}' extra "
                f"(missing: {', '.join(missing)}). Install it with: pip install 'contextlamp[{TORCH_EXTRA}]' "
                "(from a clone: pip install -e '.[minilm-torch]'), or use CONTEXTLAMP_EMBEDDER=minilm."
            )
        return MiniLMEmbedder()
    if name == "fake":
        return FakeEmbedder()
    raise ConfigError(f"Setting 'CONTEXTLAMP_EMBEDDER' has value {name!r}. Expected one of: {', '.join(EMBEDDERS)}.")
