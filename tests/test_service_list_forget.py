"""list_context and forget_context semantics of spec/TOOLS.md, at the service level."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import InvalidArgumentError


def test_list_is_newest_first_and_pages_with_a_cursor(service: MemoryService, alice: Caller) -> None:
    ids = [service.save_context(alice, f"note number {i}").id for i in range(7)]
    first = service.list_context(alice, 3)
    assert [i.id for i in first.items] == ids[::-1][:3] and first.next_cursor
    second = service.list_context(alice, 3, cursor=first.next_cursor)
    third = service.list_context(alice, 3, cursor=second.next_cursor)
    assert [i.id for i in second.items + third.items] == ids[::-1][3:]
    assert third.next_cursor is None


def test_list_item_title_preview_and_category(service: MemoryService, alice: Caller) -> None:
    long_line = "word " * 40
    service.save_context(alice, f"\n  First   line here\n{long_line}", memory_type="instruction")
    service.save_context(alice, long_line, topic="Style Guide", tags=["docs"])
    topic_item, plain_item = service.list_context(alice).items
    assert plain_item.title == "First line here"
    assert plain_item.preview.startswith("First line here word word") and len(plain_item.preview) == 200
    assert plain_item.category == "instruction"
    assert topic_item.category == "style-guide" and len(topic_item.title) <= 80 and topic_item.title.endswith("…")


def test_list_filters_by_memory_type(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "a fact")
    task = service.save_context(alice, "a task", memory_type="task")
    assert [i.id for i in service.list_context(alice, memory_types=["task"]).items] == [task.id]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": 201}, "limit"),
        ({"cursor": "garbage!"}, "cursor"),
        ({"include_superseded": "yes"}, "include_superseded"),
        ({"project": "nope"}, "project"),
    ],
)
def test_bad_list_argument_names_the_field(service: MemoryService, alice: Caller, kwargs: dict, field: str) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        service.list_context(alice, **kwargs)
    assert err.value.field == field


def test_forget_preview_changes_nothing(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Preview me\nsecond line", kind="fact")
    result = service.forget_context(alice, saved.id, confirm=False)
    assert not result.forgotten and result.preview is not None
    assert (result.preview.id, result.preview.title, result.preview.kind) == (saved.id, "Preview me", "fact")
    assert [i.id for i in service.list_context(alice).items] == [saved.id]


def test_forget_removes_it_from_every_read_and_allows_saving_again(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Forget this detail about zebras")
    assert service.forget_context(alice, saved.id).forgotten
    assert service.get_context(alice, "zebras").packs == []
    assert service.list_context(alice, include_superseded=True).items == []
    assert not service.forget_context(alice, saved.id).forgotten
    again = service.save_context(alice, "Forget this detail about zebras")
    assert not again.deduped and again.id != saved.id


def test_forget_finds_project_entries_and_ignores_other_users(
    service: MemoryService, alice: Caller, bob: Caller
) -> None:
    saved = service.save_context(alice, "Project detail", project="apollo")
    assert not service.forget_context(bob, saved.id).forgotten
    assert service.forget_context(bob, saved.id, confirm=False).preview is None
    assert service.forget_context(alice, saved.id).forgotten


def test_unknown_and_foreign_ids_look_the_same(service: MemoryService, alice: Caller, bob: Caller) -> None:
    foreign = service.save_context(alice, "Alice only").id
    assert service.forget_context(bob, foreign, confirm=False) == service.forget_context(
        bob, "ctx_doesnotexist", confirm=False
    )


@pytest.mark.sqlite_only  # reads SQLite files
def test_forget_leaves_no_trace_of_the_text_in_the_database_files(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    marker = "Quixotic-Marmalade-Xylophone-4711"
    cjk = "鲸鱼橘子酱"  # indexed as bigrams (鲸鱼 鱼橘 橘子 子酱 酱): every one must go too
    keep = [service.save_context(alice, f"ordinary memory {i} about daily work") for i in range(20)]
    secret = service.save_context(
        alice, f"My private note: {marker} is the codename, 代号{cjk}", tags=["privatetagzz", "秘密标签"]
    )
    service.get_context(alice, "codename")
    service.get_context(alice, cjk)
    assert service.forget_context(alice, secret.id).forgotten
    files = list((tmp_path / "home" / "stores").glob(f"{alice.principal.user_id}.db*"))
    assert files
    bigrams = [cjk[i : i + 2] for i in range(len(cjk) - 1)]
    for path in files:
        data = path.read_bytes()
        for needle in (marker, "Quixotic", "marmalad", "privatetagzz", "codenam", cjk, "秘密标签", *bigrams):
            assert needle.lower().encode() not in data.lower(), f"{needle!r} left in {path.name}"
    assert len(service.list_context(alice).items) == len(keep)


@pytest.mark.parametrize(
    ("kwargs", "field"), [({"id": ""}, "id"), ({"id": 5}, "id"), ({"id": "x", "confirm": "y"}, "confirm")]
)
def test_bad_forget_argument_names_the_field(service: MemoryService, alice: Caller, kwargs: dict, field: str) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        service.forget_context(alice, **kwargs)
    assert err.value.field == field


def test_a_forged_cursor_with_a_huge_number_is_a_clear_error(service: MemoryService, alice: Caller) -> None:
    import base64
    import json

    forged = base64.urlsafe_b64encode(json.dumps([10**23, "x"]).encode()).decode().rstrip("=")
    with pytest.raises(InvalidArgumentError) as err:
        service.list_context(alice, cursor=forged)
    assert err.value.field == "cursor"


@pytest.mark.parametrize("payload", [[1, "\ud800"], "[" * 3000])
def test_hostile_cursors_are_clear_errors(service: MemoryService, alice: Caller, payload: object) -> None:
    import base64
    import json

    raw = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
    forged = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    with pytest.raises(InvalidArgumentError) as err:
        service.list_context(alice, cursor=forged)
    assert err.value.field == "cursor"


def test_forgetting_an_old_version_never_makes_two_current(service: MemoryService, alice: Caller) -> None:
    first = service.save_context(alice, "Deploys run on Mondays", topic="deploy day")
    middle = service.save_context(alice, "Deploys run on Tuesdays", topic="deploy day")
    last = service.save_context(alice, "Deploys run on Thursdays", topic="deploy day")
    assert service.forget_context(alice, middle.id).forgotten  # an old version, not the current one
    items = service.list_context(alice, include_superseded=True).items
    current = [i.id for i in items if i.topic == "deploy-day" and i.superseded_by is None]
    assert current == [last.id]
    assert next(i for i in items if i.id == first.id).superseded_by == last.id  # history re-linked
    assert service.forget_context(alice, last.id).forgotten  # the head: the newest remaining one is current
    items = service.list_context(alice, include_superseded=True).items
    assert [i.id for i in items if i.superseded_by is None] == [first.id]
