"""stale50-held: correction sequences across sessions, clients and languages; does the last value rank first?

Data: ``research/bench/data/stale50-held/cases.json`` (written in stop 47 before that stop's product changes, read
once at the end; ``make_cases.py`` beside it says the shape). Each case is a run of sessions of one repository:
a session's turns are written in its client's native transcript (Claude Code, Gemini CLI or Codex, the month
bench's writers) and saved in this process exactly as the detached hook worker saves it
(``hooks.saver.save_transcript``); its ``saves`` are the agent's ``save_context`` calls from a server started in
the repository, labelled with their client. Classes: ``twice`` (A -> B -> C), ``restated`` (the agent repeated
the old value, or saved it, before the user corrected it), ``client`` (taught and corrected by different
clients), ``lang`` (corrected in another language), ``control`` (look-alikes: every ``keep`` group stays live).

Figures per class (a fact = a case): kept (the new value is in a live memory), stale live (an old value is in a
live memory that does not hold the new value), stale ranked (``get_context`` from the repository, 5 packs, ranks
an old value above the new one or finds an old value and not the new: the month bench's "stale"), live memories.

Usage: ``nice -n 10 python -m research stale50_held [--data DIR] [--tree OTHER_SRC] [--embedder minilm|fake]
[--show] [--json]``; ``--tree`` runs a second tree's ``src`` in a child process after this tree, same cases.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from hook_scratch import claude_transcript, live_texts, scratch_repo

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "stale50-held"
DAY = datetime(2027, 3, 1, 9, 0)


_EMBEDDERS: dict[str, Any] = {}  # embedder name -> the one embedder of this process (``run_case``)


def _found(text: str, value: str) -> bool:
    return value.casefold() in text.casefold()


def _write(client: str, turns: list[list[str]], name: str, path: Path, repo: Path, day: datetime) -> None:
    """The session's native transcript at ``path``, as ``client`` writes it."""
    from month_bank import Exchange
    from month_clients import CodexFile, GeminiFile

    if client == "claude-code":
        path.write_text(claude_transcript(turns, name, str(repo)), encoding="utf-8")
        return
    pairs = [Exchange(turns[i][1], turns[i + 1][1] if i + 1 < len(turns) else "") for i in range(0, len(turns), 2)]
    writer = GeminiFile(path, name, day) if client == "gemini-cli" else CodexFile(path, name, repo, day)
    for ex in pairs:
        writer.exchange(ex)


def run_case(case: dict[str, Any], embedder: str) -> dict[str, Any]:
    """The live memories and ``get_context``'s packs for ``ask`` after every session of ``case``, fresh data dir."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings
    from contextlamp.embedding import create_embedder
    from contextlamp.hooks.repo import find_repository
    from contextlamp.hooks.saver import SaveJob, save_transcript

    with tempfile.TemporaryDirectory(prefix="stale50-held-") as scratch:
        root = Path(scratch)
        repo = scratch_repo(root / "repo", "git@github.com:harbour/ops.git")
        settings = Settings(home=root / "data", embedder=embedder, user="dana")  # pyright: ignore[reportCallIssue]
        if embedder not in _EMBEDDERS:  # one model per process: an app per case each loading it grew to 9 GB
            _EMBEDDERS[embedder] = create_embedder(embedder)
        service = create_app(settings, embedder=_EMBEDDERS[embedder]).service
        principal = service.principal(settings.user)
        found = find_repository(repo)
        assert found is not None
        log = logging.getLogger("stale50_held")
        for n, session in enumerate(case["sessions"]):
            client = session.get("client", "claude-code")
            worker = Caller(principal=principal, surface=client)
            if session["turns"]:
                name = f"{case['id']}-{n}"
                path = root / f"{name}.jsonl"
                _write(client, session["turns"], name, path, repo, DAY + timedelta(days=n))
                job = SaveJob(client, "session-end", name, str(path), str(repo))
                save_transcript(service, worker, job, settings.home, settings.max_transcript_bytes, log)
            for save in session.get("saves", []):
                here = Caller(principal=principal, surface=save["client"], repository=found.ref())
                service.save_context(here, save["text"])
        live = live_texts(service, Caller(principal=principal, surface="claude-code"))  # each store once
        here = Caller(principal=principal, surface="claude-code", repository=found.ref())
        packs = [p.text for p in service.get_context(here, case["ask"], 5).packs]
        return {"live": live, "packs": packs}


def score(case: dict[str, Any], run: dict[str, Any]) -> dict[str, int]:
    """The case's figures (module docstring)."""
    live, packs = run["live"], run["packs"]
    if case["class"] == "control":
        kept = sum(any(all(_found(t, w) for w in g) for t in live) for g in case["keep"])
        return {"kept": kept, "expected": len(case["keep"]), "stale_live": 0, "stale_ranked": 0, "live": len(live)}
    new, olds = case["new"], case["old"]

    def stale(text: str) -> bool:
        return any(_found(text, old) for old in olds) and not _found(text, new)

    first_new = next((i for i, t in enumerate(packs) if _found(t, new)), None)
    first_old = next((i for i, t in enumerate(packs) if stale(t)), None)
    return {
        "kept": int(any(_found(t, new) for t in live)),
        "expected": 1,
        "stale_live": int(any(stale(t) for t in live)),
        "stale_ranked": int(first_old is not None and (first_new is None or first_old < first_new)),
        "live": len(live),
    }


def run_all(cases: list[dict[str, Any]], embedder: str, show: bool) -> dict[str, Any]:
    """Every case run and scored: ``{"per_case": {id: figures}, "totals": {class: row}}``; prints failures."""
    per_class: dict[str, list[dict[str, int]]] = defaultdict(list)
    per_case: dict[str, dict[str, int]] = {}
    for case in cases:
        run = run_case(case, embedder)
        result = score(case, run)
        per_case[case["id"]] = result
        per_class[case["class"]].append(result)
        bad = result["kept"] < result["expected"] or result["stale_live"] or result["stale_ranked"]
        if show and bad:
            print(f"{case['id']}: {result}", file=sys.stderr)
            for text in run["live"]:
                print(f"    | {text}", file=sys.stderr)
            for n, text in enumerate(run["packs"]):
                print(f"    {n + 1}. {text}", file=sys.stderr)
    totals: dict[str, Any] = {}
    for name, results in [*per_class.items(), ("all", [r for rs in per_class.values() for r in rs])]:
        totals[name] = {
            "cases": len(results),
            "kept": f"{sum(r['kept'] for r in results)}/{sum(r['expected'] for r in results)}",
            "stale_live": sum(r["stale_live"] for r in results),
            "stale_ranked": sum(r["stale_ranked"] for r in results),
            "live": sum(r["live"] for r in results),
        }
    return {"per_case": per_case, "totals": totals}


def _table(label: str, totals: dict[str, Any]) -> None:
    print(f"\n{label}\n{'class':<10}{'cases':>6}{'kept':>8}{'stale live':>12}{'stale ranked':>14}{'live':>6}")
    for name, row in totals.items():
        print(
            f"{name:<10}{row['cases']:>6}{row['kept']:>8}{row['stale_live']:>12}{row['stale_ranked']:>14}{row['live']:>6}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--data", type=Path, default=DATA, help="a folder holding cases.json")
    parser.add_argument("--tree", type=Path, default=None, help="another tree's src, run after this one")
    parser.add_argument("--only", default=None, help="one class")
    parser.add_argument("--show", action="store_true", help="print each failing case's live memories and packs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    data = args.data if args.data.is_absolute() or args.data.exists() else DATA.parent / args.data
    cases = [c for c in json.loads((data / "cases.json").read_text(encoding="utf-8"))["cases"]]
    cases = [c for c in cases if args.only in (None, c["class"])]
    ours = run_all(cases, args.embedder, args.show)
    results = {"this": ours}
    if args.tree is not None:
        argv = [sys.executable, __file__, "--data", str(data), "--embedder", args.embedder, "--json"]
        argv += ["--only", args.only] if args.only else []
        argv += ["--show"] if args.show else []
        env = {**os.environ, "PYTHONPATH": str(args.tree.resolve())}
        child = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
        results["tree"] = json.loads(child.stdout.strip().splitlines()[-1])["this"]
        sys.stderr.write(child.stderr)
    if args.json:
        print(json.dumps(results))
        return
    _table("this tree", ours["totals"])
    if "tree" in results:
        _table(f"tree {args.tree}", results["tree"]["totals"])
        moved = [k for k, v in ours["per_case"].items() if v != results["tree"]["per_case"].get(k)]
        print(f"\ncases the two trees score differently: {', '.join(moved) or 'none'}")


if __name__ == "__main__":
    main()
