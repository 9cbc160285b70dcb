"""A client session's saves run in the order their hooks ran, whichever detached worker gets the lock first
(hooks/queue.py; issue #27.1 "capture reads a transcript state that is complete").

The PreCompact hook records the transcript up to the compaction and starts its worker; the client writes the
summary at once and the session goes on; the SessionEnd hook starts a second worker. Neither the capture slot
nor the session lock is first come, first served, so the session end's worker may run first: it must still save
the raw turns from the compaction's state first, and the compaction's worker must then save nothing.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from contextlamp.app.service import Caller, MemoryService
from contextlamp.hooks.queue import enqueue
from contextlamp.hooks.saver import SaveJob, save_transcript

SESSION = "9b1c7d2e-0000-4000-8000-00000000abcd"
RAW = "We use pnpm in this repository, never npm."
SUMMARISED = "The team relies on the pnpm package manager for every install."
LATER = "We decided to deploy the ledger API with Nomad."
LOG = logging.getLogger("test_hooks_queue")


def _line(n: int, role: str, text: str, **extra: object) -> str:
    base = {"isSidechain": False, "sessionId": SESSION, "cwd": "/src/web-app", "version": "2.1.14", "uuid": f"u{n}"}
    if role == "user":
        record: dict[str, object] = {"type": "user", "message": {"role": "user", "content": text}, **extra}
    else:
        content = [{"type": "text", "text": text}]
        record = {"type": "assistant", "message": {"role": "assistant", "model": "claude-x", "content": content}}
    return json.dumps({**base, **record}) + "\n"


def _summary(statement: str) -> str:
    return (
        "This session is being continued from a previous conversation that ran out of context. The summary below "
        f"covers the earlier portion of the conversation.\n\nSummary:\n1. Primary Request and Intent:\n   - {statement}"
        "\n\nContinue the conversation from where we left off without asking the user any further questions."
    )


def _session(tmp_path: Path, home: Path, queued: bool) -> tuple[SaveJob, SaveJob, Path]:
    """The repository, the transcript and the two hooks' jobs (queued as the hooks queue them, or not)."""
    repo = tmp_path / "src" / "web-app"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/web-app.git\n')
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    path = tmp_path / f"{SESSION}.jsonl"
    path.write_text(_line(0, "user", RAW) + _line(1, "assistant", "Understood."), encoding="utf-8")
    first = SaveJob("claude-code", "pre-compact", SESSION, str(path), str(repo), path.stat().st_size)
    first = enqueue(home, first) if queued else first
    boundary = {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "uuid": "u2"}
    with path.open("a", encoding="utf-8") as handle:  # the client compacts at once and the session goes on
        handle.write(json.dumps({"isSidechain": False, "sessionId": SESSION, **boundary}) + "\n")
        handle.write(_line(3, "user", _summary(SUMMARISED), isCompactSummary=True))
        handle.write(_line(4, "user", LATER) + _line(5, "assistant", "Noted."))
    second = SaveJob("claude-code", "session-end", SESSION, str(path), str(repo), path.stat().st_size)
    second = enqueue(home, second) if queued else second
    return first, second, path


def _live(service: MemoryService, caller: Caller) -> list[str]:
    texts: list[str] = []
    for project in [None, *[p.id for p in service.projects(caller)]]:
        texts += [i.preview for i in service.list_context(caller, 200, project, None).items if not i.superseded_by]
    return sorted(texts)


def test_the_session_ends_worker_running_first_saves_the_compactions_state_first(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    first, second, _ = _session(tmp_path, home, queued=True)
    record = save_transcript(service, alice, second, home, 64 * 1024, LOG)  # the later hook's worker wins the lock
    assert record is not None and record["event"] == "session-end"
    assert save_transcript(service, alice, first, home, 64 * 1024, LOG) is None  # already saved, in order
    assert _live(service, alice) == sorted([RAW, LATER])  # the raw turns, not the summary that restates them


def test_in_hook_order_the_same_session_saves_the_same(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    home = tmp_path / "home"
    first, second, _ = _session(tmp_path, home, queued=True)
    assert save_transcript(service, alice, first, home, 64 * 1024, LOG) is not None
    assert save_transcript(service, alice, second, home, 64 * 1024, LOG) is not None
    assert _live(service, alice) == sorted([RAW, LATER])
