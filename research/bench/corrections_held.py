"""Corrections on a held-out set: does a corrected value stop ranking first, whoever said the correction and how?

Data: ``research/bench/data/stale2-held/cases.json`` (written in stop 40 before that stop's product changes, read
once at the end; ``--data`` names another file, e.g. ``stale2-dev``, the tuning cases). Each case is a run of
sessions of one repository. A session's turns are written as a Claude Code transcript and saved in this process
exactly as the detached hook worker saves it (``hooks.saver.save_transcript``); a session's ``saves`` are the
agent's own ``save_context`` calls, from a stdio server started in the repository (``where: repo``: the
repository's project, whose reads fuse the personal store) or outside any repository (``where: personal``).
Then, on the case's fresh data directory:

- kept: the new value is in a live memory (controls: every ``keep`` group is);
- stale live: the old value is in a live memory that does not hold the new value (history is kept: a superseded
  memory is not live);
- stale ranked: ``get_context`` from the repository (``ask``, 5 packs) ranks the old value above the new one, or
  finds the old and not the new -- the month bench's "stale";
- controls: a ``keep`` group no longer live is a false retirement.

Usage: ``nice -n 10 python -m research corrections_held [--data DIR] [--embedder minilm|fake] [--show] [--json]``.
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

DATA = Path(__file__).resolve().parent / "data" / "stale2-held"


def _found(text: str, value: str) -> bool:
    return value.casefold() in text.casefold()


def run_case(case: dict[str, Any], embedder: str) -> dict[str, Any]:
    """The live memories and the ranked packs of ``ask`` after every session of ``case``, on a fresh data directory."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings
    from contextlamp.hooks.repo import find_repository
    from contextlamp.hooks.saver import SaveJob, save_transcript

    with tempfile.TemporaryDirectory(prefix="corrections-held-") as scratch:
        root = Path(scratch)
        repo = scratch_repo(root / "repo", "git@github.com:metro/ridership.git")
        settings = Settings(home=root / "data", embedder=embedder, user="dana")  # pyright: ignore[reportCallIssue]
        service = create_app(settings).service
        principal = service.principal(settings.user)
        worker = Caller(principal=principal, surface="claude-code")  # as hooks/saver's worker calls the service
        found = find_repository(repo)
        assert found is not None
        here = Caller(principal=principal, surface="claude-code", repository=found.ref())
        log = logging.getLogger("corrections_held")
        for n, session in enumerate(case["sessions"]):
            if session["turns"]:
                name = f"{case['id']}-{n}"
                path = root / f"{name}.jsonl"
                path.write_text(claude_transcript(session["turns"], name, str(repo)), encoding="utf-8")
                job = SaveJob("claude-code", "session-end", name, str(path), str(repo))
                save_transcript(service, worker, job, settings.home, settings.max_transcript_bytes, log)
            for save in session.get("saves", []):
                service.save_context(here if save["where"] == "repo" else worker, save["text"])
        live = live_texts(service, worker)
        packs = [p.text for p in service.get_context(here, case["ask"], 5).packs] if case.get("ask") else []
        return {"live": live, "packs": packs}


def score(case: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    """The case's figures (see the module docstring)."""
    live, packs = run["live"], run["packs"]
    if case["class"] == "control":
        kept = sum(any(all(_found(t, w) for w in g) for t in live) for g in case["keep"])
        return {"kept": kept, "expected": len(case["keep"]), "stale_live": 0, "stale_ranked": 0, "live": len(live)}
    new, old = case["new"], case["old"]
    kept = any(_found(t, new) for t in live)
    stale_live = any(_found(t, old) and not _found(t, new) for t in live)
    first_new = next((i for i, t in enumerate(packs) if _found(t, new)), None)
    first_old = next((i for i, t in enumerate(packs) if _found(t, old) and not _found(t, new)), None)
    ranked = first_old is not None and (first_new is None or first_old < first_new)
    return {
        "kept": int(kept),
        "expected": 1,
        "stale_live": int(stale_live),
        "stale_ranked": int(ranked),
        "live": len(live),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--data", type=Path, default=DATA, help="a folder holding cases.json")
    parser.add_argument("--only", default=None, help="one class")
    parser.add_argument("--show", action="store_true", help="print every case's live memories and packs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    data = args.data if args.data.is_absolute() or args.data.exists() else DATA.parent / args.data
    cases = [c for c in json.loads((data / "cases.json").read_text(encoding="utf-8"))["cases"]]
    cases = [c for c in cases if args.only in (None, c["class"])]
    per_class: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for case in cases:
        run = run_case(case, args.embedder)
        result = score(case, run)
        per_class[case["class"]].append(result)
        bad = result["kept"] < result["expected"] or result["stale_live"] or result["stale_ranked"]
        if args.show or bad:
            print(
                f"{case['id']}: kept {result['kept']}/{result['expected']} stale live {result['stale_live']} "
                f"ranked {result['stale_ranked']}",
                flush=True,
            )
            for text in run["live"]:
                print(f"    | {text}")
            for n, text in enumerate(run["packs"]):
                print(f"    {n + 1}. {text}")
    totals: dict[str, Any] = {}
    rows = [*per_class.items(), ("all", [r for rs in per_class.values() for r in rs])]
    print(f"\n{'class':<10}{'cases':>6}{'kept':>8}{'stale live':>12}{'stale ranked':>14}{'live':>6}")
    for name, results in rows:
        row = {
            "cases": len(results),
            "kept": f"{sum(r['kept'] for r in results)}/{sum(r['expected'] for r in results)}",
            "stale_live": sum(r["stale_live"] for r in results),
            "stale_ranked": sum(r["stale_ranked"] for r in results),
            "live": sum(r["live"] for r in results),
        }
        totals[name] = row
        print(
            f"{name:<10}{row['cases']:>6}{row['kept']:>8}{row['stale_live']:>12}{row['stale_ranked']:>14}{row['live']:>6}"
        )
    if args.json:
        print(json.dumps(totals))


if __name__ == "__main__":
    main()
