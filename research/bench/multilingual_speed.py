"""Speed and memory of the embedders, same run: CPU ms per query and per stored turn, and the process's RSS.

    nice -n 10 python -m research multilingual_speed [--rounds 3] [--home DIR]

Each embedder runs in fresh child processes (one per round, the embedders interleaved: A B A B ...), so the
figures of one are never the other's warm caches, and each child reports: RSS before the model loads and after
(``/proc/self/status`` VmRSS, and the peak VmHWM), CPU ms (``time.process_time``: this process's own CPU, less
sensitive to a loaded machine than wall time) per query embedding (one short question a call, every text new:
no cache) and per stored turn (one ~25-word statement a call), median of each round's texts. Printed with each
embedder's ratio to the first one's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from contextlamp.paths import data_home

QUESTIONS = [f"which server did we move the nightly job number {i} to last week?" for i in range(60)]
TURNS = [
    f"Note {i}: the reconciliation job for region {i} now runs at {i % 24}:00 UTC on the new worker pool, "
    "and its alerts go to the payments on-call channel instead of the old shared inbox."
    for i in range(60)
]


def _rss() -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def child(name: str, home: Path) -> dict[str, float]:
    """Measure one embedder in this process."""
    from contextlamp.domain.embedding import embed_queries
    from contextlamp.embedding import create_embedder

    before, _ = _rss()
    embedder = create_embedder(name, home=home)
    embedder.embed(["warm up"])
    loaded, _ = _rss()
    query_ms: list[float] = []
    for text in QUESTIONS:
        started = time.process_time()
        embed_queries(embedder, [text])
        query_ms.append((time.process_time() - started) * 1000)
    turn_ms: list[float] = []
    for text in TURNS:
        started = time.process_time()
        embedder.embed([text])
        turn_ms.append((time.process_time() - started) * 1000)
    after, peak = _rss()
    return {
        "rss_before_mib": before,
        "rss_loaded_mib": loaded,
        "rss_after_mib": after,
        "rss_peak_mib": peak,
        "query_cpu_ms": statistics.median(query_ms),
        "turn_cpu_ms": statistics.median(turn_ms),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--embedders", default="minilm-int8,multilingual-e5")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--home", type=Path, default=data_home(os.environ.get("CONTEXTLAMP_HOME")))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.home)))
        return 0
    names = args.embedders.split(",")
    runs: dict[str, list[dict[str, float]]] = {n: [] for n in names}
    for _ in range(args.rounds):
        for name in names:
            out = subprocess.run(
                [sys.executable, __file__, "--child", name, "--home", str(args.home)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            runs[name].append(json.loads(out.strip().splitlines()[-1]))
    base = {k: statistics.median(r[k] for r in runs[names[0]]) for k in runs[names[0]][0]}
    print(f"{'embedder':<16} {'query CPU ms':>13} {'turn CPU ms':>12} {'RSS loaded MiB':>15} {'model MiB':>10}")
    for name in names:
        med = {k: statistics.median(r[k] for r in runs[name]) for k in runs[name][0]}
        model = med["rss_loaded_mib"] - med["rss_before_mib"]
        base_model = base["rss_loaded_mib"] - base["rss_before_mib"]
        print(
            f"{name:<16} {med['query_cpu_ms']:>7.2f} x{med['query_cpu_ms'] / base['query_cpu_ms']:<4.2f}"
            f" {med['turn_cpu_ms']:>6.2f} x{med['turn_cpu_ms'] / base['turn_cpu_ms']:<4.2f}"
            f" {med['rss_loaded_mib']:>8.0f} x{med['rss_loaded_mib'] / base['rss_loaded_mib']:<4.2f}"
            f" {model:>5.0f} x{model / base_model:<4.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
