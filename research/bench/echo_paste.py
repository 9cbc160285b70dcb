"""Echo and redaction through the hooks: contextlamp's own output pasted into chats, and secrets beside facts.

Each case of a data file (``research/bench/data/echo-dev/cases.json``: the breaker's findings 1 and 3c of
research/notes/breaker-stop38.md in each client's format; ``echo-held/cases.json``: the held-out set, real CLI
output pasted in other ways, written before the product change and read once at the end) is one session of
its client (Claude Code, Gemini CLI or Codex), written in the client's transcript format by
``research/bench/month.py``'s writers and run through the real hook entry point (``contextlamp hook CLIENT
EVENT``; Codex's ``notify`` after every turn). A case names substrings that must end up in some live memory
(``keep``: the durable clause of a turn) and substrings no live memory and no byte of the data directory may
hold (``never``: contextlamp's own output, the secret).

With ``--tree SRC`` the same cases run twice, interleaved case by case: once with the source tree SRC (an old
checkout's ``src``, put first on ``PYTHONPATH`` of every process the hooks start) and once with this tree, each
in its own scratch home; both are reported side by side.

Reported per tree: echo memories (live memories holding a ``never`` substring), kept clauses / all ``keep``
clauses, ``never`` substrings found in the data directory's bytes, and live memories.

Usage: ``nice -n 10 python -m research echo_paste [--data echo-dev|echo-held] [--tree /old/src] [--json]
[--verbose]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from month import SLUG, ClaudeFile, CodexFile, Exchange, GeminiFile, Month, live_memories

DATA = Path(__file__).resolve().parent / "data"
SECRET_CASES = ("S", "breaker3c")  # the cases whose ``never`` strings are secrets (searched in the data's bytes)


def play(month: Month, case: dict[str, Any], n: int) -> None:
    """One case as one session of its client, through the hooks; waits for the save workers."""
    day = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    sid = str(uuid.UUID(int=n + 1))
    body = [Exchange(user, reply) for user, reply in case["turns"]]
    client = case["client"]
    if client == "claude-code":
        path = month.home / ".claude" / "projects" / f"-home-src-{SLUG}" / f"{sid}.jsonl"
        claude = ClaudeFile(path, sid, month.repo, day)
        claude.injected(month.start(client, sid, path))
        for ex in body:
            claude.exchange(ex)
        month.save(client, "session-end", sid, path, "SessionEnd")
    elif client == "gemini-cli":
        path = month.home / ".gemini" / "tmp" / ("ab" * 32) / "chats" / f"session-{n:04d}-{sid[:8]}.jsonl"
        gemini = GeminiFile(path, sid, day)
        gemini.injected(month.start(client, sid, path))
        for ex in body:
            gemini.exchange(ex)
        month.save(client, "session-end", sid, path, "SessionEnd")
    else:
        now = datetime.now(UTC)
        folder = month.home / ".codex" / "sessions" / f"{now:%Y}" / f"{now:%m}" / f"{now:%d}"
        codex = CodexFile(folder / f"rollout-{now:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl", sid, month.repo, day)
        codex.injected(month.last_context)
        for ex in body:
            codex.exchange(ex)
            month.notify(sid, ex.user, ex.reply)
            time.sleep(0.05)
    month.wait_for_workers()


def measure(month: Month, cases: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one tree's run (see the module docstring)."""
    memories = live_memories(month)
    blobs = [p.read_bytes() for p in month.data.rglob("*") if p.is_file()]
    rows: list[dict[str, Any]] = []
    for case in cases:
        kept = [k for k in case["keep"] if any(k.casefold() in m.casefold() for m in memories)]
        echoes = sorted({m for m in memories for s in case["never"] if s.casefold() in m.casefold()})
        secret = case["id"].startswith(SECRET_CASES)
        on_disk = [s for s in case["never"] if secret and any(s.encode() in b for b in blobs)]
        rows.append({"id": case["id"], "kept": f"{len(kept)}/{len(case['keep'])}", "echoes": echoes, "disk": on_disk})
    echo_memories = {m for r in rows for m in r["echoes"]}
    return {
        "echo_memories": len(echo_memories),
        "kept": sum(int(r["kept"].split("/")[0]) for r in rows),
        "keep_total": sum(len(c["keep"]) for c in cases),
        "secret_strings_on_disk": len({s for r in rows for s in r["disk"]}),
        "live_memories": len(memories),
        "cases": rows,
        "memories": memories,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--data", default="echo-dev", help="a folder of research/bench/data holding cases.json")
    parser.add_argument("--tree", help="an old source tree (its src folder) to run beside this one")
    parser.add_argument("--embedder", default="minilm-int8")
    parser.add_argument("--only", help="run only the cases whose id starts with this")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="list every live memory")
    args = parser.parse_args(argv)
    cases = json.loads((DATA / args.data / "cases.json").read_text(encoding="utf-8"))["cases"]
    if args.only:
        cases = [c for c in cases if c["id"].startswith(args.only)]
    trees = {"new": None, **({"old": args.tree} if args.tree else {})}
    root = Path(tempfile.mkdtemp(prefix="clp-echo-"))
    try:
        months: dict[str, Month] = {}
        for name, tree in trees.items():
            month = Month(root / name, args.embedder, [sys.executable, "-m", "contextlamp"], month_clock=False)
            if tree:
                month.env["PYTHONPATH"] = ":".join(p for p in (tree, month.env.get("PYTHONPATH", "")) if p)
            months[name] = month
        for n, case in enumerate(cases):
            for month in months.values():
                play(month, case, n)
        report = {name: measure(month, cases) for name, month in months.items()}
        if not args.verbose:
            for figures in report.values():
                figures.pop("memories")
        print(json.dumps(report, indent=None if args.json else 1, ensure_ascii=False))
        return report
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
