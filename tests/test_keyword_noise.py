"""A word held by most memories (a conversation's speaker names) is no keyword evidence on its own: the partial
keyword hits that matched only such words are left out of the keyword list, where their BM25 is nil but their rank
still counted in the fusion ("Jon: Bye!" was the second keyword hit for "Which cities has Jon visited?"; issue #32,
search.KEYWORD_NOISE)."""

from __future__ import annotations

from contextlamp.app.service import Caller, MemoryService
from contextlamp.retrieval.search import ScopedStore, collect_signals

TURNS = [
    "Jon: Thanks!",
    "Jon: Bye!",
    "Gina: Go get 'em, Jon!",
    "Jon: Agreed!",
    "Gina: Thanks, Jon! Appreciate your support!",
    "Jon: Looking forward to more cool memories!",
    "Gina: The pottery class starts on Monday.",
]
TARGET = "Gina: The cities we visited were Paris and Rome."


def _keyword_ids(service: MemoryService, caller: Caller, query: str, noise: bool = True) -> list[str]:
    store = service.registry.store(caller.principal.user_id)
    vector = service.embedder.embed([query])[0]
    lists, _ = collect_signals(
        [ScopedStore(store, "personal", 0)], query, vector, 10, service.clock(), None, keyword_noise=noise
    )
    return lists.keyword


def test_a_name_every_turn_holds_brings_no_keyword_hit(service: MemoryService, alice: Caller) -> None:
    for text in TURNS:
        service.save_context(alice, text)
    target = service.save_context(alice, TARGET).id
    assert _keyword_ids(service, alice, "Which cities has Jon visited?") == [target]
    assert len(_keyword_ids(service, alice, "Which cities has Jon visited?", noise=False)) > 1  # what it removes


def test_a_name_few_memories_hold_still_matches(service: MemoryService, alice: Caller) -> None:
    for text in TURNS[-1:]:
        service.save_context(alice, text)
    jon = service.save_context(alice, "Jon: Thanks!").id
    target = service.save_context(alice, TARGET).id
    service.save_context(alice, "Gina: The weather is fine.")
    assert set(_keyword_ids(service, alice, "Which cities has Jon visited?")) == {target, jon}


def test_a_query_of_the_common_word_alone_still_finds_its_memories(service: MemoryService, alice: Caller) -> None:
    for text in TURNS:
        service.save_context(alice, text)
    assert len(_keyword_ids(service, alice, "Jon")) == 6  # every memory naming him: an every-word match
