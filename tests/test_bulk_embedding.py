"""Issue #29 item 12: other users' queries never wait behind bulk work. A big ``save_session``, an import and the
write-behind indexer embed inside ``domain.embedding.bulk_work``; a shared server's ONNX embedder
(``separate_bulk_work``) runs those embeds on a session and a thread of their own (one core, lower priority), so
a query's embedding is answered while a bulk model run is still going, and the bulk vectors are bitwise the ones
the query-side session makes. Before, both shared one session and its inference lock: a query waited for the
bulk run under way (up to ~0.4 s behind a 5,000-entry import's 64-text runs on a loaded 2-core machine)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort  # pyright: ignore[reportMissingTypeStubs]
import pytest

from contextlamp.app.compose import create_app
from contextlamp.app.export_format import parse_document
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.domain.embedding import bulk_work, in_bulk_work
from contextlamp.embedding import FakeEmbedder, OnnxMiniLMEmbedder

BATCH = [f"note {i}: the deploy of service {i} moved to Thursday after review {i * 7}" for i in range(40)]
QUERY = "when do we deploy?"


def test_a_query_is_answered_while_a_bulk_model_run_is_under_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bulk embed's model run is held open (every run of more than one text waits for ``release``); the query
    (one text) must be answered meanwhile. On the shared session the query waited on the inference lock the
    held run keeps, so it was not answered until the run was released."""
    reference = OnnxMiniLMEmbedder()
    alone_query = reference.embed([QUERY])
    alone_batch = reference.embed(BATCH)
    embedder = OnnxMiniLMEmbedder()
    embedder.separate_bulk_work(300.0)
    embedder.wait_loaded()
    original = ort.InferenceSession.run
    held = threading.Event()
    release = threading.Event()

    def run(session: Any, output_names: Any, feed: Any, *args: Any, **kwargs: Any) -> Any:
        if len(feed["input_ids"]) > 1:  # a bulk run: held open until the query is done
            held.set()
            assert release.wait(120)
        return original(session, output_names, feed, *args, **kwargs)

    monkeypatch.setattr(ort.InferenceSession, "run", run)
    results: dict[str, Any] = {}

    def bulk() -> None:
        with bulk_work():
            results["batch"] = embedder.embed(BATCH)

    worker = threading.Thread(target=bulk)
    worker.start()
    try:
        assert held.wait(120)
        query = threading.Thread(target=lambda: results.setdefault("query", embedder.embed([QUERY])))
        query.start()
        query.join(60)
        answered_while_held = not query.is_alive()
    finally:
        release.set()
        worker.join(300)
    assert answered_while_held, "the query waited for the bulk model run"
    assert np.array_equal(results["query"], alone_query)
    assert np.array_equal(results["batch"], alone_batch)  # same vectors (1 intra-op thread or ORT_THREADS)


class RecordingEmbedder(FakeEmbedder):
    """The fake embedder, recording for each ``embed`` call whether it was made inside ``bulk_work``."""

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[tuple[int, bool]] = []

    def embed(self, texts: list[str]) -> Any:
        self.marks.append((len(texts), in_bulk_work()))
        return super().embed(texts)


def test_big_saves_imports_and_indexing_are_bulk_work_and_queries_are_not(tmp_path: Path) -> None:
    embedder = RecordingEmbedder()
    app = create_app(Settings(home=tmp_path / "home", embedder="fake"), embedder=embedder)
    service = app.service
    alice = Caller(service.principal("alice"), "claude-code")

    digest = "\n".join(f"Fact: the {s} service runs on host {s}-{i}." for i, s in enumerate(("api", "db", "queue")))
    service.save_session(alice, digest)
    service.indexer.wait(60)  # its write-behind indexing too
    assert embedder.marks and all(bulk for _, bulk in embedder.marks), embedder.marks

    embedder.marks.clear()
    long_note = " ".join(f"The release checklist step {i} needs the staging sign-off first." for i in range(60))
    service.save_context(alice, long_note)  # a long entry: its later chunks are the indexer's
    service.indexer.wait(60)
    marks = [bulk for _, bulk in embedder.marks]
    assert marks.count(False) == 1 and marks.count(True) >= 1, embedder.marks  # its own vector now; the rest behind

    embedder.marks.clear()
    document = {
        "format": "contextlamp-export",
        "version": 1,
        "user": {"id": alice.principal.user_id, "name": "alice", "created_at": 1},
        "stores": [
            {
                "scope": "personal",
                "store_id": alice.principal.user_id,
                "project": None,
                "entries": [_exported(f"Imported note {i}: backups run at {i} o'clock") for i in range(5)],
            }
        ],
        "sessions": [],
    }
    report = app.porter.import_document(parse_document(json.loads(json.dumps(document))), alice.principal.user_id)
    assert report.entries_added == 5
    assert embedder.marks and all(bulk for _, bulk in embedder.marks), embedder.marks

    embedder.marks.clear()
    service.get_context(alice, "when do backups run?")
    assert embedder.marks == [(1, False)]  # the query: interactive


def _exported(content: str) -> dict[str, Any]:
    from contextlamp.text import content_key, new_id

    return {
        "id": new_id("ctx"),
        "content": content,
        "content_key": content_key(content),
        "memory_type": "fact",
        "kind": "fact",
        "topic": None,
        "tags": [],
        "questions": [],
        "source_surface": "import",
        "created_at": 1_700_000_000_000,
        "expires_at": None,
        "superseded_by": None,
        "superseded_at": None,
        "reuse_count": 0,
        "last_used_surface": None,
        "last_used_at": None,
        "contributed_by": None,
    }


def test_the_http_server_hands_the_interpreter_over_often(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared server runs with ``SWITCH_INTERVAL_S``: a request's many take-backs of the GIL wait at most that
    long each behind a heavy call's Python (at CPython's 5 ms default, 20 take-backs cost up to 100 ms)."""
    import sys

    import uvicorn

    from contextlamp.cli.serve import run_http
    from contextlamp.web.quotas import SWITCH_INTERVAL_S

    seen: list[float] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: seen.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    try:
        run_http(Settings(home=tmp_path / "home", embedder="fake"), "127.0.0.1", 0)
    finally:
        sys.setswitchinterval(before)
    assert seen == [SWITCH_INTERVAL_S] and SWITCH_INTERVAL_S <= 0.001


class _Session:
    """Stands for an ONNX session (``OnnxSession.embed``): one row per text."""

    def embed(self, texts: list[str]) -> Any:
        return np.ones((len(texts), 4), dtype=np.float32)


def test_the_bulk_session_is_closed_after_the_idle_period_and_reopened_when_needed() -> None:
    """An idle server does not keep the bulk session (70-162 MiB): unused for ``idle_s`` (injected clock), it is
    closed, and the next bulk embed opens a new one. Before, it was kept for the server's lifetime."""
    import gc
    import weakref

    from contextlamp.embedding.onnx import BulkRunner

    now = [0.0]
    opened: list[weakref.ref[_Session]] = []

    def load() -> Any:
        session = _Session()
        opened.append(weakref.ref(session))
        return session

    runner = BulkRunner(load, idle_s=300.0, clock=lambda: now[0])
    try:
        assert not runner.is_open()  # nothing before the first bulk embed
        runner.embed(["a", "b"])
        now[0] += 299.0
        assert runner.release_idle() is False and runner.is_open()
        runner.embed(["c"])  # used again: the idle period starts over
        now[0] += 299.0
        assert runner.release_idle() is False and runner.is_open()
        now[0] += 1.0
        assert runner.release_idle() is True and not runner.is_open()
        gc.collect()
        assert opened[0]() is None  # nothing holds the closed session: its memory is freed
        assert runner.embed(["d"]).shape == (1, 4) and runner.is_open() and len(opened) == 2
    finally:
        runner.close()
