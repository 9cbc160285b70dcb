"""Held-out routing scenarios, round 2 (issue #27.3, engineer `route2`, breaker stop 39 sections 8-10): written
and committed before any product change, read only at the end. Other instances of each class than the breaker's:

- a home folder under git (no remote, a repository above home, home through a symlink, a server started in ~)
  claims nothing, while a real repository inside it keeps its project;
- a project made outside a repository and shadowed by the repository's own is named to the user at the save and
  at the session start;
- one repository is one identity across its forge's documented URL forms (Azure DevOps' visualstudio.com and
  short forms, GitHub's and GitLab's SSH over port 443, AWS CodeCommit's git-remote-codecommit form, default
  ports), two forges on one host (ports) are two;
- VS Code Insiders' MCP saves carry the surface ``connect`` names (``vscode``).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from contextlamp.hooks.repo import normalised_remote
from tests.test_routing_heldout import EXE, World, _git


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


def _scope(world: World, cwd: Path, text: str) -> str | None:
    return world.cli_json(cwd, "save", text).get("scope")


def test_a_home_under_git_without_remote_claims_no_save(world: World) -> None:
    _git(world.home, None)
    (world.home / "projects" / "scratch").mkdir(parents=True)
    assert _scope(world, world.home / "projects" / "scratch", "I like tabs of width four.") is None


def test_a_repository_above_home_claims_no_save(world: World) -> None:
    _git(world.root, "git@github.com:dana/machine.git")
    (world.home / "docs").mkdir()
    assert _scope(world, world.home / "docs", "My shell is fish.") is None


def test_home_through_a_symlink_under_git_claims_no_save(world: World) -> None:
    _git(world.home, "https://gitlab.com/dana/dots.git")
    link = world.root / "linked-home"
    link.symlink_to(world.home)
    world.env["HOME"] = str(link)
    (world.home / "notes").mkdir()
    assert _scope(world, link / "notes", "I review pull requests in the morning.") is None


def test_a_repository_inside_a_dotfiles_home_keeps_its_project(world: World) -> None:
    _git(world.home, "git@github.com:dana/dotfiles.git")
    api = _git(world.home / "src" / "api", "git@gitlab.com:acme/api.git")
    scope = _scope(world, api / ".", "The api deploys from main.")
    assert scope is not None and scope.startswith("project:")
    assert [p["slug"] for p in world.projects()] == ["api"]


def test_a_server_started_in_a_dotfiles_home_saves_personal(world: World) -> None:
    _git(world.home, "git@github.com:dana/dotfiles.git")
    out = world.serve(world.home, [("save_context", {"content": "I prefer short commit messages."})])
    assert "scope" not in out[0] or out[0]["scope"] in (None, "personal")
    assert world.projects() == []


def test_a_shadowed_project_is_named_at_the_save_and_the_session_start(world: World) -> None:
    done = world.cli(world.plain, "save", "Ledger exports go to the finance share.", "--project", "ledger")
    assert done.returncode == 0, done.stderr
    repo = _git(world.root / "work" / "ledger", "https://github.com/acme/ledger.git")
    saved = world.cli(repo, "save", "The ledger builds with make.")
    assert saved.returncode == 0, saved.stderr
    assert "--project ledger" in saved.stderr, saved.stderr
    hook = json.dumps(
        {"session_id": "h1", "transcript_path": "/dev/null", "cwd": str(repo), "hook_event_name": "SessionStart"}
    )
    started = subprocess.run(
        [EXE, "hook", "claude-code", "session-start"],
        input=hook,
        capture_output=True,
        text=True,
        env=world.env,
        cwd=repo,
        timeout=120,
    )
    assert started.returncode == 0, started.stderr
    assert "--project ledger" in started.stdout, started.stdout


SAME = [
    (
        "https://dev.azure.com/fabrikam/Web/_git/Portal",
        "https://fabrikam.visualstudio.com/DefaultCollection/Web/_git/Portal",
    ),
    ("https://dev.azure.com/fabrikam/Web/_git/Portal", "https://fabrikam.visualstudio.com/Web/_git/Portal"),
    ("https://dev.azure.com/fabrikam/Web/_git/Portal", "ssh://git@ssh.dev.azure.com/v3/fabrikam/Web/Portal"),
    ("https://dev.azure.com/fabrikam/Portal/_git/Portal", "https://dev.azure.com/fabrikam/_git/Portal"),
    ("git@github.com:acme/api.git", "ssh://git@ssh.github.com:443/acme/api.git"),
    ("https://gitlab.com/grp/sub/api", "ssh://git@altssh.gitlab.com:443/grp/sub/api.git"),
    ("https://git-codecommit.us-east-1.amazonaws.com/v1/repos/api", "codecommit::us-east-1://api"),
    ("https://forge.lan:443/acme/api", "ssh://git@forge.lan:22/acme/api.git"),
]
APART = [
    ("https://forge.lan:3000/acme/api", "https://forge.lan:8080/acme/api"),
    ("https://dev.azure.com/fabrikam/Web/_git/Portal", "https://dev.azure.com/fabrikam/Mobile/_git/Portal"),
]


@pytest.mark.parametrize(("one", "other"), SAME)
def test_one_repository_one_identity_across_forge_forms(one: str, other: str, tmp_path: Path) -> None:
    assert normalised_remote(one, tmp_path) == normalised_remote(other, tmp_path)


@pytest.mark.parametrize(("one", "other"), APART)
def test_two_repositories_two_identities(one: str, other: str, tmp_path: Path) -> None:
    assert normalised_remote(one, tmp_path) != normalised_remote(other, tmp_path)


def test_azure_clones_over_https_and_ssh_share_one_project(world: World) -> None:
    a = _git(world.root / "a" / "Portal", "https://fabrikam@dev.azure.com/fabrikam/Web/_git/Portal")
    b = _git(world.root / "b" / "Portal", "fabrikam@vs-ssh.visualstudio.com:v3/fabrikam/Web/Portal")
    assert _scope(world, a, "Portal builds with dotnet 9.") == _scope(world, b, "Portal deploys on Fridays.")
    assert len(world.projects()) == 1


def test_vs_code_insiders_saves_as_vscode(world: World) -> None:
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp_types import Implementation

    async def main() -> None:
        params = StdioServerParameters(command=EXE, args=["serve"], env=world.env, cwd=world.plain)
        info = Implementation(name="Visual Studio Code - Insiders", version="1.107.0-insider")
        async with Client(params, client_info=info, read_timeout_seconds=120) as client:
            result = await client.call_tool("save_context", {"content": "I keep my notes in Obsidian."})
            assert not result.is_error, result.content

    anyio.run(main)
    listed = world.cli_json(world.plain, "list")  # ``list`` has no surface column: ``show`` has
    surfaces = {world.cli_json(world.plain, "show", e["id"])["source_surface"] for e in listed["items"]}
    assert surfaces == {"vscode"}, surfaces
