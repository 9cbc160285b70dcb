"""Which ONNX format of all-MiniLM-L6-v2 to ship: size, closeness to sentence-transformers, recall, speed.

    python scripts/export_model.py --out /tmp/models/fp32 --format fp32    # and fp16, int8, int8-pc-mm, ...
    python -m research model_formats --data ../shared/data/locomo/locomo_dev.json \\
        --models /tmp/models/fp32,/tmp/models/fp16,/tmp/models/int8 [--no-torch]

One row per model directory (``manifest.json``, graph, tokenizer: what ``scripts/export_model.py`` writes),
plus sentence-transformers on torch itself (the reference, unless ``--no-torch``), all measured in this run:

- size of the graph file; min and mean cosine against sentence-transformers over ``SAMPLE`` of
  ``scripts/export_model.py`` (every pair; issue #14's bar: min >= 0.999);
- LoCoMo hybrid recall@5/@10 (``research/bench/retrieval_locomo.py``'s protocol and default options, every
  conversation of ``--data``; issue #14's bar: within 0.005 of today's fp32 export);
- load: median seconds of ``--loads`` fresh processes that import onnxruntime, read and verify the graph and
  create the session (``contextlamp.embedding.onnx.load_session``), and of the SHA-256 check alone;
- embed: median milliseconds to embed one LoCoMo question (no cache), over the first 200 questions;
- CPU: milliseconds of process CPU time (one ONNX Runtime thread, so the figure survives a loaded machine) for
  a save-sized input (one full 256-piece window) and a query-sized one (a LoCoMo question), each model's
  rounds interleaved with the shipped fp16 model's (the baseline of the same run); best of ``--rounds``;
- cosine to the shipped fp16 model (``embedding/model/``) over the sample and 300 LoCoMo turns;
- per category: hybrid and semantic recall@5/@10 (a second table).
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
from contextlamp.embedding.onnx import (
    INT8_MANIFEST_FILE,
    MANIFEST_FILE,
    MODEL_DIR,
    ModelFiles,
    OnnxSession,
    load_session,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/retrieval_locomo.py, research/bench/common.py
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))  # scripts/export_model.py (SAMPLE)
from export_model import SAMPLE, cosines, reference_vectors

from retrieval_locomo import CATEGORIES, load_conversations, run_conversation, summarise

LOAD_CODE = (
    "import sys, time; from pathlib import Path; t = time.perf_counter();"
    "from contextlamp.embedding.onnx import ModelFiles, load_session;"
    "load_session(ModelFiles.bundled(Path(sys.argv[1]), sys.argv[2])); print(time.perf_counter() - t)"
)
WINDOW_TEXT = (
    "A much longer memory about the billing service: invoices are generated on the first day of each month, "
    "amounts are stored in cents as integers, never floats, and PDF rendering runs on the reports queue. "
) * 12  # > 256 word pieces: one full window, what each chunk of a long save costs


def manifest_of(directory: Path) -> str:
    """The manifest file of a model directory: ``manifest-int8.json`` for an int8 export, else ``manifest.json``."""
    return INT8_MANIFEST_FILE if (directory / INT8_MANIFEST_FILE).exists() else MANIFEST_FILE


def recall(embedder: Embedder, data: Path) -> dict[str, Any]:
    """``summarise``'s report (overall and per category, every method at k = 5 and 10) on every conversation."""
    records: list[dict[str, Any]] = []
    for conv in load_conversations(data):
        conv_records, _ = run_conversation(conv, embedder, [5, 10])
        records += conv_records
    return summarise(records, [5, 10])


def cpu_ms(session: OnnxSession, texts: list[str]) -> float:
    """Process CPU milliseconds per ``embed([text])`` over ``texts`` (one call each)."""
    start = time.process_time()
    for text in texts:
        session.embed([text])
    return 1000 * (time.process_time() - start) / len(texts)


def interleaved_cpu(session: OnnxSession, base: OnnxSession, questions: list[str], rounds: int) -> dict[str, float]:
    """Best-of-``rounds`` CPU ms of a window and of a question for ``session`` and the baseline ``base``, the
    two measured in turn within each round."""
    best: dict[str, float] = {"window": 1e9, "query": 1e9, "base_window": 1e9, "base_query": 1e9}
    for _ in range(rounds):
        for key, sess in (("", session), ("base_", base)):
            best[key + "window"] = min(best[key + "window"], cpu_ms(sess, [WINDOW_TEXT] * 4))
            best[key + "query"] = min(best[key + "query"], cpu_ms(sess, questions[:50]))
    return best


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
    parser.add_argument("--rounds", type=int, default=3, help="interleaved CPU rounds per model (default 3)")
    parser.add_argument("--json", type=Path, default=None, help="write the rows as JSON to this file")
    args = parser.parse_args(argv)
    conversations = load_conversations(args.data)
    questions = [q.text for conv in conversations for q in conv.questions][:200]
    turns = [t.content for conv in conversations for t in conv.turns][::9][:300]
    reference = reference_vectors(list(SAMPLE))
    base = OnnxSession(MODEL_DIR / "all-minilm-l6-v2.onnx", MODEL_DIR / "tokenizer.json", threads=1)
    base_vectors = base.embed([*SAMPLE, *turns])
    rows: list[dict[str, Any]] = []
    if not args.no_torch:
        print("sentence-transformers ...", file=sys.stderr)
        torch = MiniLMEmbedder()
        rows.append({"format": "sentence-transformers (torch)", "mb": None, "min": 1.0, "mean": 1.0})
        rows[-1].update(recall=recall(torch, args.data), load_s=None, verify_ms=None, fp16_min=None, fp16_mean=None)
        rows[-1].update(query_ms=per_query_ms(torch.embed, questions), cpu=None)
    for directory in [Path(d) for d in args.models.split(",") if d]:
        manifest_file = manifest_of(directory)
        files = ModelFiles.bundled(directory, manifest_file)
        manifest = json.loads((directory / manifest_file).read_text(encoding="utf-8"))
        name = str(manifest.get("variant") or manifest["format"])
        print(f"{name} ({directory}) ...", file=sys.stderr)
        session = load_session(files)
        cos = cosines(reference, session.embed(list(SAMPLE)))
        to_fp16 = cosines(base_vectors, session.embed([*SAMPLE, *turns]))
        loads = [
            float(
                subprocess.run(
                    [sys.executable, "-c", LOAD_CODE, str(directory), manifest_file],
                    capture_output=True,
                    text=True,
                    check=True,
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
        single = OnnxSession(files.graph, files.tokenizer, threads=1)
        rows.append(
            {
                "format": name,
                "mb": files.graph.stat().st_size / 1e6,
                "min": float(cos.min()),
                "mean": float(cos.mean()),
                "fp16_min": float(to_fp16.min()),
                "fp16_mean": float(to_fp16.mean()),
                "recall": recall(OnnxMiniLMEmbedder(files), args.data),
                "load_s": statistics.median(loads),
                "verify_ms": statistics.median(verify),
                "query_ms": per_query_ms(session.embed, questions),
                "cpu": interleaved_cpu(single, base, questions, args.rounds),
            }
        )
        if args.json is not None:  # after each model: a long run's rows survive an interruption
            args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    table = Table(
        title="all-MiniLM-L6-v2 formats (cosine vs sentence-transformers and the shipped fp16; LoCoMo hybrid)"
    )
    columns = ("format", "file MB", "min cos", "mean cos", "fp16 min", "fp16 mean", "R@5", "R@10", "load s")
    for column in (*columns, "sha256 ms", "ms/query", "CPU ms window (fp16)", "CPU ms query (fp16)"):
        table.add_column(column, justify="left" if column == "format" else "right")

    def opt(value: float | None, spec: str) -> str:
        return "-" if value is None else format(value, spec)

    for row in rows:
        hybrid = row["recall"]["overall"]["hybrid"]
        cpu = row["cpu"]
        table.add_row(
            row["format"],
            opt(row["mb"], ".1f"),
            f"{row['min']:.4f}",
            f"{row['mean']:.4f}",
            opt(row["fp16_min"], ".4f"),
            opt(row["fp16_mean"], ".4f"),
            f"{hybrid['recall@5']:.3f}",
            f"{hybrid['recall@10']:.3f}",
            opt(row["load_s"], ".3f"),
            opt(row["verify_ms"], ".1f"),
            f"{row['query_ms']:.2f}",
            "-" if cpu is None else f"{cpu['window']:.1f} ({cpu['base_window']:.1f})",
            "-" if cpu is None else f"{cpu['query']:.2f} ({cpu['base_query']:.2f})",
        )
    console = Console(file=sys.stdout, width=240)
    console.print(table)
    detail = Table(title="LoCoMo recall per category: hybrid R@5 / R@10, semantic R@5 / R@10")
    detail.add_column("category")
    for row in rows:
        detail.add_column(row["format"], justify="right")
    categories = [*rows[0]["recall"]["by_category"], "overall"] if rows else []
    for category in categories:
        label = "overall" if category == "overall" else f"{category} {CATEGORIES.get(int(category), '?')}"
        cells: list[str] = []
        for row in rows:
            part = row["recall"]["overall" if category == "overall" else "by_category"]
            values = part if category == "overall" else part[category]
            h, m = values["hybrid"], values["semantic"]
            cells.append(f"{h['recall@5']:.3f}/{h['recall@10']:.3f} {m['recall@5']:.3f}/{m['recall@10']:.3f}")
        detail.add_row(label, *cells)
    console.print(detail)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
