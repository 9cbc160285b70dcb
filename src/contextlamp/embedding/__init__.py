"""Embedding models behind the ``Embedder`` protocol; ``create_embedder(name)`` picks one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from contextlamp.errors import ConfigError

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Embedder, Vectors
    from contextlamp.embedding.fake import FakeEmbedder
    from contextlamp.embedding.minilm import MiniLMEmbedder
    from contextlamp.embedding.onnx import ModelFiles, OnnxMiniLMEmbedder

__all__ = [
    "EMBEDDERS",
    "Embedder",
    "FakeEmbedder",
    "MiniLMEmbedder",
    "ModelFiles",
    "OnnxMiniLMEmbedder",
    "Vectors",
    "create_embedder",
    "resolve_embedder",
]


_LAZY = {  # name -> module: loaded on first use (PEP 562), so importing the package loads no numpy
    "Embedder": "contextlamp.domain.embedding",
    "Vectors": "contextlamp.domain.embedding",
    "FakeEmbedder": "contextlamp.embedding.fake",
    "MiniLMEmbedder": "contextlamp.embedding.minilm",
    "ModelFiles": "contextlamp.embedding.onnx",
    "OnnxMiniLMEmbedder": "contextlamp.embedding.onnx",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


EMBEDDERS = ("minilm", "minilm-int8", "minilm-torch", "multilingual-e5", "fake")
TORCH_EXTRA = "minilm-torch"
AUTO = "auto"  # the CONTEXTLAMP_EMBEDDER default: resolve_embedder picks the model
NEW_DATA_EMBEDDER = "minilm-int8"  # auto's choice for new data: docs/performance.md "The default embedder"


def resolve_embedder(name: str, home: Path, database_url: str | None) -> str:
    """The embedder setting to run (one of ``EMBEDDERS``) for the ``CONTEXTLAMP_EMBEDDER`` value ``name``:
    ``name`` itself unless it is ``auto``; for ``auto`` the model the existing data records (SQLite: the data
    directory ``home``'s store files; PostgreSQL at ``database_url``: the database's recorded identity), so
    existing data keeps its model with no action, else ``NEW_DATA_EMBEDDER`` for a new, empty data directory
    or database. A recorded identity no shipped model has resolves to ``NEW_DATA_EMBEDDER`` too, and opening
    the stores then reports the mismatch, naming both models and ``contextlamp reembed``.

    Raises:
        StorageError: the database cannot be reached.
    """
    if name != AUTO:
        return name
    from contextlamp.embedding.onnx import SHIPPED
    from contextlamp.storage import recorded_data_embedder

    recorded = recorded_data_embedder(home, database_url)
    if recorded is None:
        return NEW_DATA_EMBEDDER
    if recorded.startswith("fake-hashing:"):
        return "fake"
    return next((m.setting for m in SHIPPED.values() if m.identity == recorded), NEW_DATA_EMBEDDER)


def create_embedder(name: str, load_after_s: float | None = None, home: Path | None = None) -> Embedder:
    """The embedder named by the ``CONTEXTLAMP_EMBEDDER`` setting: ``minilm`` (all-MiniLM-L6-v2 on ONNX
    Runtime, the model shipped inside this package; loaded by the first ``embed``, or in the background
    ``load_after_s`` seconds after creation if no embed asked sooner, as a server or an embedding command wants),
    ``minilm-int8`` (the same model with int8 weights, also shipped: faster, other vectors, so its own
    identity and stores; ``embedding.onnx.SHIPPED``), ``minilm-torch`` (the same model on torch through
    sentence-transformers, from the ``minilm-torch`` extra; same vectors as ``minilm``, same stores),
    ``multilingual-e5`` (multilingual-e5-small, about 100 languages, from the ``multilingual`` extra; its files
    are built on first use into the data directory ``home``, default ``paths.default_home()``: embedding.e5) or
    ``fake`` (tests).

    Raises:
        ConfigError: unknown name, or ``minilm-torch`` / ``multilingual-e5`` without its extra installed (naming
            the extra).
    """
    if name in ("minilm", "minilm-int8"):
        from contextlamp.embedding.onnx import OnnxMiniLMEmbedder, shipped_model

        return OnnxMiniLMEmbedder(grace_s=load_after_s, model=shipped_model(name))
    if name == "multilingual-e5":
        from contextlamp.embedding import e5
        from contextlamp.embedding.onnx import OnnxMiniLMEmbedder, shipped_model
        from contextlamp.paths import default_home

        where = home or default_home()
        e5.check_extra(cached=(e5.cache_dir(where) / e5.NORMALISATION_FILE).exists())
        return OnnxMiniLMEmbedder(grace_s=load_after_s, model=shipped_model(name), opener=e5.opener(where))
    if name == "minilm-torch":
        from contextlamp.embedding.minilm import MiniLMEmbedder, missing_torch_packages

        missing = missing_torch_packages()
        if missing:
            raise ConfigError(
                f"Setting 'CONTEXTLAMP_EMBEDDER' is 'minilm-torch', which needs the '{TORCH_EXTRA}' extra "
                f"(missing: {', '.join(missing)}). Install it with: pip install 'contextlamp[{TORCH_EXTRA}]' "
                "(from a clone: pip install -e '.[minilm-torch]'), or use CONTEXTLAMP_EMBEDDER=minilm."
            )
        return MiniLMEmbedder()
    if name == "fake":
        from contextlamp.embedding.fake import FakeEmbedder

        return FakeEmbedder()
    raise ConfigError(f"Setting 'CONTEXTLAMP_EMBEDDER' has value {name!r}. Expected one of: {', '.join(EMBEDDERS)}.")
