"""What save_session stores from a transcript on the offline path, precision first (issue 27 point 5): a
durable statement or nothing. No pasted code or logs, no requests, questions or one-off instructions, the
spoken wrapping removed. The same distiller serves chat-export imports (a conversation arrives as a JSON
message list)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import create_embedder
from contextlamp.storage import StoreRegistry


def _stored(service: MemoryService, caller: Caller) -> list[str]:
    """The contents of every memory in the caller's personal store, as a user reads them back."""
    return sorted(service.get_entry(caller, i.id).content for i in service.list_context(caller, 200).items)


def _export(*turns: tuple[str, str]) -> str:
    """A conversation as a chat export's importer sends it: a JSON list of {role, content} messages."""
    return json.dumps([{"role": role, "content": text} for role, text in turns])


def test_a_chat_export_conversation_keeps_the_stated_fact_and_none_of_its_pastes(
    service: MemoryService, alice: Caller
) -> None:
    transcript = _export(
        (
            "user",
            "why does this cache grow forever?\n\nclass Cache:\n    def __init__(self, size):\n"
            "        self.size = size\n        self.items = {}\n\n    def put(self, key, value):\n"
            "        self.items[key] = value",
        ),
        ("assistant", "`put` never evicts anything."),
        (
            "user",
            'Traceback (most recent call last):\n  File "app.py", line 41, in handler\n    cache.put(k, v)\n'
            "MemoryError\n2026-11-30 12:01:33 ERROR [worker-3] Connection refused: redis://cache:6379",
        ),
        ("assistant", "Use functools.lru_cache."),
        ("user", "Please remember that our production servers run Python 3.12."),
        ("assistant", "Noted."),
        ("user", "make it faster"),
        ("user", "how do i clear it between tests"),
    )
    result = service.save_session(alice, transcript)
    assert _stored(service, alice) == ["Our production servers run Python 3.12."]
    assert result.total == 1


def test_the_spoken_wrapping_around_a_statement_is_removed(service: MemoryService, alice: Caller) -> None:
    service.save_session(
        alice,
        "User: FYI the team offsite moved to March 12-13, in Porto.\nAssistant: Thanks!\n"
        "User: Note that Priya owns the offsite budget.\nAssistant: Noted.\n"
        "User: I want you to know that I'm allergic to shellfish.\nAssistant: Got it.\n"
        "Nutzer: Bitte merk dir, dass unser Release immer dienstags rausgeht.\n",
    )
    assert _stored(service, alice) == [
        "Priya owns the offsite budget.",
        "The team offsite moved to March 12-13, in Porto.",
        "The user is allergic to shellfish.",
        "Unser Release immer dienstags rausgeht.",
    ]


def test_requests_questions_one_off_instructions_and_banter_save_nothing(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(
        alice,
        _export(
            ("user", "Write a limerick about a sleepy dog."),
            ("assistant", "There once was a pup named McGee ..."),
            ("user", "make it shorter and less cheesy"),
            ("user", "rename infra-notes.md to deploy.md first"),
            ("user", "What's the capital of Mongolia?"),
            ("user", "Kannst du mir das Changelog schreiben?"),
            ("user", "帮我写一封邮件通知大家"),
            ("user", "このエラー直して"),
            ("user", "Translate my bio into German."),
            ("user", "Add a title to our revenue chart please"),
            ("assistant", "Done."),
            ("user", "lol our cat knocked my coffee over again"),
        ),
    )
    assert _stored(service, alice) == [] and result.total == 0 and result.session_id is None


def test_an_instruction_meant_to_last_is_kept_and_a_one_off_action_is_not(
    service: MemoryService, alice: Caller
) -> None:
    service.save_session(
        alice,
        "User: From now on, run the tests with make test-fast before you commit.\n"
        "Assistant: Should I also delete the old Makefile target?\nUser: yes\n"
        "Assistant: Should we switch CI to GitHub Actions?\nUser: yes, let's do that\n",
    )
    # what the assistant proposed is not read offline (stop 37: no figure of the fresh held-out set changed
    # without it), so only the user's own lasting instruction is kept, and the one-off "yes" to a deletion is not
    assert _stored(service, alice) == ["From now on, run the tests with make test-fast before you commit."]


@pytest.fixture(scope="module")
def minilm() -> Any:
    return create_embedder("minilm")


def test_small_talk_with_cue_words_saves_nothing(tmp_path: Path, minilm: Any) -> None:
    registry = StoreRegistry(tmp_path, minilm.identity, minilm.dim)
    try:
        service = MemoryService(registry, minilm)
        caller = Caller(service.principal("alice"), "claude-code")
        result = service.save_session(
            caller,
            "> ugh I always get so tired on Mondays lol\nMondays are rough!\n"
            "> we should totally get pizza sometime haha\nHa!\n> ok bye",
        )
        assert result.total == 0 and _stored(service, caller) == []
    finally:
        registry.close()


def test_a_session_of_one_fact_keeps_it_with_the_server_model(tmp_path: Path, minilm: Any) -> None:
    # the chatter model compares a session's statements with each other; a one-fact save was silenced as chatter
    registry = StoreRegistry(tmp_path, minilm.identity, minilm.dim)
    try:
        service = MemoryService(registry, minilm)
        caller = Caller(service.principal("alice"), "claude-code")
        service.save_session(caller, "User: The ledger database is PostgreSQL 16.\nAssistant: Noted.")
        assert _stored(service, caller) == ["The ledger database is PostgreSQL 16."]
    finally:
        registry.close()


def test_facts_about_the_setup_among_small_talk_are_kept_and_the_talk_is_not(tmp_path: Path, minilm: Any) -> None:
    # issue 27 (month simulation): a coding session of chatter, a test run and two stated facts was silenced
    # whole by the chatter model (both facts lost); the rules keep the facts and nothing else
    registry = StoreRegistry(tmp_path, minilm.identity, minilm.dim)
    try:
        service = MemoryService(registry, minilm)
        caller = Caller(service.principal("alice"), "claude-code")
        service.save_session(
            caller,
            _export(
                ("user", "ok go ahead"),
                ("assistant", "Done."),
                ("user", "rerun the linter please"),
                ("assistant", "Clean now."),
                ("user", "The image resizer pulls from the thumbs-west queue."),
                ("assistant", "Noted, thanks."),
                ("assistant", "I won't keep those."),
                ("user", "The pdf exporter is maintained by Yusuf."),
                ("assistant", "Got it."),
                ("user", "can you check the build again?"),
                ("assistant", "Checking."),
                ("user", "look at this:\n```js\nconst size = await probe(img);\n```"),
                ("assistant", "The probe call is missing a timeout."),
            ),
        )
        assert _stored(service, caller) == [
            "The image resizer pulls from the thumbs-west queue.",
            "The pdf exporter is maintained by Yusuf.",
        ]
    finally:
        registry.close()


def test_a_part_of_the_setup_given_a_value_is_kept_whatever_verb_relates_them(
    service: MemoryService, alice: Caller
) -> None:
    """Issue 27 (month simulation): a statement that gives a thing of the user's setup a concrete value (where
    it lives, what it reads, who owns it, how long it waits) is a fact without a cue word; what a statement of
    the moment says about an error, a test or an output is not."""
    service.save_session(
        alice,
        "User: morning\nAssistant: Morning!\n"
        "User: The nightly export writes its files to s3://acme-exports/nightly.\nAssistant: Got it.\n"
        "User: Customer emails are sent through the postmark-eu relay.\nAssistant: Noted.\n"
        "User: Helga maintains the terraform modules for staging.\nAssistant: Thanks.\n"
        "User: The cache layer expires keys after 900 seconds.\nAssistant: Understood.\n"
        "User: The payments webhook times out after 45 seconds.\nAssistant: Noted.\n"
        "User: The error message points to deploy/old.toml.\nAssistant: I see.\n"
        "User: The test in tests/test_cache.py fails on the second run.\nAssistant: Looking.\n"
        "User: can you check where the nightly export writes its files?\nAssistant: Sure.\n"
        "User: lol the cache layer keeps everything forever\nAssistant: Ha.\n",
    )
    assert _stored(service, alice) == [
        "Customer emails are sent through the postmark-eu relay.",
        "Helga maintains the terraform modules for staging.",
        "The cache layer expires keys after 900 seconds.",
        "The nightly export writes its files to s3://acme-exports/nightly.",
        "The payments webhook times out after 45 seconds.",
    ]


def test_a_correction_that_names_the_old_value_is_no_narration_of_the_past(
    service: MemoryService, alice: Caller
) -> None:
    service.save_session(alice, "User: We raised the upload limit to 50 MB (it was 20).\nAssistant: Updated.\n")
    assert _stored(service, alice) == ["We raised the upload limit to 50 MB (it was 20)."]
