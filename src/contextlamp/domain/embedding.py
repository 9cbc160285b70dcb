"""The Embedder protocol: text in, L2-normalised float32 vectors out.

``Vectors`` (``numpy.typing.NDArray[numpy.float32]``) is the type of every vector batch. Importing this module
does not import numpy (~0.1 s): annotations name ``Vectors`` under ``TYPE_CHECKING``, and a module that uses
the alias at run time gets it from the module ``__getattr__`` (PEP 562), which imports numpy then.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]


def __getattr__(name: str) -> Any:
    """``Vectors``, built (numpy imported) when a module first asks for it at run time."""
    if name == "Vectors":
        import numpy as np
        import numpy.typing as npt

        return npt.NDArray[np.float32]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Thresholds:
    """Every cosine threshold the product applies to one embedding model's vectors, in one place: the model's
    spec (``embedding.minilm.THRESHOLDS``, ``embedding.e5.THRESHOLDS``), read through the embedder's
    ``thresholds``. Each model has its own scale (all-MiniLM-L6-v2: related question/answer pairs 0.39-0.57;
    multilingual-e5-small: almost every pair 0.72-0.88), so each value is calibrated per model, on data, by the
    criterion recorded where the model's values are.

    Attributes:
        similarity_floor: below it a match by meaning is no candidate (``FusionWeights.semantic_floor``).
        evidence: from it meaning alone is evidence (relevance floor, ``retrieval/evidence.with_evidence``).
        supersede: the content cosine from which a topic-less save may update an older one (``freshness.is_update``).
        paraphrase: the content cosine from which a team learning restates another (``trust.corroborates``).
        fresher_first: the stored-vector cosine from which an update ranks before what it updates
            (``rules.fresher_first``).
    """

    similarity_floor: float
    evidence: float
    supersede: float
    paraphrase: float
    fresher_first: float


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit vectors; cosine similarity is then a dot product.

    ``identity`` (``"<model>:<dims>"``) is stored with every store's vectors; a store refuses to mix models.
    """

    @property
    def identity(self) -> str:
        """``"<model name>:<dimension>"``, e.g. ``"all-minilm-l6-v2:384"``."""
        ...

    @property
    def dim(self) -> int:
        """Vector dimension (384 for all-MiniLM-L6-v2)."""
        ...

    @property
    def similarity_floor(self) -> float:
        """Cosine below which two texts are unrelated for this model (a semantic match below it is dropped)."""
        ...

    @property
    def evidence_similarity(self) -> float:
        """Cosine from which meaning alone is evidence that a memory answers a query (get_context's relevance
        floor, retrieval/evidence.with_evidence); -1.0: no calibrated value (every semantic candidate counts)."""
        ...

    def embed(self, texts: list[str]) -> Vectors:
        """Embed ``n`` texts as an ``(n, dim) float32`` array of unit rows.

        Raises:
            EmbeddingError: the model failed.
        """
        ...


def embed_queries(embedder: Embedder, texts: list[str]) -> Vectors:
    """Vectors of search queries (``(n, dim) float32`` unit rows): the embedder's ``embed_query`` when it has one
    (a model that formats queries apart from stored texts, e.g. e5's ``"query: "`` / ``"passage: "`` prefixes,
    Wang et al. 2022, arXiv 2212.03533 section 4.1; the prefixes live in the model's spec,
    ``embedding.onnx.ShippedModel``), else its ``embed``. ``embed`` itself always embeds stored texts.

    Raises:
        EmbeddingError: the model failed.
    """
    method: Callable[[list[str]], Vectors] | None = getattr(embedder, "embed_query", None)
    return method(texts) if callable(method) else embedder.embed(texts)


_BULK: ContextVar[bool] = ContextVar("contextlamp_bulk_work", default=False)


@contextmanager
def bulk_work() -> Generator[None]:
    """Mark the embeds made inside the block (this thread or task) as bulk work: a big ``save_session``, an
    import, the write-behind indexer. An embedder serving several users may run them apart from interactive
    embeds (a query), at a lower priority (``embedding.onnx.OnnxMiniLMEmbedder.separate_bulk_work``); the
    vectors are the same either way. Issue #29 item 12: other users' queries must not wait behind it."""
    token = _BULK.set(True)
    try:
        yield
    finally:
        _BULK.reset(token)


def in_bulk_work() -> bool:
    """Whether the caller is inside ``bulk_work``."""
    return _BULK.get()
