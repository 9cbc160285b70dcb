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


def test_a_save_over_the_cap_says_what_it_left_out_at_the_next_start(tmp_path: Path) -> None:
    """Breaker stop 40 finding 8: one save keeps at most ``rank.MAX_ITEMS`` statements; through the hooks nobody
    saw ``left_out``, so the next session start's message says it."""
    from contextlamp.distill.rank import MAX_ITEMS

    scratch = Scratch(tmp_path)
    words = ("amber", "basalt", "cedar", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper")
    facts = [
        f"The {words[i % 10]}-{i} service listens on port {4000 + i} and is owned by team {words[(i // 10) % 10]}."
        for i in range(MAX_ITEMS + 12)
    ]
    lines = []
    for n, fact in enumerate(facts):
        base = {"sessionId": SESSION, "cwd": str(scratch.repo)}
        lines.append({**base, "uuid": f"u{n}", "type": "user", "message": {"role": "user", "content": fact}})
        answer = {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}
        lines.append({**base, "uuid": f"a{n}", "type": "assistant", "message": answer})
    scratch.transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd"))
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")

    kept = len(scratch.project_memories())
    done, _ = scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart", source="startup"))
    message = json.loads(done.stdout)["systemMessage"]
    assert kept == MAX_ITEMS
    assert f"contextlamp kept {kept} memories" in message
    assert f"12 more left out: one save keeps at most {MAX_ITEMS}" in message
