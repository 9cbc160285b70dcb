"""The SQLite store's in-memory vector index: exact search across block boundaries, in step with the file."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.storage.sqlite import vectors as sqlite_backend

WORDS = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
]


def _service(home: Path) -> tuple[MemoryService, Caller]:
    embedder = FakeEmbedder()
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    return service, Caller(principal=service.principal("alice"), surface="test")


def _brute_force(service: MemoryService, caller: Caller, query: str, limit: int) -> list[tuple[str, float]]:
    """Best-first ``(entry id, cosine)`` by the best cosine of any of an entry's vectors, from the file."""
    store = service.registry.store(caller.principal.user_id)
    entries = [e for e in store.all_entries() if e.superseded_by is None]
    vectors = store.entry_vectors([e.id for e in entries])
    q = service.embedder.embed([query])[0]
    best = {entry_id: float(np.max(v @ q)) for entry_id, v in vectors.items()}
    return sorted(best.items(), key=lambda kv: -kv[1])[:limit]


def _search(service: MemoryService, caller: Caller, query: str, limit: int) -> list[tuple[str, float]]:
    store = service.registry.store(caller.principal.user_id)
    vector = service.embedder.embed([query])[0]
    return store.vector_search(vector, limit, int(time.time() * 1000), None)


def _same_ranking(found: list[tuple[str, float]], expected: list[tuple[str, float]]) -> bool:
    """Same cosines in the same order, and each id found has its true best cosine (ties may swap ids)."""
    truth = dict(expected)
    return np.allclose([c for _, c in found], [c for _, c in expected], atol=1e-6) and all(
        abs(truth.get(i, -2.0) - c) < 1e-6 or c <= expected[-1][1] + 1e-6 for i, c in found
    )


@pytest.mark.sqlite_only
@pytest.mark.parametrize("threads", [1, 3])
def test_search_is_exact_across_blocks_and_follows_other_writers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    monkeypatch.setattr(sqlite_backend, "VECTOR_BLOCK_ROWS", 2)  # many blocks, the last partly filled
    monkeypatch.setattr(sqlite_backend, "PARALLEL_MIN_ROWS", 1)
    monkeypatch.setattr(sqlite_backend, "SCORING_THREADS", threads)  # the product split over threads, or not
    reader, caller = _service(tmp_path / "home")
    for n in range(9):
        reader.save_context(caller, f"{WORDS[n]} {WORDS[(n * 3) % 15]} {WORDS[(n * 7) % 15]} note {n}")
    queries = [f"{WORDS[i]} {WORDS[(i + 4) % 15]}" for i in range(15)]
    for query in queries:
        assert _same_ranking(_search(reader, caller, query, 5), _brute_force(reader, caller, query, 5))
    writer, writer_caller = _service(tmp_path / "home")  # another process on the same file
    added = [
        writer.save_context(writer_caller, f"{WORDS[n % 15]} {WORDS[(n * 2) % 15]} extra {n}").id for n in range(6)
    ]
    for query in queries:  # the reader appends the new rows to its partly filled last block
        assert _same_ranking(_search(reader, caller, query, 8), _brute_force(reader, caller, query, 8))
    writer.forget_context(writer_caller, added[2])
    for query in queries:  # a deletion elsewhere: the reader reloads every block
        found = _search(reader, caller, query, 8)
        assert added[2] not in dict(found) and _same_ranking(found, _brute_force(reader, caller, query, 8))


@pytest.mark.sqlite_only
@pytest.mark.parametrize("size", [10_001, 12_289, 9_000])
def test_scores_split_over_threads_are_the_bits_of_one_product(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    # a search's order and ties come from these floats: a row computed by another BLAS path (a part cut off the
    # 4-row grid) differs in its last bits, so the parallel product must give every row exactly the serial bits
    rng = np.random.default_rng(size)
    vectors = rng.standard_normal((size, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = sqlite_backend.VectorIndex(384)
    index.append([{"seq": i + 1, "entry_rowid": i + 1, "vec": v.tobytes()} for i, v in enumerate(vectors)])  # type: ignore[misc]
    queries = rng.standard_normal((6, 384)).astype(np.float32)
    monkeypatch.setattr(sqlite_backend, "SCORING_THREADS", 1)
    serial = [index.scores(q) for q in queries]
    monkeypatch.setattr(sqlite_backend, "SCORING_THREADS", 3)
    monkeypatch.setattr(sqlite_backend, "PARALLEL_MIN_ROWS", 2)
    assert len(index.parts(3)) == 3  # really split, inside blocks too
    for query, expected in zip(queries, serial, strict=True):
        assert np.array_equal(index.scores(query), expected)


def _score_in_child(index: sqlite_backend.VectorIndex, query: np.ndarray, queue: Any) -> None:
    queue.put(index.scores(query).tolist())


@pytest.mark.sqlite_only
def test_a_forked_process_can_still_score(monkeypatch: pytest.MonkeyPatch) -> None:
    # the parent's scoring threads do not survive fork(): a child reusing the parent's pool would wait forever
    monkeypatch.setattr(sqlite_backend, "VECTOR_BLOCK_ROWS", 2)
    monkeypatch.setattr(sqlite_backend, "PARALLEL_MIN_ROWS", 2)
    monkeypatch.setattr(sqlite_backend, "SCORING_THREADS", 2)
    index = sqlite_backend.VectorIndex(3)
    vectors = np.arange(24, dtype=np.float32).reshape(8, 3)
    index.append([{"seq": i + 1, "entry_rowid": i + 1, "vec": v.tobytes()} for i, v in enumerate(vectors)])  # type: ignore[misc]
    query = np.array([1.0, 0.0, -1.0], dtype=np.float32)
    assert np.allclose(index.scores(query), vectors @ query)  # the parent's pool now exists
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_score_in_child, args=(index, query, queue))
    child.start()
    child.join(timeout=30)
    alive = child.is_alive()
    if alive:
        child.kill()
    assert not alive and np.allclose(queue.get(timeout=5), vectors @ query)


def test_importing_the_sqlite_backend_starts_no_thread_and_registers_no_fork_hook() -> None:
    # issue 13: no work at import time; the scoring pool and its fork hook come with the first parallel score
    probe = (
        "import os, threading\n"
        "calls = []\n"
        "real = os.register_at_fork\n"
        "os.register_at_fork = lambda **kw: calls.append(kw) or real(**kw)\n"
        "import contextlamp.storage.sqlite\n"
        "ours = [kw for kw in calls if any('contextlamp' in str(getattr(f, '__module__', '')) for f in kw.values())]\n"
        "assert ours == [], ours\n"
        "assert threading.active_count() == 1, threading.enumerate()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.sqlite_only
def test_a_forget_leaves_the_in_memory_matrix_at_once(tmp_path: Path) -> None:
    service, caller = _service(tmp_path / "home")
    ids = [service.save_context(caller, f"{WORDS[n]} {WORDS[n + 1]} note {n}").id for n in range(5)]
    assert ids[2] in dict(_search(service, caller, f"{WORDS[2]} {WORDS[3]}", 5))  # the matrix is loaded
    store = service.registry.store(caller.principal.user_id)
    rowid = store._read("SELECT rowid FROM entries WHERE id = ?", (ids[2],))[0][0]  # pyright: ignore[reportPrivateUsage]
    assert service.forget_context(caller, ids[2]).forgotten
    found = _search(service, caller, f"{WORDS[2]} {WORDS[3]}", 5)
    index = store._index  # pyright: ignore[reportPrivateUsage]
    assert ids[2] not in dict(found) and len(found) == 4
    assert rowid not in index.rowids[: index.size].tolist() and index.size == 4


_CHILD = """
import sys
from pathlib import Path

from contextlamp.app import writes
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry

home, op, entry_id, *texts = sys.argv[1:]
embedder = FakeEmbedder()
registry = StoreRegistry(Path(home), embedder.identity, embedder.dim)
service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
caller = Caller(principal=service.principal("alice"), surface="test")
store = registry.store(caller.principal.user_id)
entry = store.get(entry_id)
assert entry is not None
if op == "update":  # what the write-behind indexer does: the entry's final vectors replace its provisional one
    assert writes.finish_index(store, entry, embedder.embed(texts))
elif op == "delete":
    with store.writer() as tx:
        tx.delete(entry)
else:
    assert service.forget_context(caller, entry_id).forgotten
registry.close()
"""


def _in_another_process(home: Path, op: str, entry_id: str, *texts: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(home), op, entry_id, *texts], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.sqlite_only
def test_another_process_s_update_is_taken_in_place_and_its_delete_and_forget_are_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 17.3: the indexer's replaced vectors used to bump vec_epoch, so every process reloaded its whole
    # matrix on its next search; now a replacement is followed in place and the answers stay exact
    monkeypatch.setattr(sqlite_backend, "VECTOR_BLOCK_ROWS", 2)  # the replaced and the new rows span blocks
    home = tmp_path / "home"
    reader, caller = _service(home)
    ids = [reader.save_context(caller, f"{WORDS[n]} {WORDS[(n * 4) % 15]} note {n}").id for n in range(7)]
    queries = [f"{WORDS[i]} {WORDS[(i + 4) % 15]}" for i in range(15)] + ["zulu yankee whiskey", "xray tango"]

    def exact() -> None:
        for query in queries:
            assert _same_ranking(_search(reader, caller, query, 6), _brute_force(reader, caller, query, 6))

    exact()  # the matrix is loaded
    index = reader.registry.store(caller.principal.user_id)._index  # pyright: ignore[reportPrivateUsage]
    first_block, epoch = index.blocks[0], index.epoch
    # three new vectors for one entry (its chunks): more rows than a block, so the rows one SELECT appends span
    # two fetches, and none of them may be taken for a replaced row
    _in_another_process(home, "update", ids[1], "zulu yankee whiskey", "xray tango", "zulu xray")
    top = _search(reader, caller, "zulu yankee whiskey", 3)
    assert top[0][0] == ids[1] and abs(top[0][1] - 1.0) < 1e-6  # the new vectors are searched
    assert top[1][0] != ids[1]  # its old row is gone: one result an entry
    exact()
    assert index.blocks[0] is first_block and index.epoch == epoch  # updated in place, not reloaded
    assert index.size == 7 + 3 and index.rowids[: index.size].tolist().count(-1) == 1
    _in_another_process(home, "delete", ids[4])
    found = _search(reader, caller, f"{WORDS[4]} {WORDS[1]}", 7)
    assert ids[4] not in dict(found) and len(found) == 6
    exact()
    _in_another_process(home, "forget", ids[1])  # the updated entry itself
    found = _search(reader, caller, "zulu yankee whiskey", 7)
    assert ids[1] not in dict(found) and len(found) == 5
    exact()


@pytest.mark.sqlite_only
def test_a_matrix_mostly_replaced_reloads_whole_and_stays_exact(tmp_path: Path) -> None:
    home = tmp_path / "home"
    reader, caller = _service(home)
    ids = [reader.save_context(caller, f"{WORDS[n]} {WORDS[(n * 2) % 15]} note {n}").id for n in range(4)]
    _search(reader, caller, WORDS[0], 4)
    index = reader.registry.store(caller.principal.user_id)._index  # pyright: ignore[reportPrivateUsage]
    for n, entry_id in enumerate(ids[:3]):  # 3 of 4 replaced: past DEAD_SHARE, the next search reloads
        _in_another_process(home, "update", entry_id, f"{WORDS[(n + 9) % 15]} replaced {n}")
        assert _same_ranking(_search(reader, caller, "replaced", 4), _brute_force(reader, caller, "replaced", 4))
    assert index.dead <= sqlite_backend.DEAD_SHARE * index.size
    _search(reader, caller, "replaced", 4)
    assert index.size - index.dead == 4
