"""One repository, one identity across its forge's documented URL forms; two forges on one host, two (issue
#27.3, breaker stop 39 section 10; hooks/forges.py). Identities stored by an older version keep their project."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.hooks.repo import find_repository, normalised_remote


def _git(folder: Path, remote: str) -> Path:
    (folder / ".git").mkdir(parents=True)
    (folder / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {remote}\n', encoding="utf-8")
    return folder


AZURE = [
    "https://dev.azure.com/org/proj/_git/payroll",
    "https://org@dev.azure.com/org/proj/_git/payroll",
    "git@ssh.dev.azure.com:v3/org/proj/payroll",
    "org@vs-ssh.visualstudio.com:v3/org/proj/payroll",
    "https://org.visualstudio.com/proj/_git/payroll",
    "https://org.visualstudio.com/DefaultCollection/proj/_git/payroll",
    "https://dev.azure.com/org/proj/_git/_optimized/payroll",
]


def test_an_azure_devops_repository_is_one_identity_over_https_and_ssh(tmp_path: Path) -> None:
    assert {normalised_remote(url, tmp_path) for url in AZURE} == {"git:dev.azure.com/org/proj/payroll"}
    other = normalised_remote("https://dev.azure.com/org/other/_git/payroll", tmp_path)
    assert other == "git:dev.azure.com/org/other/payroll"  # another project's repository of the same name


def test_a_non_default_port_is_part_of_the_identity_a_default_one_is_not(tmp_path: Path) -> None:
    ssh = normalised_remote("ssh://git@git.example.com:2222/acme/payroll", tmp_path)
    https = normalised_remote("https://git.example.com:8443/acme/payroll", tmp_path)
    assert ssh == "git:git.example.com:2222/acme/payroll" and https == "git:git.example.com:8443/acme/payroll"
    plain = {
        normalised_remote(url, tmp_path)
        for url in (
            "git@git.example.com:acme/payroll.git",
            "ssh://git@git.example.com:22/acme/payroll.git",
            "https://git.example.com/acme/payroll",
            "https://git.example.com:443/acme/payroll",
            "http://git.example.com:80/acme/payroll",
        )
    }
    assert plain == {"git:git.example.com/acme/payroll"}  # an https/ssh pair of one forge stays one


@pytest.mark.parametrize(
    ("remote", "stored"),
    [
        ("org@vs-ssh.visualstudio.com:v3/org/proj/payroll", "git:vs-ssh.visualstudio.com/v3/org/proj/payroll"),
        ("https://dev.azure.com/org/proj/_git/payroll", "git:dev.azure.com/org/proj/_git/payroll"),
        ("ssh://git@git.example.com:2222/acme/payroll", "git:git.example.com/acme/payroll"),
    ],
)
def test_an_identity_stored_by_an_older_version_keeps_its_project(
    service: MemoryService, tmp_path: Path, remote: str, stored: str
) -> None:
    caller = Caller(service.principal("ana"), "claude-code")
    repository = find_repository(_git(tmp_path / "payroll", remote))
    assert repository is not None and repository.identity != stored and repository.former == (stored,)
    control = service.registry.control
    old = control.create_project(caller.principal.user_id, "payroll", 1)
    control.map_repository(caller.principal.user_id, stored, old.id, 1)  # as the older version left it
    assert service.project_for_repository(caller, repository.ref()).id == old.id
    mapped = control.project_for_repository(caller.principal.user_id, repository.identity)
    assert mapped is not None and mapped.id == old.id  # mapped under the current identity from now on
