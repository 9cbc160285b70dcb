"""A project made outside a repository and shadowed by the repository's own is named to the user when it
matters (issue #27.3, breaker stop 39 section 9; docs/routing.md, "One home"): at a save in the repository and
at every session start there, on the service path and on the read-only one; never when nothing is shadowed."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.test_routing_heldout import EXE, World, _git


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


def _start(world: World, folder: Path) -> str:
    payload = {"session_id": "s1", "transcript_path": "/dev/null", "cwd": str(folder), "hook_event_name": "x"}
    done = subprocess.run(
        [EXE, "hook", "claude-code", "session-start"],
        input=json.dumps({**payload, "hook_event_name": "SessionStart", "source": "startup"}),
        capture_output=True,
        text=True,
        env=world.env,
        cwd=folder,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return str(json.loads(done.stdout or "{}").get("systemMessage", ""))


def test_the_shadowed_project_is_named_at_session_starts_and_saves(world: World) -> None:
    made = world.cli(world.plain, "save", "Payroll export rotation is owned by Marta.", "--project", "payroll")
    assert made.returncode == 0, made.stderr
    repo = _git(world.root / "code2" / "payroll", "git@github.com:acme/payroll.git")
    first = _start(world, repo)  # the service path: the repository's project is made here
    assert "project payroll is not read in this repository, whose project is acme-payroll" in first
    assert "--project payroll" in first
    again = _start(world, repo)  # the read-only path: everything is recorded now
    assert again == first
    saved = world.cli(repo, "save", "Payroll runs on the 25th.")
    assert saved.returncode == 0 and "Saved to project acme-payroll" in saved.stdout
    assert "project payroll is not read in this repository" in saved.stderr


def test_nothing_is_said_when_nothing_is_shadowed(world: World) -> None:
    repo = _git(world.root / "code" / "payroll", "git@github.com:acme/payroll.git")
    assert "not read" not in _start(world, repo)
    saved = world.cli(repo, "save", "Payroll runs on the 25th.")
    assert saved.returncode == 0 and saved.stderr == "", saved.stderr
    world.cli(world.plain, "save", "Billing is owned by Ines.", "--project", "billing")  # another name
    assert "not read" not in _start(world, repo)
