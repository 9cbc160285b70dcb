"""The Embedder protocol: text in, L2-normalised float32 vectors out.

``Vectors`` (``numpy.typing.NDArray[numpy.float32]``) is the type of every vector batch. Importing this module
does not import numpy (~0.1 s): annotations name ``Vectors`` under ``TYPE_CHECKING``, and a module that uses
the alias at run time gets it from the module ``__getattr__`` (PEP 562), which imports numpy then.
"""

from __future__ import annotations

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
