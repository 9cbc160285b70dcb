"""Packs are chunks (spec/TOOLS.md get_context): which chunk of a long entry a pack shows, and the response
budget that bounds the packs' text.

A long entry is stored as several chunks (``segmenting.chunk_spans``), one vector each; the stores rank an
entry by its best chunk's cosine (the semantic list) and by its full-text row (the keyword list), so an entry
is found by any part of it. Its pack then shows one chunk: the one ranked best by weighted RRF (Cormack et
al., SIGIR 2009, the same weights and k as the entry lists) of two chunk lists, the chunks' cosines to the
query and how many of the query's content words each chunk holds, counting only the chunks that hold at least
half of them (a "minimum should match", as Lucene's ``mm``): one common word of a long question ("takes") in
some paragraph must not outvote the sentence that answers it by meaning. One pack per entry: a long entry
cannot fill the answer with its chunks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from contextlamp.retrieval.fusion import weighted_rrf
from contextlamp.retrieval.query import content_terms, query_terms
from contextlamp.retrieval.weights import FusionWeights
from contextlamp.segmenting import chunk_spans
from contextlamp.text import title_of

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

CUT_MARKER = " […]"  # ends a pack cut to fit the budget; also joins a later chunk to its entry's title
MIN_CUT_CHARS = 200  # a pack is cut to the budget left only when at least this much is left (else: stop)
STEM_CHARS = 5  # words compared on their first five letters: "deploy", "deploys", "deployed" agree
# A pack of a long entry shows its best chunk (one to three sentences, segmenting.CHUNK_TARGET_CHARS) with the
# chunks around it up to this many characters: the size packs had when a chunk was ~560 characters (issue 17)
DISPLAY_CHARS = 560
_SENTENCE_END = re.compile(r"[.!?…。！？][\"'”’)\]]?(?=\s|$)|\n")


@dataclass(frozen=True)
class ChunkChoice:
    """The chunk a pack shows: its ``index`` of ``count`` (``count`` 1: the whole entry) and its text."""

    index: int
    count: int
    text: str


def _stems(text: str) -> set[str]:
    return {t[:STEM_CHARS] for t in query_terms(text)}


def choose_chunk(
    content: str, query: str, query_vector: Vectors | None, vectors: Vectors | None, weights: FusionWeights
) -> ChunkChoice:
    """The chunk of ``content`` that best matches the query.

    Args:
        content: the entry's text.
        query: the query text (its content words are matched per chunk, on their first ``STEM_CHARS`` letters).
        query_vector: ``(dim,)`` float32, or None.
        vectors: the entry's stored ``(chunks, dim)`` float32 vectors, one per chunk in order; None or another
            row count (a store written before chunks, until ``doctor --repair``) ranks by words alone.
        weights: the semantic and keyword weights and ``k`` of the fusion (retrieval/weights.FusionWeights).

    Returns:
        The chosen chunk; its text is the chunk with the chunks around it while they fit ``DISPLAY_CHARS``
        (``display_span``), prefixed with the entry's title (first line) and ``CUT_MARKER`` when it does not
        start at the entry's start. Linear in ``len(content)``.
    """
    spans = chunk_spans(content)
    if len(spans) == 1:
        return ChunkChoice(0, 1, content)
    lists: dict[str, list[int]] = {}
    if vectors is not None and query_vector is not None and len(vectors) == len(spans):
        cosines = vectors @ query_vector
        lists["semantic"] = sorted(range(len(spans)), key=lambda i: (-float(cosines[i]), i))
    wanted = {t[:STEM_CHARS] for t in content_terms(query)}
    counts = [len(wanted & _stems(content[a:b])) for a, b in spans]
    least = max(1, len(wanted) // 2)  # minimum should match (MIN_MATCH_SHARE)
    lists["keyword"] = sorted((i for i in range(len(spans)) if counts[i] >= least), key=lambda i: (-counts[i], i))
    fused = weighted_rrf(lists, {"semantic": weights.semantic, "keyword": weights.keyword}, weights.k)
    best = cast(int, fused[0].key) if fused else 0  # the keys are the chunk indexes given
    first, last = display_span(spans, best, DISPLAY_CHARS)
    text = content[spans[first][0] : spans[last][1]].strip()
    if first > 0:
        text = f"{title_of(content)}{CUT_MARKER}\n{text}"
    return ChunkChoice(best, len(spans), text)


def display_span(spans: Sequence[tuple[int, int]], best: int, limit: int) -> tuple[int, int]:
    """The indexes ``(first, last)`` of the chunks a pack shows around chunk ``best`` of ``spans`` (character
    offsets, in order): the chunk itself, then the next and the previous one in turn (the next first: a
    sentence is usually explained by what follows it) while the covered text stays within ``limit`` characters;
    one side that no longer fits stops growing, the other may go on. Linear in the chunks added."""
    first = last = best
    grow_next = grow_prev = True
    while grow_next or grow_prev:
        if grow_next:
            grow_next = last + 1 < len(spans) and spans[last + 1][1] - spans[first][0] <= limit
            last += grow_next
        if grow_prev:
            grow_prev = first > 0 and spans[last][1] - spans[first - 1][0] <= limit
            first -= grow_prev
    return first, last


def cut_text(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ``CUT_MARKER`` included: at the last sentence end that
    leaves room for the marker, else at the last white space, else at the limit. ``text`` itself when it fits.
    Linear in ``len(text)``."""
    if len(text) <= limit:
        return text
    room = max(0, limit - len(CUT_MARKER))
    head = text[:room]
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    cut = ends[-1] if ends and ends[-1] >= room // 3 else head.rfind(" ")
    if cut <= 0:
        cut = room
    return head[:cut].rstrip() + CUT_MARKER


def within_budget(texts: Sequence[str], budget: int) -> list[str]:
    """The packs' texts (best first) that fit ``budget`` characters together: whole while they fit; the
    first that does not is cut at a sentence boundary (``cut_text``) when it is the first pack or at least
    ``MIN_CUT_CHARS`` of the budget are left, and nothing follows it. The sum of the lengths returned is
    never above ``budget``."""
    out: list[str] = []
    used = 0
    for text in texts:
        left = budget - used
        if len(text) <= left:
            out.append(text)
            used += len(text)
            continue
        if not out or left >= MIN_CUT_CHARS:
            out.append(cut_text(text, left))
        break
    return out
