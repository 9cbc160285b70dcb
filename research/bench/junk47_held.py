"""Junk47's held-out capture set (stop 45): chatter about the user's moment, compaction-summary lines about the
user's moment, pasted traceback tails, durable facts in look-alike wording, and the stop hook's digest cue
after secrets or pasted-back injected context.

Data: ``research/bench/data/junk47-held/cases.json`` (``make_cases.py`` beside it; written before the stop's
product changes, read once at the end). Each case's sessions are written as a Claude Code JSONL transcript
(a ``summary`` turn is an ``isCompactSummary`` user line) or a Gemini CLI chat file, saved in this process as
the detached hook worker saves them (``hooks.saver.save_transcript``) on a fresh data directory, and scored as
``capture_held`` scores (``capture_held.score``). An ``ask`` case also runs the stop hook's decision on its
transcript (``hooks.digest.decide``, the case's ``injected`` context remembered for the session) and checks
whether it asks for a digest.

Usage: ``nice -n 10 python -m research junk47_held [--embedder minilm|fake] [--show]``.
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

from capture_held import score
from hook_scratch import claude_transcript, live_texts, scratch_repo

DATA = Path(__file__).resolve().parent / "data" / "junk47-held" / "cases.json"


def _gemini(turns: list[list[str]], session: str) -> str:
    messages: list[dict[str, Any]] = []
    for n, (role, text) in enumerate(turns):
        if role == "summary":
            snapshot = f"<state_snapshot>\n<key_knowledge>\n{text}\n</key_knowledge>\n</state_snapshot>"
            messages.append({"id": f"m{n}", "type": "user", "content": [{"text": snapshot}]})
            messages.append({"id": f"m{n}a", "type": "gemini", "content": "Got it. Thanks for the additional context!"})
        else:
            kind = "user" if role == "user" else "gemini"
            messages.append({"id": f"m{n}", "type": kind, "content": [{"text": text}] if kind == "user" else text})
    return json.dumps({"sessionId": session, "projectHash": "x", "messages": messages})


def run_case(case: dict[str, Any], embedder: str) -> tuple[list[str], bool | None]:
    """The live memories after every session of ``case`` was saved, and (an ``ask`` case) whether the stop
    hook's cue input for the last user turn carries a cue."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings
    from contextlamp.hooks.clean import remember_injected
    from contextlamp.hooks.digest import Pause, decide
    from contextlamp.hooks.saver import SaveJob, save_transcript

    client = case.get("client", "claude-code")
    with tempfile.TemporaryDirectory(prefix="junk47-held-") as scratch:
        root = Path(scratch)
        repo = scratch_repo(root / "repo", "git@github.com:shelfwise/catalogue.git")
        settings = Settings(home=root / "data", embedder=embedder, user="dana")  # pyright: ignore[reportCallIssue]
        service = create_app(settings).service
        caller = Caller(principal=service.principal(settings.user), surface=client)
        log = logging.getLogger("junk47_held")
        asked: bool | None = None
        for n, turns in enumerate(case["sessions"]):
            session = f"{case['id']}-{n}"
            if case.get("injected"):
                remember_injected(settings.home, session, case["injected"])
            if client == "gemini-cli":
                path = root / f"session-{session}.json"
                path.write_text(_gemini(turns, session), encoding="utf-8")
            else:
                path = root / f"{session}.jsonl"
                path.write_text(claude_transcript(turns, session, str(repo)), encoding="utf-8")
            if "ask" in case:  # the stop hook's decision at the session's one pause (every turn new)
                asked = bool(decide(Pause(session, path, False), settings.home))
            job = SaveJob(client, "session-end", session, str(path), str(repo))
            save_transcript(service, caller, job, settings.home, settings.max_transcript_bytes, log)
        return live_texts(service, caller), asked


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--show", action="store_true", help="print every case's live memories")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    cases = json.loads(args.data.read_text(encoding="utf-8"))["cases"]
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for case in cases:
        live, asked = run_case(case, args.embedder)
        result = score(case, live)
        row = rows[case["class"]]
        row["cases"] += 1
        row["kept"] += result["kept"]
        row["expected"] += result["expected"]
        row["junk"] += len(result["junk"])
        row["over"] += result["over"]
        row["live"] += result["live"]
        if asked is not None:
            row["asks_right"] += asked == case["ask"]
            row["false_asks"] += asked and not case["ask"]
            row["missed_asks"] += case["ask"] and not asked
        bad = result["kept"] < result["expected"] or result["junk"] or result["over"]
        if args.show or bad or (asked is not None and asked != case["ask"]):
            print(f"{case['id']}: kept {result['kept']}/{result['expected']} asked {asked}", flush=True)
            for text in live:
                print(f"    | {text}")
    columns = ["cases", "kept", "expected", "junk", "over", "live", "asks_right", "false_asks", "missed_asks"]
    print("\n" + "".join(f"{c:>12}" for c in ["class", *columns]))
    for name, row in rows.items():
        print(f"{name:>12}" + "".join(f"{row[c]:>12}" for c in columns))
    total = {c: sum(r[c] for r in rows.values()) for c in columns}
    print(f"{'all':>12}" + "".join(f"{total[c]:>12}" for c in columns))
    print(json.dumps(total))


if __name__ == "__main__":
    main()
