"""Likely questions folded into the entry's one stored vector, at save time.

An entry is embedded as its content plus its likely questions (retrieval/questions.py), and stored as one
unit vector: the L2-normalised sum of those ``1 + q`` embeddings (the doc2query idea, Nogueira et al. 2019,
arXiv 1904.08375, applied in embedding space rather than to the indexed text). Semantic search is then one
cosine per entry.

Measured on LoCoMo dev (997 questions, all-MiniLM-L6-v2, ``python bench/retrieval_locomo.py``), against
keeping the four vectors apart and scoring an entry by its best one (max-sim, the previous layout):

============================  ============  ============  ============  ============
layout (vectors per entry)    hybrid R@5    hybrid R@10   semantic R@5  semantic R@10
============================  ============  ============  ============  ============
4, max-sim (before)           0.600         0.689         0.442         0.531
1, content only               0.574         0.674         0.366         0.463
2, content + mean questions   0.607         0.698         0.445         0.544
1, normalised sum (this)      0.611         0.699         0.439         0.522
============================  ============  ============  ============  ============

The sum keeps (and slightly improves) what the fused ranking returns, with a quarter of the vectors: a
quarter of the memory and of the bytes read per query, which bound search time (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors


def entry_vector(vectors: Vectors) -> Vectors:
    """The stored vector of one entry: ``(1 + q, dim)`` float32 unit rows (content first, then its ``q`` likely
    questions) to ``(1, dim)`` float32, their L2-normalised sum (an all-zero sum stays zero).

    Raises:
        ValueError: ``vectors`` is not a non-empty 2-D array.
    """
    import numpy as np

    if vectors.ndim != 2 or len(vectors) == 0:
        raise ValueError(f"vectors must be (1 + questions, dim), got {vectors.shape}")
    total = vectors.sum(axis=0, dtype=np.float32)
    norm = float(np.linalg.norm(total))
    return (total / norm if norm > 0 else total).reshape(1, -1).astype(np.float32)


def entry_vectors(vectors: Vectors, widths: Sequence[int]) -> Vectors:
    """Fold a batch: ``vectors`` holds ``sum(widths)`` rows, entry ``i`` owning the next ``widths[i]`` (its
    content and questions); returns ``(len(widths), dim)`` float32, one ``entry_vector`` row per entry.

    Raises:
        ValueError: the widths do not add up to the number of rows, or one is below 1.
    """
    import numpy as np

    if sum(widths) != len(vectors) or any(w < 1 for w in widths):
        raise ValueError(f"widths {list(widths)} do not cover {len(vectors)} rows")
    out = np.empty((len(widths), vectors.shape[1]), dtype=np.float32)
    row = 0
    for i, width in enumerate(widths):
        out[i] = entry_vector(vectors[row : row + width])[0]
        row += width
    return out
