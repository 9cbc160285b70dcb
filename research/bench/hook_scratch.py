"""Scratch pieces the hook-path benchmarks share: a Claude Code transcript, a git repository with a remote,
the live memories of every store a caller reads.

The held-out capture benches (``capture_held``, ``junk47_held``, ``corrections_held``, ``secret_frames``) save
sessions exactly as the detached hook worker does (``hooks.saver.save_transcript``), so each needs a transcript in
the client's own format, a repository the hooks map to a project, and a way to read back what stayed live.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

COMPACT_SUMMARY = "This session is being continued from a previous conversation that ran out of context. Summary:\n"
"""The opening line Claude Code 2.1.x writes before a compaction summary (the ``isCompactSummary`` user record)."""


def claude_transcript(turns: list[list[str]], session: str, cwd: str) -> str:
    """A Claude Code session transcript (JSON lines, one record per turn) for ``turns``.

    ``turns`` is a list of ``[role, text]`` pairs; role ``user`` or ``assistant``, or ``summary`` for a compaction
    summary (a user record flagged ``isCompactSummary`` whose content opens with ``COMPACT_SUMMARY``). The record
    shape is Claude Code 2.1.14's (``sessionId``, ``cwd``, ``uuid``, ``message``); returns the file's text, one
    line per turn, each ending in a newline.
    """
    lines: list[str] = []
    for n, (role, text) in enumerate(turns):
        base = {"isSidechain": False, "sessionId": session, "cwd": cwd, "version": "2.1.14", "uuid": f"u{n}"}
        record: dict[str, Any]
        if role == "summary":
            message = {"role": "user", "content": COMPACT_SUMMARY + text}
            record = {"type": "user", "isCompactSummary": True, "message": message}
        elif role == "user":
            record = {"type": "user", "message": {"role": "user", "content": text}}
        else:
            content = [{"type": "text", "text": text}]
            record = {"type": "assistant", "message": {"role": "assistant", "model": "claude-x", "content": content}}
        lines.append(json.dumps({**base, **record}))
    return "".join(line + "\n" for line in lines)


def scratch_repo(repo: Path, remote: str, *, commit: bool = True) -> Path:
    """A new git repository at ``repo`` (created, parents included) whose ``origin`` is ``remote``.

    With ``commit`` it gets one empty commit, so it has a root commit (the identity the hooks fall back to).
    Returns ``repo``. Raises ``subprocess.CalledProcessError`` if git fails.
    """
    repo.mkdir(parents=True)
    git = ["git", "-C", str(repo), "-c", "user.email=a@b", "-c", "user.name=a"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "remote", "add", "origin", remote], check=True)
    if commit:
        subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "init"], check=True)
    return repo


def live_texts(service: Any, caller: Any, limit: int = 200) -> list[str]:
    """The preview text of every live (not superseded) memory ``caller`` can list: the personal store first, then
    each project store, at most ``limit`` per store, in ``list_context``'s order."""
    texts: list[str] = []
    for project in [None, *[p.id for p in service.projects(caller)]]:
        page = service.list_context(caller, limit, project, None)
        texts += [i.preview for i in page.items if not i.superseded_by]
    return texts
