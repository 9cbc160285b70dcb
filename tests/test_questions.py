"""Offline likely-question generation."""

from __future__ import annotations

import numpy as np

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.folding import entry_vector
from contextlamp.retrieval.questions import QuestionConfig, key_phrases, likely_questions, split_sentences


def test_sentences_split_at_terminal_punctuation_and_lines() -> None:
    assert split_sentences("We moved to Berlin. It was 2019! Why? Yes\nNew line here") == [
        "We moved to Berlin.",
        "It was 2019!",
        "Why?",
        "Yes",
        "New line here",
    ]
    assert split_sentences("Version 2.5 is out e.g. today.") == ["Version 2.5 is out e.g. today."]


def test_rake_prefers_longer_content_phrases() -> None:
    phrases = key_phrases("The deployment pipeline uses GitHub Actions and the staging database is Postgres")
    assert phrases[:2] == ["deployment pipeline uses github", "staging database"]  # runs cut at 4 words
    assert all(p == p.lower() for p in phrases)


def test_multi_sentence_entry_gets_sentence_probes_with_its_subject() -> None:
    content = "Alice: Thanks a lot for that! I adopted a rescue dog named Biscuit last week. He loves the beach."
    probes = likely_questions(content, None, "note", "fact", QuestionConfig(sentences=True, templates=False))
    assert probes == [
        "Alice: Thanks a lot for that!",
        "Alice: I adopted a rescue dog named Biscuit last week.",
        "Alice: He loves the beach.",
    ]


def test_single_sentence_gets_no_sentence_probe_but_topic_and_kind_questions() -> None:
    probes = likely_questions("pnpm everywhere", "package-manager", "decision", "event")
    assert probes[0] == "What is our package manager?"
    assert any(p.startswith("What did we decide or do about") for p in probes)
    assert "pnpm everywhere" not in probes


def test_questions_are_stored_with_their_entry_and_leave_with_it(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Alice: I moved to Lisbon in May. The rent there is lower.", topic="home")
    store = service.registry.store(alice.principal.user_id)
    entry = store.get(saved.id)
    assert entry is not None and len(entry.questions) >= 2
    stored = store.entry_vectors([saved.id])[saved.id]  # one vector: content and questions folded together
    folded = entry_vector(service.embedder.embed([entry.content, *entry.questions]))
    content_only = service.embedder.embed([entry.content])
    assert stored.shape == (1, service.embedder.dim) and np.allclose(stored, folded, atol=1e-6)
    assert not np.allclose(stored, content_only, atol=1e-3)
    service.forget_context(alice, saved.id)
    assert store.entry_vectors([saved.id]) == {}
