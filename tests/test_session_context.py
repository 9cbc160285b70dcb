"""The session cap of lifted neighbours (``FusionWeights.session_context``, search.per_session): one conversation's
long replies and the short turns they lift do not push another session's match out of the top results.

SQLite only: on PostgreSQL the keyword ranking (``ts_rank_cd``, no IDF) put the other session's short match first in
one run and fifth in another here, so the crowding this test needs does not reliably occur; the rule itself is the
backend-free ``fusion.context_capped`` (tests/test_fusion.py), and ``Store.chars_and_times`` is in the contract suite.
"""

from __future__ import annotations

from dataclasses import replace

from contextlamp.app.service import Caller, MemoryService
from tests.conftest import Clock

ADVICE = (
    "assistant: For a rye sourdough starter, keep the feeding schedule steady: feed it twice a day with equal weights "
    "of rye flour and water, keep it near 24 degrees, and discard all but a spoonful before each feeding. Rye flour "
    "ferments fast, so watch the rise and the smell; a sharp acetone note means it is hungry. Part {n}: move the "
    "second feeding later if the kitchen is cold, and use filtered water if your tap water is strongly chlorinated, "
    "since chlorine slows the yeast. A starter that doubles within six hours is ready to bake with. Keep notes of "
    "each feeding so you can see the pattern over a week. Shall I go on with the next step?"
)


def test_one_conversations_lifted_turns_do_not_push_out_another_sessions_evidence(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    """LongMemEval-S's multi-session mechanism (research/notes/recall42-stop42.md): long replies of one session
    are the best hits, and their short neighbours (the replies to their questions) are lifted over another session's
    weaker match. With ``session_context`` a session holding a long memory keeps at most that many places for
    lifted turns: the other session's match stays in the top results, and the first session's best hits stay on
    top."""
    clock.advance_days(1)
    answers: list[str] = []
    for n in range(4):
        service.save_context(alice, ADVICE.format(n=n))
        answers.append(service.save_context(alice, f"user: Yes please, go on ({n}).").id)
    clock.advance_days(5)
    other = service.save_context(alice, "user: I finally baked a sourdough loaf for the party today.").id
    assert len(ADVICE) > service.weights.neighbour_max_chars
    query = "What is the feeding schedule for my rye sourdough starter?"
    weights = service.weights
    assert weights.session_context > 0
    ids = [p.id for p in service.get_context(alice, query, max_results=10).packs]
    service.weights = replace(weights, session_context=0)
    crowded = [p.id for p in service.get_context(alice, query, max_results=10).packs]
    service.weights = weights
    assert ids[:2] == crowded[:2]  # the best hit and the reply it lifts stay first
    assert other in ids and (other not in crowded or ids.index(other) < crowded.index(other))

    def lifted_above(ranked: list[str]) -> int:  # the first session's lifted replies ranked above the other match
        cut = ranked.index(other) if other in ranked else len(ranked)
        return sum(i in answers for i in ranked[:cut])

    assert lifted_above(ids) < lifted_above(crowded)  # places depend on the backend's BM25, the order does not
