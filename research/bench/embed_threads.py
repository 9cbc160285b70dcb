"""How many ONNX Runtime intra-op threads a single query or a single turn should get: wall and CPU, interleaved.

    python -m research embed_threads [--model minilm-int8] [--texts 400] [--threads 1,2,2s] [--locomo PATH]

A query embedding (one LoCoMo question, ~14 word pieces) and a saved turn (one LoCoMo turn, ~40 pieces) are each
one model run over one short row: on two cores, a second intra-op thread has little work to share there, but it
spins while the run lasts (``session.force_spinning_stop`` stops it afterwards), so under load it takes a core
from the rest of the call. For each thread count one ``OnnxSession`` of the shipped model (``--model``) is opened;
every text is embedded by each session in turn (the order alternating text by text, so load falls on all alike),
and the table gives, per input kind and thread count: wall p5 / p10 / p50 (ms; p5 is the nearest to a quiet
machine when the machine is loaded), process CPU a call (all threads), and whether the vectors are bitwise those
of the first session (they are: the thread count splits work, not sums). The product's setting is
``embedding/runtime.ORT_THREADS``; run this on a quiet machine before changing it. A count with an ``s`` (``2s``)
opens that session with its workers spinning through a run (``runtime.ALLOW_SPINNING`` True, as before stop 40);
the plain counts use the shipped setting, sleeping workers. Each text kind also gets a full 256-piece window (a
long save's unit of work) and eight turns in one call (a batch), each embedded ``--texts // 8`` times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/latency.py, when run as a script
from latency import LOCOMO, locomo_questions, locomo_turns


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="minilm-int8", help="a shipped ONNX model (embedding/onnx.SHIPPED)")
    parser.add_argument("--texts", type=int, default=400, help="texts of each kind, each embedded once per session")
    parser.add_argument("--threads", default="1,2,2s", help="comma-separated intra-op thread counts (2s: spinning)")
    parser.add_argument("--locomo", type=Path, default=LOCOMO, help="LoCoMo dev JSON (questions and turns)")
    args = parser.parse_args(argv)
    import numpy as np
    from threadpoolctl import threadpool_limits  # pyright: ignore[reportMissingTypeStubs]

    from contextlamp.embedding import runtime
    from contextlamp.embedding.onnx import SHIPPED, ModelFiles, OnnxSession, read_verified

    files = ModelFiles.bundled(None, SHIPPED[args.model].manifest)
    graph = read_verified(files.graph, files.sha256)
    tokenizer = read_verified(files.tokenizer, files.tokenizer_sha256)
    counts = [t.strip() for t in args.threads.split(",") if t.strip()]
    sessions: dict[str, OnnxSession] = {}
    shipped = runtime.ALLOW_SPINNING
    for n in counts:
        runtime.ALLOW_SPINNING = n.endswith("s")  # read when the session is created (runtime.ort_session)
        sessions[n] = OnnxSession(graph, tokenizer, int(n.rstrip("s")))
    runtime.ALLOW_SPINNING = shipped
    threadpool_limits(limits=1, user_api="blas")  # as load_session does
    rng = random.Random(11)
    turns = locomo_turns(args.locomo)
    kinds: dict[str, list[list[str]]] = {
        "query (LoCoMo question)": [[q] for q in rng.sample(locomo_questions(args.locomo), args.texts)],
        "saved turn (LoCoMo turn)": [[t] for t in rng.sample(turns, args.texts)],
        "256-piece window": [[" ".join(rng.sample(turns, 12))] for _ in range(max(2, args.texts // 8))],
        "8 turns in one call": [rng.sample(turns, 8) for _ in range(max(2, args.texts // 8))],
    }
    print(f"model {args.model}; intra-op threads {counts}; {args.texts} texts of each kind")
    print("| input | threads | wall p5 | wall p10 | wall p50 | CPU a call | vectors bitwise equal |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for kind, texts in kinds.items():
        walls: dict[str, list[float]] = {n: [] for n in counts}
        cpu: dict[str, float] = dict.fromkeys(counts, 0.0)
        vectors: dict[str, list[bytes]] = {n: [] for n in counts}
        for text in texts[:10]:  # warm every session
            for session in sessions.values():
                session.embed(text)
        for i, text in enumerate(texts):
            for n in counts if i % 2 == 0 else list(reversed(counts)):
                used = time.process_time()
                start = time.perf_counter()
                row = sessions[n].embed(text)
                walls[n].append((time.perf_counter() - start) * 1000)
                cpu[n] += time.process_time() - used
                vectors[n].append(np.asarray(row).tobytes())
        first = counts[0]
        for n in counts:
            cuts = statistics.quantiles(walls[n], n=100, method="inclusive")
            same = vectors[n] == vectors[first]
            print(
                f"| {kind} | {n} | {cuts[4]:.2f} | {cuts[9]:.2f} | {statistics.median(walls[n]):.2f} | "
                f"{cpu[n] * 1000 / len(texts):.2f} | {same} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
