"""Issue #15's Done-when, end to end: ``contextlamp connect claude-code`` in a scratch HOME with no client
installed, then the hook command lines it wrote, run as Claude Code runs them (a shell, the client's own
environment, the JSON on stdin).

The data directory is not the default one, and the client's environment does not name it: the hooks must
save into (and read from) the store the MCP entry's ``env`` block names, because the command line connect
writes carries it.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

from tests.test_hooks import EXE, PART1, PART2, SECRET, Scratch, baseline_start, wait_for


def _installed(scratch: Scratch) -> tuple[dict[str, Any], dict[str, str]]:
    """The MCP entry connect wrote and its hook command per Claude Code event."""
    served = json.loads((scratch.home / ".claude.json").read_text(encoding="utf-8"))["mcpServers"]["contextlamp"]
    hooks = json.loads((scratch.home / ".claude" / "settings.json").read_text(encoding="utf-8"))["hooks"]
    commands = {event: groups[0]["hooks"][0]["command"] for event, groups in hooks.items()}
    return served, commands


def _run_as_the_client(
    command: str, stdin: str, scratch: Scratch, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """An installed hook command line run as Claude Code runs it: through a shell, the JSON on stdin."""
    return subprocess.run(
        command, shell=True, input=stdin, env=env, cwd=scratch.repo, capture_output=True, text=True, timeout=60
    )


def _memories_or_none(scratch: Scratch) -> list[str]:
    """The project's memories, or none while the detached save has not created the project yet."""
    try:
        return scratch.project_memories()
    except subprocess.CalledProcessError:
        return []


def test_connect_then_the_installed_hooks_fill_and_read_the_connected_store(tmp_path: Path) -> None:
    scratch = Scratch(tmp_path)
    connect_env = {**scratch.env, "CONTEXTLAMP_HOME": str(scratch.data), "CONTEXTLAMP_USER": "dana"}
    done = subprocess.run(
        [EXE, "connect", "claude-code", "--create-home"],
        env=connect_env,
        cwd=scratch.repo,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    served, commands = _installed(scratch)
    assert served["env"] == {"CONTEXTLAMP_HOME": str(scratch.data), "CONTEXTLAMP_USER": "dana"}
    assert set(commands) == {"SessionStart", "PreCompact", "SessionEnd", "Stop"}

    # the client's environment: no CONTEXTLAMP_HOME / _USER (a client runs hooks with its own environment)
    client_env = {k: v for k, v in scratch.env.items() if k not in ("CONTEXTLAMP_HOME", "CONTEXTLAMP_USER")}
    scratch.transcript.write_text(PART1 + PART2, encoding="utf-8")
    baseline = baseline_start(scratch)
    start = time.perf_counter()
    ended = _run_as_the_client(
        commands["SessionEnd"], scratch.stdin("SessionEnd", reason="prompt_input_exit"), scratch, client_env
    )
    elapsed = time.perf_counter() - start
    assert ended.returncode == 0, ended.stderr
    assert "systemMessage" in json.loads(ended.stdout)
    assert elapsed < max(5 * baseline, baseline + 0.5), (elapsed, baseline)

    # the detached save lands in the connected store (scratch.cli reads it through CONTEXTLAMP_HOME = data)
    wait_for(lambda: bool(_memories_or_none(scratch)), "the detached save into the connected store")
    memories = " ".join(scratch.project_memories()).lower()
    assert "pnpm" in memories and "integer cents" in memories
    for path in scratch.data.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    assert not (scratch.home / ".local" / "share" / "contextlamp").exists()  # nothing went to the default store

    began = _run_as_the_client(
        commands["SessionStart"], scratch.stdin("SessionStart", source="startup"), scratch, client_env
    )
    assert began.returncode == 0, began.stderr
    context = json.loads(began.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "pnpm" in context and "integer cents" in context and SECRET not in began.stdout
