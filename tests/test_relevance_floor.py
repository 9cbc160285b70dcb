"""The relevance floor of get_context (issue #27.4): only packs with evidence; a question about something never
saved gets few or none; the dashboard's search shows no result "ranked by none" and searches every project."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from contextlamp.app.compose import App
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import create_embedder
from contextlamp.storage import StoreRegistry
from tests.conftest import Clock
from tests.test_dashboard import _client, sign_in

REPOSITORY_MEMORIES = [
    "The web-app deploys with blue-green releases behind the load balancer",
    "We use pnpm, never npm, in every package of the monorepo",
    "CI runs on GitHub Actions; the release workflow needs a manual approval",
    "The API is written in Go 1.23 and served behind nginx",
    "Database migrations are written with goose and run before each deploy",
    "Code review needs two approvals for anything under payments/",
    "Feature flags live in LaunchDarkly, one project per environment",
    "The staging URL is staging.web-app.example",
    "Error tracking is Sentry; alerts go to the #web-alerts channel",
    "Frontend tests use Vitest and Playwright for end to end",
    "Ana owns the billing service and Ben the search service",
    "Logs are shipped to Loki and kept for 30 days",
]
NEVER_SAVED = [
    "What is my dentist's phone number?",
    "Which hotel did we book in Lisbon?",
    "What is the capital of Australia?",
    "How many grams of flour go into the sourdough?",
]


@pytest.fixture(scope="module")
def model_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MemoryService, Caller]]:
    embedder = create_embedder("minilm")
    registry = StoreRegistry(tmp_path_factory.mktemp("floor"), embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True), clock=Clock())
    caller = Caller(service.principal("ana"), "claude-code")
    for content in REPOSITORY_MEMORIES:
        service.save_context(caller, content)
    try:
        yield service, caller
    finally:
        registry.close()


@pytest.mark.model
def test_a_question_about_something_never_saved_returns_nothing(model_service: tuple[MemoryService, Caller]) -> None:
    service, caller = model_service
    for question in NEVER_SAVED:
        assert service.get_context(caller, question, max_results=8).packs == [], question


@pytest.mark.model
def test_without_the_floor_the_same_questions_get_the_nearest_noise(
    model_service: tuple[MemoryService, Caller],
) -> None:
    service, caller = model_service  # the test above discriminates: the floor is what empties those answers
    floor = service.weights
    service.weights = replace(floor, evidence_floor=-1.0)
    try:
        noise = sum(len(service.get_context(caller, q, max_results=8).packs) for q in NEVER_SAVED)
    finally:
        service.weights = floor
    assert noise >= 8


@pytest.mark.model
def test_answerable_questions_still_find_their_memory(model_service: tuple[MemoryService, Caller]) -> None:
    service, caller = model_service
    asked = {
        "how do we deploy the web-app?": "blue-green",
        "where do errors get reported?": "Sentry",
        "who owns billing?": "billing service",
        "how long are logs retained?": "Loki",
    }
    for question, expected in asked.items():
        packs = service.get_context(caller, question, max_results=8).packs
        assert packs and any(expected in p.text for p in packs[:3]), question
        assert len(packs) < 8, question  # the floor leaves out what matched nothing


@pytest.mark.model
def test_a_query_of_function_words_only_returns_nothing(model_service: tuple[MemoryService, Caller]) -> None:
    service, caller = model_service  # most memories hold "the": each was a keyword match of the query's every word
    for query in ("the", "what is the", "who are you", "?"):
        assert service.get_context(caller, query, max_results=8).packs == [], query
    assert service.get_context(caller, "the staging URL", max_results=8).packs  # one content word is enough


@pytest.mark.model
def test_the_top_score_says_how_well_the_best_pack_matches(model_service: tuple[MemoryService, Caller]) -> None:
    service, caller = model_service
    answer = service.get_context(caller, "Who owns the billing service?", max_results=8).packs
    near_miss = service.get_context(caller, "Who owns the billing dashboard migration?", max_results=8).packs
    assert "Ana owns the billing service" in answer[0].text and answer[0].score == 1.0
    assert "Ana owns the billing service" in near_miss[0].text  # the same memory, half the question's words
    assert near_miss[0].score <= 0.8  # not "first in every list" = 1.0, as before the match scale
    assert [p.score for p in near_miss] == sorted((p.score for p in near_miss), reverse=True)


# research/notes/breaker-stop38.md appendix A: twenty memories of one engineering team
TEAM_MEMORIES = [
    "The billing worker listens on port 4100 in staging.",
    "Priya owns the search indexer.",
    "The auth gateway times out after 30 seconds.",
    "We use pnpm, not npm, in every repo.",
    "The report exporter writes CSVs to s3://acme-reports.",
    "Deploys happen on Tuesdays and Thursdays only.",
    "The staging database is Postgres 16 on db-stg-2.",
    "Always run make lint before pushing.",
    "The fraud scorer model is retrained every Sunday night.",
    "Tomasz prefers squash merges.",
]


@pytest.mark.model
def test_a_question_whose_best_pack_is_a_near_miss_returns_nothing(tmp_path: Path) -> None:
    embedder = create_embedder("minilm")
    registry = StoreRegistry(tmp_path, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True), clock=Clock())
    caller = Caller(service.principal("finn"), "claude-code")
    try:
        for content in TEAM_MEMORIES:
            service.save_context(caller, content)
        # no password is saved: the nearest memory by meaning ("The auth gateway times out ...") matched no word
        assert service.get_context(caller, "password", max_results=8).packs == []
        assert service.get_context(caller, "which port does the billing worker listen on", max_results=8).packs
        weights = service.weights
        service.weights = replace(weights, least_match=0.0)
        assert service.get_context(caller, "password", max_results=8).packs  # the per-pack floor alone lets it by
    finally:
        registry.close()


# -- the dashboard ------------------------------------------------------------------------------------------


@pytest.fixture
def browser(wired: App, tmp_path: Path) -> Iterator[TestClient]:
    with _client(wired, tmp_path) as client:
        yield client


def test_the_dashboard_search_shows_no_result_ranked_by_none_and_searches_every_project(
    service: MemoryService, alice: Caller, browser: TestClient
) -> None:
    turns = [
        "Alice: we talked about the billing deploy today",
        "Bob: ok",
        "Alice: sounds good",
        "Bob: the window is Friday",
    ]
    for turn in turns:  # one conversation: the short turns around a match are lifted as its context
        service.save_context(alice, turn)
    in_project = service.save_context(alice, "Pause the invoices job before a billing deploy", project="billing")
    for n in range(12):
        service.save_context(alice, f"Unrelated note number {n} about gardening and tomatoes", source_surface="cursor")
    service.weights = replace(service.weights, evidence_floor=0.35)  # the fake embedder has no calibrated floor
    sign_in(browser)
    page = browser.get("/search", params={"q": "billing deploy", "max_results": "10"})
    assert page.status_code == 200
    assert "tie-break" not in page.text and "none (" not in page.text
    assert "context next to result #" in page.text  # a lifted neighbour says which match it belongs to
    assert f'href="/memories/{in_project.id}"' in page.text  # "Everything" holds project memories
    assert "gardening" not in page.text  # no evidence, not shown
    nothing = browser.get("/search", params={"q": "dentist phone number"})
    assert nothing.status_code == 200 and "0 results" in nothing.text and "Nothing matched" in nothing.text
