"""Which ONNX format of all-MiniLM-L6-v2 to ship: size, closeness to sentence-transformers, recall, speed.

    python scripts/export_model.py --out /tmp/models/fp32 --format fp32    # and fp16, int8 (needs .[export])
    python bench/model_formats.py --data ../shared/data/locomo/locomo_dev.json \\
        --models /tmp/models/fp32,/tmp/models/fp16,/tmp/models/int8 [--no-torch]

One row per model directory (``manifest.json``, graph, tokenizer: what ``scripts/export_model.py`` writes),
plus sentence-transformers on torch itself (the reference, unless ``--no-torch``), all measured in this run:

- size of the graph file; min and mean cosine against sentence-transformers over ``SAMPLE`` of
  ``scripts/export_model.py`` (every pair; issue #14's bar: min >= 0.999);
- LoCoMo hybrid recall@5/@10 (``bench/retrieval_locomo.py``'s protocol and default options, every
  conversation of ``--data``; issue #14's bar: within 0.005 of today's fp32 export);
- load: median seconds of ``--loads`` fresh processes that import onnxruntime, read and verify the graph and
  create the session (``contextlamp.embedding.onnx.load_session``), and of the SHA-256 check alone;
- embed: median milliseconds to embed one LoCoMo question (no cache), over the first 200 questions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.domain.embedding import Embedder
from contextlamp.embedding import MiniLMEmbedder, OnnxMiniLMEmbedder
from contextlamp.embedding.onnx import ModelFiles, load_session

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/retrieval_locomo.py, bench/common.py
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))  # scripts/export_model.py (SAMPLE)
from export_model import SAMPLE, cosines, reference_vectors

from retrieval_locomo import load_conversations, run_conversation, summarise

LOAD_CODE = (
    "import sys, time; from pathlib import Path; t = time.perf_counter();"
    "from contextlamp.embedding.onnx import ModelFiles, load_session;"
    "load_session(ModelFiles.bundled(Path(sys.argv[1]))); print(time.perf_counter() - t)"
)


def recall(embedder: Embedder, data: Path) -> tuple[float, float]:
    """Overall hybrid recall@5 and @10 on every conversation of ``data``."""
    records: list[dict[str, Any]] = []
    for conv in load_conversations(data):
        conv_records, _ = run_conversation(conv, embedder, [5, 10])
        records += conv_records
    overall = summarise(records, [5, 10])["overall"]["hybrid"]
    return overall["recall@5"], overall["recall@10"]


def per_query_ms(embed: Any, questions: list[str]) -> float:
    """Median milliseconds of ``embed([q])`` over ``questions``."""
    times: list[float] = []
    for q in questions:
        start = time.perf_counter()
        embed([q])
        times.append(1000 * (time.perf_counter() - start))
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison; the table goes to stdout, progress to stderr."""
    parser = argparse.ArgumentParser(description="Compare ONNX formats of all-MiniLM-L6-v2")
    parser.add_argument("--data", type=Path, required=True, help="LoCoMo-format JSON file")
    parser.add_argument("--models", required=True, help="comma-separated model directories (export_model.py --out)")
    parser.add_argument("--no-torch", action="store_true", help="skip the sentence-transformers row's recall")
    parser.add_argument("--loads", type=int, default=5, help="fresh processes per load timing (default 5)")
    parser.add_argument("--json", type=Path, default=None, help="write the rows as JSON to this file")
    args = parser.parse_args(argv)
    questions = [q.text for conv in load_conversations(args.data) for q in conv.questions][:200]
    reference = reference_vectors(list(SAMPLE))
    rows: list[dict[str, Any]] = []
    if not args.no_torch:
        print("sentence-transformers ...", file=sys.stderr)
        torch = MiniLMEmbedder()
        r5, r10 = recall(torch, args.data)
        rows.append(
            {"format": "sentence-transformers (torch)", "mb": None, "min": 1.0, "mean": 1.0, "r5": r5, "r10": r10}
        )
        rows[-1].update(load_s=None, verify_ms=None, query_ms=per_query_ms(torch.embed, questions))
    for directory in [Path(d) for d in args.models.split(",") if d]:
        files = ModelFiles.bundled(directory)
        manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
        print(f"{manifest['format']} ({directory}) ...", file=sys.stderr)
        session = load_session(files)
        cos = cosines(reference, session.embed(list(SAMPLE)))
        loads = [
            float(
                subprocess.run(
                    [sys.executable, "-c", LOAD_CODE, str(directory)], capture_output=True, text=True, check=True
                ).stdout
            )
            for _ in range(args.loads)
        ]
        data = files.graph.read_bytes()
        verify: list[float] = []
        for _ in range(5):
            start = time.perf_counter()
            hashlib.sha256(data).hexdigest()
            verify.append(1000 * (time.perf_counter() - start))
        r5, r10 = recall(OnnxMiniLMEmbedder(files), args.data)
        rows.append(
            {
                "format": manifest["format"],
                "mb": files.graph.stat().st_size / 1e6,
                "min": float(cos.min()),
                "mean": float(cos.mean()),
                "r5": r5,
                "r10": r10,
                "load_s": statistics.median(loads),
                "verify_ms": statistics.median(verify),
                "query_ms": per_query_ms(session.embed, questions),
            }
        )
    table = Table(title="all-MiniLM-L6-v2 formats (cosine vs sentence-transformers; LoCoMo hybrid recall)")
    for column in ("format", "file MB", "min cos", "mean cos", "R@5", "R@10", "load s", "sha256 ms", "ms/query"):
        table.add_column(column, justify="left" if column == "format" else "right")
    for row in rows:
        table.add_row(
            row["format"],
            "-" if row["mb"] is None else f"{row['mb']:.1f}",
            f"{row['min']:.7f}",
            f"{row['mean']:.7f}",
            f"{row['r5']:.3f}",
            f"{row['r10']:.3f}",
            "-" if row["load_s"] is None else f"{row['load_s']:.3f}",
            "-" if row["verify_ms"] is None else f"{row['verify_ms']:.1f}",
            f"{row['query_ms']:.2f}",
        )
    Console(file=sys.stdout, width=200).print(table)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
