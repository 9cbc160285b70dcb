"""A paste larger than one save can read costs nothing said beside it (breaker stop 40 finding 10): a turn over the
transcript limit keeps its head and its tail (``judge.bounded``), so the fact typed after (or before) a huge paste
is still judged. Through the real hook command line, the limit set low so the paste is small."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.hooks.judge import bounded
from tests.test_hooks import SESSION, Scratch, saves_logged, wait_for

LIMIT = 64 * 1024  # CONTEXTLAMP_MAX_TRANSCRIPT_BYTES in this test: the paste is 16 times that
PASTE = "x " * (8 * LIMIT)
BEFORE = "We deploy the billing worker with Nomad in every region."
AFTER = "The ledger API listens on port 7311 in staging."


@pytest.mark.parametrize("order", ["fact after the paste", "facts on both sides"])
def test_a_huge_paste_loses_no_fact_beside_it(tmp_path: Path, order: str) -> None:
    scratch = Scratch(tmp_path)
    said = [PASTE, AFTER] if order == "fact after the paste" else [BEFORE, PASTE, AFTER]
    lines = [
        {"sessionId": SESSION, "uuid": f"u{n}", "cwd": str(scratch.repo), "type": "user",
         "message": {"role": "user", "content": text}}
        for n, text in enumerate(said)
    ]  # fmt: skip
    lines.append(
        {"sessionId": SESSION, "uuid": "a", "cwd": str(scratch.repo), "type": "assistant",
         "message": {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}}
    )  # fmt: skip
    scratch.transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    scratch.hook(
        "claude-code", "session-end", scratch.stdin("SessionEnd"), {"CONTEXTLAMP_MAX_TRANSCRIPT_BYTES": str(LIMIT)}
    )
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")

    memories = scratch.project_memories()
    assert any("7311" in m for m in memories)
    if order == "facts on both sides":
        assert any("Nomad" in m for m in memories)


def test_bounded_keeps_head_and_tail() -> None:
    assert bounded("short", 10) == "short"
    cut = bounded("a" * 50 + "b" * 50, 22)
    assert cut == "a" * 10 + "\n\n" + "b" * 10 and len(cut) == 22
