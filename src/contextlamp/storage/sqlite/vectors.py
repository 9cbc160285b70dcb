"""Exact vector search on SQLite: float32 blobs in the ``vectors`` table are the source of truth, searched from
a per-store in-memory copy that follows the table by its AUTOINCREMENT ``seq`` and a ``vec_epoch`` counter.

Replacing an entry's vectors (``SqliteWriter.replace_vector``: the write-behind indexer's final vectors) deletes
its rows and inserts new ones in one transaction, so the new rows carry new, higher ``seq`` values: a copy that
appends a row of an entry it already holds knows that entry's older rows are gone and drops them in place
(``VectorIndex.follow``). That is the cross-process signal of a replacement; ``vec_epoch`` (a full reload) is
kept for deletions, migrations, repairs and reembedding, which remove rows without writing a successor.

The scoring thread pool and its fork hook are created on first use, never at import.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from contextlamp.storage.sqlite.first_pass import (
    FLOAT_SLACK,
    ZERO_POINT,
    int8_products,
    quantize_query,
    quantize_rows,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from contextlamp.domain.embedding import Vectors

DEAD = -1  # the rowid of a row whose vector was replaced (no entry has a rowid below 1)
DEAD_SHARE = 0.5  # a copy with more than this share of replaced rows reloads whole (amortised: once per size/2)
VECTOR_BLOCK_ROWS = 4096  # vectors per block of the in-memory index: 6 MiB at 384 dims
# Splitting the product over threads, measured on 2 cores (384 dims, BLAS at one thread): 40,000 vectors
# 2.9 -> 1.5 ms, 100,000 vectors 12.5 -> 5.6 ms, 10,000 vectors 0.8 -> 0.6 ms. Not at 10,000: on a loaded machine
# (load 16 on 2 cores) the helper thread waits for a core, and two equal parts of 10,000 rows took p50 5.1 ms
# against 1.3 ms on one thread (CPU 1.46 against 1.17 ms); a server under load must not pay that per query.
PARALLEL_MIN_ROWS = 32_768  # 8 blocks
# A part of a block starts at a multiple of this many rows from the block's start. BLAS computes a matrix-vector
# product's rows in groups counted from the first row of the call (OpenBLAS sgemv on this machine: 4 rows at a
# time, the last size % 4 rows one by one, and a row's bits depend on which path computed it), so parts cut at
# such multiples give every row the very bits of the whole block's product: scores, order and ties unchanged
# (tests/test_vector_index.py checks it bit for bit).
SCORE_ALIGN = 64
# From this many rows on, vector_search scores the int8 copy first and only the rows that can reach the top
# exactly (first_pass.py); below, the float32 product is as cheap as the first pass's fixed costs.
FIRST_PASS_MIN_ROWS = 4096
# The int8 codes are one (rows, dim) uint8 matrix (first_pass.py), scored in one run; it grows to an eighth more
# rows than it needs, in whole CODE_STEP rows (a copy of dim bytes a row), so that few appends copy it.
CODE_STEP = 1024
SCORING_THREADS = min(4, os.cpu_count() or 1)
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
_fork_hooked = False  # _forget_pool_in_child is registered with os.register_at_fork


class VectorIndex:
    """In-memory copy of a store's ``vectors`` table: fixed ``(VECTOR_BLOCK_ROWS, dim) float32`` blocks (the
    last one partly filled) and the entry rowid of each row. Appends follow ``seq``; a row appended for an entry
    the copy already held replaces that entry's older rows, which become ``DEAD`` (rowid ``-1``, a zero vector:
    skipped by the search, and in ``seq`` order the live rows are exactly those a full reload reads, so no
    score, order or tie changes); any deletion bumps ``meta.vec_epoch`` and forces a full reload, so other
    processes' writes are always seen before a search. ``dead``: rows replaced in place since the last load.

    Blocks, not one growable matrix: growing a matrix copies it, so old and new copies coexist for a moment
    and peak RSS doubles (at 10,000 entries, 40,000 vectors: 61 MiB more). Appending a block never copies.
    """

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.blocks: list[Vectors] = []
        self._rowids: npt.NDArray[np.int64] | None = None  # made by the first use: opening a store needs no numpy
        self.size = 0
        self.max_seq = 0
        self.dead = 0
        self.epoch: str | None = None
        self.changes = 0  # counts appends, replacements and resets (a key for what is derived from the rows)
        self.resets = 0  # counts resets: between two, a row keeps its number and its rowid (or becomes DEAD)
        # the first pass's int8 copy (first_pass.py): ``(capacity, dim)`` uint8 codes plus ``ZERO_POINT``, a row a
        # row, and per row (capacity as ``rowids``) float32 scale, scale * |codes| and residual norm
        self.codes: npt.NDArray[np.uint8] | None = None
        self.code_rows: Vectors | None = None  # (capacity, 3): scale, spread, residual
        self._wide_rows: tuple[int, npt.NDArray[np.float64]] | None = None  # (changes, code_rows in use as float64)

    @property
    def rowids(self) -> npt.NDArray[np.int64]:
        """The entry rowid of each row (``int64``; its length is the capacity, ``size`` rows are in use)."""
        if self._rowids is None:
            import numpy as np

            self._rowids = np.zeros(0, dtype=np.int64)
        return self._rowids

    @rowids.setter
    def rowids(self, value: npt.NDArray[np.int64]) -> None:
        self._rowids = value

    def reset(self, epoch: str) -> None:
        self.changes += 1
        self.resets += 1
        self.blocks = []
        self.codes = None
        self.code_rows = None
        self._rowids = None
        self.size = 0
        self.max_seq = 0
        self.dead = 0
        self.epoch = epoch

    def append(self, rows: list[sqlite3.Row]) -> None:
        """Add ``rows`` (``seq``, ``entry_rowid``, ``vec`` as float32 bytes) in ``seq`` order."""
        import numpy as np

        if not rows:
            return
        self.changes += 1
        need = self.size + len(rows)
        if need > len(self.rowids):  # ids are 8 bytes a row: growing by doubling costs little
            rowids = np.zeros(max(need, 2 * len(self.rowids), 256), dtype=np.int64)
            rowids[: self.size] = self.rowids[: self.size]
            self.rowids = rowids
            code_rows = np.zeros((len(rowids), 3), dtype=np.float32)
            if self.code_rows is not None:
                code_rows[: self.size] = self.code_rows[: self.size]
            self.code_rows = code_rows
        self.rowids[self.size : need] = [r["entry_rowid"] for r in rows]
        vectors = np.frombuffer(b"".join(r["vec"] for r in rows), dtype=np.float32).reshape(len(rows), self.dim)
        codes, scale, spread, residual = quantize_rows(vectors)
        assert self.code_rows is not None
        self.code_rows[self.size : need] = np.stack([scale, spread, residual], axis=1)
        if self.codes is None or need > len(self.codes):
            capacity = -(-(need + need // 8) // CODE_STEP) * CODE_STEP  # an eighth ahead: few copies, little waste
            grown = np.empty((capacity, self.dim), dtype=np.uint8)
            if self.codes is not None:
                grown[: self.size] = self.codes[: self.size]
            self.codes = grown
        self.codes[self.size : need] = codes
        done = 0
        while done < len(rows):
            block, offset = divmod(self.size, VECTOR_BLOCK_ROWS)
            if block == len(self.blocks):
                self.blocks.append(np.empty((VECTOR_BLOCK_ROWS, self.dim), dtype=np.float32))
            take = min(VECTOR_BLOCK_ROWS - offset, len(rows) - done)
            self.blocks[block][offset : offset + take] = vectors[done : done + take]
            done += take
            self.size += take
        self.max_seq = rows[-1]["seq"]

    def follow(self, conn: sqlite3.Connection) -> None:
        """Bring this copy up to the database's state: reload everything when ``meta.vec_epoch`` moved (a
        deletion, a migration, a repair or a reembed, in any process), then append the rows past ``max_seq`` a
        block at a time (no whole-table copy) and drop in place the older rows of every entry those rows replace
        (``drop_replaced``). One SELECT reads the new rows, so it sees every replacement whole (WAL snapshot).
        A copy whose dead rows passed ``DEAD_SHARE`` reloads instead. Called under the store's lock."""
        state = conn.execute(
            "SELECT (SELECT value FROM meta WHERE key = 'vec_epoch'), (SELECT seq FROM sqlite_sequence "
            "WHERE name = 'vectors')"
        ).fetchone()
        epoch, max_seq = str(state[0]), state[1] or 0
        if epoch != self.epoch or self.dead > DEAD_SHARE * max(self.size, 1):
            self.reset(epoch)
        if max_seq > self.max_seq:
            held = self.size
            cursor = conn.execute(
                "SELECT seq, entry_rowid, vec FROM vectors WHERE seq > ? ORDER BY seq", (self.max_seq,)
            )
            while rows := cursor.fetchmany(VECTOR_BLOCK_ROWS):
                self.append(rows)
            if held:
                self.drop_replaced(held)

    def gather(self, rows: list[int]) -> Vectors:
        """A copy of the vectors at ``rows`` (row numbers below ``size``): ``(len(rows), dim)`` float32."""
        import numpy as np

        if not rows:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self.blocks[r // VECTOR_BLOCK_ROWS][r % VECTOR_BLOCK_ROWS] for r in rows])

    def drop_replaced(self, held: int) -> None:
        """Mark ``DEAD`` (rowid ``-1``, zero vector) each of the first ``held`` rows whose entry has a row past
        them: its vectors were replaced whole in one transaction (``SqliteWriter.replace_vector``), so the
        later rows are its vectors now. Vectorised: linear in ``size``, run only when rows were appended."""
        import numpy as np

        fresh = np.unique(self.rowids[held : self.size])
        stale = np.flatnonzero(np.isin(self.rowids[:held], fresh))
        if not len(stale):
            return
        self.changes += 1
        self.rowids[stale] = DEAD
        for block in np.unique(stale // VECTOR_BLOCK_ROWS).tolist():
            rows = stale[(stale // VECTOR_BLOCK_ROWS) == block] % VECTOR_BLOCK_ROWS
            self.blocks[block][rows] = 0.0
        if self.codes is not None and self.code_rows is not None:
            self.codes[stale] = ZERO_POINT  # code 0: the row's product is 0
            self.code_rows[stale] = 0.0
        self.dead += len(stale)

    def scores(self, query: Vectors) -> Vectors:
        """``(size,) float32`` dot products of every stored vector with ``query`` (``(dim,)`` float32), which
        are cosines for unit vectors. Memory-bound: it reads every block once. From ``PARALLEL_MIN_ROWS`` rows
        on, the rows are split into up to ``SCORING_THREADS`` equal parts cut at ``SCORE_ALIGN`` rows inside a
        block (``parts``), scored on as many threads (numpy releases the GIL in the product; BLAS itself stays at
        one thread, whose idle workers would spin against the embedder's); every row gets the bits of the
        unsplit product."""
        import numpy as np

        out = np.empty(self.size, dtype=np.float32)

        def score(pieces: list[tuple[int, int, int]]) -> None:
            for number, low, high in pieces:
                start = number * VECTOR_BLOCK_ROWS
                np.matmul(self.blocks[number][low:high], query, out=out[start + low : start + high])

        work = self.parts(SCORING_THREADS if self.size >= PARALLEL_MIN_ROWS else 1)
        if len(work) <= 1:
            score(work[0] if work else [])
            return out
        helpers = [_scoring_pool().submit(score, part) for part in work[1:]]
        score(work[0])
        for helper in helpers:
            helper.result()
        return out

    def first_pass(self, query: Vectors) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """``(size,)`` float64 approximate cosines of every row with ``query`` (``(dim,)`` float32) from the int8
        copy, and ``(size,)`` float64 bounds: each row's exact float32 score (``scores``, ``exact_scores``) lies
        within its approximation plus or minus its bound (first_pass.py's docstring derives it)."""
        import numpy as np

        query_codes, scale, residual, norm = quantize_query(query)
        assert self.codes is not None
        dots = int8_products(self.codes[: self.size], query_codes).astype(np.float64)  # one run, every row
        assert self.code_rows is not None
        if self._wide_rows is None or self._wide_rows[0] != self.changes:  # float64 once per change, not per query
            self._wide_rows = (self.changes, self.code_rows[: self.size].astype(np.float64))
        rows = self._wide_rows[1]
        approx = dots * (rows[:, 0] * scale)
        bound = rows[:, 1] * residual + rows[:, 2] * norm + FLOAT_SLACK
        return approx, bound

    def exact_scores(self, rows: npt.NDArray[np.intp], query: Vectors) -> Vectors:
        """``(len(rows),) float32`` cosines with ``query`` of the rows at ``rows`` (ascending row numbers below
        ``size``). Each row's dot product is numpy's ``einsum`` of that row alone, so its bits do not depend on
        which other rows are scored with it (a BLAS product's do, by their position: ``SCORE_ALIGN``)."""
        import numpy as np

        out = np.empty(len(rows), dtype=np.float32)
        cuts = np.searchsorted(rows, np.arange(len(self.blocks) + 1) * VECTOR_BLOCK_ROWS).tolist()
        for number, (low, high) in enumerate(itertools.pairwise(cuts)):
            if low < high:
                gathered = self.blocks[number][rows[low:high] - number * VECTOR_BLOCK_ROWS]
                out[low:high] = np.einsum("ij,j->i", gathered, query)
        return out

    def parts(self, count: int) -> list[list[tuple[int, int, int]]]:
        """The rows in use cut into ``count`` parts of about equal size, each a list of ``(block, first row, end
        row)`` pieces (rows within the block). A cut inside a block falls on a multiple of ``SCORE_ALIGN`` rows
        from the block's start, so each piece's product computes its rows exactly as the whole block's would;
        the last block's piece ends at its last row in use. Empty parts are left out."""
        cuts = [0]
        for i in range(1, count):
            block, offset = divmod(self.size * i // count, VECTOR_BLOCK_ROWS)
            cuts.append(max(cuts[-1], block * VECTOR_BLOCK_ROWS + offset - offset % SCORE_ALIGN))
        cuts.append(self.size)
        out: list[list[tuple[int, int, int]]] = []
        for low, high in itertools.pairwise(cuts):
            pieces: list[tuple[int, int, int]] = []
            while low < high:
                block, offset = divmod(low, VECTOR_BLOCK_ROWS)
                end = min(high, (block + 1) * VECTOR_BLOCK_ROWS)
                pieces.append((block, offset, end - block * VECTOR_BLOCK_ROWS))
                low = end
            if pieces:
                out.append(pieces)
        return out


def _scoring_pool() -> ThreadPoolExecutor:
    """The process's threads for splitting a vector product (created on first use)."""
    global _pool, _fork_hooked
    with _pool_lock:
        if _pool is None:
            if not _fork_hooked:  # registered on first use, never at import (once per process: hooks add up)
                os.register_at_fork(after_in_child=_forget_pool_in_child)
                _fork_hooked = True
            _pool = ThreadPoolExecutor(max_workers=max(1, SCORING_THREADS - 1), thread_name_prefix="vector-scores")
        return _pool


def _forget_pool_in_child() -> None:
    """A forked child has none of the parent's threads: an inherited executor would wait for them forever."""
    global _pool, _pool_lock
    _pool, _pool_lock = None, threading.Lock()


def best_first(scores: Vectors, count: int) -> npt.NDArray[np.intp]:
    """Indexes of the ``count`` highest scores, best first (ties: lower index first). ``argpartition`` then a
    sort of only those: at 10,000 entries (40,000 vectors) a full ``argsort`` was 2.3 ms of a 19 ms query."""
    import numpy as np

    if count >= len(scores):
        return np.argsort(-scores, kind="stable")
    top = np.argpartition(-scores, count - 1)[:count]
    return top[np.lexsort((top, -scores[top]))]
