"""A home folder under git claims nothing (issue #27.3, breaker stop 39 section 8; docs/routing.md, "The home
folder"): with ``~`` a dotfiles repository, saves from a folder under ``~`` that no other repository holds are
personal, from the CLI and from a server started in ``~``; a repository inside ``~`` keeps its own project."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_routing_heldout import World, _git


@pytest.fixture
def world(tmp_path: Path) -> World:
    w = World(tmp_path)
    _git(w.home, "git@github.com:dana/dotfiles.git")
    return w


def test_a_save_under_a_dotfiles_home_is_personal(world: World) -> None:
    (world.home / "notes").mkdir()
    saved = world.cli(world.home / "notes", "save", "I prefer dark mode in every editor.")
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout.startswith("Saved: "), saved.stdout  # not "Saved to project dotfiles"
    assert world.projects() == []


def test_a_repository_inside_a_dotfiles_home_keeps_its_project(world: World) -> None:
    payroll = _git(world.home / "code" / "payroll", "git@github.com:acme/payroll.git")
    saved = world.cli_json(payroll, "save", "The payroll exporter retries 3 times.")
    assert str(saved.get("scope", "")).startswith("project:")
    assert [p["slug"] for p in world.projects()] == ["payroll"]


def test_a_server_started_in_a_dotfiles_home_saves_personal(world: World) -> None:
    out = world.serve(world.home, [("save_context", {"content": "I review pull requests before lunch."})])
    assert out[0].get("scope") in (None, "personal"), out[0]
    assert world.projects() == []
