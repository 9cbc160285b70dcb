"""The stop hook's command line without click (#27, research/notes/hookcpu48-stop46.md): the console script runs a
hook's plain line (``cli/main.py``, ``cli/hook_entry.plain_hook_args``) with the same arguments click gives the
``hook`` command, and leaves every other line to click; a stop hook loads neither click nor the other commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.cli import hook as hook_module
from contextlamp.cli.hook_entry import plain_hook_args

LINES = [
    ["claude-code", "stop"],
    ["claude-code", "stop", "--home", "/tmp/x y", "--user", "ana"],
    ["gemini-cli", "session-start", "--home=/srv/data", "--user=bo"],
    ["--home", "/d", "codex", "stop"],
    ["codex", "--user", "u", "notify", '{"type": "agent-turn-complete", "thread-id": "t=1"}'],
    ["codex", "notify", '{"a": 1}', "--home", ""],
    ["cursor"],
    [],
    ["claude-code", "stop", "--home=", "--user", "x=y"],
    ["claude-code", "pre-compact", "--user", "ünï", "--home", "~/data"],
]
# lines click parses and the plain path leaves to it: help, unknown or repeated options, a fourth word, an option
# without a value or with one that looks like an option
LEFT_TO_CLICK = [
    ["--help"],
    ["claude-code", "stop", "--verbose"],
    ["claude-code", "stop", "--home", "/a", "--home", "/b"],
    ["a", "b", "c", "d"],
    ["claude-code", "stop", "--home"],
    ["claude-code", "stop", "--home", "-x"],
    ["claude-code", "-", "stop"],
    ["--", "claude-code", "stop"],
]


def _click_args(monkeypatch: pytest.MonkeyPatch, line: list[str]) -> tuple[object, ...]:
    seen: list[tuple[object, ...]] = []
    monkeypatch.setattr(hook_module, "run_hook_command", lambda *args: seen.append(args))  # pyright: ignore[reportUnknownLambdaType,reportUnknownArgumentType]
    result = CliRunner().invoke(hook_module.hook, line)
    assert result.exit_code == 0, result.output
    return seen[0]


@pytest.mark.parametrize("line", LINES)
def test_a_plain_hook_line_gets_the_arguments_click_gives_the_command(
    monkeypatch: pytest.MonkeyPatch, line: list[str]
) -> None:
    plain = plain_hook_args(line)
    assert plain is not None
    assert plain == _click_args(monkeypatch, line)


@pytest.mark.parametrize("line", LEFT_TO_CLICK)
def test_any_other_hook_line_is_left_to_click(line: list[str]) -> None:
    assert plain_hook_args(line) is None


def _line(role: str, text: str) -> str:
    content: object = text if role == "user" else [{"type": "text", "text": text}]
    return json.dumps({"type": role, "message": {"role": role, "content": content}}) + "\n"


def test_the_stop_hook_answers_without_loading_click_or_the_other_commands(tmp_path: Path) -> None:
    transcript = tmp_path / "session.jsonl"
    fact = "The invoice exporter writes its CSV files to /srv/exports/invoices every night."
    transcript.write_text(_line("user", fact) + _line("assistant", "Noted."), encoding="utf-8")
    heavy = ("click", "rich", "pydantic", "contextlamp.cli.commands", "contextlamp.cli.common", "contextlamp.app")
    probe = (
        "import os, sys\nreal = os._exit\n"
        f"def leave(code):\n    print(sorted(m for m in {heavy!r} if m in sys.modules))\n"
        "    sys.stdout.flush()\n    real(code)\n"
        "os._exit = leave\n"
        f"sys.argv = ['contextlamp', 'hook', 'claude-code', 'stop', '--home', {str(tmp_path / 'data')!r}]\n"
        "from contextlamp.cli.main import main\nmain()\n"
    )
    payload = json.dumps({"session_id": "s48", "transcript_path": str(transcript), "stop_hook_active": False})
    done = subprocess.run(
        [sys.executable, "-c", probe], input=payload, capture_output=True, text=True, check=True, timeout=120
    )
    answer, loaded = done.stdout.strip().split("\n")
    assert json.loads(answer)["decision"] == "block"  # the fact asks for the agent's digest, as before
    assert loaded == "[]"
