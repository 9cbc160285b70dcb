"""The values a search passes between its stages (retrieval/search.py, retrieval/evidence.py): a store with its
scope (``ScopedStore``), a fused result (``Hit``) and one query's ranked signal lists (``SignalLists``). Their own
module so that the search and its relevance floor share them without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from contextlamp.domain.models import Entry
from contextlamp.domain.ports import Store


@dataclass(frozen=True)
class ScopedStore:
    """A store a call may read, its pack scope label and its tie priority (lower wins ties)."""

    store: Store
    scope: str
    priority: int


@dataclass(frozen=True)
class Hit:
    """A fused result: the entry, its store and its 0..1 score; ``ranks``: its 1-based place in each signal list
    fused for this query that holds it, as ``(signal, rank)`` pairs (``SIGNALS`` order), for explanations;
    ``context_of``: for a time neighbour returned only as the context of a match (no evidence of its own,
    ``with_evidence``), the id of that match."""

    entry: Entry
    source: ScopedStore
    score: float
    ranks: tuple[tuple[str, int], ...] = ()
    context_of: str | None = None  # a neighbour kept for its anchor's evidence (with_evidence): the anchor's id


SIGNALS = ("semantic", "keyword", "fact_key", "recency", "named_date")  # the signal lists, in explanations' order


@dataclass
class SignalLists:
    """The ranked id lists of one query (best first), kept for benchmarks and ablations."""

    semantic: list[str] = field(default_factory=list[str])
    keyword: list[str] = field(default_factory=list[str])
    fact_key: list[str] = field(default_factory=list[str])
    recency: list[str] = field(default_factory=list[str])
    named_date: list[str] = field(default_factory=list[str])  # candidates saved on the date the query names
    cosines: dict[str, float] = field(default_factory=dict[str, float])  # semantic list: each id's cosine
    keyword_all: set[str] = field(default_factory=set[str])  # keyword list: the ids matching every content word
