"""Capture judgement on a small held-out set: what the hooks' save keeps of short Claude Code sessions.

Data: ``research/bench/data/capture-held/cases.json`` (written in stop 39 before that stop's product changes,
read once at the end). Each case is a run of sessions of one repository; each session is written as a Claude
Code transcript and saved in this process exactly as the detached hook worker saves it
(``hooks.saver.save_transcript``: clean, whole-session judgement, dedupe against live memories, corrections
superseding what they correct), on a fresh data directory per case. Then the live memories are read back:

- recall: ``keep`` groups found (every word of the group, case-insensitive, in one live memory);
- precision: live memories that hold some ``keep`` group / live memories;
- junk: live memories holding a ``drop`` word (a colleague's health, spoken wrapping, a lead-in);
- stale: ``retired`` old values still held by a live memory after the correction;
- over: cases with more live memories than ``max_memories`` (chatter: 0; a restatement: 1).

Usage: ``nice -n 10 python -m research capture_held [--embedder minilm|fake] [--only CLASS] [--show]``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from hook_scratch import claude_transcript, live_texts, scratch_repo

DATA = Path(__file__).resolve().parent / "data" / "capture-held" / "cases.json"


def run_case(case: dict[str, Any], embedder: str) -> list[str]:
    """The live memories (their text) after every session of ``case`` was saved, on a fresh data directory."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings
    from contextlamp.hooks.saver import SaveJob, save_transcript

    with tempfile.TemporaryDirectory(prefix="capture-held-") as scratch:
        root = Path(scratch)
        repo = scratch_repo(root / "repo", "git@github.com:wxservice/nowcast.git")
        settings = Settings(home=root / "data", embedder=embedder, user="dana")  # pyright: ignore[reportCallIssue]
        service = create_app(settings).service
        caller = Caller(principal=service.principal(settings.user), surface="claude-code")
        log = logging.getLogger("capture_held")
        for n, turns in enumerate(case["sessions"]):
            session = f"{case['id']}-{n}"
            path = root / f"{session}.jsonl"
            path.write_text(claude_transcript(turns, session, str(repo)), encoding="utf-8")
            job = SaveJob("claude-code", "session-end", session, str(path), str(repo))
            save_transcript(service, caller, job, settings.home, settings.max_transcript_bytes, log)
        return live_texts(service, caller)


def score(case: dict[str, Any], live: list[str]) -> dict[str, Any]:
    """The case's figures from its live memories (see the module docstring)."""
    low = [t.casefold() for t in live]
    found = [any(all(w.casefold() in t for w in group) for t in low) for group in case.get("keep", [])]
    useful = [any(all(w.casefold() in t for w in g) for g in case.get("keep", [])) for t in low]
    junk = [t for t in live if any(w.casefold() in t.casefold() for w in case.get("drop", []))]
    stale = [w for w in case.get("retired", []) if any(w.casefold() in t for t in low)]
    limit = case.get("max_memories")
    return {
        "kept": sum(found),
        "expected": len(found),
        "useful": sum(useful),
        "live": len(live),
        "junk": junk,
        "stale": stale,
        "over": limit is not None and len(live) > limit,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--only", default=None, help="one class")
    parser.add_argument("--show", action="store_true", help="print every case's live memories")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--data", type=Path, default=DATA, help="another cases file (a smoke test)")
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    cases = [c for c in json.loads(args.data.read_text(encoding="utf-8"))["cases"] if args.only in (None, c["class"])]
    per_class: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for case in cases:
        live = run_case(case, args.embedder)
        result = score(case, live)
        per_class[case["class"]].append(result)
        if args.show or result["kept"] < result["expected"] or result["junk"] or result["stale"] or result["over"]:
            print(f"{case['id']}: kept {result['kept']}/{result['expected']} stale {result['stale']}", flush=True)
            for text in live:
                print(f"    | {text}")
    totals: dict[str, Any] = {}
    rows = [*per_class.items(), ("all", [r for rs in per_class.values() for r in rs])]
    print(f"\n{'class':<18}{'recall':>8}{'precision':>11}{'junk':>6}{'stale':>7}{'over':>6}{'live':>6}")
    for name, results in rows:
        expected = sum(r["expected"] for r in results)
        live = sum(r["live"] for r in results)
        row = {
            "recall": round(sum(r["kept"] for r in results) / expected, 3) if expected else None,
            "precision": round(sum(r["useful"] for r in results) / live, 3) if live else None,
            "junk": sum(len(r["junk"]) for r in results),
            "stale": sum(len(r["stale"]) for r in results),
            "over": sum(r["over"] for r in results),
            "live": live,
        }
        totals[name] = row
        print(
            f"{name:<18}{row['recall'] if row['recall'] is not None else '-':>8}"
            f"{row['precision'] if row['precision'] is not None else '-':>11}"
            f"{row['junk']:>6}{row['stale']:>7}{row['over']:>6}{row['live']:>6}"
        )
    if args.json:
        print(json.dumps(totals))


if __name__ == "__main__":
    main()
