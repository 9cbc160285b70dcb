"""Where get_context's time goes past the query embedding, per stage, two code trees interleaved in one run.

    python -m research query_stages [--sizes 1000,10000] [--queries 120] [--rounds 6] [--store-dir DIR]
                                 [--baseline-src /work/main/src] [--embedder minilm-int8] [--profile]
                                 [--questions research/bench/data/fast42-held/queries.json]

For each size N one SQLite store is filled once with N synthetic memories (``latency.fill``, the latency
bench's own set-up) of ``--embedder``'s vectors (default the shipped default, ``minilm-int8``; a store directory
serves one model) and kept in ``--store-dir`` (default ``/tmp/clp-query-stages``): later runs reuse it, so the
10,000-entry fill (minutes on a loaded machine) happens once. The queries are LoCoMo dev questions (or the JSON list
of ``--questions``); their vectors are embedded once by the parent and handed to the workers, whose embedder answers
from that table, so the model is out of every figure (it is timed by ``research/bench/latency.py`` and owned by the
embedding work).

Two worker processes run the same store copy: one imports this tree's ``contextlamp`` (``src/`` next to this
file), one ``--baseline-src`` (main's code by default). The parent alternates rounds between them (round r: the
branch first when r is odd), each round every query once, so the machine's load falls on both alike. Each worker
times whole ``get_context`` calls (wall and process CPU) and, through timing wrappers installed on the store and
on ``retrieval.search``'s functions, each stage's share. Prints per-stage ms a call (median over rounds of the
round mean) for both trees, and the whole call's p50 / p95.

``--with-model`` puts the model back in: each worker embeds every query with the real embedder (its cache of
recent texts emptied before each call, so every call runs the model), the ``query embedding`` stage times it, and
the whole call is what a user waits for in-process (issue #32 item 5's target).

``--profile`` instead runs cProfile over the branch worker's calls and prints the top functions by own time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STORE_DIR = Path(tempfile.gettempdir()) / "clp-query-stages"
LOCOMO = HERE.parents[3] / "shared" / "data" / "locomo" / "locomo_dev.json"
EMBEDDER = "minilm-int8"  # the shipped default for new data (embedding.NEW_DATA_EMBEDDER)
STAGES = (
    "query embedding",
    "vector search",
    "keyword search",
    "topic list",
    "recency lists",
    "fusion",
    "neighbours",
    "relevance floor",
    "reading the chosen entries",
    "fresher-first",
    "chunk choice",
    "reuse-count write",
)


def locomo_questions(path: Path) -> list[str]:
    """LoCoMo dev questions, in file order (as ``research/bench/latency.py`` reads them)."""
    data = json.loads(path.read_text())
    return [str(q["question"]) for sample in data for q in sample["qa"] if q.get("question")]


def build(n: int, store_dir: Path, embedder_name: str = EMBEDDER) -> Path:
    """The data directory of an ``n``-entry store of ``embedder_name``'s vectors, filled on first use
    (``latency.fill``) and then reused."""
    import random

    home = store_dir / f"sqlite-{n}"
    if (home / "done").exists():
        return home
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    sys.path.insert(0, str(HERE))
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import create_embedder
    from contextlamp.storage import StoreRegistry
    from latency import fill, synthetic

    embedder = create_embedder(embedder_name)
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    caller = Caller(service.principal("bench"), "bench")
    rng = random.Random(n)  # latency.py's seed: either bench may fill the store the other reuses
    started = time.perf_counter()
    print(f"filling {n} entries into {home} (once) ...", file=sys.stderr)
    fill(service, caller, [synthetic(rng, i) for i in range(n)])
    registry.close()
    (home / "done").write_text(f"{time.perf_counter() - started:.1f} s\n")
    return home


def worker(
    home: Path, vectors_path: Path, profile: bool, embedder_name: str = EMBEDDER, with_model: bool = False
) -> None:
    """Serve rounds on stdin (one line each: a round number) and answer each with a JSON line of timings."""
    import numpy as np
    from threadpoolctl import threadpool_limits  # pyright: ignore[reportMissingTypeStubs]

    threadpool_limits(limits=1, user_api="blas")  # as the service does once its model is loaded (embedding/onnx.py)
    from contextlamp.app import writes as writes_module
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import create_embedder
    from contextlamp.retrieval import search as search_module
    from contextlamp.storage import StoreRegistry

    table = np.load(vectors_path, allow_pickle=False)
    asks: list[str] = json.loads((vectors_path.with_suffix(".json")).read_text())
    by_text = {q: table[i] for i, q in enumerate(asks)}
    embedder = create_embedder(embedder_name)

    def from_table(texts: list[str]) -> Any:
        return np.stack([by_text[t] for t in texts])

    cache: Any = getattr(embedder, "_cache", None)  # the ONNX embedders' LRU of recent texts
    if not with_model:
        embedder.embed = from_table  # type: ignore[method-assign]  # the model is out of every figure
        embedder.embed_query = from_table  # type: ignore[method-assign]
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    caller = Caller(service.principal("bench"), "bench")
    store = registry.store(caller.principal.user_id)
    spent: dict[str, float] = dict.fromkeys(STAGES, 0.0)
    depth = [0]
    # the model's run spreads over ONNX Runtime's threads: with it, every figure is the process's CPU
    clock = time.process_time if with_model else time.thread_time

    def timer(stage: str, fn: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            start = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[stage] += clock() - start
                depth[0] -= 1

        return timed

    cls = type(store)
    for name, stage in (
        ("vector_search", "vector search"),
        ("keyword_search", "keyword search"),
        ("topics", "topic list"),
        ("recent", "recency lists"),
        ("entries", "reading the chosen entries"),
    ):
        if hasattr(cls, name):
            setattr(cls, name, timer(stage, getattr(cls, name)))
    for name, stage in (
        ("fuse", "fusion"),
        ("with_neighbours", "neighbours"),
        ("with_evidence", "relevance floor"),
        ("fresher_first", "fresher-first"),
    ):
        setattr(search_module, name, timer(stage, getattr(search_module, name)))
    writes_module.record_use = timer("reuse-count write", writes_module.record_use)
    if with_model:
        for name in ("embed", "embed_query"):
            if hasattr(embedder, name):
                setattr(embedder, name, timer("query embedding", getattr(embedder, name)))
    service.reader.chunks = timer("chunk choice", service.reader.chunks)  # type: ignore[method-assign]
    for q in asks[:20]:  # warm: the vector matrix, SQLite's page cache, the statements
        service.get_context(caller, q)
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)  # the calling thread's CPU: waits on a loaded machine are out
    for line in sys.stdin:
        for stage in spent:
            spent[stage] = 0.0
        walls: list[float] = []
        cpu0 = time.process_time()
        thread0 = clock()
        if profiler:
            profiler.enable()
        packs: list[Any] = []
        for q in asks:
            if with_model and cache is not None:
                cache.clear()  # every call runs the model
            start = time.perf_counter()
            result = service.get_context(caller, q)
            walls.append((time.perf_counter() - start) * 1000)
            packs.append([(p.id, p.score, p.text) for p in result.packs])
        if profiler:
            profiler.disable()
        cpu = (time.process_time() - cpu0) * 1000 / len(asks)
        thread = (clock() - thread0) * 1000 / len(asks)
        print(
            json.dumps(
                {"round": line.strip(), "walls": walls, "cpu": cpu, "thread": thread, "stages": spent, "packs": packs}
            ),
            flush=True,
        )
    if profiler:
        import pstats

        pstats.Stats(profiler, stream=sys.stderr).sort_stats(os.environ.get("QS_SORT", "tottime")).print_stats(
            int(os.environ.get("QS_TOP", "30"))
        )
    registry.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000", help="comma-separated store sizes (entries)")
    parser.add_argument("--queries", type=int, default=120, help="LoCoMo questions a round")
    parser.add_argument("--rounds", type=int, default=6, help="rounds per tree, alternated")
    parser.add_argument("--store-dir", type=Path, default=STORE_DIR, help="where filled stores are kept and reused")
    parser.add_argument("--baseline-src", type=Path, default=Path("/work/main/src"), help="the baseline's src/")
    parser.add_argument("--locomo", type=Path, default=LOCOMO)
    parser.add_argument(
        "--questions", type=Path, help="a JSON list of queries to use instead of LoCoMo's (e.g. data/fast42-held)"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the branch worker instead")
    parser.add_argument("--embedder", default=EMBEDDER, help="the model of the stores' and queries' vectors")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--worker-profile", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--with-model", action="store_true", help="embed each query with the real model (timed)")
    args = parser.parse_args(argv)
    if args.worker:
        worker(Path(args.worker[0]), Path(args.worker[1]), args.worker_profile, args.embedder, args.with_model)
        return 0
    import numpy as np

    from contextlamp.embedding import create_embedder

    asks = (json.loads(args.questions.read_text()) if args.questions else locomo_questions(args.locomo))[: args.queries]
    trees = (
        {"branch": HERE.parent / "src"}
        if args.profile
        else {"baseline": args.baseline_src, "branch": HERE.parent / "src"}
    )
    with tempfile.TemporaryDirectory(prefix="query-stages-") as tmp:
        vectors_path = Path(tmp) / "queries.npy"
        np.save(vectors_path, create_embedder(args.embedder).embed(asks))
        vectors_path.with_suffix(".json").write_text(json.dumps(asks))
        for n in [int(s) for s in args.sizes.split(",")]:
            source = build(n, args.store_dir, args.embedder)
            procs: dict[str, subprocess.Popen[str]] = {}
            for name, src in trees.items():
                home = Path(tmp) / f"{name}-{n}"
                shutil.copytree(source, home)
                env = {**os.environ, "PYTHONPATH": str(src), "CONTEXTLAMP_HOME": str(home)}
                cmd = [sys.executable, __file__, "--worker", str(home), str(vectors_path), "--embedder", args.embedder]
                if args.profile:
                    cmd.append("--worker-profile")
                if args.with_model:
                    cmd.append("--with-model")
                procs[name] = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            results: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
            names = list(trees)
            for r in range(args.rounds):
                for name in names if r % 2 == 0 else reversed(names):
                    proc = procs[name]
                    assert proc.stdin and proc.stdout
                    proc.stdin.write(f"{r}\n")
                    proc.stdin.flush()
                    results[name].append(json.loads(proc.stdout.readline()))
            for proc in procs.values():
                assert proc.stdin
                proc.stdin.close()
                proc.wait()
            report(n, len(asks), results)
            if len(names) == 2:  # the same store copy and queries: the packs must be the same, call by call
                same = all(a["packs"] == b["packs"] for a, b in zip(*results.values(), strict=True))
                print(f"packs identical in both trees, every call of every round: {same}")
    return 0


def report(n: int, queries: int, results: dict[str, list[dict[str, Any]]]) -> None:
    """The stage table (CPU ms a call of the calling thread, which survives a loaded machine better than wall
    time) and the whole call's wall percentiles, one column per tree."""
    names = list(results)

    def med(name: str, value: Any) -> float:
        return statistics.median(value(r) for r in results[name])

    print(
        f"\n{n:,} entries, {queries} LoCoMo questions a round, {len(results[names[0]])} rounds per tree, load average "
        f"{os.getloadavg()[0]:.1f}; stages: CPU ms a call of the calling thread (with the model: of the process), "
        "median over rounds of the round mean"
    )
    print("| stage | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    thread = {name: med(name, lambda r: r["thread"]) for name in names}
    for stage in STAGES:
        cells = [med(name, lambda r, s=stage: r["stages"][s] * 1000 / queries) for name in names]
        shares = [c / thread[name] if thread[name] else 0.0 for c, name in zip(cells, names, strict=True)]
        print(f"| {stage} | " + " | ".join(f"{c:.3f} ({p:.0%})" for c, p in zip(cells, shares, strict=True)) + " |")
    rest = [
        thread[name] - sum(med(name, lambda r, s=stage: r["stages"][s] * 1000 / queries) for stage in STAGES)
        for name in names
    ]
    print(
        "| the rest (arguments, scoping, signal merge, budget, packs) | " + " | ".join(f"{c:.3f}" for c in rest) + " |"
    )
    whole = " | ".join(f"**{thread[m]:.3f}**" for m in names)
    print(f"| **whole call, CPU of the calling thread (with the model: the process)** | {whole} |")
    print(
        "| whole call, CPU of the process (all threads) | "
        + " | ".join(f"{med(m, lambda r: r['cpu']):.3f}" for m in names)
        + " |"
    )
    for label, q in (("p50", 0.5), ("p95", 0.95)):
        cells = []
        for name in names:
            walls = sorted(w for r in results[name] for w in r["walls"])
            cells.append(walls[min(len(walls) - 1, int(q * len(walls)))])
        print(f"| whole call, wall {label} (loaded) | " + " | ".join(f"{c:.3f}" for c in cells) + " |")


if __name__ == "__main__":
    raise SystemExit(main())
