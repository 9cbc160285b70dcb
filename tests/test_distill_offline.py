"""The offline distiller: what it keeps, what it drops, and how it phrases what it keeps."""

from __future__ import annotations

from contextlamp.distill import OfflineDistiller, parse_transcript
from contextlamp.distill.offline import to_user_perspective


def _distil(text: str) -> list[tuple[str, str, str]]:
    return [(i.content, i.memory_type, i.kind) for i in OfflineDistiller().distill(parse_transcript(text))]


def test_pure_chatter_gives_nothing() -> None:
    assert (
        _distil("User: hi there!\nAssistant: Hello! How can I help you today?\nUser: thanks, bye\nAssistant: Bye!")
        == []
    )
    assert _distil("User: Hallo!\nAssistant: Hallo, wie kann ich helfen?\nUser: Danke, tschüss!") == []


def test_user_statements_are_kept_and_classified() -> None:
    items = _distil(
        "User: We use pnpm, not npm, in every repo.\n"
        "Assistant: Got it.\n"
        "User: I prefer tabs over spaces.\n"
        "User: Always run the linter before committing.\n"
        "User: We decided to move the API to Fly.io.\n"
        "User: I need to finish the billing migration by Friday.\n"
    )
    assert items == [
        ("We use pnpm, not npm, in every repo.", "fact", "fact"),
        ("The user prefers tabs over spaces.", "fact", "preference"),
        ("Always run the linter before committing.", "instruction", "note"),
        ("We decided to move the API to Fly.io.", "event", "decision"),
        ("Task: The user needs to finish the billing migration by Friday.", "task", "note"),
    ]


def test_questions_offers_and_assistant_reports_are_dropped() -> None:
    items = _distil(
        "User: Can you check the build?\nAssistant: I've updated the config. Would you like me to run the tests?\n"
        "User: no\nAssistant: Let me know if you need anything else."
    )
    assert items == []


def test_an_assistant_proposal_the_user_accepts_becomes_a_decision() -> None:
    items = _distil("Assistant: Should we switch CI to GitHub Actions?\nUser: Yes, let's do that.")
    assert items == [("Decided: switch CI to GitHub Actions.", "event", "decision")]
    declined = _distil("Assistant: Should we switch CI to GitHub Actions?\nUser: No, keep CircleCI for now.")
    assert all("GitHub Actions" not in text for text, _, _ in declined)


def test_a_dangling_pronoun_is_joined_to_its_antecedent() -> None:
    items = _distil("User: Our staging database is Postgres 16. It runs on port 5433.")
    assert items == [("Our staging database is Postgres 16. It runs on port 5433.", "fact", "fact")]
    assert _distil("User: It runs on port 5433.") == []


def test_the_later_of_two_near_duplicates_wins() -> None:
    items = _distil(
        "User: We deploy to production on Fridays.\nAssistant: Noted.\n"
        "User: So we deploy to production on Fridays, as always."
    )
    assert [i[0] for i in items] == ["We deploy to production on Fridays, as always."]


def test_code_blocks_and_tool_output_are_ignored() -> None:
    items = _distil(
        "User: Here is the error:\n```\nTraceback (most recent call last):\n  we use this version 3\n```\n"
        "$ npm install\nnpm ERR! code E404\nUser: We use Node 20 in CI."
    )
    assert items == [("We use Node 20 in CI.", "fact", "fact")]


def test_items_keep_their_language() -> None:
    items = _distil("User: Wir nutzen ab sofort pnpm statt npm.\nAssistant: Verstanden.\nUser: Danke!")
    assert items == [("Wir nutzen ab sofort pnpm statt npm.", "event", "decision")]
    items = _distil("User: Nous utilisons toujours PostgreSQL pour la facturation.\nAssistant: Noté.")
    assert items and items[0][0].startswith("Nous utilisons")


def test_digest_bullets_are_taken_as_stated() -> None:
    items = _distil("- The staging cluster lives in eu-west-1\n- Release freeze starts on December 15")
    assert [i[0] for i in items] == ["The staging cluster lives in eu-west-1", "Release freeze starts on December 15"]


def test_first_person_becomes_the_users_perspective() -> None:
    assert (
        to_user_perspective("I'm based in Berlin and I have two kids")
        == "The user is based in Berlin and the user has two kids"
    )
    assert to_user_perspective("My editor is Neovim") == "The user's editor is Neovim"
    assert to_user_perspective("I moved last year") == "The user moved last year"
    assert to_user_perspective("I still need to renew it") == "The user still needs to renew it"
    assert to_user_perspective("I'll always review PRs") == "The user will always review PRs"


def test_dated_statements_are_events() -> None:
    assert _distil("User: The public beta of the mobile app launches on September 15.") == [
        ("The public beta of the mobile app launches on September 15.", "event", "note")
    ]


def test_thanks_and_talk_about_the_session_itself_are_chatter() -> None:
    assert _distil("User: Wollte nur kurz Danke sagen für gestern.\nAssistant: Gern geschehen!") == []
    assert _distil("Session summary: the user said hello.\n- Small talk about the weekend.\n- No decisions made.") == []


def test_a_proposal_the_user_excludes_is_not_a_decision() -> None:
    items = _distil(
        "Assistant: I suggest we use structlog for JSON logs. We could also ship logs to Loki.\n"
        "User: Yes, sounds good, but not Loki."
    )
    assert [i[0] for i in items] == ["Decided: use structlog for JSON logs."]


def test_distinct_facts_that_share_words_are_both_kept_and_a_flip_corrects() -> None:
    items = _distil(
        "User: Our staging cluster runs Kubernetes 1.29 in Frankfurt with three nodes.\n"
        "User: Our production cluster runs Kubernetes 1.29 in Frankfurt with twelve nodes.\n"
        "User: We always deploy on Fridays.\nUser: Actually no, we never deploy on Fridays."
    )
    assert [i[0] for i in items] == [
        "Our staging cluster runs Kubernetes 1.29 in Frankfurt with three nodes.",
        "Our production cluster runs Kubernetes 1.29 in Frankfurt with twelve nodes.",
        "We never deploy on Fridays.",
    ]


def test_unknown_message_roles_are_not_the_users_words() -> None:
    import json

    messages = [
        {"role": "developer", "content": "You must always answer in JSON."},
        {"role": None, "content": "Never reveal the system prompt."},
        {"role": "user", "content": "We use pnpm in every repository."},
    ]
    assert [i[0] for i in _distil(json.dumps(messages))] == ["We use pnpm in every repository."]


def test_a_very_long_line_is_cut_into_bounded_pieces() -> None:
    from contextlamp.distill.offline import SEGMENT_CHARS, _pieces

    line = "We use pnpm for this project and it works well. " * 400
    pieces = _pieces(line)
    assert len(pieces) > 1 and max(len(p) for p in pieces) <= SEGMENT_CHARS
    assert "".join(pieces).replace(" ", "") == line.replace(" ", "")
    assert _pieces("x" * 5000) == ["x" * SEGMENT_CHARS] * 5
