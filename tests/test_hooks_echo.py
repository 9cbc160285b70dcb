"""What the store holds after the hooks run on a turn that pastes contextlamp's own output back, or holds a
secret beside a durable clause (issue #27 item 1, #28 item 4).

Each test prints real output with the installed ``contextlamp`` (its tables at a wide and a narrow terminal,
``--version``, ``save``), pastes it into user turns of a Claude Code transcript (quoted, fenced, indented, run
into a sentence) and runs ``contextlamp hook claude-code session-end`` as the client does, then reads the store
through the CLI (tests/test_hooks.py ``Scratch``).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.test_hooks import EXE, Scratch, saves_logged, wait_for
from tests.test_hooks_capture import ClaudeLines

PERSONAL = "The fraud scorer model is retrained every Sunday night."
FACT = "We use pnpm in this repository, never npm."


@pytest.fixture
def scratch(tmp_path: Path) -> Scratch:
    return Scratch(tmp_path)


def _printed(scratch: Scratch, *args: str, columns: int = 200) -> str:
    env = {**scratch.env, "COLUMNS": str(columns)}
    done = subprocess.run([EXE, *args], capture_output=True, text=True, env=env, check=True, timeout=120)
    return done.stdout.rstrip("\n")


def _end(scratch: Scratch) -> None:
    done, _ = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", reason="other"))
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 1, "the detached save")
    assert "save failed" not in scratch.log(), scratch.log()


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" for line in text.splitlines())


def test_contextlamp_output_pasted_into_a_turn_is_never_captured(scratch: Scratch) -> None:
    saved = _printed(scratch, "save", PERSONAL)
    wide = _printed(scratch, "get", "when is the fraud scorer retrained", "-n", "1")
    narrow = _printed(scratch, "get", "when is the fraud scorer retrained", "-n", "1", columns=60)
    listing = _printed(scratch, "list", columns=60)
    version = _printed(scratch, "--version")
    assert "score: " in narrow and "┃" in wide and "title: " in listing  # both shapes of the tables are pasted
    lines = ClaudeLines()
    lines.user(f"here is what get printed:\n```\n{wide}\n```").assistant("That matches.")
    lines.user(f"and narrow:\n\n{_quoted(narrow)}\n\nand the list:\n{listing}").assistant("Same memory.")
    lines.user(f"I upgraded and it now prints {' '.join(version.split())} so we're fine. {saved}").assistant("ok")
    lines.user(FACT).assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    memories = scratch.project_memories()
    assert memories == [FACT], memories
    personal = [item["preview"] for item in scratch.cli("list", "--json")["items"]]
    assert personal == [PERSONAL]


def test_a_secret_beside_a_durable_clause_keeps_the_clause_without_the_secret(scratch: Scratch) -> None:
    token = "ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C"
    lines = ClaudeLines()
    lines.user(f"ok my github token is {token} and the build runs on node 22.").assistant("I won't store it.")
    lines.user("Home Wi-Fi network is Okafor-5G, the password is sunflower-Orbit-2291.").assistant("ok")
    lines.user("the staging wifi password is marigold tractor pelican, and staging is on 10.0.7.0/24").assistant("ok")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    memories = scratch.project_memories()
    assert any("node 22" in m for m in memories), memories
    assert any("Okafor-5G" in m for m in memories), memories
    assert any(m.startswith("Staging is on 10.0.7.0/24") for m in memories), memories  # no stray "And"
    blobs = [p.read_bytes() for p in scratch.data.rglob("*") if p.is_file()]
    for secret in (token, "sunflower-Orbit-2291", "marigold tractor pelican"):
        assert not any(secret.encode() in b for b in blobs), secret


def test_our_tool_results_notices_and_connect_notes_pasted_back_are_never_captured(scratch: Scratch) -> None:
    """get_context's result JSON (its fields from the MCP models), the session start's systemMessage, the stop
    hook's request and connect's lines (research/notes/breaker-stop39.md section 3), each from printed.py."""
    import json

    from contextlamp import printed

    pack = {"id": "ctx_" + "a" * 26, "text": "The atlas tiler writes tiles to /srv/tiles/v3.", "kind": "fact"}
    result = json.dumps({"packs": [{**pack, "memory_type": "fact", "score": 0.9, "scope": "personal"}]})
    kept = printed.KEPT_NOTICE.format(total=3, noun="memories", day="2026-12-01", left="", shown="")
    added = printed.ADDED_NOTICE.format(count=6, noun="memories")
    home_note = printed.NOTE.format(note=printed.HOME_NOTE.format(path="/home/ada/.local/share/contextlamp"))
    lines = ClaudeLines()
    lines.user(f"the tool returned {result}").assistant("Yes.")
    lines.user(f"pretty:\n```json\n{json.dumps(json.loads(result), indent=2)}\n```\nis that current?").assistant("Yes.")
    lines.user(f"on start it said {kept}{printed.NOTICE_JOIN}{added}, nice").assistant("ok")
    lines.user(f"{printed.CONNECTED.format(name='Claude Code', state='connected')}\n{home_note}").assistant("ok")
    lines.user(printed.DIGEST_REQUEST.format(cues="rule")).assistant("ok")
    lines.user(FACT).assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    assert scratch.project_memories() == [FACT]


def test_a_restatement_behind_a_lead_in_is_no_new_memory(scratch: Scratch) -> None:
    """ "Per your notes: <A>, and we always <B>" restates two live memories: a dedupe, whatever the lead-in
    (breaker-stop39 section 6); the new clause beside it is kept."""
    first = "The checkout calls the payments API with a 12 second timeout."
    lines = ClaudeLines()
    lines.user(first).assistant("Noted.")
    lines.user(FACT).assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    assert sorted(scratch.project_memories()) == sorted([first, FACT])
    lines.user(
        "Per your notes: checkout calls the payments API with a 12 second timeout, and we use pnpm in this "
        "repository, never npm."
    ).assistant("Right.")
    lines.user("As I said, the refunds worker uses a 30 second timeout.").assistant("ok")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    done, _ = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", reason="other"))
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 2, "the second detached save")
    memories = scratch.project_memories()
    assert not any("your notes" in m.casefold() for m in memories), memories
    assert len(memories) == 3 and any("30 second timeout" in m for m in memories), memories
