"""Long memories found by paraphrase (issue #32 item 2): a fact anywhere in a long memory is found by a question
that shares no content word with it, and its memory is the top pack, among other memories of the same field.

The long memories are written as people write runbooks and handbooks: many paragraphs on neighbouring subjects,
so the fact's chunk holds other sentences that dilute a chunk-level vector."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import create_embedder
from contextlamp.retrieval.query import content_terms
from contextlamp.storage import StoreRegistry

SERVICES = ["billing", "ledger", "search", "ingest", "auth", "notifications", "exports", "reporting", "gateway"]
PARAGRAPHS = [
    "The {s} service runs three replicas behind the internal load balancer; scale it with the deploy pipeline, "
    "never by hand, and keep the pod budget at two during upgrades.",
    "Logs for {s} go to the central log store with a retention of thirty days. Search them by request id; the "
    "dashboards link each panel to its query.",
    "When {s} returns errors above one percent for five minutes the alert fires in the team channel. Check the "
    "last deploy first, then the database connection pool, then upstream latency.",
    "Database migrations for {s} run before the new version starts. A migration that takes longer than a minute "
    "needs a maintenance window agreed with the product owner.",
    "Secrets for {s} live in the vault under the service's own path; rotate them every ninety days and after "
    "anyone with access leaves the team.",
    "The {s} cache is warmed at start from the last snapshot. If the snapshot is missing the service starts cold "
    "and serves slower for about ten minutes.",
    "Feature flags for {s} are read at every request; turning one off needs no deploy. Remove a flag two weeks "
    "after it reaches everyone.",
    "Backups of the {s} database are taken every night at two and kept for five weeks; a restore drill runs on "
    "the first Monday of each quarter.",
    "Capacity for {s} is reviewed monthly against the traffic forecast; the review notes live in the planning "
    "folder with the cost figures.",
    "The {s} API is versioned in the path; an old version is kept for six months after its successor ships and "
    "clients are warned by the deprecation header.",
]
FACTS = {  # the last paragraph of one long memory, and a question that names none of its content words
    "marisol": (
        "If the reconciliation job stalls for more than fifteen minutes, page the ledger on-call, Marisol "
        "Quintero, and post the batch number in the incident channel.",
        "which person gets alerted when matching of payments freezes?",
    ),
    "vendor": (
        "Invoices from the printing contractor are approved by Okonkwo in procurement before the twentieth of "
        "each month, otherwise they slip to the next payment run.",
        "who signs off bills from the company that produces our brochures?",
    ),
    "laptop": (
        "A stolen company notebook must be reported to Henrike Vaals at the security desk within the hour so "
        "the disk keys can be revoked remotely.",
        "whom should I tell if someone takes my work computer?",
    ),
}
OTHER_MEMORIES = [
    "The team standup is at 9:30 on weekdays in the small meeting room",
    "We use pnpm, not npm, in every repository",
    "Deploys to production happen on Tuesdays and Thursdays after the standup",
    "The payments provider sends webhooks to the gateway; retries back off for up to a day",
    "Priya owns the notifications service and reviews its pull requests",
    "The on-call rotation changes every Monday at ten; the schedule is in the paging tool",
    "Alerts for the search cluster go to the search team channel, not to the general one",
    "Invoices are generated on the first day of each month and stored as PDFs in the exports bucket",
    "The staging database is refreshed from an anonymised production snapshot every Sunday",
    "Laptops are ordered through the IT portal; delivery takes about a week",
    "Batch jobs run on the scheduler cluster; a stuck job is restarted by its owner",
    "The finance team closes the books on the fifth working day of the month",
]


def handbook(rng: random.Random, size: int, last: str) -> str:
    """A long memory of about ``size`` characters of runbook paragraphs, then ``last``."""
    parts = ["Operations handbook for the platform team"]
    while sum(len(p) + 2 for p in parts) < size:
        parts.append(rng.choice(PARAGRAPHS).format(s=rng.choice(SERVICES)))
    return "\n\n".join([*parts, last])


@pytest.fixture(scope="module")
def embedder() -> Any:
    return create_embedder("minilm-int8")  # the default for new data (embedding.NEW_DATA_EMBEDDER)


def build(tmp_path: Path, embedder: Any, fact: str, size: int) -> tuple[MemoryService, Caller, str, StoreRegistry]:
    registry = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    alice = Caller(service.principal("alice"), "cli")
    rng = random.Random(size)
    for text in OTHER_MEMORIES[:6]:
        service.save_context(alice, text)
    long_id = service.save_context(alice, handbook(rng, size, fact)).id
    for i in range(3):  # other long memories of the same field, without the fact
        service.save_context(
            alice, handbook(random.Random(100 + i), size // 2, f"Reviewed by the platform team ({i}).")
        )
    for text in OTHER_MEMORIES[6:]:
        service.save_context(alice, text)
    return service, alice, long_id, registry


def runbook(rng: random.Random, size: int, last: str) -> str:
    """The issue's setting: about ``size`` characters of numbered runbook steps, then ``last`` as its own
    paragraph."""
    words = ["cluster", "replica", "schema", "restore", "gateway", "queue", "cache", "rollout", "token", "zone"]
    steps: list[str] = []
    p = 0
    while sum(len(x) + 2 for x in steps) < size:
        sentences = [f"Step {p}.{n}: check the {' '.join(rng.sample(words, 4))} before you continue." for n in range(5)]
        steps.append(" ".join(sentences))
        p += 1
    return "\n\n".join([*steps, last])


def test_the_marisol_quintero_case_is_the_top_pack(tmp_path: Path, embedder: Any) -> None:
    """Issue #32 item 2: the last paragraph of a 30 KB memory, asked for in other words, is the top pack, and
    the pack shows that paragraph."""
    fact, question = FACTS["marisol"]
    assert not set(content_terms(question)) & set(content_terms(fact))  # a paraphrase: no shared content word
    registry = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    alice = Caller(service.principal("alice"), "cli")
    rng = random.Random(7)
    content = runbook(rng, 29_500, fact)
    assert len(content.encode()) >= 29_500
    long_id = service.save_context(alice, content).id
    for i in range(20):
        service.save_context(alice, runbook(rng, 300, f"Checked by the night shift ({i})."))
    pack = service.get_context(alice, question, max_results=5).packs[0]
    assert pack.id == long_id
    assert "Marisol Quintero" in pack.text  # the pack shows the paragraph holding the fact
    assert len(pack.text) < 1000  # a part of the entry, not the 30 KB
    registry.close()


@pytest.mark.parametrize("name", ["vendor", "laptop"])
@pytest.mark.parametrize("size", [6_000, 20_000])
def test_a_fact_at_the_end_of_a_long_memory_is_found_by_paraphrase(
    tmp_path: Path, embedder: Any, name: str, size: int
) -> None:
    fact, question = FACTS[name]
    assert not set(content_terms(question)) & set(content_terms(fact))
    service, alice, long_id, registry = build(tmp_path, embedder, fact, size)
    packs = service.get_context(alice, question, max_results=5).packs
    assert packs[0].id == long_id, [p.text[:80] for p in packs]
    assert fact.split(",")[0].split(" must")[0][:40] in packs[0].text
    registry.close()


# -- a keyword hit holding most of a long question's words is evidence (issue #32 item 1) ------------------------


def test_a_turn_holding_most_words_of_a_long_question_passes_the_relevance_floor(tmp_path: Path) -> None:
    """A long question rarely has every word in the turn that answers it; a keyword hit holding at least half of
    its content words (and two) is evidence even when meaning alone is below the floor, while a turn sharing one
    word of it is not. The floor here is set so that no cosine passes it: keyword evidence alone decides."""
    from dataclasses import replace

    from contextlamp.embedding.fake import FakeEmbedder

    embedder = FakeEmbedder()
    registry = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    alice = Caller(service.principal("alice"), "cli")
    answer = service.save_context(alice, "Caroline went to the support group meeting on the 7th of May").id
    one_word = service.save_context(alice, "The group chat was noisy all evening").id
    for text in ["Melanie bought new running shoes", "We painted the fence green", "The bakery opens at six"]:
        service.save_context(alice, text)
    question = "When did Caroline attend that support group meeting in spring?"
    assert len(content_terms(question)) >= 5  # a long question: not every word is in the answer
    service.weights = replace(service.weights, evidence_floor=0.999, neighbours=0.0)  # no time-neighbour context
    ids = [p.id for p in service.get_context(alice, question, max_results=5).packs]
    assert answer in ids and one_word not in ids
    service.weights = replace(service.weights, keyword_evidence=False)  # the rule is what keeps it
    assert answer not in [p.id for p in service.get_context(alice, question, max_results=5).packs]
    registry.close()
