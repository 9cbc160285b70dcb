"""One home for a repository (breaker stop 38 finding 2, docs/routing.md): a project named after the repository
while in it, before any hook mapped it, becomes its project; a project another repository maps to is never joined
this way; a same-named project made elsewhere is reported by ``doctor``, never silently split nor joined."""

from __future__ import annotations

from typing import Any

from contextlamp.app.doctor import Doctor
from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef

PAYROLL = RepositoryRef(identity="git:github.com/acme/payroll", root="/src/payroll", name="payroll", owner="acme")
ATTACKER = RepositoryRef(identity="git:github.com/attacker/payroll", root="/tmp/payroll", name="payroll", owner="x")


def _doctor(service: MemoryService) -> Doctor:
    none: Any = None
    return Doctor(service.registry, service.embedder, service.entry_embedding, none)


def test_a_project_named_in_its_repository_before_any_hook_is_its_one_home(service: MemoryService) -> None:
    principal = service.principal("dana")
    here = Caller(principal, "cli", repository=PAYROLL)
    saved = service.save_context(here, "Payroll runs are approved by Marta.", project="payroll")
    hook = Caller(principal, "claude-code")
    home = service.project_for_repository(hook, PAYROLL)  # what the first session start then does
    assert [p.slug for p in service.projects(hook)] == ["payroll"] and home.slug == "payroll"
    packs = service.get_context(Caller(principal, "codex", repository=PAYROLL), "who approves payroll runs").packs
    assert [p.id for p in packs][:1] == [saved.id]
    assert _doctor(service).unread_projects() == []


def test_a_project_of_another_repository_is_never_joined_by_naming_it(service: MemoryService) -> None:
    principal = service.principal("dana")
    mine = service.project_for_repository(Caller(principal, "claude-code"), PAYROLL)
    theirs = Caller(principal, "cli", repository=ATTACKER)
    service.save_context(theirs, "An explicit note into my own project.", project="payroll")  # the user's choice
    assert service.repository_project_of(theirs) is None  # the clone is not mapped to the user's project
    assert service.project_for_repository(Caller(principal, "claude-code"), ATTACKER).id != mine.id


def test_a_same_named_project_made_elsewhere_is_reported_not_joined(service: MemoryService) -> None:
    principal = service.principal("dana")
    service.save_context(Caller(principal, "cli"), "Payroll is approved by Marta.", project="payroll")  # outside
    home = service.project_for_repository(Caller(principal, "claude-code"), PAYROLL)
    assert home.slug == "acme-payroll"  # not joined: the identity cannot be checked (a clone of attacker/payroll)
    (line,) = _doctor(service).unread_projects()
    assert "project payroll of dana" in line and "/src/payroll" in line and "acme-payroll" in line
