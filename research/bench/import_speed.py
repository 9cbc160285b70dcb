"""Speed of ``contextlamp import --from``: the runner against the same memories saved one by one.

Run: ``python -m research import_speed [--n 500] [--embedder minilm|fake]``.

Writes N synthetic memories (seeded) as a mem0 ``get_all`` JSON, then, each in a fresh data directory:

- ``import``: ``Importer.run`` of that file (read, plan, write through save_context at the original times,
  record the keys);
- ``save_context loop`` (the baseline of the same run): the same texts saved one by one with
  ``MemoryService.save_context``: the floor of a runner that writes through the save path;
- ``second import``: the same file again into the first directory (everything "already there": the cost of
  idempotence);
- ``dry run``: a dry run of the file into a fresh directory;
- the baseline again last (a neighbour's load shows as the two baselines differing).

Each measurement has its own embedder (the embedding cache would otherwise serve the later ones), warmed up
on 50 other texts first (not timed). Prints seconds, records per second and the ratio to the baseline. A
ratio survives a loaded machine better than the seconds do.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from contextlamp.app.importing import Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder
from contextlamp.storage import StoreRegistry

SUBJECTS = ("the billing service", "the mobile app", "Rosalind", "the staging cluster", "the data team", "CI")
VERBS = ("uses", "prefers", "moved to", "depends on", "was rewritten in", "deploys with")
OBJECTS = ("Postgres", "Kotlin", "blue-green releases", "Lisbon", "pnpm", "Grafana", "Rust", "weekly reviews")


def memories(n: int, seed: int = 7) -> list[dict[str, object]]:
    """N distinct synthetic mem0 items, one a day from 2024-01-01."""
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    for i in range(n):
        text = f"{rng.choice(SUBJECTS).capitalize()} {rng.choice(VERBS)} {rng.choice(OBJECTS)} (note {i})"
        out.append({"id": f"m-{i}", "memory": text, "created_at": 1_704_067_200 + i * 86_400, "categories": ["work"]})
    return out


def _service(home: Path, embedder_name: str) -> tuple[MemoryService, Caller]:
    """A fresh service with its own embedder (its embedding cache empty), warmed up on 50 other texts."""
    embedder: Embedder = create_embedder(embedder_name)
    embedder.embed([f"warm up sentence number {i} about nothing in particular" for i in range(50)])
    embedder.embed(["one more warm up"])
    service = MemoryService(StoreRegistry(home, embedder.identity, embedder.dim), embedder)
    return service, Caller(service.principal("bench"), "bench")


def _loop(service: MemoryService, caller: Caller, items: list[dict[str, object]]) -> float:
    start = time.perf_counter()
    for item in items:
        service.save_context(caller, item["memory"], memory_type="fact", kind="note", tags=["work"])
    return time.perf_counter() - start


def run(n: int, embedder_name: str) -> list[tuple[str, float]]:
    """``(row, seconds)`` for each measurement (see the module docstring)."""
    items = memories(n)
    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = root / "get_all.json"
        source.write_text(json.dumps({"results": items}), encoding="utf-8")
        rows.append(("save_context loop (baseline)", _loop(*_service(root / "loop", embedder_name), items)))
        service, caller = _service(root / "import", embedder_name)
        importer = Importer(service, service.clock)
        start = time.perf_counter()
        report = importer.run("mem0", source, caller.principal)
        rows.append(("import", time.perf_counter() - start))
        assert report.count("added") == n, report.count("added")
        start = time.perf_counter()
        again = importer.run("mem0", source, caller.principal)
        rows.append(("second import (all already there)", time.perf_counter() - start))
        assert again.count("added") == 0
        service, caller = _service(root / "dry", embedder_name)
        start = time.perf_counter()
        Importer(service, service.clock).run("mem0", source, caller.principal, dry_run=True)
        rows.append(("dry run", time.perf_counter() - start))
        rows.append(("save_context loop, again", _loop(*_service(root / "loop2", embedder_name), items)))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500, help="memories in the file (default 500)")
    parser.add_argument("--embedder", choices=sorted(EMBEDDERS), default="minilm")
    args = parser.parse_args(argv)
    rows = run(args.n, args.embedder)
    baseline = rows[0][1]
    table = Table(title=f"import --from mem0, {args.n} memories, embedder {args.embedder}")
    for column in ("what", "seconds", "records/s", "x baseline"):
        table.add_column(column, justify="left" if column == "what" else "right")
    for name, seconds in rows:
        table.add_row(name, f"{seconds:.2f}", f"{args.n / seconds:.0f}", f"{seconds / baseline:.2f}")
    Console(width=100).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
