"""Corrections across the stores a read fuses (issue #27.3 / breaker stop 38 finding 6, docs/routing.md): a
correction the hooks capture in a repository's project retires the personal memory it corrects (history kept), so
the old value is served nowhere; a statement that only shares the subject leaves it live."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_hooks import EXE, Scratch, saves_logged, wait_for
from tests.test_hooks_capture import ClaudeLines


@pytest.fixture
def scratch(tmp_path: Path) -> Scratch:
    return Scratch(tmp_path)


def _cli(scratch: Scratch, cwd: Path, *args: str) -> Any:
    done = subprocess.run(
        [EXE, *args, "--json"], capture_output=True, text=True, env=scratch.env, cwd=cwd, timeout=120, check=True
    )
    return json.loads(done.stdout)


def _session(scratch: Scratch, said: str, n: int) -> None:
    scratch.transcript = scratch.transcript.with_name(f"s{n}.jsonl")
    scratch.transcript.write_text(ClaudeLines().user(said).assistant("Noted.").text(), encoding="utf-8")
    stdin = json.loads(scratch.stdin("SessionEnd", reason="other"))
    done, _ = scratch.hook("claude-code", "session-end", json.dumps({**stdin, "session_id": f"s{n}"}))
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= n, "the detached save")


@pytest.mark.parametrize(
    ("said", "retired"),
    [
        ("Correction: the payroll exporter runs nightly at 04:30 UTC now, not 02:00.", True),
        ("The payroll exporter writes its CSV files to exports/v2.", False),
    ],
)
def test_a_correction_in_the_repository_retires_the_personal_memory_it_corrects(
    scratch: Scratch, said: str, retired: bool
) -> None:
    outside = scratch.root / "elsewhere"
    outside.mkdir()
    old = _cli(scratch, outside, "save", "The payroll exporter runs nightly at 02:00 UTC.")
    _session(scratch, said, 1)
    history = _cli(scratch, outside, "list", "--all")["items"]
    (entry,) = [i for i in history if i["id"] == old["id"]]
    assert bool(entry.get("superseded_by")) is retired  # kept as history either way
    served = [p["text"] for p in _cli(scratch, outside, "get", "when does the payroll exporter run")["packs"]]
    assert ("The payroll exporter runs nightly at 02:00 UTC." in served) is not retired
    here = [p["text"] for p in _cli(scratch, scratch.repo, "get", "when does the payroll exporter run")["packs"]]
    assert ("The payroll exporter runs nightly at 02:00 UTC." in here) is not retired
