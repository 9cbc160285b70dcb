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
