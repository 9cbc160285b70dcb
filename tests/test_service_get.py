"""get_context semantics of spec/TOOLS.md, at the service level (fake embedder: meaning = shared words)."""

from __future__ import annotations

from typing import Any

import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import InvalidArgumentError
from tests.test_query import ADVERSARIAL


def test_empty_store_returns_no_packs(service: MemoryService, alice: Caller) -> None:
    assert service.get_context(alice, "anything at all").packs == []


def test_keyword_match_ranks_first_with_all_pack_fields(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "The office plant needs water on Mondays")
    target = service.save_context(alice, "We use pnpm, not npm, in every repository", kind="decision")
    service.save_context(alice, "Lunch is at noon")
    packs = service.get_context(alice, "which package tool: pnpm or npm?").packs
    top = packs[0]
    assert top.id == target.id
    assert (top.kind, top.memory_type, top.scope, top.source_surface) == (
        "decision",
        "event",
        "personal",
        "claude-code",
    )
    assert 0.0 < top.score <= 1.0
    assert [p.score for p in packs] == sorted((p.score for p in packs), reverse=True)


def test_fact_key_finds_the_topic_the_query_names(service: MemoryService, alice: Caller) -> None:
    for i in range(30):
        service.save_context(alice, f"Unrelated note number {i} about package delivery and managers")
    fact = service.save_context(alice, "pnpm everywhere", topic="package-manager")
    packs = service.get_context(alice, "what is our package manager?").packs
    assert packs[0].id == fact.id


def test_stemming_matches_word_forms(service: MemoryService, alice: Caller) -> None:
    target = service.save_context(alice, "She was running the deployments yesterday")
    service.save_context(alice, "Another sentence entirely")
    assert service.get_context(alice, "deployment runs").packs[0].id == target.id


def test_memory_type_filter_applies_before_the_top_k_cut(service: MemoryService, alice: Caller) -> None:
    for i in range(80):
        service.save_context(alice, f"database migration fact {i}")
    task = service.save_context(alice, "write the report", memory_type="task")
    packs = service.get_context(alice, "database migration", max_results=3, memory_types=["task"]).packs
    assert [p.id for p in packs] == [task.id]
    facts = service.get_context(alice, "database migration", max_results=50, memory_types=["fact"]).packs
    assert len(facts) == 50 and all(p.memory_type == "fact" for p in facts)


def test_superseded_and_expired_never_appear(service: MemoryService, alice: Caller, clock: Any) -> None:
    old = service.save_context(alice, "deploy target is heroku", topic="deploy-target")
    new = service.save_context(alice, "deploy target is fly", topic="deploy-target")
    task = service.save_context(alice, "deploy target migration task", memory_type="task")
    clock.advance_days(8)
    ids = [p.id for p in service.get_context(alice, "deploy target heroku", max_results=50).packs]
    assert new.id in ids and old.id not in ids and task.id not in ids


def test_each_hit_counts_a_reuse_from_the_caller_surface(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Reusable fact about caching")
    cursor = Caller(principal=alice.principal, surface="cursor")
    service.get_context(cursor, "caching")
    service.get_context(cursor, "caching fact")
    item = service.list_context(alice).items[0]
    assert item.id == saved.id and item.reuse_count == 2 and item.last_used_surface == "cursor"


def test_recency_flag_favours_the_newest(service: MemoryService, alice: Caller) -> None:
    best = service.save_context(alice, "release checklist release checklist")
    service.save_context(alice, "release checklist for the team")
    newest = service.save_context(alice, "release checklist, updated version with many more extra words added")
    assert service.get_context(alice, "release checklist").packs[0].id == best.id
    assert service.get_context(alice, "release checklist", recency=True).packs[0].id == newest.id


def test_exact_ties_go_to_the_newest(service: MemoryService, alice: Caller) -> None:
    a = service.save_context(alice, "zeta one")
    b = service.save_context(alice, "zeta two")
    packs = service.get_context(alice, "zeta", max_results=2).packs
    assert {p.id for p in packs} == {a.id, b.id}


def test_project_is_fused_with_personal_and_labelled(service: MemoryService, alice: Caller) -> None:
    personal = service.save_context(alice, "Personal: prefer tabs over spaces")
    project = service.save_context(alice, "Project: prefer spaces over tabs", project="kernel")
    packs = service.get_context(alice, "tabs spaces", project="kernel").packs
    scopes = {p.id: p.scope for p in packs}
    (prj,) = service.registry.control.projects(alice.principal.user_id)
    assert scopes == {personal.id: "personal", project.id: f"project:{prj.id}"}
    assert [p.id for p in service.get_context(alice, "tabs spaces").packs] == [personal.id]
    assert [p.id for p in service.get_context(alice, "tabs", scope="team").packs] == []


def test_users_never_see_each_other(service: MemoryService, alice: Caller, bob: Caller) -> None:
    service.save_context(alice, "Alice's secret plan for the launch")
    assert service.get_context(bob, "secret plan launch").packs == []
    with pytest.raises(InvalidArgumentError):
        service.get_context(bob, "plan", project="anything")


@pytest.mark.parametrize("query", ADVERSARIAL)
def test_adversarial_queries_return_results_or_a_clear_error(service: MemoryService, alice: Caller, query: str) -> None:
    service.save_context(alice, "C++ and node.js at 50% capacity: why? AND/OR/NOT -flags *stars*")
    try:
        packs = service.get_context(alice, query).packs
    except InvalidArgumentError as err:
        assert err.field == "query"
        return
    assert isinstance(packs, list)


def test_overlong_query_is_a_clear_error(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(InvalidArgumentError, match="2000"):
        service.get_context(alice, "q" * 2001)


BAD_GETS: list[tuple[dict[str, Any], str]] = [
    ({"query": ""}, "query"),
    ({"query": None}, "query"),
    ({"query": "x", "max_results": 0}, "max_results"),
    ({"query": "x", "max_results": 51}, "max_results"),
    ({"query": "x", "max_results": True}, "max_results"),
    ({"query": "x", "memory_types": ["memo"]}, "memory_types"),
    ({"query": "x", "memory_types": []}, "memory_types"),
    ({"query": "x", "memory_types": "fact"}, "memory_types"),
    ({"query": "x", "scope": "everyone"}, "scope"),
    ({"query": "x", "scope": "team:team_unknown"}, "scope"),
    ({"query": "x", "recency": "yes"}, "recency"),
    ({"query": "x", "verified_only": 1}, "verified_only"),
    ({"query": "x", "project": "nope"}, "project"),
]


@pytest.mark.parametrize(("kwargs", "field"), BAD_GETS)
def test_bad_get_argument_names_the_field(
    service: MemoryService, alice: Caller, kwargs: dict[str, Any], field: str
) -> None:
    service.save_context(alice, "something")
    with pytest.raises(InvalidArgumentError) as err:
        service.get_context(alice, **kwargs)
    assert err.value.field == field


def test_weak_semantic_neighbours_are_not_returned(registry: Any, embedder: Any, clock: Any) -> None:
    from contextlamp.retrieval.weights import FusionWeights

    service = MemoryService(
        registry,
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
        weights=FusionWeights(semantic_floor=0.5),
        clock=clock,
    )
    caller = Caller(principal=service.principal("carol"), surface="test")
    saved = service.save_context(caller, "zebra crossing near the office")
    assert service.get_context(caller, "completely different words here").packs == []
    assert [p.id for p in service.get_context(caller, "zebra crossing office").packs] == [saved.id]
    assert service.weights.semantic_floor == 0.5
    default = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True), clock=clock)
    assert default.weights.semantic_floor == embedder.similarity_floor
