"""Issue #29 item 12 at its root: the ONNX embedder runs one model run at a time (ONNX Runtime already uses every
core), but that lock was held for a whole call, so one user's big save or 5,000-entry import held every other
user's query embedding until the batch was done. Now it is held per model run: a query asked for while a big
batch is embedding runs between two of the batch's runs, and both get the same vectors as alone."""

from __future__ import annotations

import threading
import time

import numpy as np

from contextlamp.embedding import OnnxMiniLMEmbedder


def test_a_query_is_not_held_behind_a_big_batch() -> None:
    embedder = OnnxMiniLMEmbedder()
    session = embedder.wait_loaded()
    inner = session._session  # the ONNX Runtime session whose runs are recorded  # pyright: ignore[reportPrivateUsage]
    runs: list[str] = []
    batch_started = threading.Event()

    class Recording:
        def run(self, *args: object, **kwargs: object) -> object:
            runs.append(threading.current_thread().name)
            batch_started.set()
            return inner.run(*args, **kwargs)

    session._session = Recording()  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue]
    batch = [f"note {i}: the deploy of service {i} moved to Thursday after review {i * 7}" for i in range(1500)]
    query = "when do we deploy?"
    alone = OnnxMiniLMEmbedder().embed([query])
    results: dict[str, object] = {}

    def embed(name: str, texts: list[str]) -> None:
        results[name] = embedder.embed(texts)

    big = threading.Thread(target=embed, args=("batch", batch), name="batch")
    big.start()
    assert batch_started.wait(60)
    time.sleep(0.05)
    small = threading.Thread(target=embed, args=("query", [query]), name="query")
    small.start()
    small.join(120)
    big.join(300)
    batch_runs = runs.count("batch")
    assert batch_runs >= 10  # the batch takes many runs
    position = runs.index("query")
    assert position <= 3, runs  # the query ran between the batch's first runs, not after all of them
    assert np.allclose(np.asarray(results["query"]), alone, atol=1e-6)
