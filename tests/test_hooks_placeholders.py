"""A client's placeholder for pasted or attached material is never memory text (issue #27.1; breaker stop 40
finding 7): a turn that is a placeholder plus a remark is judged by its remark alone, through the real hook command
line with Claude Code's transcript (the placeholder shapes of Claude Code, Codex and Gemini CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.distill.native_base import clean_text
from tests.test_hooks import SESSION, Scratch, saves_logged, wait_for

FACT = "The ledger API listens on port 7311 in staging."
TURNS = (
    "[Image #1] this is the dashboard after the deploy",  # a remark about the image: no memory
    "[Pasted text #2 +42 lines] see above, the deploy failed again",
    "[Image #3] The billing worker writes its audit log to the audit-trail bucket.",  # a memory without it
    "We pin Terraform to 1.9 in every module. [Pasted Content 912 chars]",
    FACT,
)


def _transcript(turns: tuple[str, ...], folder: Path) -> str:
    lines = []
    for n, text in enumerate(turns):
        base = {"sessionId": SESSION, "cwd": str(folder), "timestamp": f"2026-12-06T10:00:{n:02d}.000Z"}
        lines.append({**base, "uuid": f"u{n}", "type": "user", "message": {"role": "user", "content": text}})
        answer = {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}
        lines.append({**base, "uuid": f"a{n}", "type": "assistant", "message": answer})
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_placeholders_are_never_stored_and_a_bare_remark_is_no_memory(tmp_path: Path) -> None:
    scratch = Scratch(tmp_path)
    scratch.transcript.write_text(_transcript(TURNS, scratch.repo), encoding="utf-8")
    scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd"))
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")

    memories = scratch.project_memories()
    assert not [m for m in memories if "[image" in m.lower() or "[pasted" in m.lower()]
    assert not [m for m in memories if "dashboard after the deploy" in m or "failed again" in m]
    assert any(m.startswith("The billing worker writes its audit log") for m in memories)
    assert any(m.startswith("We pin Terraform to 1.9") for m in memories)
    assert any("7311" in m for m in memories)


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("[Image #12] here", "here"),
        ("[Image] here", "here"),
        ("[Image #1] [Image #2] both", "both"),
        ("[...Truncated text #4 +300 lines...] tail", "tail"),
        ("[Pasted Text: 57 lines #3] gemini", "gemini"),
        ("[Pasted Content 2048 chars] codex", "codex"),
        ("click [File] > [Save] to export", "click [File] > [Save] to export"),  # prose in brackets stays
        ("see ![image](shot.png) and [Issue #42]", "see ![image](shot.png) and [Issue #42]"),
    ],
)
def test_only_a_clients_placeholder_is_removed(text: str, left: str) -> None:
    assert clean_text(text) == left
