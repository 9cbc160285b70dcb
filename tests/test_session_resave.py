"""A second save of the same session extends its one digest instead of recording a second (issue 15 gap; docs
/sessions.md "Saving a session again"): a hook's pre-compact save then its session-end save, and an agent that
sends the same (grown) transcript again. Both backends: the digest is rewritten in place by each store."""

from __future__ import annotations

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import InvalidArgumentError

pytestmark = pytest.mark.both_backends

FIRST = "- The billing service runs on Postgres 16\n- Decision: the web repos use pnpm"
LATER = "- Rule: never deploy on Fridays\n- The staging cluster is called gke-staging-euw1"


def _learning_texts(service: MemoryService, caller: Caller, session_id: str) -> list[str]:
    session = service.resume_session(caller, session_id=session_id).session
    assert session is not None
    return [learning.text for learning in session.learnings]


def test_a_resave_naming_the_session_extends_its_one_digest(service: MemoryService, alice: Caller) -> None:
    first = service.save_session(alice, FIRST, source_surface="claude-code")
    assert first.session_id is not None
    second = service.save_session(alice, LATER, source_surface="claude-code", session_id=first.session_id)
    assert second.session_id == first.session_id and second.saved == 2
    sessions = service.resume_session(alice).sessions
    assert sessions is not None and [s.session_id for s in sessions] == [first.session_id]
    assert sessions[0].learnings_count == 4
    texts = _learning_texts(service, alice, first.session_id)
    assert texts[:2] == ["The billing service runs on Postgres 16", "the web repos use pnpm"]
    assert "never deploy on Fridays" in texts and "The staging cluster is called gke-staging-euw1" in texts


def test_the_same_transcript_sent_again_grown_keeps_one_digest(service: MemoryService, alice: Caller) -> None:
    first = service.save_session(alice, FIRST, source_surface="cursor")
    again = service.save_session(alice, f"{FIRST}\n{LATER}", source_surface="cursor")
    assert again.session_id == first.session_id and again.saved == 2 and again.deduped == 2
    sessions = service.resume_session(alice).sessions
    assert sessions is not None and len(sessions) == 1 and sessions[0].learnings_count == 4
    same = service.save_session(alice, f"{FIRST}\n{LATER}", source_surface="cursor")
    assert same.session_id == first.session_id and same.saved == 0
    assert len(service.resume_session(alice).sessions or []) == 1


def test_another_session_still_gets_its_own_digest(service: MemoryService, alice: Caller) -> None:
    first = service.save_session(alice, FIRST, source_surface="cursor")
    other = service.save_session(alice, LATER, source_surface="cursor")  # shares nothing with the first
    restating = service.save_session(alice, "- The billing service runs on Postgres 16", source_surface="cursor")
    ids = {first.session_id, other.session_id, restating.session_id}
    assert None not in ids and len(ids) == 3  # one item of an earlier session restated is no re-save of it
    assert len(service.resume_session(alice).sessions or []) == 3


def test_an_unknown_session_id_is_refused_and_stores_nothing(
    service: MemoryService, alice: Caller, bob: Caller
) -> None:
    mine = service.save_session(alice, FIRST)
    assert mine.session_id is not None
    with pytest.raises(InvalidArgumentError) as caught:
        service.save_session(bob, LATER, session_id=mine.session_id)  # another user's session
    assert caught.value.field == "session_id"
    with pytest.raises(InvalidArgumentError):
        service.save_session(alice, LATER, session_id="ses_doesnotexist")
    assert service.list_context(bob, 50).items == []
    assert len(service.list_context(alice, 50).items) == 2
