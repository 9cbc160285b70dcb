"""A question in one form of an irregular verb finds the memory written in another ("What did Melanie buy?" for "I
bought ..."): the full-text index's Porter stemmer joins "paint" and "painted" but not "buy" and "bought", so the
keyword list's OR relaxation searches the verb's other forms too (issue #32, query.other_verb_forms)."""

from __future__ import annotations

from dataclasses import replace

from contextlamp.app.service import Caller, MemoryService
from contextlamp.retrieval.query import other_verb_forms

DISTRACTORS = [  # the question's other words, shorter (BM25 prefers them on those words alone)
    "Melanie: shoes at the mall are pricey.",
    "Melanie: the mall sells shoes.",
    "Melanie: mall shoes, again.",
    "Melanie: those shoes at the mall!",
]


def _store(service: MemoryService, caller: Caller, target: str) -> str:
    for text in DISTRACTORS[:2]:
        service.save_context(caller, text)
    target_id = service.save_context(caller, target).id
    for text in DISTRACTORS[2:]:
        service.save_context(caller, text)
    return target_id


def test_a_question_in_the_base_form_finds_the_past_tense_memory_first(service: MemoryService, alice: Caller) -> None:
    target = _store(service, alice, "Melanie: I bought a pair of red running shoes at the mall near the station.")
    packs = service.get_context(alice, "What shoes did Melanie buy at the mall?", max_results=5).packs
    assert packs and packs[0].id == target


def test_a_question_in_the_past_finds_the_memory_in_the_participle(service: MemoryService, alice: Caller) -> None:
    target = _store(service, alice, "Melanie: I have given away a pair of red running shoes at the mall this year.")
    packs = service.get_context(alice, "Which shoes did Melanie give at the mall?", max_results=5).packs
    assert packs and packs[0].id == target


def test_without_the_rule_the_other_form_is_not_found_first(service: MemoryService, alice: Caller) -> None:
    """The rule is what lifts it: with ``verb_forms`` off the shorter memories on the other words come first."""
    target = _store(service, alice, "Melanie: I bought a pair of red running shoes at the mall near the station.")
    service.weights = replace(service.weights, verb_forms=False)
    packs = service.get_context(alice, "What shoes did Melanie buy at the mall?", max_results=5).packs
    assert packs and packs[0].id != target


def test_other_forms_of_irregular_verbs_only() -> None:
    assert other_verb_forms(["melanie", "buy"]) == ["bought"]
    assert other_verb_forms(["went", "camping"]) == ["go", "gone"]
    assert other_verb_forms(["go", "went"]) == ["gone"]  # a form the query holds is not repeated
    assert other_verb_forms(["painted", "sunrise"]) == []  # regular verbs: the stemmer joins their forms
    assert other_verb_forms(["read"]) == []  # one form for every tense
