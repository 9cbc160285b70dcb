"""save_context of one LoCoMo turn, two code trees interleaved save by save in one run (issue #32 item 5).

    python -m research save_pair [--baseline-src /work/main/src] [--saves 200] [--embedder minilm-int8]
                                 [--profile] [--size 10000] [--store-dir DIR] [--texts FILE.json]

Two worker processes, one importing this tree's ``contextlamp`` (``src/`` next to ``research/``), one
``--baseline-src``'s, each with its own SQLite store (fresh, or with ``--size N`` a copy of the N-entry synthetic
store of ``research/bench/query_stages.py``, filled once in ``--store-dir``) and a write-behind service (the shipped
default). The parent hands both the same texts in the same order (LoCoMo dev turns, ``latency.locomo_turns``, a
seeded sample, each text once, so the embedding cache never answers; or the JSON list of ``--texts``, in its
order), alternating which tree saves first, so load falls on both alike. Each worker times ``save_context``
(wall ms; the process's CPU ms, the ONNX Runtime workers' time included; the calling thread's CPU ms) and then
drains its indexer untimed (``wait_indexed``), as ``research/bench/latency.py``'s write-behind row does. Prints
p50 / p90 of wall and CPU per tree and the load average before and after.

Each worker first saves the same ``WARM_UP`` other LoCoMo turns untimed and runs one search.

Same results: each save's outcome (deduped, the contents it superseded, or the error's class) and, at the end,
the store's live contents and what superseded each retired memory (by content: ids are random) must be equal in
both trees; the bench prints whether they are.

``--profile`` instead runs cProfile (on the thread CPU clock) over the branch worker's saves and prints the top
functions by own time.

The table that follows says where a save's time goes, per stage and tree (process CPU ms a save, the ONNX Runtime
workers' included, median over saves): the argument checks and secret scan (``Saver.prepare``), the dedupe lookup
(``find_by_key``), the likely questions, the content's embedding, the write transaction (``writes.put``: the row,
its full-text entry, its vectors, the commit) and the update check after it (``_with_updates``); the rest is the
call around them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LOCOMO = HERE.parents[3] / "shared" / "data" / "locomo" / "locomo_dev.json"


WARM_UP = 40  # LoCoMo turns each worker saves untimed before the first timed save (none of them timed later)
STAGES = (
    "arguments, secret scan",
    "dedupe lookup",
    "likely questions",
    "content embedding",
    "write transaction",
    "update check",
)


def worker(embedder_name: str, profile: bool, source: Path | None) -> None:
    """Answer ``<text as JSON>`` lines on stdin with ``{"wall": ms, "cpu": ms, "thread": ms, "stages": {...},
    "outcome": [...]}`` lines, and ``end`` with the store's live state (``live_state``)."""
    import cProfile
    import pstats
    import shutil

    from contextlamp.app import saving, writes
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import create_embedder
    from contextlamp.storage import StoreRegistry

    spent: dict[str, float] = dict.fromkeys(STAGES, 0.0)
    depth = [0]

    def timer(stage: str, fn: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[stage] += time.process_time() - start
                depth[0] -= 1

        return timed

    embedder = create_embedder(embedder_name)
    embedder.embed(["warm up"])
    with tempfile.TemporaryDirectory(prefix="save-pair-") as tmp:
        home = Path(tmp) / "home"
        if source is not None:
            shutil.copytree(source, home)
        registry = StoreRegistry(home, embedder.identity, embedder.dim)
        service = MemoryService(registry, embedder)
        caller = Caller(service.principal("bench"), "bench")
        service.save_context(caller, "warm up the store")
        service.wait_indexed()
        store = registry.store(caller.principal.user_id)
        saver: Any = service.saver if hasattr(service, "saver") else None
        saving.Saver.prepare = timer("arguments, secret scan", saving.Saver.prepare)  # type: ignore[method-assign]
        type(store).find_by_key = timer("dedupe lookup", type(store).find_by_key)
        writes.put = timer("write transaction", writes.put)
        saving.Saver._with_updates = timer("update check", saving.Saver._with_updates)  # type: ignore[method-assign]  # pyright: ignore[reportPrivateUsage]
        if saver is not None:
            saver.questions.generate = timer("likely questions", saver.questions.generate)
        embedding = timer("content embedding", embedder.embed)
        embedder.embed = embedding  # type: ignore[method-assign]
        profiler = cProfile.Profile(time.thread_time) if profile else None
        for text in json.loads(sys.stdin.readline()):  # warm-up saves, untimed: lazily compiled scanner rules,
            service.save_context(caller, text)  # the store's in-memory copies, the statements
        service.get_context(caller, "warm up the search")
        service.wait_indexed()
        print("ready", flush=True)
        for line in sys.stdin:
            if line.strip() == "end":
                print(json.dumps(live_state(store)), flush=True)
                break
            text = json.loads(line)
            for stage in spent:
                spent[stage] = 0.0
            if profiler:
                profiler.enable()
            wall, cpu, thread = time.perf_counter(), time.process_time(), time.thread_time()
            try:
                result = service.save_context(caller, text)
                outcome: list[Any] = [result.deduped, [content_of(store, i) for i in result.superseded or []]]
            except Exception as error:  # a refusal is an outcome too (the same in both trees)
                outcome = [type(error).__name__]
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            thread = time.thread_time() - thread
            if profiler:
                profiler.disable()
            stages = {stage: value * 1000 for stage, value in spent.items()}  # before the indexer embeds
            service.wait_indexed()
            timing = {"wall": wall * 1000, "cpu": cpu * 1000, "thread": thread * 1000, "stages": stages}
            print(json.dumps({**timing, "outcome": outcome}), flush=True)
        if profiler:
            stats = pstats.Stats(profiler, stream=sys.stderr)
            stats.sort_stats("tottime").print_stats(30)
            stats.sort_stats("cumulative").print_stats(40)
        registry.close()


def content_of(store: Any, entry_id: str) -> str | None:
    """The content of ``entry_id`` in ``store`` (what identifies a memory across two runs: ids are random)."""
    entry = store.get(entry_id)
    return None if entry is None else str(entry.content)


def live_state(store: Any) -> list[list[Any]]:
    """Every entry of ``store`` as (content, whether live, the content of what superseded it), sorted: what two
    trees that saved the same texts must agree on."""
    rows = store._conn.execute(  # pyright: ignore[reportPrivateUsage]
        "SELECT e.content, e.superseded_by IS NULL, s.content FROM entries e LEFT JOIN entries s ON s.id = "
        "e.superseded_by"
    ).fetchall()
    return sorted([str(r[0]), bool(r[1]), r[2] or ""] for r in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline-src", type=Path, default=Path("/work/main/src"))
    parser.add_argument("--saves", type=int, default=200, help="saves per tree")
    parser.add_argument("--embedder", default="minilm-int8")
    parser.add_argument("--locomo", type=Path, default=LOCOMO)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--size", type=int, default=0, help="save into a copy of the N-entry synthetic store")
    parser.add_argument("--store-dir", type=Path, default=Path(tempfile.gettempdir()) / "clp-query-stages")
    parser.add_argument("--texts", type=Path, help="a JSON list of texts to save in order (default LoCoMo turns)")
    parser.add_argument("--source", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.embedder, args.profile, args.source)
        return 0
    sys.path.insert(0, str(HERE))
    from latency import locomo_turns
    from query_stages import build

    sample = random.Random(32).sample(locomo_turns(args.locomo), args.saves + WARM_UP)
    turns = [str(t) for t in json.loads(args.texts.read_text())][: args.saves] if args.texts else sample[WARM_UP:]
    source = build(args.size, args.store_dir, args.embedder) if args.size else None
    own = HERE.parents[1] / "src"
    trees = {"branch": own, "baseline": args.baseline_src}
    workers: dict[str, subprocess.Popen[str]] = {}
    for name, src in trees.items():
        command = [sys.executable, __file__, "--worker", "--embedder", args.embedder]
        command += ["--profile"] if args.profile and name == "branch" else []
        command += ["--source", str(source)] if source is not None else []
        env = {**os.environ, "PYTHONPATH": str(src)}
        workers[name] = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.write(json.dumps(sample[:WARM_UP]) + "\n")
        process.stdin.flush()
    for process in workers.values():
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
    load_before = os.getloadavg()[0]
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for i, text in enumerate(turns):
        for name in list(trees) if i % 2 else list(reversed(trees)):
            process = workers[name]
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(text) + "\n")
            process.stdin.flush()
            results[name].append(json.loads(process.stdout.readline()))
    states: dict[str, Any] = {}
    for name, process in workers.items():
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("end\n")
        process.stdin.close()
        states[name] = json.loads(process.stdout.readline())
        process.wait()
    print(
        f"load average {load_before:.2f} -> {os.getloadavg()[0]:.2f}; {len(turns)} saves per tree, {args.embedder}, "
        f"{args.size or 'a fresh'}-entry store"
    )
    print(f"{'tree':10} {'wall p50':>9} {'wall p90':>9} {'cpu p50':>9} {'cpu p90':>9} {'thread p50':>10}")
    for name, rows in results.items():
        wall = sorted(r["wall"] for r in rows)
        cpu = sorted(r["cpu"] for r in rows)
        q = [statistics.quantiles(values, n=10) for values in (wall, cpu)]
        thread = statistics.median(r["thread"] for r in rows)
        print(
            f"{name:10} {statistics.median(wall):9.2f} {q[0][8]:9.2f} {statistics.median(cpu):9.2f} {q[1][8]:9.2f}"
            f" {thread:10.2f}"
        )
    if len(results) == 2:
        first, second = results.values()
        same = all(a["outcome"] == b["outcome"] for a, b in zip(first, second, strict=True))
        print(
            f"every save's outcome identical in both trees: {same}; stores' final contents identical: "
            f"{len(set(json.dumps(s) for s in states.values())) == 1}"
        )
        retired = sum(len(r["outcome"][1]) for r in first if len(r["outcome"]) == 2)
        print(f"(saves refused: {sum(len(r['outcome']) == 1 for r in first)}, memories retired: {retired})")
    names = list(results)
    print("\n| stage (process CPU ms a save: median / mean) | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for stage in STAGES:
        cells = [[r["stages"][stage] for r in results[name]] for name in names]
        print(
            f"| {stage} | "
            + " | ".join(f"{statistics.median(c):.3f} / {statistics.fmean(c):.3f}" for c in cells)
            + " |"
        )
    rest = [[r["cpu"] - sum(r["stages"].values()) for r in results[name]] for name in names]
    print(
        "| the rest (the call around them) | "
        + " | ".join(f"{statistics.median(c):.3f} / {statistics.fmean(c):.3f}" for c in rest)
        + " |"
    )
    whole = " | ".join(f"{statistics.fmean(r['cpu'] for r in results[name]):.3f}" for name in names)
    thread = " | ".join(f"{statistics.fmean(r['thread'] for r in results[name]):.3f}" for name in names)
    print(
        f"| whole save, mean CPU of the process | {whole} |\n| whole save, mean CPU of the calling thread | {thread} |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
