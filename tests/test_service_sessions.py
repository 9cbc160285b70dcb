"""save_session and resume_session at the service level (spec/TOOLS.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from tests.conftest import Clock

SESSION = """User: Hi!
Assistant: Hello! What are we working on?
User: We use pnpm, not npm, in every repository.
User: I prefer dark mode in every editor.
Assistant: Should we add a lint step to CI?
User: Yes, do it.
User: Thanks, bye!
"""

AWS = "AKIAIOSFODNN7EXAMPLE"
GITHUB = "ghp_Zx9Lm2Qr7Tn4Vb8Wc1Yd5Fg3Hj6Kp0Sa2Ue4"
PEM_BODY = "MIIEowIBAAKCAQEA7Yq0Q1vX8mJ2kLr9N4tZpW6sHcB3eF"
PASSWORD = "Tr0ub4dor-and-3"
SECRETS_SESSION = f"""User: Our CI deploys the API to Fly.io every Tuesday.
User: The AWS key for the deploy bot is {AWS} if you need it.
User: And here is my GitHub token {GITHUB}
User: -----BEGIN RSA PRIVATE KEY-----
{PEM_BODY}
-----END RSA PRIVATE KEY-----
User: The staging database password = {PASSWORD}
User: I prefer squash merges on every pull request.
"""


def _texts(service: MemoryService, caller: Caller) -> list[str]:
    store = service.registry.store(caller.principal.user_id)
    return [store.get(i.id).content for i in service.list_context(caller, 200).items]  # type: ignore[union-attr]


def test_a_session_saves_its_learnings_and_a_digest(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(alice, SESSION)
    # The assistant's proposal the user agreed to ("Should we add a lint step?" / "Yes") is not kept: only the
    # user's own statements are (stop 37, docs/sessions.md: the proposals rule moved no figure when ablated).
    assert (result.saved, result.deduped, result.total) == (2, 0, 2) and result.session_id
    assert sorted(_texts(service, alice)) == sorted(
        [
            "We use pnpm, not npm, in every repository.",
            "The user prefers dark mode in every editor.",
        ]
    )
    listed = service.resume_session(alice).sessions
    assert listed is not None and len(listed) == 1
    info = listed[0]
    assert (info.session_id, info.source_surface, info.learnings_count) == (result.session_id, "claude-code", 2)
    assert info.label and "dark mode" in info.summary
    detail = service.resume_session(alice, session_id=result.session_id).session
    assert detail is not None and [(x.memory_type, x.kind) for x in detail.learnings] == [
        ("fact", "fact"),  # "We use pnpm, not npm, in every repository.": typed by its cue (docs/sessions.md)
        ("fact", "preference"),
    ]


def test_saving_the_same_session_again_dedupes(service: MemoryService, alice: Caller) -> None:
    service.save_session(alice, SESSION)
    again = service.save_session(alice, SESSION)
    assert (again.saved, again.deduped, again.total) == (0, 2, 2) and again.session_id


def test_pure_chatter_saves_nothing_and_returns_no_session(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(alice, "User: hi\nAssistant: Hello! How can I help?\nUser: thanks, bye!")
    assert result.model_dump(exclude_unset=True) == {"saved": 0, "deduped": 0, "total": 0}
    assert service.resume_session(alice).sessions == []


def test_secrets_never_reach_the_store(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    result = service.save_session(alice, SECRETS_SESSION)
    texts = _texts(service, alice)
    assert "The user prefers squash merges on every pull request." in texts
    assert any("Fly.io" in t for t in texts)
    assert result.total == len(texts)
    for path in (tmp_path / "home").rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for secret in (AWS, GITHUB, PEM_BODY, PASSWORD):
                assert secret.encode() not in data, f"{secret[:6]}… reached {path.name}"


def test_json_transcripts_and_projects(service: MemoryService, alice: Caller) -> None:
    messages = [
        {"role": "user", "content": [{"type": "text", "text": "We host the docs on Netlify."}]},
        {"role": "assistant", "content": "Noted."},
    ]
    result = service.save_session(alice, json.dumps(messages), project="docs-site")
    assert result.saved == 1
    assert [i.title for i in service.list_context(alice, project="docs-site").items] == ["We host the docs on Netlify."]
    detail = service.resume_session(alice, session_id=result.session_id).session
    assert detail is not None and [x.text for x in detail.learnings] == ["We host the docs on Netlify."]


def test_forgotten_learnings_leave_the_digest_and_its_summary(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(alice, SESSION)
    detail = service.resume_session(alice, session_id=result.session_id).session
    assert detail is not None
    dark = next(x for x in detail.learnings if "dark mode" in x.text)
    assert service.forget_context(alice, dark.id).forgotten
    after = service.resume_session(alice, session_id=result.session_id).session
    assert after is not None and dark.id not in [x.id for x in after.learnings] and len(after.learnings) == 1
    assert "dark mode" not in after.summary and "dark mode" not in after.label.lower()
    listed = service.resume_session(alice).sessions
    assert listed is not None and listed[0].learnings_count == 1


def test_resume_filters_by_time_surface_and_limit(service: MemoryService, alice: Caller, clock: Clock) -> None:
    first = service.save_session(alice, "User: We use Redis for caching.")
    clock.advance_days(1)
    cut = clock.now
    cursor = Caller(alice.principal, "cursor")
    second = service.save_session(cursor, "User: We use Sentry for error tracking.")
    ids = lambda **kw: [s.session_id for s in service.resume_session(alice, **kw).sessions or []]  # noqa: E731
    assert ids() == [second.session_id, first.session_id]
    assert ids(limit=1) == [second.session_id]
    assert ids(since=cut) == [second.session_id]
    assert ids(source_surface="Claude Code") == [first.session_id]


def test_sessions_are_private(service: MemoryService, alice: Caller, bob: Caller) -> None:
    result = service.save_session(alice, SESSION)
    assert service.resume_session(bob).sessions == []
    with pytest.raises(InvalidArgumentError) as err:
        service.resume_session(bob, session_id=result.session_id)
    assert err.value.field == "session_id"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"transcript": ""}, "transcript"),
        ({"transcript": 5}, "transcript"),
        ({"transcript": "x\ud800"}, "transcript"),
        ({"transcript": "x" * (2 * 1024 * 1024 + 1)}, "transcript"),
        ({"transcript": "User: a", "project": ""}, "project"),
    ],
)
def test_bad_save_session_arguments(service: MemoryService, alice: Caller, kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        service.save_session(alice, **kwargs)
    assert err.value.field == field


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": 51}, "limit"),
        ({"since": -1}, "since"),
        ({"since": "yesterday"}, "since"),
        ({"session_id": "ses_unknown"}, "session_id"),
        ({"session_id": ""}, "session_id"),
    ],
)
def test_bad_resume_arguments(service: MemoryService, alice: Caller, kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        service.resume_session(alice, **kwargs)
    assert err.value.field == field


def test_secrets_in_project_or_surface_are_refused(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_session(alice, "User: We use pnpm everywhere.", project="sk_live_4eC39HqLyjWDarjtT1zdp7dc")
    assert err.value.field == "project"
    with pytest.raises(SecretDetectedError):
        service.save_session(alice, "User: We use pnpm everywhere.", source_surface="AKIAIOSFODNN7EXAMPLE")
    assert service.registry.control.projects(alice.principal.user_id) == []


def test_digests_never_copy_task_text_and_count_only_live_learnings(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    result = service.save_session(
        alice, "User: I need to call the zorblax vendor by Friday.\nUser: Our office is in Lisbon."
    )
    assert result.total == 2
    info = (service.resume_session(alice).sessions or [])[0]
    assert "zorblax" not in info.summary and "zorblax" not in info.label.lower()
    clock.advance_days(8)
    service.save_context(alice, "A write that sweeps expired tasks")
    info = (service.resume_session(alice).sessions or [])[0]
    assert info.learnings_count == 1
    detail = service.resume_session(alice, session_id=result.session_id).session
    assert detail is not None and [x.text for x in detail.learnings] == ["Our office is in Lisbon."]


def test_hostile_inputs_are_field_errors(service: MemoryService, alice: Caller) -> None:
    nested = "[" * 5000 + "]" * 5000
    assert service.save_session(alice, nested).total == 0  # parsed as a digest, never a crash
    with pytest.raises(InvalidArgumentError) as err:
        service.resume_session(alice, since=2**63)
    assert err.value.field == "since"


def _long_session() -> tuple[str, list[str]]:
    """60 user statements: 48 early plain facts (the ledger's MySQL among them), then decisions and a late
    correction of the ledger fact. Returns the transcript and the decisions."""
    facts = [f"User: Our office plant number {n} sits on shelf {n + 100}." for n in range(47)]
    facts.insert(5, "User: The ledger database is MySQL 8, hosted in Frankfurt.")
    decisions = [f"We decided to move the reporting job {n} to the new scheduler." for n in range(11)]
    lines = [*facts, *(f"User: {d}" for d in decisions)]
    lines.append("User: Correction: the ledger database is PostgreSQL 16, not MySQL.")
    return "\n".join(lines), decisions


def test_a_capped_session_keeps_the_most_valuable_says_how_many_it_left_out_and_applies_corrections(
    service: MemoryService, alice: Caller
) -> None:
    transcript, decisions = _long_session()
    result = service.save_session(alice, transcript)
    # 59 distinct items (60 statements, the ledger fact replaced by its correction): 40 kept, 19 left out
    assert (result.total, result.saved, result.left_out) == (40, 40, 19)
    assert result.model_dump(exclude_unset=True)["left_out"] == 19
    texts = _texts(service, alice)
    assert "The ledger database is PostgreSQL 16, not MySQL." in texts  # the late correction survives the cap
    assert not any("MySQL 8" in t for t in texts)  # and replaced the statement it corrects
    assert all(d in texts for d in decisions)
    detail = service.resume_session(alice, session_id=result.session_id).session
    assert detail is not None
    learned = [x.text for x in detail.learnings]
    assert learned[-12:] == [*decisions, "The ledger database is PostgreSQL 16, not MySQL."]  # conversation order
    plants = [t for t in learned if "plant" in t]
    assert plants == [f"Our office plant number {n} sits on shelf {n + 100}." for n in range(19, 47)]  # latest


def test_an_uncapped_session_has_no_left_out_field(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(alice, SESSION)
    assert "left_out" not in result.model_dump(exclude_unset=True) and result.left_out == 0
