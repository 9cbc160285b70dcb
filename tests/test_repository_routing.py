"""The right store without being told (issue #27.3): a repository's identity cannot collide, mappings made by an
older version are adopted, and a local server started in a repository reads and saves that repository's project."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import CallToolResult, Implementation

from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef
from contextlamp.hooks.repo import find_repository, normalised_remote
from tests.test_hooks import wait_for

EXE = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")


def _git(folder: Path, remote: str | None) -> Path:
    (folder / ".git").mkdir(parents=True)
    config = "[core]\n\tbare = false\n"
    if remote is not None:
        config += f'[remote "origin"]\n\turl = {remote}\n'
    (folder / ".git" / "config").write_text(config, encoding="utf-8")
    return folder


# -- identity ------------------------------------------------------------------------------------------------


def test_one_repository_has_one_identity_whatever_the_remote_url_form(tmp_path: Path) -> None:
    forms = [
        "git@github.com:Acme/Payroll.git",
        "https://github.com/acme/payroll",
        "https://github.com/acme/payroll.git/",
        "ssh://git@github.com:22/acme/payroll.git",
        "https://x-access-token:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/acme/payroll.git",
        "git://GitHub.com/acme//payroll",
    ]
    assert {normalised_remote(url, tmp_path) for url in forms} == {"git:github.com/acme/payroll"}
    assert normalised_remote("git@github.com:attacker/payroll.git", tmp_path) == "git:github.com/attacker/payroll"
    assert normalised_remote("git@gitlab.com:acme/payroll.git", tmp_path) == "git:gitlab.com/acme/payroll"
    assert normalised_remote("/srv/git/tools.git", tmp_path) == "file:/srv/git/tools"
    assert normalised_remote("file:///srv/git/tools.git", tmp_path) == "file:/srv/git/tools"
    assert normalised_remote("../tools", tmp_path / "repo") == f"file:{tmp_path / 'tools'}"
    assert normalised_remote("", tmp_path) is None


def test_a_repository_is_known_by_its_full_remote_or_its_path_never_its_name(tmp_path: Path) -> None:
    mine = find_repository(_git(tmp_path / "work" / "payroll", "git@github.com:me/payroll.git"))
    theirs = find_repository(_git(tmp_path / "tmp" / "payroll", "https://github.com/attacker/payroll"))
    local = find_repository(_git(tmp_path / "play" / "payroll", None))
    assert mine is not None and theirs is not None and local is not None
    assert mine.name == theirs.name == local.name == "payroll"  # one name ...
    assert mine.identity == "git:github.com/me/payroll" and theirs.identity == "git:github.com/attacker/payroll"
    assert local.identity == f"path:{(tmp_path / 'play' / 'payroll').resolve()}"  # ... three repositories
    assert theirs.ref().owner == "attacker" and local.ref().owner is None


# -- the mapping ---------------------------------------------------------------------------------------------


def _ref(identity: str, root: str, name: str = "payroll", owner: str | None = None) -> RepositoryRef:
    return RepositoryRef(identity=identity, root=root, name=name, owner=owner)


def test_a_clone_of_another_owners_repository_never_joins_the_users_project(service: MemoryService) -> None:
    caller = Caller(service.principal("ana"), "claude-code")
    mine = service.project_for_repository(caller, _ref("git:github.com/me/payroll", "/src/payroll", owner="me"))
    assert mine.slug == "payroll"
    again = service.project_for_repository(caller, _ref("git:github.com/me/payroll", "/tmp/other-clone", owner="me"))
    assert again.id == mine.id  # another clone of the same repository: the same project
    theirs = service.project_for_repository(
        caller, _ref("git:github.com/attacker/payroll", "/tmp/payroll", owner="attacker")
    )
    assert theirs.id != mine.id and theirs.slug == "attacker-payroll"
    local = service.project_for_repository(caller, _ref("path:/play/payroll", "/play/payroll"))
    assert local.id not in (mine.id, theirs.id) and local.slug == "payroll-2"


def test_a_project_saved_to_by_name_is_not_joined_by_a_repository_of_that_name(service: MemoryService) -> None:
    caller = Caller(service.principal("ana"), "cli")
    service.save_context(caller, "Payroll runs on the 25th", project="payroll")
    found = service.project_for_repository(caller, _ref("git:github.com/attacker/payroll", "/tmp/p", owner="attacker"))
    assert found.slug == "attacker-payroll"
    assert (
        service.get_context(
            Caller(
                caller.principal, "cli", repository=_ref("git:github.com/attacker/payroll", "/tmp/p", owner="attacker")
            ),
            "when does payroll run?",
        ).packs
        == []
    )


@pytest.mark.both_backends
def test_a_folder_mapping_of_an_older_version_is_adopted_once(service: MemoryService) -> None:
    caller = Caller(service.principal("ana"), "claude-code")
    control = service.registry.control
    old = control.create_project(caller.principal.user_id, "web-app", 1)
    control.map_path(caller.principal.user_id, "/src/web-app", old.id, 2)  # what issue #15.4's hooks recorded
    repo = _ref("git:github.com/acme/web-app", "/src/web-app", name="web-app", owner="acme")
    assert service.project_for_repository(caller, repo).id == old.id  # adopted: the memories stay where they were
    assert control.repository_identities(old.id) == ["git:github.com/acme/web-app"]
    # the same folder later holding another repository: that project already has its identity, so not adopted
    other = _ref("git:github.com/attacker/web-app", "/src/web-app", name="web-app", owner="attacker")
    moved = service.project_for_repository(caller, other)
    assert moved.id != old.id and moved.slug == "attacker-web-app"
    assert service.project_paths(caller) == {moved.id: ["/src/web-app"]}  # the folder now shows its new project


def test_reads_without_a_project_fuse_the_repositorys_project_and_saves_go_there(service: MemoryService) -> None:
    principal = service.principal("ana")
    repo = _ref("git:github.com/acme/web-app", "/src/web-app", name="web-app", owner="acme")
    hook = Caller(principal, "claude-code")
    project = service.project_for_repository(hook, repo)  # a hook's session in the repository
    captured = service.save_context(hook, "The web-app deploys with blue-green releases", project=project.id)
    personal = service.save_context(hook, "I prefer short answers")
    local = Caller(principal, "codex", repository=repo)
    packs = service.get_context(local, "how does web-app deploy releases").packs
    assert [p.id for p in packs][:1] == [captured.id] and packs[0].scope == f"project:{project.id}"
    listed = {i.id for i in service.list_context(local).items}
    assert {captured.id, personal.id} <= listed
    saved = service.save_context(local, "The web-app staging URL is staging.web-app.example")
    assert saved.scope == f"project:{project.id}"
    again = service.save_context(local, "The web-app deploys with blue-green releases")  # the agent restates it
    assert (again.id, again.deduped) == (captured.id, True)  # one memory, not a personal copy of the captured one
    session = service.save_session(local, "Decision: the web-app releases on Tuesdays.")
    assert session.scope == f"project:{project.id}" and session.saved == 1
    assert saved.id in {i.id for i in service.list_context(hook, project=project.id).items}
    elsewhere = Caller(principal, "codex")  # outside the repository: personal only, as before
    assert captured.id not in {i.id for i in service.list_context(elsewhere).items}
    assert service.save_context(elsewhere, "Lunch is at noon").scope is None
    named = service.save_context(local, "A personal note", project=project.slug)
    assert named.scope is None  # a named project is the caller's choice: nothing to report


# -- end to end: a stdio server started in the repository ---------------------------------------------------------


def _data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


@pytest.mark.model
def test_a_server_started_in_a_repository_finds_what_the_hooks_saved_there_without_a_project(tmp_path: Path) -> None:
    home = tmp_path / "home"
    repo = _git(tmp_path / "src" / "web-app", "git@github.com:acme/web-app.git")
    (repo / "pkg").mkdir()
    env = {"CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_USER": "tester", "HOME": str(tmp_path)}
    start = subprocess.run(
        [EXE, "hook", "claude-code", "session-start"],
        input=json.dumps({"session_id": "s1", "hook_event_name": "SessionStart", "cwd": str(repo)}),
        capture_output=True,
        text=True,
        env=env,
        cwd=repo,
        timeout=120,
    )
    assert start.returncode == 0, start.stderr

    def listed() -> list[dict[str, Any]]:
        out = subprocess.run([EXE, "projects", "--json"], capture_output=True, text=True, env=env, check=True).stdout
        return json.loads(out)["projects"]

    # the session start records the repository's project; on a machine too loaded for its 5 s deadline its
    # detached worker does, moments later (tests/test_hooks_start.py)
    wait_for(lambda: len(listed()) == 1, "the repository's project")
    (project,) = listed()
    subprocess.run(  # what the hooks capture in the repository goes to its project
        [EXE, "save", "The web-app deploys with blue-green releases behind the load balancer", "--project", "web-app"],
        capture_output=True,
        env=env,
        check=True,
        timeout=120,
    )

    async def ask(cwd: Path) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        params = StdioServerParameters(command=EXE, args=["serve"], env=env, cwd=cwd)
        async with Client(params, client_info=Implementation(name="Codex", version="1"), read_timeout_seconds=120) as c:
            got = _data(await c.call_tool("get_context", {"query": "how is web-app deployed?"}))
            listed = _data(await c.call_tool("list_context", {}))
            saved = _data(await c.call_tool("save_context", {"content": "Staging is at staging.web-app.example"}))
            return got, listed, saved

    async def main() -> tuple[Any, Any]:
        with anyio.fail_after(240):
            return await ask(repo / "pkg"), await ask(tmp_path)

    (got, listed, saved), (elsewhere, elsewhere_listed, elsewhere_saved) = anyio.run(main)
    assert got["packs"] and "blue-green" in got["packs"][0]["text"]
    assert got["packs"][0]["scope"] == f"project:{project['id']}"
    assert any("blue-green" in i["preview"] for i in listed["items"])
    assert saved["scope"] == f"project:{project['id']}"
    assert all("blue-green" not in p["text"] for p in elsewhere["packs"])  # outside it: personal only
    assert not any("blue-green" in i["preview"] for i in elsewhere_listed["items"])
    assert "scope" not in elsewhere_saved
