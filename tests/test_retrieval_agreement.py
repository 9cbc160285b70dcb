"""Two signals agreeing are evidence (issue #32 item 1): a long question's answer often shares one or two of its
words and sits below the cosine floor by meaning (LongMemEval-S: cosines 0.27-0.32), so neither signal alone passes
the relevance floor; when the keyword and the semantic list both rank it near the top, it is returned."""

from __future__ import annotations

from dataclasses import replace

from contextlamp.app.service import Caller, MemoryService
from tests.conftest import Clock

QUESTION = "What time did I go to bed on the night before my dentist appointment?"
ANSWER = "I was so tired last night, I did not get to bed until 2 AM"  # two of the question's six content words
OTHERS = [
    "The quarterly report is due on the fifteenth and needs the sales figures",
    "Our cat Miso likes sleeping on the windowsill in the afternoon sun",
    "The bakery on Elm Street sells rye bread only on Saturdays",
    "My sister is moving to Porto in spring for a new job",
    "The garden hose leaks near the tap; a new washer should fix it",
    "We booked the cabin by the lake for the last week of August",
    "The library closes early on Fridays during the summer",
    "I started learning the cello with a teacher from the conservatory",
    "The car needs new winter tyres before November",
    "Grandma's lemon cake recipe uses three eggs and a cup of yoghurt",
]


def _ids(service: MemoryService, caller: Caller, **changes: object) -> list[str]:
    weights = service.weights
    service.weights = replace(weights, **changes)  # type: ignore[arg-type]
    try:
        return [p.text for p in service.get_context(caller, QUESTION, max_results=10).packs]
    finally:
        service.weights = weights


def test_an_answer_both_signals_rank_near_the_top_is_returned(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    for text in [*OTHERS, ANSWER]:
        service.save_context(alice, text)
        clock.advance_days(1)  # one memory a day: no memory is another's time neighbour (search.with_neighbours)
    floor = 0.99  # meaning alone is never evidence here (the hashing test embedder's cosines are far below)
    assert ANSWER in _ids(service, alice, evidence_floor=floor)
    # the rule is what returns it: without it the floor drops it (one of six words, no cosine at the floor)
    assert ANSWER not in _ids(service, alice, evidence_floor=floor, agreement_depth=0)
    # and memories that share no word with the question stay out, agreement or not
    assert not set(OTHERS) & set(_ids(service, alice, evidence_floor=floor))
