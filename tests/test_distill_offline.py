"""The offline distiller: what it keeps, what it drops, and how it phrases what it keeps."""

from __future__ import annotations

import pytest

from contextlamp.distill import OfflineDistiller, parse_transcript
from contextlamp.distill.perspective import to_user_perspective


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
        # typed by the cue rules: the item-type classifier lowered offline type accuracy on the fresh held-out
        # half and was removed (issue 27 point 7, docs/sessions.md)
        ("We use pnpm, not npm, in every repo.", "fact", "fact"),
        ("The user prefers tabs over spaces.", "fact", "preference"),
        ("Always run the linter before committing.", "instruction", "note"),
        ("We decided to move the API to Fly.io.", "event", "decision"),
        ("Task: finish the billing migration by Friday.", "task", "note"),
    ]


def test_questions_offers_and_assistant_reports_are_dropped() -> None:
    items = _distil(
        "User: Can you check the build?\nAssistant: I've updated the config. Would you like me to run the tests?\n"
        "User: no\nAssistant: Let me know if you need anything else."
    )
    assert items == []


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


# -- corrections (issue 12, point 13) -------------------------------------------------------------------------

_OTHERS = {
    "en": "User: The billing service runs on Fly.io in Frankfurt.\nUser: Our staging cluster has three nodes.\n"
    "User: We deploy the mobile app every second Tuesday.\n",
    "de": "User: Der Abrechnungsdienst läuft auf Fly.io in Frankfurt.\nUser: Unser Staging-Cluster hat drei Knoten.\n"
    "User: Wir nutzen pnpm in jedem Repository.\n",
    "fr": "User: Le service de paiement tourne sur Fly.io à Francfort.\nUser: Notre cluster de test a trois nœuds.\n"
    "User: Nous utilisons pnpm dans chaque dépôt.\n",
    "es": "User: El servicio de pagos corre en Fly.io en Fráncfort.\nUser: Usamos pnpm en cada repositorio.\n"
    "User: Nuestro clúster de pruebas tiene 3 nodos.\n",
}


@pytest.mark.parametrize(
    ("language", "earlier", "correction", "corrected"),
    [
        (
            "en",
            "The ledger database is MySQL 8.",
            "Correction: the ledger database is PostgreSQL 16, not MySQL.",
            "The ledger database is PostgreSQL 16, not MySQL.",
        ),
        (
            "en",
            "The ledger database is MySQL 8.",
            "Actually, the ledger database is PostgreSQL 16, not MySQL.",
            "The ledger database is PostgreSQL 16, not MySQL.",
        ),
        (
            "en",
            "Our error tracker is Sentry, hosted by us.",
            "I was wrong, our error tracker is GlitchTip, not Sentry.",
            "Our error tracker is GlitchTip, not Sentry.",
        ),
        (
            "en",
            "The release freeze starts on December 15.",
            "Scratch that, the release freeze starts on December 18.",
            "The release freeze starts on December 18.",
        ),
        (
            "en",
            "Our support inbox is answered by Dana.",
            "Wait, no, our support inbox is answered by Priya, not Dana.",
            "Our support inbox is answered by Priya, not Dana.",
        ),
        (
            "en",
            "The API rate limit is 100 requests per minute.",
            "Update: the API rate limit is 250 requests per minute.",
            "The API rate limit is 250 requests per minute.",
        ),
        (
            "en",
            "The nightly backup runs at 02:00 UTC.",
            "Sorry, I mixed that up: the nightly backup runs at 03:30 UTC.",
            "The nightly backup runs at 03:30 UTC.",
        ),
        (
            "en",
            "Our on-call rotation is weekly.",
            "Small correction: our on-call rotation is every two weeks, not weekly.",
            "Our on-call rotation is every two weeks, not weekly.",
        ),
        (
            "es",
            "La base de datos contable es MySQL 8.",
            "Me equivoqué: la base de datos contable es PostgreSQL 16, no MySQL.",
            "La base de datos contable es PostgreSQL 16, no MySQL.",
        ),
        (
            "de",
            "Die Ledger-Datenbank ist MySQL 8.",
            "Korrektur: die Ledger-Datenbank ist PostgreSQL 16, nicht MySQL.",
            "Die Ledger-Datenbank ist PostgreSQL 16, nicht MySQL.",
        ),
        (
            "fr",
            "Notre base de facturation tourne sur MySQL 8.",
            "En fait, notre base de facturation tourne sur PostgreSQL 16, pas MySQL.",
            "Notre base de facturation tourne sur PostgreSQL 16, pas MySQL.",
        ),
    ],
)
def test_a_correction_replaces_the_statement_it_corrects(
    language: str, earlier: str, correction: str, corrected: str
) -> None:
    others = [t for t, _, _ in _distil(_OTHERS[language])]
    assert len(others) == 3
    texts = [t for t, _, _ in _distil(f"User: {earlier}\n{_OTHERS[language]}User: {correction}")]
    assert texts == [*others, corrected]  # the earlier statement is gone; the correction is where it was said


def test_a_correction_keeps_statements_about_another_subject() -> None:
    texts = [
        t
        for t, _, _ in _distil(
            "User: The billing database is MySQL 8.\nUser: The ledger database is MySQL 8.\n"
            "User: Correction: the ledger database is PostgreSQL 16, not MySQL."
        )
    ]
    assert texts == ["The billing database is MySQL 8.", "The ledger database is PostgreSQL 16, not MySQL."]
    only_other = [
        t
        for t, _, _ in _distil(
            "User: The billing database is MySQL 8.\nUser: Correction: the ledger database is PostgreSQL 16, not MySQL."
        )
    ]
    assert only_other == ["The billing database is MySQL 8.", "The ledger database is PostgreSQL 16, not MySQL."]


def test_scratch_that_corrects_the_statement_just_before() -> None:
    texts = [t for t, _, _ in _distil("User: We deploy on Tuesdays. Scratch that, we deploy on Thursdays.")]
    assert texts == ["We deploy on Thursdays."]


def test_actually_without_a_contrast_is_no_correction() -> None:
    texts = [
        t for t, _, _ in _distil("User: Our ledger database is MySQL 8.\nUser: Actually, our ledger database is great.")
    ]
    assert "Our ledger database is MySQL 8." in texts


def test_spoken_filler_and_a_tag_question_are_trimmed_from_what_is_stored() -> None:
    items = _distil(
        "User: yeah ok, we deploy to production only on Tuesdays, right?\n"
        "Assistant: Noted.\n"
        "User: Ugh. the staging database runs on PostgreSQL 16"
    )
    texts = [text for text, _, _ in items]
    assert "We deploy to production only on Tuesdays" in texts  # a tag question is no question
    assert "The staging database runs on PostgreSQL 16" in texts
    assert not any(t.lower().startswith(("yeah", "ugh")) for t in texts)
