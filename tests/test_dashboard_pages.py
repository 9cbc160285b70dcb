"""The dashboard's sessions, projects, teams, tokens, connected apps and overview pages, without a browser
(Starlette's TestClient over the real app), and the application reads behind them (``app/views.py``, the
scoped token revocation)."""

from __future__ import annotations

import datetime as dt

import pytest

from contextlamp.app.accounts import Accounts
from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.views import WEEK_MS, summarise, week_start
from contextlamp.domain.models import Entry
from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.text import new_id
from tests.conftest import Clock

MONDAY = int(dt.datetime(2026, 11, 30, tzinfo=dt.UTC).timestamp() * 1000)  # a Monday, 00:00 UTC


def _entry(created_at: int, memory_type: str = "fact", surface: str = "cursor") -> Entry:
    return Entry(
        id=new_id("ctx"),
        content="x",
        content_key=new_id("k"),
        memory_type=memory_type,  # type: ignore[arg-type]
        kind="fact",
        topic=None,
        tags=(),
        source_surface=surface,
        created_at=created_at,
        expires_at=None,
        superseded_by=None,
        superseded_at=None,
        reuse_count=0,
        last_used_surface=None,
        last_used_at=None,
    )


# -- the reads behind the pages ---------------------------------------------------------------------------


def test_weeks_start_on_monday_utc() -> None:
    assert week_start(MONDAY) == MONDAY
    assert week_start(MONDAY + 6 * 86_400_000 + 86_399_999) == MONDAY  # Sunday 23:59:59.999
    assert week_start(MONDAY - 1) == MONDAY - WEEK_MS  # Sunday before
    assert dt.datetime.fromtimestamp(week_start(1_790_000_000_000) / 1000, dt.UTC).weekday() == 0


def test_summarise_counts_types_surfaces_weeks_and_stores() -> None:
    now = MONDAY + 3 * 86_400_000  # Thursday of the current week
    entries = [
        ("", _entry(MONDAY + 1, "fact", "cursor")),  # this week
        ("", _entry(now + 5 * 86_400_000, "task", "cursor")),  # after now (a clock set back): this week
        ("prj_a", _entry(MONDAY - 1, "instruction", "claude-code")),  # last week (Sunday night)
        ("prj_a", _entry(MONDAY - 3 * WEEK_MS, "fact", "codex")),  # the first week of a 4-week chart
        ("", _entry(MONDAY - 4 * WEEK_MS, "fact", "cursor")),  # before the chart: totals only
    ]
    overview = summarise(entries, now, weeks=4)
    assert overview.total == 5
    assert overview.by_type == [("fact", 3), ("instruction", 1), ("task", 1)]  # largest first, ties by name
    assert overview.by_surface == [("cursor", 3), ("claude-code", 1), ("codex", 1)]
    assert overview.weeks == [
        (MONDAY - 3 * WEEK_MS, 1),
        (MONDAY - 2 * WEEK_MS, 0),
        (MONDAY - WEEK_MS, 1),
        (MONDAY, 2),
    ]
    assert overview.by_project == {"": 3, "prj_a": 2}
    with pytest.raises(ValueError, match="weeks"):
        summarise([], now, weeks=0)


def test_overview_counts_only_the_callers_current_memories(
    service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    service.save_context(alice, "We deploy with Argo CD", memory_type="fact")
    service.save_context(alice, "Always run the linters before pushing", memory_type="instruction")
    service.save_context(alice, "Theme is dark", topic="theme")
    service.save_context(alice, "Theme is light", topic="theme")  # supersedes the dark one: counted once
    service.save_context(alice, "The API uses gRPC", project="backend")
    service.save_context(bob, "Bob's own note", memory_type="fact")
    overview = service.overview(alice)
    assert overview.total == 4
    assert dict(overview.by_type) == {"fact": 3, "instruction": 1}
    assert overview.by_surface == [("claude-code", 4)]
    assert overview.weeks[-1] == (week_start(clock.now), 4)
    backend = next(p for p in service.projects(alice) if p.slug == "backend")
    assert overview.by_project == {"": 3, backend.id: 1}
    assert service.overview(bob).total == 1


def test_overview_reads_a_large_store_a_page_at_a_time(service: MemoryService, alice: Caller) -> None:
    for i in range(1203):  # more than two pages of views.PAGE
        service.save_context(alice, f"Note number {i} about topic {i * 7}")
    assert service.overview(alice).total == 1203


def test_corroborators_and_teams_are_scoped_to_members(
    service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    accounts = Accounts(service.registry, clock)
    accounts.create_team("platform", "Platform team", "alice")
    accounts.add_member("platform", "bob", "member")
    first = service.save_context(alice, "Staging runs PostgreSQL 16", team="platform")
    service.save_context(bob, "Staging runs PostgreSQL 16", team="platform")  # bob corroborates
    lone = service.save_context(alice, "The CI cache lives in S3", team="platform")
    assert service.corroborators(alice, "platform", [first.id, lone.id]) == {first.id: ["bob"]}
    assert [(t.slug, role) for t, role in service.teams(alice)] == [("platform", "admin")]
    assert [(t.slug, role) for t, role in service.teams(bob)] == [("platform", "member")]
    carol = Caller(service.principal("carol"), "cli")
    assert service.teams(carol) == []
    with pytest.raises(InvalidArgumentError, match="names none of your teams"):
        service.corroborators(carol, "platform", [first.id])


def test_revoking_another_users_token_is_not_found(service: MemoryService, alice: Caller, clock: Clock) -> None:
    accounts = Accounts(service.registry, clock)
    accounts.create_user("dave")
    theirs = accounts.create_token("dave", "laptop", None)
    with pytest.raises(NotFoundError, match="No active token"):
        accounts.revoke_token(theirs.record.id, "alice")
    assert accounts.authenticate(theirs.token) is not None  # still works
    mine = accounts.create_token("alice", "laptop", None)
    assert accounts.revoke_token(mine.record.id, "alice").revoked_at is not None
    assert accounts.authenticate(mine.token) is None
    assert accounts.revoke_token(theirs.record.id).revoked_at is not None  # the administrator's CLI: any token
