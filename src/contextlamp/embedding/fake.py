"""A deterministic embedder for unit tests: hashed bag of words, no model, no semantics beyond shared words."""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from typing import TYPE_CHECKING

_WORD = re.compile(r"\w+")


if TYPE_CHECKING:
    from contextlamp.domain.embedding import Thresholds, Vectors


class FakeEmbedder:
    """Feature-hashing embedder (Weinberger et al., ICML 2009): each lower-cased word adds +-1 to one of
    ``dim`` buckets chosen by its SHA-1; rows are L2-normalised. Texts sharing words have positive cosine;
    texts sharing none are near-orthogonal. Use only in tests; it has no notion of meaning."""

    def __init__(self, dim: int = 64) -> None:
        self._dim = dim
        self.calls = 0

    @property
    def identity(self) -> str:
        return f"fake-hashing:{self._dim}"

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def thresholds(self) -> Thresholds:
        """No floors (-1); the write thresholds are MiniLM's, so tests written against them keep their meaning."""
        from contextlamp.embedding.minilm import THRESHOLDS

        return replace(THRESHOLDS, similarity_floor=-1.0, evidence=-1.0)

    @property
    def similarity_floor(self) -> float:
        """No floor: hashed words carry no notion of relatedness worth a threshold."""
        return -1.0

    @property
    def evidence_similarity(self) -> float:
        """No calibrated value: every semantic candidate counts as evidence (tests set a floor themselves)."""
        return -1.0

    def embed(self, texts: list[str]) -> Vectors:
        """``(len(texts), dim) float32`` unit rows (an all-zero text maps to a fixed unit vector)."""
        import numpy as np

        self.calls += 1
        out = np.zeros((len(texts), self._dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                digest = hashlib.sha1(word.encode("utf-8", "replace")).digest()
                bucket = int.from_bytes(digest[:4], "little") % self._dim
                out[row, bucket] += 1.0 if digest[4] & 1 else -1.0
            norm = float(np.linalg.norm(out[row]))
            if norm == 0.0:
                out[row, 0] = 1.0
            else:
                out[row] /= norm
        return out
