"""A correction said the way people say it in chat, or the way an agent records one, retires the memory it corrects,
and a chat opener that corrects nothing retires nothing (issue #27.2; domain/correction_markers.revision_body,
domain/corrections.correction_kind, app/freshness.supersede_corrected)."""

from __future__ import annotations

import time

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.correction_markers import revision_body
from contextlamp.domain.corrections import correction_kind


def _live(service: MemoryService, caller: Caller) -> list[str]:
    return sorted(i.preview for i in service.list_context(caller, 200, None, None).items if not i.superseded_by)


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # a chat opener, then the same attribute with a new value of the old one's kind
        ("oh wait, the thumbnailer pulls from media-queue-7 now", "The thumbnailer pulls from media-queue-2."),
        ("Nope: the quota checker times out after 90 s.", "The quota checker times out after 30 s."),
        ("hmm no, the nightly rollup starts at 04:10", "The nightly rollup starts at 02:40."),
        ("brain fart, the geo cache lives on cache-west-4", "The geo cache lives on cache-west-1."),
        ("turns out the ticket bot posts to #triage", "The ticket bot posts to #helpdesk."),
        ("Whoops, the sync daemon listens on 7722.", "The sync daemon listens on 7711."),
        ("never mind the 7711 thing, the sync daemon listens on 7722", "The sync daemon listens on 7711."),
        # an opener naming what it revises keeps that name: the subject
        (
            "Scrap what I said about the sync daemon: it listens on 7722.",
            "The sync daemon listens on 7711.",
        ),
        ("Quick correction on the quota checker: it times out after 90 s.", "The quota checker times out after 30 s."),
        # the old value said of in a clause of its own ("A is read-only", "A was too many")
        (
            "oh wait, thumbnailer jobs go to media-queue-7 now, media-queue-2 is read-only",
            "The thumbnailer sends its jobs to media-queue-2.",
        ),
        (
            "Small fix to my last message: the importer reads batches of 250, 1000 was too many.",
            "The importer reads batches of 1000.",
        ),
        # a value written in lower case, given in the same slot ("written in" / "rewritten in")
        ("nope, the rate limiter got rewritten in elixir", "The rate limiter is written in ruby."),
        (
            "nope, the rate limiter got rewritten in elixir; the ruby one is gone",
            "The rate limiter is written in ruby.",
        ),
        # news before the statement is no word of its subject; a host's short name names it; the old value's
        # retirement a noun away; the old value's end in a clause of its own
        ("Heads up, the design review moved to Fridays.", "The design review is on Wednesdays."),
        (
            "The file drop now lives on drop02.corp.example (drop01 was shut down).",
            "The file drop lives on drop01.corp.example.",
        ),
        ("Fax line changed: +1 555 0100 (the 0199 number is retired).", "Fax line: +1 555 0199."),
        (
            "Update: the SSO endpoint is sso.new.example now, sso.old.example stops working Monday.",
            "The SSO endpoint is sso.old.example.",
        ),
        (
            "Let me amend my note on build alerts: they are sent by the herald service.",
            "Build alerts are sent by the courier service.",
        ),
        # what a careful agent writes when it records a correction itself
        (
            "The thumbnailer's queue is now media-queue-7 (no longer media-queue-2).",
            "The thumbnailer's queue is media-queue-2.",
        ),
        ("The geo cache moved from cache-west-1 to cache-west-4.", "The geo cache lives on cache-west-1."),
        ("The nightly rollup starts at 04:10 now (was 02:40).", "The nightly rollup starts at 02:40."),
    ],
)
def test_a_correction_said_in_chat_or_recorded_by_an_agent_corrects(newer: str, older: str) -> None:
    assert correction_kind(newer, older) is not None


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # the opener answers, the value is the same or another attribute's
        ("Nope, the sync daemon still listens on 7711.", "The sync daemon listens on 7711."),
        ("oh wait, the sync daemon logs to /var/log/syncd.", "The sync daemon listens on 7711."),
        # the opener is about another component of the same kind
        ("turns out the export cache lives on cache-west-4", "The geo cache lives on cache-west-1."),
        ("Scrap what I said about the reporting job: it starts at 04:10.", "The nightly rollup starts at 02:40."),
        # a possible change, a question, an addition ("too" at its clause's end)
        ("hmm no, we might move the geo cache to cache-west-4", "The geo cache lives on cache-west-1."),
        ("oh wait, does the ticket bot post to #triage?", "The ticket bot posts to #helpdesk."),
        ("brain fart, the ticket bot posts to #triage too", "The ticket bot posts to #helpdesk."),
        # a lower-case value in the same slot, but the newer is about something of its own (the tests)
        ("nope, the rate limiter tests are written in elixir", "The rate limiter is written in ruby."),
        # news about another subject, or a second value beside the first
        ("Heads up, the design sync moved to Fridays.", "The design review is on Wednesdays."),
        ("Heads up, the design review also runs on Fridays now.", "The design review is on Wednesdays."),
        # a short name that is not the old host's ("drop0" is no host of "drop01.corp.example")
        (
            "The file drop now lives on drop02.corp.example (drop0 was shut down).",
            "The file drop lives on drop01.corp.example.",
        ),
        # a value in a clause of its own without a correction or a change
        ("The geo cache lives on cache-west-4, cache-west-1 is the backup.", "The geo cache lives on cache-west-1."),
    ],
)
def test_a_chat_opener_that_corrects_nothing_retires_nothing(newer: str, older: str) -> None:
    assert correction_kind(newer, older) is None


def test_a_lower_case_correction_saved_later_is_looked_for(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "The rate limiter is written in ruby, old code but it works.")
    new = service.save_context(alice, "Nope, the rate limiter got rewritten in elixir.")
    assert new.superseded == [old.id]


def test_chat_openers_are_read_one_after_another_and_a_plain_statement_has_none() -> None:
    assert revision_body("oh wait, nope, brain fart: the X is V") == "the X is V"
    assert revision_body("Amend what I told you about the X: it runs on V") == "the X: it runs on V"
    assert revision_body("The X is V") is None
    assert revision_body("Nope") is None


def test_a_chat_correction_saved_later_retires_the_old_memory_and_keeps_the_rest(
    service: MemoryService, alice: Caller
) -> None:
    service.save_context(alice, "The thumbnailer pulls from media-queue-2.")
    service.save_context(alice, "The thumbnailer writes thumbnails to /srv/thumbs.")
    service.save_context(alice, "The nightly rollup starts at 02:40.")
    fixed = service.save_context(alice, "oh wait, the thumbnailer pulls from media-queue-7 now")
    aside = service.save_context(alice, "The nightly rollup starts at 04:10 now (was 02:40).")
    assert len(fixed.superseded) == 1 and len(aside.superseded) == 1
    assert _live(service, alice) == [
        "The nightly rollup starts at 04:10 now (was 02:40).",
        "The thumbnailer writes thumbnails to /srv/thumbs.",
        "oh wait, the thumbnailer pulls from media-queue-7 now",
    ]
    history = service.list_context(alice, 200, None, None, include_superseded=True).items
    assert sum(1 for i in history if i.superseded_by) == 2  # kept, not deleted


def test_reading_chat_openers_takes_time_linear_in_the_text() -> None:
    """Openers repeated, or a long run where an opener's name stands: four times the text, at most eight times the
    time (quadratic would be sixteen)."""
    shapes = ["oh ", "hmm", "no, ", "never mind the x", "small fix to my note about "]

    def cpu(text: str) -> float:
        start = time.process_time()
        for _ in range(5):
            revision_body(text)
        return time.process_time() - start

    for shape in shapes:
        small, large = shape * 2_000, shape * 8_000
        assert cpu(large) < 8 * max(cpu(small), 0.005)
