"""Likely questions folded into the entry's one stored vector, at save time.

An entry is embedded as its content plus its likely questions (retrieval/questions.py), and stored as one
unit vector: the L2-normalised sum of those ``1 + q`` embeddings (the doc2query idea, Nogueira et al. 2019,
arXiv 1904.08375, applied in embedding space rather than to the indexed text). Semantic search is then one
cosine per entry.

Measured on LoCoMo dev (997 questions, all-MiniLM-L6-v2, ``python -m research retrieval_locomo``), against
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


def chunk_vectors(vectors: Vectors, chunks: int) -> Vectors:
    """The stored vectors of one entry of ``chunks`` chunks (segmenting.chunk_spans): ``vectors`` holds the
    chunks' embeddings first, then its ``q`` likely questions' (``(chunks + q, dim)`` float32 unit rows);
    returns ``(chunks, dim)`` float32, chunk ``i`` folded with every question (the L2-normalised sum of its
    own row and the question rows). One chunk gives exactly ``entry_vector``.

    Raises:
        ValueError: ``vectors`` is not 2-D, or holds fewer rows than ``chunks``, or ``chunks`` is below 1.
    """
    import numpy as np

    if vectors.ndim != 2 or chunks < 1 or len(vectors) < chunks:
        raise ValueError(f"vectors must be (chunks + questions, dim) with {chunks} chunks, got {vectors.shape}")
    if chunks == 1:
        return entry_vector(vectors)
    total = vectors[:chunks] + vectors[chunks:].sum(axis=0, dtype=np.float32)
    norms = np.linalg.norm(total, axis=1, keepdims=True)
    return (total / np.where(norms > 0, norms, 1.0)).astype(np.float32)


def batch_vectors(vectors: Vectors, layout: Sequence[tuple[int, int]]) -> list[Vectors]:
    """Fold a batch of entries: ``layout[i] = (chunks, questions)`` of entry ``i``, whose ``chunks +
    questions`` rows come next in ``vectors``; returns each entry's ``chunk_vectors``, in order.

    Raises:
        ValueError: the layout does not cover the rows exactly, or an entry has no chunk.
    """
    if sum(c + q for c, q in layout) != len(vectors) or any(c < 1 or q < 0 for c, q in layout):
        raise ValueError(f"layout {list(layout)} does not cover {len(vectors)} rows")
    out: list[Vectors] = []
    row = 0
    for chunks, questions in layout:
        out.append(chunk_vectors(vectors[row : row + chunks + questions], chunks))
        row += chunks + questions
    return out


def embedding_texts(content: str, questions: Sequence[str]) -> tuple[list[str], tuple[int, int]]:
    """What to embed for one entry, and its layout for ``batch_vectors``: its chunks' texts
    (``segmenting.chunk_spans``; the content itself when it fits one window), then its likely questions;
    ``(chunks, questions)``."""
    from contextlamp.segmenting import chunk_spans

    spans = chunk_spans(content)
    chunks = [content[a:b] for a, b in spans] if len(spans) > 1 else [content]
    return [*chunks, *questions], (len(chunks), len(questions))
