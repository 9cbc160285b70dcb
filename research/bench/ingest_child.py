"""One LongMemEval-S haystack ingested back to back through save_context, write-behind, in this process: the
child that ``research/bench/latency.py --ingest`` starts once per source tree (``--baseline-src``), so two versions of
contextlamp are timed in the same run on the same turns. Prints one JSON object on stdout:
``{"total_s": seconds until drained, "saves_ms": [each save's ms, the indexer running between them]}``.

    PYTHONPATH=<a tree's src> python -m research ingest_child --longmemeval PATH [--turns 500] [--embedder NAME]

It uses only the API every version since write-behind indexing has (``StoreRegistry``, ``MemoryService``,
``Caller``, ``save_context``, ``wait_indexed``), so an older tree can be the baseline.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path


def haystack_turns(path: Path, count: int = 500) -> list[str]:
    """The first ``count`` non-blank turns of the first LongMemEval-S dev question's haystack, as
    research/bench/retrieval_longmemeval.py stores them (``"<role>: <content>"``)."""
    import gzip

    with gzip.open(path, "rt") as handle:
        question = json.load(handle)[0]
    turns = [
        f"{t.get('role', '')}: {t.get('content', '')}"
        for session in question["haystack_sessions"]
        for t in session
        if str(t.get("content") or "").strip()
    ]
    return [t.encode()[: 32 * 1024].decode("utf-8", "ignore") for t in turns[:count]]


def ingest(embedder_name: str, turns: list[str]) -> tuple[float, list[float]]:
    """Save ``turns`` back to back (write-behind) into a fresh SQLite store, then drain the indexer: the total
    seconds and each save's milliseconds."""
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import create_embedder
    from contextlamp.storage import StoreRegistry

    embedder = create_embedder(embedder_name)
    embedder.embed(["warm up"])
    with tempfile.TemporaryDirectory(prefix="haystack-") as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        try:
            service = MemoryService(registry, embedder, write_behind=True)
            caller = Caller(service.principal("bench"), "bench")
            each: list[float] = []
            start = time.perf_counter()
            for turn in turns:
                before = time.perf_counter()
                service.save_context(caller, turn)
                each.append((time.perf_counter() - before) * 1000)
            service.wait_indexed()
            return time.perf_counter() - start, each
        finally:
            registry.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--longmemeval", type=Path, required=True, help="LongMemEval-S dev JSON (gz)")
    parser.add_argument("--turns", type=int, default=500, help="turns of the first haystack to save")
    parser.add_argument("--embedder", default="minilm")
    args = parser.parse_args(argv)
    total, each = ingest(args.embedder, haystack_turns(args.longmemeval, args.turns))
    sys.stdout.write(json.dumps({"total_s": total, "saves_ms": each}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
