"""Topics for distilled items (distill/topics.py): a statement that gives a stable subject a value gets the
subject as its topic, so a later session's new value supersedes it; different subjects stay apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import OfflineDistiller, parse_transcript
from contextlamp.distill.perspective import to_user_perspective
from contextlamp.distill.topics import subject_topic

PAIRS = json.loads((Path(__file__).parent.parent / "research" / "bench" / "data" / "distill-topics.json").read_text())[
    "pairs"
]


@pytest.mark.parametrize(
    ("statement", "topic"),
    [
        ("The ledger database is PostgreSQL 16.", "ledger-database"),
        ("The user switched the user's editor to Helix.", "editor"),
        ("We moved our CI provider to GitHub Actions.", "ci-provider"),
        ("We use Sentry for error tracking.", "error-tracking"),
        ("Our staging cluster is in Frankfurt now.", "staging-cluster"),
        ("Die Produktionsdatenbank ist PostgreSQL 16.", "produktionsdatenbank"),
        ("Nuestro proveedor de pagos es Stripe.", "proveedor-de-pagos"),
        ("The primary region is eu-central-1.", "primary-region"),
        ("Decided: the API gateway is Kong.", "api-gateway"),
    ],
)
def test_a_statement_of_a_subjects_value_gets_the_subject_as_topic(statement: str, topic: str) -> None:
    assert subject_topic(statement) == topic


@pytest.mark.parametrize(
    "statement",
    [
        "The ledger database is slow during month-end closing.",  # a state, not a value
        "The ledger database is not MySQL.",  # a negation
        "The problem is Safari.",  # a vague head
        "The deadline is Friday.",  # the deadline of what?
        "It is PostgreSQL 16.",  # a pronoun
        "The user prefers tabs.",  # no value of a subject
        "We decided to use pnpm in all repositories.",
    ],
)
def test_a_statement_that_sets_no_value_clearly_gets_no_topic(statement: str) -> None:
    assert subject_topic(statement) is None


def test_no_pair_of_different_subjects_shares_a_topic() -> None:
    for pair in PAIRS:
        a, b = (subject_topic(to_user_perspective(pair[k])) for k in ("a", "b"))
        if not pair["same_subject"]:
            assert a is None or a != b, pair
    assert len(PAIRS) >= 40


def test_most_same_subject_pairs_share_a_topic() -> None:
    same = [p for p in PAIRS if p["same_subject"]]
    hits = [
        p
        for p in same
        if (t := subject_topic(to_user_perspective(p["a"]))) and t == subject_topic(to_user_perspective(p["b"]))
    ]
    assert len(hits) >= 0.75 * len(same)


def test_the_subject_key_is_linear_on_long_input() -> None:
    assert subject_topic("The " + "very " * 20_000 + "long thing is X") is None
    assert subject_topic("Our editor is " + "Helix " * 20_000) == "editor"


def test_distilled_items_carry_the_topic_but_tasks_do_not() -> None:
    items = OfflineDistiller().distill(
        parse_transcript(
            "User: Our message broker is Kafka.\nUser: TODO: Dana must rotate the broker password by Friday."
        )
    )
    topics = {i.content: (i.memory_type, i.topic) for i in items}
    assert ("fact", "message-broker") in topics.values()
    assert all(topic is None for memory_type, topic in topics.values() if memory_type == "task")


def test_a_later_session_supersedes_the_old_value_and_keeps_other_subjects(
    service: MemoryService, alice: Caller
) -> None:
    service.save_session(alice, "User: Our message broker is RabbitMQ.\nUser: Our analytics database is ClickHouse.")
    service.save_session(alice, "User: Our message broker is Kafka now.")
    current = {i.title for i in service.list_context(alice, 20).items}
    assert any("Kafka" in t for t in current)
    assert not any("RabbitMQ" in t for t in current)  # superseded
    assert any("ClickHouse" in t for t in current)  # another subject sharing no key stays
    everything = {i.title for i in service.list_context(alice, 20, include_superseded=True).items}
    assert any("RabbitMQ" in t for t in everything)  # kept in the history, not lost


def test_a_correction_inside_a_session_supersedes_what_it_corrects(service: MemoryService, alice: Caller) -> None:
    service.save_session(
        alice,
        "User: The ledger database is MySQL 8.\nUser: Correction: the ledger database is PostgreSQL 16, not MySQL.",
    )
    current = [i.title for i in service.list_context(alice, 20).items]
    assert any("PostgreSQL 16" in t for t in current)
    assert not any(t.startswith("The ledger database is MySQL") for t in current)
