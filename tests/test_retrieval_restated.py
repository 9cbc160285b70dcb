"""Answer or restatement (issue #32, retrieval/answers.py): a long memory that talks around a question's own words
without the kind of value it asks for ranks under the memory that answers it in other words."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from contextlamp.retrieval.answers import answer_kind, restates


def test_kind_is_the_first_wh_form() -> None:
    assert answer_kind("which person gets alerted when matching of payments freezes?") is not None
    assert answer_kind("which person gets alerted when matching of payments freezes?")[0] == "person"  # type: ignore[index]
    assert answer_kind("How many online courses have I completed?")[0] == "number"  # type: ignore[index]
    assert answer_kind("How many weeks passed between the two markets?")[0] == "duration"  # type: ignore[index]
    assert answer_kind("When did Caroline go to the support group?")[0] == "time"  # type: ignore[index]
    assert answer_kind("Why did the nightly build break?")[0] == "reason"  # type: ignore[index]
    assert answer_kind("What did Caroline research?") is None  # asks for anything: nothing judged


def test_wh_words_are_not_content_words() -> None:
    asked = answer_kind("How many online courses have I completed in total?")
    assert asked is not None
    assert "many" not in asked[1]
    assert {"onlin", "cours"} <= asked[1]


def _judge(question: str, text: str) -> bool:
    asked = answer_kind(question)
    assert asked is not None
    kind, stems = asked
    return restates(text, kind, stems, 2, 8_000)


def test_talk_around_the_question_restates() -> None:
    question = "How many online courses have I completed in total?"
    reply = (
        "Assistant: Online courses are a great way to learn. When you pick online courses, look at reviews and "
        "the syllabus. Completed courses look good on a profile, so keep a list of the courses you completed."
    )
    assert _judge(question, reply)


def test_a_sentence_with_the_value_answers() -> None:
    question = "How many online courses have I completed in total?"
    assert not _judge(question, "User: So far I have completed five online courses, two of them on Coursera.")
    assert not _judge(question, "User: I completed 3 online courses last year.")


def test_the_question_asked_again_restates() -> None:
    question = "How many online courses have I completed in total?"
    assert _judge(question, "User: how many online courses have I completed since 2020? I keep forgetting.")


def test_a_memory_without_the_questions_words_is_not_judged() -> None:
    question = "which person gets alerted when matching of payments freezes?"
    fact = "If the reconciliation job stalls, page the ledger on-call, Marisol Quintero."
    assert not _judge(question, fact)


def test_a_value_that_is_the_questions_own_word_is_no_answer() -> None:
    question = "How long does the last rebuild run?"
    assert _judge(question, "The last rebuild is something to plan; a rebuild can run into trouble.")


def test_linear_on_hostile_text() -> None:
    asked = answer_kind("How many online courses have I completed in total?")
    assert asked is not None
    kind, stems = asked

    def took(text: str) -> float:
        start = time.perf_counter()
        restates(text, kind, stems, 2, len(text))
        return time.perf_counter() - start

    prose = ("Online courses are a good way to learn about many subjects and completed ones count. " * 2_400)[:200_000]
    hostile = [("online courses " * 14_000)[:200_000], ("how many " * 23_000)[:200_000], ("1" * 200_000)]
    base = took(prose)
    for text in hostile:
        assert took(text) < 10 * base + 0.05


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory):
    from contextlamp.app.indexing import Indexer
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import create_embedder
    from contextlamp.storage import StoreRegistry

    embedder = create_embedder("minilm")
    registry = StoreRegistry(Path(tmp_path_factory.mktemp("restated")), embedder.identity, embedder.dim)
    svc = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
    caller = Caller(svc.principal("test"), "test")
    yield svc, caller
    registry.close()


REPLY = [
    "Assistant: Payments matching is an important part of the ledger, and it is worth knowing who is alerted.",
    "When matching of payments freezes, people often wonder about the process and how alerts are sent to a person.",
    "It helps to keep notes on payments and matching, and to write down whatever you learn about alerts.",
    "Many teams review how payments matching works each quarter and adjust their alerting with the person in charge.",
    "Documentation about payments and alerts can be found in several places, and matching is usually described there.",
]


def test_the_answer_ranks_above_a_reply_on_the_questions_words(service) -> None:
    svc, caller = service
    question = "which person gets alerted when matching of payments freezes?"
    filler = "\n\n".join(REPLY * 6)
    fact = (
        "Runbook for the ledger.\n\nDeploys go through the pipeline only.\n\nIf the reconciliation job stalls for more "
        "than fifteen minutes, page the ledger on-call, Marisol Quintero, and post the batch number in the incident "
        "channel.\n\nBackups run every six hours."
    )
    texts = ("The office plants are watered on Fridays", filler, fact, "Lunch is at noon on Wednesdays")
    ids = [svc.save_context(caller, text).id for text in texts]
    packs = svc.get_context(caller, question, max_results=5).packs
    assert [p.id for p in packs][:2] == [ids[2], ids[1]]  # the answer, then the reply
    weights = svc.weights
    svc.weights = replace(weights, restated=1.0)  # the rule off: the reply on the question's words is first
    try:
        off = svc.get_context(caller, question, max_results=5).packs
    finally:
        svc.weights = weights
    assert off and off[0].id == ids[1]


MOVERS = [
    "Assistant: Movers can bill more for many things, and it helps to know why before moving day.",
    "When the movers bill us more than planned, it is worth asking them what the bill covers and why.",
    "Moving is stressful, so keep every bill from the movers in one folder and compare quotes early.",
    "Some people ask the movers for a written estimate, and then the final bill holds fewer surprises.",
]


def test_a_restatement_moved_down_does_not_empty_the_answer(service) -> None:
    """The relevance check judges the best match before the rule: the answer it lifts to the top is returned."""
    svc, caller = service
    question = "why will the movers bill us more?"
    fact = (
        "Moving notes.\n\nThe removal company we picked, Hargreaves & Sons, charges extra for anything above the "
        "third floor, and the new flat is on the fifth.\n\nThe keys are handed over at noon."
    )
    ids = [svc.save_context(caller, text).id for text in ("\n\n".join(MOVERS * 8), fact)]
    packs = svc.get_context(caller, question, max_results=5).packs
    assert packs and packs[0].id == ids[1]
    assert packs[0].score >= svc.weights.least_match
