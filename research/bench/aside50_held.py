"""aside50's capture set (stop 47): note46's misses of both capture paths as classes, in 11 languages.

Classes (see ``data/aside50-held/make_cases.py``): ``now`` (a durable statement holding the language's "now"
word), ``answer`` (a bare answer to the agent's wh-question), ``aside`` (a request whose change-of-subject aside
states a fact), ``short`` (a short Polish, Swedish or Turkish fact); look-alikes ``no-now`` (the moment said with
a "now" word), ``no-question`` (a wh-question), ``no-aside`` (a request whose aside is no fact), ``no-negation``
(a bare no after the agent's check). Each case is one Claude Code session saved as the detached hook worker
saves it (the offline path), scored as ``capture_held`` scores; the stop hook's decision on the same transcript
is scored as ``asks_right`` / ``false_asks`` / ``missed_asks`` (``req49_held``'s columns).

Data: ``data/aside50-held/cases.json`` (held out: written before the stop's product changes, read once at the
end) and ``data/aside50-tune/cases.json`` (the tuning half), chosen with ``--half``.

Usage: ``nice -n 10 python -m research aside50_held [--half held|tune] [--embedder minilm|fake] [--show]``.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from capture_held import score
from junk47_held import run_case

DATA = Path(__file__).resolve().parent / "data"
COLUMNS = ["cases", "kept", "expected", "live", "junk", "over", "asks_right", "false_asks", "missed_asks"]


def main() -> None:
    """Run every case of the half and print a row per class and language, then the totals as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--half", choices=["held", "tune"], default="held")
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--show", action="store_true", help="print every case's live memories")
    parser.add_argument("--only", default=None, help="one class")
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    path = DATA / f"aside50-{args.half}" / "cases.json"
    cases = [c for c in json.loads(path.read_text(encoding="utf-8"))["cases"] if args.only in (None, c["class"])]
    report(cases, args.embedder, args.show)


def main_for(doc: str | None, data: Path) -> None:
    """The command line of a capture set whose cases are one file (plain51_held, plain52_held): ``--embedder``,
    ``--show``, ``--only CLASS`` and ``--data`` (default ``data``); :func:`report` prints the rows."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--show", action="store_true", help="print every case's live memories")
    parser.add_argument("--only", default=None, help="one class")
    parser.add_argument("--data", type=Path, default=data)
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    cases = [c for c in json.loads(args.data.read_text(encoding="utf-8"))["cases"] if args.only in (None, c["class"])]
    report(cases, args.embedder, args.show)


def report(cases: list[dict[str, Any]], embedder: str, show: bool) -> None:
    """Run ``cases`` (``make_cases.py`` records: ``id``, ``class``, ``lang``, ``ask`` ...) through the hook worker
    and the stop hook's decision with ``embedder``; print a row per class and language (``COLUMNS``), each failing
    case (every case with ``show``) with its live memories, then the totals as one JSON line."""
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for case in cases:
        live, asked = run_case(case, embedder)
        result = score(case, live)
        for key in (case["class"], f"lang:{case['lang']}"):
            row = rows[key]
            row["cases"] += 1
            for name in ("kept", "expected", "live", "over"):
                row[name] += int(result[name])
            row["junk"] += len(result["junk"])
            row["asks_right"] += asked == case["ask"]
            row["false_asks"] += bool(asked and not case["ask"])
            row["missed_asks"] += bool(case["ask"] and not asked)
        bad = result["kept"] < result["expected"] or result["junk"] or result["over"] or asked != case["ask"]
        if show or bad:
            print(f"{case['id']}: kept {result['kept']}/{result['expected']} asked {asked}", flush=True)
            for text in live:
                print(f"    | {text}")
    print("\n" + "".join(f"{c:>12}" for c in ["class", *COLUMNS]))
    for name in sorted(rows, key=lambda k: (k.startswith("lang:"), k)):
        print(f"{name:>12}" + "".join(f"{rows[name][c]:>12}" for c in COLUMNS))
    total = {c: sum(r[c] for k, r in rows.items() if not k.startswith("lang:")) for c in COLUMNS}
    print(f"{'all':>12}" + "".join(f"{total[c]:>12}" for c in COLUMNS))
    print(json.dumps(total))


if __name__ == "__main__":
    main()
