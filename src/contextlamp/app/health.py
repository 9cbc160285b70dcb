"""The health of a user's memory (issue #33.3, the dashboard's ``/health``): the likely problems a careful person
would fix by hand, found in their personal and project stores, each with a fix the dashboard offers in one click.
Nothing here changes a store; the fixes are ``app/curation.Curation`` calls.

What is a likely problem (``Finding.kind``), and where each threshold comes from:

- ``stale``: a live memory that a newer live one updates (``domain/freshness.is_update``, the rule a save applies,
  at ``MemoryService.auto_supersede_threshold``) but was not superseded: saved before the rule, imported, or
  the update came through another path. Fix: mark it replaced by the newer one (history kept).
- ``duplicate``: two live memories that say the same thing in other words: content cosine at or above
  ``MemoryService.team_paraphrase_threshold`` (the measured restatement threshold of team learnings,
  research/bench/team_threshold.py). Fix: the older becomes the newer one's earlier version, or is forgotten.
- ``echo``: a memory that holds contextlamp's or the client's own words rather than the user's; what is one is
  the capture's knowledge (``hooks/clean``), so the edge hands it in (``EchoTest``; the dashboard's is
  ``web/dashboard/health.echoes``). Fix: forget it.
- ``long``: longer than ``LONG_CHARS`` characters: a pasted document rather than a memory (the session start
  shows at most 400 characters of one, ``hooks/context.MAX_LINE_CHARS``). Fix: edit it down, or forget it.
- ``short``: a single word, or under ``SHORT_CHARS`` characters: too little to state anything. Fix: edit it,
  or forget it.

Candidates for ``stale`` and ``duplicate`` come from the stored (folded) vectors with the margin the service
uses for restatements (``RESTATEMENT_CANDIDATE_MARGIN``); the decision compares the contents' own embeddings
(one embedding call for every candidate of a store). At most ``HEALTH_SCAN`` newest memories of each store are
examined, so a page costs a bounded time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from contextlamp.app.curation import Curation, Place
from contextlamp.app.saving import RESTATEMENT_CANDIDATE_MARGIN
from contextlamp.app.state import Caller
from contextlamp.domain.freshness import is_update
from contextlamp.domain.models import Entry
from contextlamp.domain.ports import Store

HEALTH_SCAN = 2000  # newest live memories examined per store
LONG_CHARS = 1600  # four times what the session start shows of one memory (hooks/context.MAX_LINE_CHARS, 400)
SHORT_CHARS = 12  # the shortest line the capture remembers as a statement (hooks/clean.MIN_KEY_CHARS)
MAX_PAIRS = 200  # candidate pairs of one store checked by content (the closest first)
BLOCK_ROWS = 512  # rows of the similarity matrix computed at once ((512, n) float32)
KINDS = ("stale", "duplicate", "echo", "long", "short")  # the order the page lists them in
# the echoes among one store's live memories: ``{entry id: why it is an echo}`` (linear in their text)
EchoTest = Callable[[Sequence[Entry]], dict[str, str]]


@dataclass(frozen=True)
class Finding:
    """One likely problem: its ``kind`` (``KINDS``), the memories it is about (one, or the ``(newer, older)``
    pair of ``stale`` and ``duplicate``), their ``place``, why (``note``, for people) and the content cosine of a
    pair."""

    kind: str
    entries: tuple[Entry, ...]
    place: Place
    note: str
    similarity: float | None = None


def health(curation: Curation, caller: Caller, echoes: EchoTest) -> list[Finding]:
    """Every likely problem of the caller's personal and project stores, in ``KINDS`` order, newest first;
    ``echoes`` finds the echoes of a store (module docstring).

    Raises:
        EmbeddingError, StorageError: from the embedder or a store.
    """
    service = curation.service
    now = service.clock()
    found: list[Finding] = []
    for place in curation.places(caller):
        if place.kind == "team":
            continue
        store = service.registry.store(place.store_id)
        live = _live(store, now)
        found += _pairs(curation, store, live, place)
        found += _singles(live, place, echoes(live))
    order = {kind: n for n, kind in enumerate(KINDS)}
    return sorted(found, key=lambda f: (order[f.kind], -f.entries[0].created_at, f.entries[0].id))


def _live(store: Store, now: int) -> list[Entry]:
    """The store's newest live entries, at most ``HEALTH_SCAN``."""
    found: list[Entry] = []
    before: tuple[int, str] | None = None
    while len(found) < HEALTH_SCAN:
        rows = store.list_page(min(500, HEALTH_SCAN - len(found)), before, now, None, False)
        found += rows
        if not rows:
            break
        before = (rows[-1].created_at, rows[-1].id)
    return found


def _pairs(curation: Curation, store: Store, live: Sequence[Entry], place: Place) -> list[Finding]:
    """The ``stale`` and ``duplicate`` findings among ``live`` (module docstring)."""
    service = curation.service
    if len(live) < 2:
        return []
    vectors = store.entry_vectors([e.id for e in live])
    rows = [(e, vectors[e.id][0]) for e in live if e.id in vectors and len(vectors[e.id])]
    if len(rows) < 2:
        return []
    matrix = np.stack([v for _, v in rows]).astype(np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = matrix / np.where(norms == 0, 1, norms)
    paraphrase = service.team_paraphrase_threshold
    floor = min(paraphrase, service.auto_supersede_threshold) - RESTATEMENT_CANDIDATE_MARGIN
    candidates = _closest_pairs(matrix, floor)
    if not candidates:
        return []
    wanted = sorted({n for _, a, b in candidates for n in (a, b)})
    embedded = service.embedder.embed([rows[n][0].content for n in wanted])
    own = dict(zip(wanted, embedded, strict=True))
    findings: list[Finding] = []
    paired: set[str] = set()
    for _, a, b in candidates:
        first, second = rows[a][0], rows[b][0]
        newer, older = (
            (first, second) if (first.created_at, first.id) > (second.created_at, second.id) else (second, first)
        )
        if older.id in paired:
            continue  # one finding per older memory: its fix settles the others
        cosine = float(own[a] @ own[b] / ((np.linalg.norm(own[a]) * np.linalg.norm(own[b])) or 1.0))
        topicless = newer.topic is None and older.topic is None
        if topicless and is_update(newer.content, older.content, cosine, service.auto_supersede_threshold):
            note = "The newer memory states a new value for the same thing; the older one still shows."
            findings.append(Finding("stale", (newer, older), place, note, round(cosine, 3)))
            paired.add(older.id)
        elif cosine >= paraphrase:
            note = "Both say the same thing in other words."
            findings.append(Finding("duplicate", (newer, older), place, note, round(cosine, 3)))
            paired.add(older.id)
    return findings


def _closest_pairs(matrix: np.ndarray, floor: float) -> list[tuple[float, int, int]]:
    """The ``MAX_PAIRS`` closest row pairs ``(cosine, i, j)`` (``i < j``) of unit rows ``matrix`` ``(n, dim)`` at or
    above ``floor``, closest first; computed ``BLOCK_ROWS`` rows at a time, the pairs kept as arrays (top-k by
    ``argpartition``), so memory stays ``O(BLOCK_ROWS * n)`` and no Python object is made per pair."""
    n = len(matrix)
    values = np.empty(0, dtype=np.float32)
    first = np.empty(0, dtype=np.int64)
    second = np.empty(0, dtype=np.int64)
    columns = np.arange(n)[None, :]
    for start in range(0, n, BLOCK_ROWS):
        sims = matrix[start : start + BLOCK_ROWS] @ matrix.T
        rows = np.arange(start, start + len(sims))[:, None]
        a, b = np.nonzero((sims >= floor) & (columns > rows))
        values = np.concatenate([values, sims[a, b]])
        first = np.concatenate([first, a + start])
        second = np.concatenate([second, b])
        if len(values) > MAX_PAIRS:
            keep = np.argpartition(-values, MAX_PAIRS - 1)[:MAX_PAIRS]
            values, first, second = values[keep], first[keep], second[keep]
    order = np.lexsort((second, first, -values))  # closest first; ties by index, so the order is stable
    return [(float(values[k]), int(first[k]), int(second[k])) for k in order]


def _singles(live: Sequence[Entry], place: Place, echoed: dict[str, str]) -> list[Finding]:
    """The ``echo``, ``long`` and ``short`` findings among ``live`` (module docstring)."""
    findings: list[Finding] = []
    for entry in live:
        text = entry.content.strip()
        if entry.id in echoed:
            findings.append(Finding("echo", (entry,), place, echoed[entry.id]))
        elif len(text) > LONG_CHARS:
            findings.append(Finding("long", (entry,), place, f"{len(text):,} characters."))
        elif len(text.split()) < 2 or len(text) < SHORT_CHARS:
            findings.append(Finding("short", (entry,), place, "Too short to state anything on its own."))
    return findings
