"""Write-behind indexing (issue 17 point 3): the part of a save's embedding that only serves retrieval, done
after the save has answered.

A save answers once its entry is durable, keyword-indexed and holds the vector its result needs (app/saving.py:
the content's own vector, or for a long entry the vector of its head); the entry is marked pending in the same
transaction (``Store.pending_ids``). This module computes the final vectors of pending entries, every chunk
with its likely questions folded in (domain/folding.py, exactly what a synchronous save stores), and writes them
(``writes.finish_index``, which also clears the mark). Durability: the mark is a column of the entry's own row,
so a crash between save and indexing leaves a pending entry, never a lost one; any process finishes what it
finds (the registry's open hook sweeps each store it opens), ``contextlamp doctor`` reports pending entries and
``--repair`` finishes them. Two processes may finish the same entry: both write the same vectors.

Each text is embedded once: the save embeds an entry's first text (its content, or a long entry's first chunk)
and hands that vector to the indexer (``notify``), which folds it in rather than embedding the text again.

Threads: one background thread per ``Indexer`` (one per service, started on first use), a daemon that never
prints. Saves go first: the embedder runs one inference at a time, so the indexer takes a batch of pending
entries (up to ``batch_texts`` texts) but embeds it in pieces of at most ``piece_chars`` characters, one
``embed`` call each, and before each piece waits while a save of this process is embedding: a save waits at
most for one piece's model run (about one chunk), never for a whole batch. It logs failures by their type only
(memory content never reaches a log above debug) and retries them with a growing delay; a store that another
process moved to another embedding model (``contextlamp reembed``: ``EmbeddingMismatchError`` from the write)
is left to the processes that run the new model, with one warning.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Generator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from contextlamp.app import writes
from contextlamp.domain.embedding import bulk_work
from contextlamp.domain.folding import batch_vectors, embedding_texts
from contextlamp.errors import EmbeddingMismatchError
from contextlamp.segmenting import WINDOW_CHARS

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors
    from contextlamp.domain.models import Entry
    from contextlamp.domain.ports import Store

logger = logging.getLogger(__name__)

RETRY_FIRST_S = 1.0  # the first retry of a failed batch; doubled after each failure
RETRY_MAX_S = 60.0
PIECE_CHARS = WINDOW_CHARS  # characters of text in one indexer ``embed`` call: about one chunk's model run
FIRST_VECTORS = 1024  # first-text vectors kept for pending entries (1.5 KB each); beyond, the oldest are embedded again


class Indexer:
    """Finishes pending entries (see the module docstring) of the stores it was told about.

    Args:
        embed: texts to ``(n, dim)`` float32 unit rows (the service's embedder).
        batch_texts: at most this many texts in one batch of entries read and written together (an entry's
            texts are never split across batches; an entry with more is a batch of its own).
        piece_chars: at most this many characters of text in one ``embed`` call (a single longer text is a
            piece of its own); before each piece the indexer waits while a save is embedding. None: the whole
            batch in one call (the behaviour before saves took priority; for benchmarks).
        background: whether stores found pending when opened (``sweep``) start the thread; saves always do.
        inline: no thread at all: ``notify`` finishes the store's pending entries in the calling thread before
            it returns (after the save's own transaction), and a sweep only remembers the store (``wait``
            finishes it). The same work in the same order, scheduled deterministically: for tests, as an
            injected clock is; a failure is logged and the entries stay pending, as with the thread.
    """

    def __init__(
        self,
        embed: Callable[[list[str]], Vectors],
        batch_texts: int = 16,
        background: bool = True,
        piece_chars: int | None = PIECE_CHARS,
        *,
        inline: bool = False,
    ) -> None:
        self._embed = embed
        self._batch_texts = max(1, batch_texts)
        self._piece_chars = piece_chars
        # by entry id: its first text (content, or first chunk) and that text's vector, as the save embedded it
        self._first: OrderedDict[str, tuple[str, Vectors]] = OrderedDict()
        self._background = background and not inline
        self._inline = inline
        self._stores: dict[str, Store] = {}  # stores that may hold pending entries, by id (the newest object)
        self._state = threading.Condition()
        self._work = threading.Lock()  # one batch at a time in this process (thread or a waiting caller)
        self._saving = 0  # saves of this process embedding right now
        self._thread: threading.Thread | None = None
        self._closed = False
        self.failures = 0  # batches that failed (logged, retried)

    # -- what the service calls ----------------------------------------------------------------------------

    def notify(self, store: Store, first: dict[str, tuple[str, Vectors]] | None = None) -> None:
        """A save left pending entries in ``store``: index them in the background. ``first``: by entry id, the
        text the save embedded (the content, or a long entry's first chunk) and its ``(dim,)`` float32 vector,
        folded in by the indexer instead of embedding that text again (the last ``FIRST_VECTORS`` are kept)."""
        with self._state:
            for entry_id, known in (first or {}).items():
                self._first[entry_id] = known
            while len(self._first) > FIRST_VECTORS:
                self._first.popitem(last=False)
            self._stores[store.store_id] = store
            if not self._inline:
                self._start()
                self._state.notify_all()
        if self._inline:
            self._finish(store)

    def sweep(self, store: Store) -> None:
        """The startup sweep of a store this process opened: remember it when it holds pending entries (left by
        a process that stopped before indexing them), and index them in the background unless this indexer
        only finishes its own work (``background`` false: a one-shot command finishes them in ``wait``)."""
        try:
            if store.pending_count() == 0:
                return
        except Exception as exc:  # a store that cannot be read fails its own calls; never the opening
            logger.warning("could not count the pending entries of a store: %s", type(exc).__name__)
            return
        with self._state:
            self._stores[store.store_id] = store
            if self._background:
                self._start()
                self._state.notify_all()

    @contextmanager
    def saving(self) -> Generator[None]:
        """Around a save's own embedding: the background thread starts no batch meanwhile."""
        with self._state:
            self._saving += 1
        try:
            yield
        finally:
            with self._state:
                self._saving -= 1
                self._state.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Index every pending entry of the stores this process knows of, in the calling thread (with the
        background thread, one batch at a time), until none is left or ``timeout`` seconds passed; True when
        none is left. Errors are raised, not retried (the caller asked for the work to be done).

        Raises:
            EmbeddingError, StorageError: the embedder or a store failed.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._state:
                stores = list(self._stores.values())
            if not any(self._batch(store) for store in stores):
                with self._state:
                    if all(s.pending_count() == 0 for s in self._stores.values()):
                        return True
            if deadline is not None and time.monotonic() >= deadline:
                return False

    def pending(self) -> int:
        """How many entries of the known stores are pending now."""
        with self._state:
            stores = list(self._stores.values())
        return sum(store.pending_count() for store in stores)

    def close(self) -> None:
        """Stop the background thread after its current batch (pending entries stay pending, durable)."""
        with self._state:
            self._closed = True
            self._first.clear()
            self._state.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=30)

    # -- the work --------------------------------------------------------------------------------------------

    def _finish(self, store: Store) -> None:
        """Index every pending entry of ``store`` now, in the calling thread (``inline``); a failure is logged
        by type and counted, and what is left stays pending (durable, finished by a later call or ``wait``)."""
        try:
            for _ in range(store.pending_count()):  # each batch finishes one entry at least, unless it vanished
                if not self._batch(store):
                    break
        except Exception as exc:  # logged by type only: the texts are memory content
            self.failures += 1
            logger.warning("write-behind indexing failed (%s); the entries stay pending", type(exc).__name__)
            logger.debug("indexing failure detail: %r", exc)

    def _batch(self, store: Store) -> int:
        """Finish one batch of ``store``'s pending entries; returns how many were pending in it (0: none)."""
        with self._work:
            ids = store.pending_ids(self._batch_texts)
            if not ids:
                return 0
            found = store.entries(ids)
            entries: list[Entry] = []
            texts: list[str] = []
            layout: list[tuple[int, int]] = []
            for entry_id in ids:  # creation order; stop at the text budget (the first entry always goes)
                entry = found.get(entry_id)
                if entry is None:
                    continue  # forgotten meanwhile
                own, shape = embedding_texts(entry.content, entry.questions)
                if entries and len(texts) + len(own) > self._batch_texts:
                    break
                entries.append(entry)
                texts += own
                layout.append(shape)
            if not entries:
                return len(ids)
            vectors = batch_vectors(self._embed_known(entries, texts, layout), layout)
            for entry, vector in zip(entries, vectors, strict=True):
                writes.finish_index(store, entry, vector)
            with self._state:
                for entry in entries:
                    self._first.pop(entry.id, None)
            return len(ids)

    def _embed_known(self, entries: list[Entry], texts: list[str], layout: list[tuple[int, int]]) -> Vectors:
        """The ``(len(texts), dim)`` embeddings of a batch's texts (entry ``i`` owning the next ``sum(layout[i])``
        rows, its first text first): an entry's first text from the vector its save handed over (``notify``)
        when that text is the same, the rest embedded (``_embed_pieces``)."""
        import numpy as np

        rows: list[Vectors | None] = [None] * len(texts)
        row = 0
        with self._state:
            for entry, shape in zip(entries, layout, strict=True):
                known = self._first.get(entry.id)
                if known is not None and known[0] == texts[row]:
                    rows[row] = known[1]
                row += sum(shape)
        missing = [i for i, vector in enumerate(rows) if vector is None]
        if missing:
            fresh = self._embed_pieces([texts[i] for i in missing])
            for n, i in enumerate(missing):
                rows[i] = fresh[n]
        return np.stack([v for v in rows if v is not None]).astype(np.float32)

    def _embed_pieces(self, texts: list[str]) -> Vectors:
        """``texts`` embedded in pieces of at most ``piece_chars`` characters (``text_pieces``), one ``embed``
        call each, waiting before each piece while a save of this process is embedding (saves go first);
        ``(len(texts), dim)`` float32 in order."""
        import numpy as np

        with bulk_work():  # background work: an embedder serving users runs it apart from their queries
            if self._piece_chars is None or not texts:
                return self._embed(texts)
            parts: list[Vectors] = []
            for start, end in text_pieces(texts, self._piece_chars):
                with self._state:
                    while self._saving:
                        self._state.wait()
                parts.append(self._embed(texts[start:end]))
            return np.concatenate(parts)

    def _start(self) -> None:
        """Start the background thread unless it runs (call with ``_state`` held)."""
        if self._closed or (self._thread is not None and self._thread.is_alive()):
            return
        self._thread = threading.Thread(target=self._run, name="contextlamp-indexer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        delay = RETRY_FIRST_S
        while True:
            with self._state:
                while not self._closed and (not self._stores or self._saving):
                    self._state.wait()
                if self._closed:
                    return
                stores = list(self._stores.items())
            try:
                done = True
                for key, store in stores:
                    if self._saving:
                        done = False
                        break
                    try:
                        worked = self._batch(store)
                    except EmbeddingMismatchError as exc:  # moved to another model: its processes index it
                        logger.warning("write-behind indexing stopped for a store: %s", exc)
                        with self._state:
                            if self._stores.get(key) is store:
                                del self._stores[key]
                        continue
                    if worked:
                        done = False
                    else:
                        with self._state:
                            if self._stores.get(key) is store and store.pending_count() == 0:
                                del self._stores[key]
                delay = RETRY_FIRST_S
                if done:
                    continue
            except Exception as exc:  # logged by type only: the texts are memory content
                self.failures += 1
                logger.warning("write-behind indexing failed (%s); retrying in %.0f s", type(exc).__name__, delay)
                logger.debug("indexing failure detail: %r", exc)
                with self._state:
                    self._state.wait(timeout=delay)
                delay = min(delay * 2, RETRY_MAX_S)


def text_pieces(texts: list[str], chars: int) -> list[tuple[int, int]]:
    """``[start, end)`` ranges over ``texts``, in order, each holding texts of at most ``chars`` characters in
    all, or one longer text alone (``Indexer._embed_pieces``). Linear in ``len(texts)``."""
    pieces: list[tuple[int, int]] = []
    start, size = 0, 0
    for i, text in enumerate(texts):
        if i > start and size + len(text) > chars:
            pieces.append((start, i))
            start, size = i, 0
        size += len(text)
    if start < len(texts):
        pieces.append((start, len(texts)))
    return pieces
