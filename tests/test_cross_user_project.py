"""A cross-user project-id read at service level (issue 29 point 14): another user's project id or slug, given
to any tool, reads nothing of it and writes nothing into it, with the same error as an id that does not exist
(no oracle telling that the project exists). Both backends: the ownership check is the store's query."""

from __future__ import annotations

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import InvalidArgumentError

pytestmark = pytest.mark.both_backends

PLAN = "The atlas launch moves to the second week of March"


def _message(call: object) -> tuple[str, str]:
    with pytest.raises(InvalidArgumentError) as caught:
        call()  # pyright: ignore[reportCallIssue]
    return caught.value.field, str(caught.value)


def test_another_users_project_id_reads_and_writes_nothing(service: MemoryService, alice: Caller, bob: Caller) -> None:
    saved = service.save_context(alice, PLAN, project="atlas")
    (project,) = service.projects(alice)
    missing = "prj_" + "0" * (len(project.id) - 4)
    for ref in (project.id, f"  {project.id} "):
        assert _message(lambda ref=ref: service.get_context(bob, "atlas launch", project=ref)) == _message(
            lambda: service.get_context(bob, "atlas launch", project=missing)
        )
        assert _message(lambda ref=ref: service.list_context(bob, project=ref)) == _message(
            lambda: service.list_context(bob, project=missing)
        )
        assert _message(lambda ref=ref: service.save_context(bob, "Bob writes here", project=ref)) == _message(
            lambda: service.save_context(bob, "Bob writes here", project=missing)
        )
    # the slug names bob's own project (created by his save), never alice's
    with pytest.raises(InvalidArgumentError):
        service.get_context(bob, "atlas launch", project="atlas")
    service.save_context(bob, "Bob's own atlas note", project="atlas")
    (bobs,) = service.projects(bob)
    assert bobs.id != project.id
    assert [p.text for p in service.get_context(bob, "atlas launch", project="atlas").packs] == ["Bob's own atlas note"]
    assert service.forget_context(bob, saved.id, confirm=False) == service.forget_context(
        bob, "ctx_doesnotexist", confirm=False
    )
    # alice's project is as she left it
    items = service.list_context(alice, project=project.id).items
    assert [i.id for i in items] == [saved.id]
    assert any(PLAN in p.text for p in service.get_context(alice, "atlas launch", project=project.id).packs)
