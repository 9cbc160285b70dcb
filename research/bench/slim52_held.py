"""slim52's held-out set (stop 49): does a smaller ``distill/`` keep and drop the same things on both capture paths?

Data: ``data/slim52-held/cases.json`` (``make_cases.py`` beside it; written before the stop's product changes, run
on main first and read once at the end). Each case's sessions run two ways:

- the hook path: written as the client's transcript (Claude Code JSON lines, a ``save`` turn being the agent's own
  ``save_context`` tool call, which is also saved to the store as the client's MCP call would before the hook
  runs; or a Gemini CLI chat file), saved as the detached hook worker saves them
  (``hooks.saver.save_transcript``, on a fresh data directory), and the stop hook's decision on the last session
  (``hooks.digest.decide``); scored as ``capture_held.score`` scores the live memories, with ``aside50_held``'s
  ask columns;
- the offline distiller alone (``OfflineDistiller().distill`` on each session's turns, as a chat-export import
  reads them), its items' text scored the same way.

``--out`` writes every case's live memories and items (text, type, kind, topic) as JSON; the line printed last
holds the totals and the SHA-256 of that file, so two trees can be compared byte for byte without reading a case.

Usage: ``nice -n 10 python -m research slim52_held [--embedder fake|minilm] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from capture_held import score
from hook_scratch import claude_transcript, live_texts, scratch_repo
from junk47_held import _gemini  # pyright: ignore[reportPrivateUsage]

DATA = Path(__file__).resolve().parent / "data" / "slim52-held" / "cases.json"
COLUMNS = ["cases", "kept", "expected", "useful", "live", "junk", "stale", "over", "asks_right", "false_asks"]


def _claude(turns: list[list[str]], session: str, cwd: str) -> str:
    """``hook_scratch.claude_transcript`` with a ``save`` turn as an assistant ``save_context`` tool call."""
    lines = claude_transcript([[r if r != "save" else "assistant", t] for r, t in turns], session, cwd).splitlines()
    for n, (role, text) in enumerate(turns):
        if role == "save":
            record = json.loads(lines[n])
            call = {"type": "tool_use", "id": f"t{n}", "name": "mcp__contextlamp__save_context"}
            record["message"]["content"] = [{**call, "input": {"content": text}}]
            lines[n] = json.dumps(record)
    return "\n".join(lines) + "\n"


def hook_path(case: dict[str, Any], embedder: str) -> tuple[list[str], bool]:
    """The live memories after every session of ``case`` was saved by the hook worker, and whether the stop hook
    asks for a digest at the last session's pause."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings
    from contextlamp.hooks.clean import remember_injected
    from contextlamp.hooks.digest import Pause, decide
    from contextlamp.hooks.saver import SaveJob, save_transcript

    client = case.get("client", "claude-code")
    with tempfile.TemporaryDirectory(prefix="slim52-held-") as scratch:
        root = Path(scratch)
        repo = scratch_repo(root / "repo", "git@github.com:isleferry/booking.git")
        settings = Settings(home=root / "data", embedder=embedder, user="dana")  # pyright: ignore[reportCallIssue]
        service = create_app(settings).service
        caller = Caller(principal=service.principal(settings.user), surface=client)
        asked = False
        for n, turns in enumerate(case["sessions"]):
            session = f"{case['id']}-{n}"
            if case.get("injected"):
                remember_injected(settings.home, session, case["injected"])
            if client == "gemini-cli":
                path = root / f"session-{session}.json"
                path.write_text(_gemini(turns, session), encoding="utf-8")
            else:
                path = root / f"{session}.jsonl"
                path.write_text(_claude(turns, session, str(repo)), encoding="utf-8")
            for role, text in turns:  # the agent's own save_context ran during the session, before the hook
                if role == "save":
                    service.save_context(caller, text)
            asked = bool(decide(Pause(session, path, False), settings.home))
            job = SaveJob(client, "session-end", session, str(path), str(repo))
            save_transcript(service, caller, job, settings.home, settings.max_transcript_bytes, logging.getLogger())
        return live_texts(service, caller), asked


def offline_path(case: dict[str, Any]) -> list[list[Any]]:
    """The offline distiller's items (content, memory type, kind, topic) for each session of ``case``."""
    from contextlamp.distill.offline import OfflineDistiller
    from contextlamp.distill.turns import Turn

    roles = {"user": "user", "assistant": "assistant", "summary": "digest"}  # a save is no turn it reads
    items: list[list[Any]] = []
    for turns in case["sessions"]:
        for item in OfflineDistiller().distill([Turn(roles[r], t) for r, t in turns if r in roles]):  # pyright: ignore[reportArgumentType]
            items.append([item.content, item.memory_type, item.kind, item.topic])
    return items


def main() -> None:
    """Run every case both ways, write ``--out``, print the totals of each path and the output's hash."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--embedder", default="fake")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=Path("/tmp/slim52-held-out.json"))
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    cases = json.loads(args.data.read_text(encoding="utf-8"))["cases"]
    records: list[dict[str, Any]] = []
    totals = {path: dict.fromkeys(COLUMNS, 0) for path in ("hook", "offline")}
    for case in cases:
        live, asked = hook_path(case, args.embedder)
        items = offline_path(case)
        records.append({"id": case["id"], "live": live, "asked": asked, "items": items})
        for path, texts in (("hook", live), ("offline", [i[0] for i in items])):
            result, row = score(case, texts), totals[path]
            row["cases"] += 1
            for name in ("kept", "expected", "useful", "live", "over"):
                row[name] += int(result[name])
            row["junk"] += len(result["junk"])
            row["stale"] += len(result["stale"])
            if path == "hook" and "ask" in case:
                row["asks_right"] += asked == case["ask"]
                row["false_asks"] += bool(asked and not case["ask"])
    text = json.dumps(records, ensure_ascii=False, indent=1)
    args.out.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    print(json.dumps({"hook": totals["hook"], "offline": totals["offline"], "sha256": digest}))


if __name__ == "__main__":
    main()
