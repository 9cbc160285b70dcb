"""The Embedder protocol: text in, L2-normalised float32 vectors out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


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

    def embed(self, texts: list[str]) -> Vectors:
        """Embed ``n`` texts as an ``(n, dim) float32`` array of unit rows.

        Raises:
            EmbeddingError: the model failed.
        """
        ...
