"""Neighbour context (issue 17 point 6): in a conversation saved turn by turn, the answer is often the turn after
the one that names the subject; get_context finds it within the top results, never above the turn that brought
it, and never from another user's store, another day or another tool."""

from __future__ import annotations

from dataclasses import replace

import pytest

from contextlamp.app.service import Caller, MemoryService
from tests.conftest import Clock

pytestmark = pytest.mark.both_backends

QUESTION = "What did you paint last weekend, Melanie? I remember you bought new paint."
ANSWER = "Melanie: A sunset over the lake, with purple clouds."


def _conversation(service: MemoryService, caller: Caller, clock: Clock) -> tuple[str, str]:
    """Ten other days of Melanie's turns, then today's question and its answer; returns their ids."""
    for n in range(10):
        clock.advance_days(1)
        service.save_context(caller, f"Melanie: day {n} was busy, I went to the gym and then the shops.")
    clock.advance_days(1)
    asked = service.save_context(caller, f"Caroline: {QUESTION}")
    answer = service.save_context(caller, ANSWER)
    return asked.id, answer.id


def test_the_turn_after_the_matching_one_is_found(service: MemoryService, alice: Caller, clock: Clock) -> None:
    asked, answer = _conversation(service, alice, clock)
    clock.advance_days(1)
    service.save_context(alice, "Caroline: I painted my kitchen wall last weekend.")  # another day, also matches
    ids = [p.id for p in service.get_context(alice, "What did Melanie paint last weekend?", max_results=3).packs]
    assert asked in ids  # the direct match
    assert answer in ids  # and its answer, which shares only the name with the query


def test_a_neighbour_never_outranks_the_hit_that_brought_it(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    asked, answer = _conversation(service, alice, clock)
    packs = service.get_context(alice, "What did Melanie paint last weekend?", max_results=10).packs
    ids = [p.id for p in packs]
    assert ids.index(asked) < ids.index(answer)
    assert packs[ids.index(answer)].score < packs[ids.index(asked)].score


def test_no_neighbour_from_another_store_day_or_tool(
    service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    clock.advance_days(1)
    asked = service.save_context(alice, f"Caroline: {QUESTION}")
    theirs = service.save_context(bob, ANSWER)  # saved right after, in bob's store
    other_tool = service.save_context(Caller(alice.principal, "cursor"), "Melanie: my deploy failed again.")
    clock.advance_days(1)
    service.save_context(alice, "Melanie: tomorrow I clean the garage.")
    query = "What did Melanie paint last weekend?"
    packs = service.get_context(alice, query, max_results=10).packs
    assert packs[0].id == asked.id
    assert theirs.id not in [p.id for p in packs]  # nothing of bob's, however close in time
    weights = service.weights
    service.weights = replace(weights, neighbours=0.0)
    without = {p.id: p.score for p in service.get_context(alice, query, max_results=10).packs}
    service.weights = weights
    assert {p.id: p.score for p in packs} == without  # the other tool's turn and the next day's get no bonus
    assert other_tool.id in without


def test_the_answer_two_turns_after_the_matching_one_is_found(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    for n in range(10):
        clock.advance_days(1)
        service.save_context(alice, f"Melanie: day {n} was busy, I went to the gym and then the shops.")
    clock.advance_days(1)
    asked = service.save_context(alice, f"Caroline: {QUESTION}")
    service.save_context(alice, "Caroline: Take your time, no rush, I am curious.")  # matches nothing
    answer = service.save_context(alice, ANSWER)  # two turns after the question
    clock.advance_days(1)
    service.save_context(alice, "Caroline: I painted my kitchen wall last weekend.")  # another day, also matches
    ids = [p.id for p in service.get_context(alice, "What did Melanie paint last weekend?", max_results=3).packs]
    assert asked.id in ids
    assert answer.id in ids  # radius 2 (CONTEXTLAMP_NEIGHBOUR_RADIUS): the turn after the next one is context too


def test_the_reply_to_a_question_comes_before_the_questions_around_it(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    """The answer to a question is the turn after it; a turn that only asks holds few facts. Around the matching
    question, the follow-up questions of both speakers take places after the reply (research/notes/retrieval.md
    "Replies"), however near they were saved."""
    for n in range(10):
        clock.advance_days(1)
        service.save_context(alice, f"Melanie: day {n} was busy, I went to the gym and then the shops.")
    clock.advance_days(1)
    service.save_context(alice, "Melanie: How was your week, did you get out at all?")
    asked = service.save_context(alice, f"Caroline: {QUESTION}")
    answer = service.save_context(alice, ANSWER)
    service.save_context(alice, "Caroline: Could you bring it along when we meet on Sunday?")
    ids = [p.id for p in service.get_context(alice, "What did Melanie paint last weekend?", max_results=2).packs]
    assert ids == [asked.id, answer.id]


def test_the_radius_setting_bounds_how_far_the_bonus_reaches(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    clock.advance_days(1)
    service.save_context(alice, f"Caroline: {QUESTION}")
    turns = [service.save_context(alice, f"Caroline: turn {n}, about the weather and the traffic.") for n in range(4)]
    query = "What did Melanie paint last weekend?"
    original = service.weights
    weights = replace(original, neighbour_anchors=1)  # the question alone brings neighbours
    service.weights = replace(weights, neighbours=0.0)
    without = {p.id: p.score for p in service.get_context(alice, query, max_results=10).packs}
    for radius in (1, 2, 3):
        service.weights = replace(weights, neighbour_radius=radius)
        scores = {p.id: p.score for p in service.get_context(alice, query, max_results=10).packs}
        raised = [t.id for t in turns if scores.get(t.id, 0.0) > without.get(t.id, 0.0)]
        assert raised == [t.id for t in turns[:radius]]  # exactly the `radius` turns after the question
    service.weights = original


REPLY = (
    "assistant: That sounds like a lovely way to spend the afternoon. A few general thoughts that might help: keep "
    "a small notebook of what you tried and how it turned out, so patterns become visible over the weeks; change one "
    "thing at a time, since several changes at once hide which one mattered; and give yourself permission to enjoy "
    "the process rather than chasing a perfect result every time. Many people find that the routine itself, the "
    "quiet hour in the kitchen, is what they value most. Let me know if you would like a checklist for next time, "
    "or a simple schedule you can pin to the fridge. If the results vary a lot from one week to the next, that is "
    "normal at the start: the first months are mostly about learning how your own kitchen behaves, and the notes "
    "you keep now will make the later weeks much easier to plan. Reply {n}.{m}."
)


def _mention(n: int) -> str:
    """A user message of a few sentences that names the subject."""
    return (
        f"user: On day {n} I baked sourdough bread again with the rye starter my neighbour gave me. The crumb came out "
        "a little dense this time, maybe because the kitchen was cold and the dough rose for only four hours. I also "
        "tried a longer autolyse and more water, and the crust was darker than last week. I wrote everything down so "
        f"I can compare the loaves later. Loaf number {n}."
    )


def test_long_memories_of_one_conversation_do_not_crowd_out_the_others(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    """LongMemEval's mechanism (docs/retrieval.md "Neighbour context"): the user named the subject in ten
    conversations, each message wrapped in long assistant replies that do not name it. Asking about it returns the
    ten mentions: the long replies around the best one or two are not lifted over the mentions of the other
    conversations (neighbour context lifts short turns, which need their context, not long ones, which are found
    by their own words when they are relevant)."""
    mentions: list[str] = []
    for n in range(10):
        clock.advance_days(3)
        service.save_context(alice, REPLY.format(n=n, m=0))
        service.save_context(alice, REPLY.format(n=n, m=1))
        mentions.append(service.save_context(alice, _mention(n)).id)
        service.save_context(alice, REPLY.format(n=n, m=2))
        service.save_context(alice, REPLY.format(n=n, m=3))
    limit = service.weights.neighbour_max_chars
    assert limit > 0 and len(REPLY) > limit
    query = "Which days did I bake sourdough bread?"
    packs = service.get_context(alice, query, max_results=10).packs
    assert sorted(p.id for p in packs) == sorted(mentions)
    weights = service.weights
    # neighbours of any length are lifted, each by half its hit's value: the old rule (before the length limit, and
    # before replies gained more than other neighbours)
    service.weights = replace(weights, neighbour_max_chars=0, neighbours=0.5, neighbour_reply=1.0)
    crowded = [p.id for p in service.get_context(alice, query, max_results=10).packs]
    service.weights = weights
    assert len(set(crowded) & set(mentions)) < len(mentions)  # replies of the best conversations took places


def test_a_long_reply_ends_the_exchange(service: MemoryService, alice: Caller, clock: Clock) -> None:
    """Past a long memory the next short turn belongs to another exchange: it is not lifted, on either side; a
    short turn right next to the hit still is."""
    clock.advance_days(1)
    before = service.save_context(alice, "user: Thanks, that settles the invoice question for now.")
    service.save_context(alice, REPLY.format(n=0, m=0))
    asked = service.save_context(alice, f"Caroline: {QUESTION}")
    answer = service.save_context(alice, ANSWER)
    service.save_context(alice, REPLY.format(n=0, m=1))
    clock.advance_days(1)
    query = "What did Melanie paint last weekend?"
    weights = service.weights
    service.weights = replace(weights, neighbour_anchors=1)  # the question alone brings neighbours
    lifted = {p.id: p.score for p in service.get_context(alice, query, max_results=10).packs}
    service.weights = replace(weights, neighbour_anchors=1, neighbours=0.0)
    plain = {p.id: p.score for p in service.get_context(alice, query, max_results=10).packs}
    service.weights = weights
    assert max(lifted, key=lambda i: lifted[i]) == asked.id
    assert lifted[answer.id] > plain.get(answer.id, 0.0)  # the short turn next to the hit
    assert lifted.get(before.id, 0.0) == plain.get(before.id, 0.0)  # two turns back, past a long reply
