"""Save-time corrections on pairs: which older memories does saving a newer one retire, on two code trees?

Data: a folder holding ``pairs.json`` (``{"pairs": [{"id", "class", "older", "newer", "expect"}]}``, ``expect``
``retire`` or ``keep``; class ``unmarked`` is reported apart), by default ``research/bench/data/stale3-held``
(held out: read once, at the end of stop 41); ``--data research/bench/data/freshness-pairs.json`` reads the
freshness pairs (``supersede`` / ``keep``) the same way. Each pair is saved through ``MemoryService.save_context``
into its own empty personal store (one user a pair, one data directory a tree), older first, the newer an hour
later (an injected clock); the older is retired when it is no longer live after the newer's save (``superseded_by``
set: supersession of any kind, topic-less updates and corrections alike). A pair one of whose saves is refused (a
secret's look-alike) is left out of the figures and listed as ``refused``.

Figures per tree: corrections retired (recall: ``retire`` pairs whose older went), non-corrections retired
(``keep`` pairs whose older went: false retirements), precision (retired corrections / all retired), and the
unmarked pairs retired. ``--tree SRC`` runs a second tree's ``src`` (its ``contextlamp`` on ``PYTHONPATH``) in the
same run, pair by pair after this tree's, so both are read alike.

Run: ``nice -n 10 python -m research correction_pairs [--data DIR|FILE] [--tree SRC] [--embedder NAME] [--show]
[--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "stale3-held"
THIS_SRC = HERE.parents[1] / "src"
HOUR_MS = 3_600_000


def load(data: Path) -> list[dict[str, str]]:
    """The pairs of ``data`` (a folder with pairs.json, or a json file), ``expect`` as ``retire`` / ``keep``."""
    path = data / "pairs.json" if data.is_dir() else data
    pairs: list[dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))["pairs"]
    out = []
    for n, pair in enumerate(pairs):
        expect = "retire" if pair["expect"] in ("retire", "supersede") else "keep"
        out.append({**pair, "id": pair.get("id", f"p{n:02d}"), "class": pair.get("class", expect), "expect": expect})
    return out


def worker(data: Path, embedder: str) -> None:
    """Save every pair on this process's ``contextlamp`` and print one JSON line: pair id -> retired (bool)."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings

    now = [1_700_000_000_000]

    def clock() -> int:
        now[0] += 1
        return now[0]

    from contextlamp.errors import ContextlampError

    retired: dict[str, bool | None] = {}
    with tempfile.TemporaryDirectory(prefix="correction-pairs-") as scratch:
        settings = Settings(home=Path(scratch), embedder=embedder, user="bench")  # pyright: ignore[reportCallIssue]
        service = create_app(settings).service.at(clock)
        for pair in load(data):
            caller = Caller(principal=service.principal(f"u-{pair['id']}"), surface="bench")
            try:
                old = service.save_context(caller, pair["older"])
                now[0] += HOUR_MS
                service.save_context(caller, pair["newer"])
            except ContextlampError:  # refused (a secret's look-alike): the pair measures nothing
                retired[pair["id"]] = None
                continue
            items = service.list_context(caller, 50, None, None, include_superseded=True).items
            retired[pair["id"]] = any(i.id == old.id and i.superseded_by for i in items)
    print(json.dumps(retired))


def run_tree(src: Path, data: Path, embedder: str) -> dict[str, bool | None]:
    """``worker`` in a child process importing ``src``'s contextlamp."""
    env = {**os.environ, "PYTHONPATH": str(src), "CONTEXTLAMP_LOG_LEVEL": "warning"}
    command = [sys.executable, __file__, "--worker", "--data", str(data), "--embedder", embedder]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, bool | None] = json.loads(out.strip().splitlines()[-1])
    return result


def figures(pairs: list[dict[str, str]], retired: dict[str, bool | None]) -> dict[str, Any]:
    """Recall, false retirements, precision and the unmarked pairs retired; per class too. A pair whose save was
    refused (``None``) is left out and counted as ``refused``."""
    refused = [p["id"] for p in pairs if retired[p["id"]] is None]
    pairs = [p for p in pairs if retired[p["id"]] is not None]
    scored = [p for p in pairs if p["class"] != "unmarked"]
    corrections = [p for p in scored if p["expect"] == "retire"]
    others = [p for p in scored if p["expect"] == "keep"]
    hit = sum(retired[p["id"]] for p in corrections)
    false = sum(retired[p["id"]] for p in others)
    per_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for p in pairs:
        per_class[p["class"]][0] += retired[p["id"]]
        per_class[p["class"]][1] += 1
    unmarked = [p for p in pairs if p["class"] == "unmarked"]
    return {
        "corrections_retired": f"{hit}/{len(corrections)}",
        "recall": round(hit / len(corrections), 3) if corrections else None,
        "non_corrections_retired": f"{false}/{len(others)}",
        "precision": round(hit / (hit + false), 3) if hit + false else None,
        "unmarked_retired": f"{sum(retired[p['id']] for p in unmarked)}/{len(unmarked)}",
        "classes": {name: f"{n}/{total}" for name, (n, total) in sorted(per_class.items())},
        "refused": refused,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="a folder holding pairs.json, or a json file")
    parser.add_argument("--tree", type=Path, default=None, help="another tree's src/ to compare with")
    parser.add_argument("--embedder", default="auto")
    parser.add_argument("--show", action="store_true", help="print every pair whose outcome is wrong")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.data, args.embedder)
        return
    pairs = load(args.data)
    trees = {"this": THIS_SRC, **({"tree": args.tree.resolve()} if args.tree else {})}
    results = {name: run_tree(src, args.data.resolve(), args.embedder) for name, src in trees.items()}
    table = {name: figures(pairs, retired) for name, retired in results.items()}
    if args.show:
        for pair in pairs:
            marks = {n: {True: "retired", False: "kept", None: "refused"}[r[pair["id"]]] for n, r in results.items()}
            wrong = [n for n, r in results.items() if r[pair["id"]] != (pair["expect"] == "retire")]
            if wrong:
                print(f"{pair['id']} [{pair['class']}, expect {pair['expect']}] {marks}")
                print(f"    older: {pair['older']}\n    newer: {pair['newer']}")
    for name, row in table.items():
        print(f"{name} ({trees[name]}):")
        for key, value in row.items():
            print(f"    {key}: {value}")
    if args.json:
        print(json.dumps(table))


if __name__ == "__main__":
    main()
