"""Long memories as chunks and the get_context budget (issue 17 points 1 and 2; spec/TOOLS.md get_context).

A memory longer than one embedding window is stored as chunks, one vector each; a pack shows the chunk that
matches (with ``chunk: {index, count}``); the packs' text never exceeds the budget.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import anyio
import pytest
from mcp import Client

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import MAX_CHARS_RANGE, Caller, MemoryService
from contextlamp.config import Limits
from contextlamp.embedding import create_embedder
from contextlamp.errors import InvalidArgumentError
from contextlamp.mcp.tools import build_server
from contextlamp.retrieval.chunks import CUT_MARKER, cut_text, within_budget
from contextlamp.segmenting import WINDOW_CHARS, chunk_count, chunk_spans
from contextlamp.storage import StoreRegistry

WORDS = [
    "deploy",
    "service",
    "cluster",
    "node",
    "config",
    "rollout",
    "canary",
    "metrics",
    "alert",
    "pager",
    "queue",
    "worker",
    "cache",
    "shard",
    "replica",
    "backup",
    "restore",
    "schema",
    "migration",
    "index",
    "token",
    "gateway",
    "proxy",
    "route",
    "certificate",
    "bucket",
    "region",
    "zone",
]


def filler(rng: random.Random, paragraphs: int, tag: str) -> str:
    """Runbook-like prose: paragraphs of plain sentences, none about the facts the tests look for."""
    out: list[str] = []
    for p in range(paragraphs):
        sentences = [
            f"Step {tag}-{p}.{s}: check the {' '.join(rng.sample(WORDS, 4))} before you continue."
            for s in range(rng.randint(4, 7))
        ]
        out.append(" ".join(sentences))
    return "\n\n".join(out)


LAST = (
    "Finally, if the espresso machine on the third floor shows a red descaling light, call Giulia from "
    "facilities on extension 4417; she keeps the citric acid tablets in the locked drawer."
)


# -- chunking (segmenting.chunk_spans) ------------------------------------------------------------------------


def test_short_content_is_one_chunk_and_long_content_is_covered_by_bounded_chunks() -> None:
    assert chunk_spans("We use pnpm.") == [(0, 12)]
    text = filler(random.Random(1), 60, "a")
    spans = chunk_spans(text)
    assert len(spans) == chunk_count(text) > 10
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start <= end  # no gap: every character is in a chunk
        assert end - start < 200  # a small overlap at most
    assert all(end - start <= WINDOW_CHARS for start, end in spans)
    # chunks close at sentence or paragraph ends, not inside words
    assert all(text[end - 1] in ".\n " or end == len(text) for _, end in spans)


@pytest.mark.parametrize("text", ["x" * 40_000, ("a. " * 15_000), ("\n \n" * 12_000), ("。" * 30_000), "猫" * 30_000])
def test_chunking_any_text_is_bounded(text: str) -> None:
    spans = chunk_spans(text)
    assert spans[-1][1] == len(text)
    assert all(0 < end - start <= WINDOW_CHARS for start, end in spans)


# -- a long memory's last paragraph is found ------------------------------------------------------------------


@pytest.fixture(scope="module")
def minilm() -> Any:
    return create_embedder("minilm")


def test_the_last_paragraph_of_a_30_kb_memory_is_found_by_meaning(tmp_path: Any, minilm: Any) -> None:
    registry = StoreRegistry(tmp_path / "home", minilm.identity, minilm.dim)
    service = MemoryService(registry, minilm, indexer=Indexer(minilm.embed, inline=True))
    alice = Caller(service.principal("alice"), "cli")
    rng = random.Random(7)
    body = filler(rng, 1000, "r")[:29_000]
    runbook = body + "\n\n" + LAST
    assert len(runbook.encode()) >= 29_000
    long_id = service.save_context(alice, runbook, topic="ops-runbook").id
    for i in range(20):
        service.save_context(alice, filler(rng, 2, f"n{i}"))
    store = registry.store(alice.principal.user_id)
    query = "who do I phone when the coffee maker needs descaling?"  # no word of it is in the paragraph
    vector = minilm.embed([query])[0]
    assert store.vector_search(vector, 3, service.clock(), None)[0][0] == long_id
    pack = service.get_context(alice, query, max_results=3).packs[0]
    assert pack.id == long_id
    assert LAST in pack.text
    assert pack.chunk is not None and pack.chunk.index == pack.chunk.count - 1 == chunk_count(runbook) - 1
    assert pack.text.startswith("Step r-0.0")  # the entry's title (its first line) leads a later chunk
    assert len(pack.text) < 2 * WINDOW_CHARS  # the chunk, not the 30 KB entry
    registry.close()


# -- budget ---------------------------------------------------------------------------------------------------


def _mcp_get(service: MemoryService, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> Any:
        with anyio.fail_after(30):
            async with Client(server) as session:
                return await session.call_tool("get_context", arguments)

    result = anyio.run(main)
    assert not result.is_error, result
    text = result.content[0].text
    return text, json.loads(text)


@pytest.mark.parametrize("max_chars", [None, 3000])
def test_fifty_long_memories_never_exceed_the_budget(service: MemoryService, alice: Caller, max_chars: Any) -> None:
    rng = random.Random(3)
    for i in range(50):
        service.save_context(alice, f"Deploy note {i}: " + filler(rng, 12, f"d{i}"))  # ~4 KB each
    arguments: dict[str, Any] = {"query": "deploy rollout canary metrics", "max_results": 50}
    if max_chars is not None:
        arguments["max_chars"] = max_chars
    answer, data = _mcp_get(service, arguments)
    budget = max_chars or Limits().max_pack_chars
    packs = data["packs"]
    assert packs
    assert sum(len(p["text"]) for p in packs) <= budget
    # the whole answer: the budget plus each pack's fields (id, scores, scope...), far from 50 whole entries
    assert len(answer) <= budget + 400 * len(packs)
    assert len(answer) < 50 * 4000 / 5
    assert len({p["id"] for p in packs}) == len(packs)  # one pack per entry: no entry fills the answer
    assert all(p["chunk"]["count"] > 1 for p in packs)


def test_an_over_long_pack_is_cut_at_a_sentence_with_a_marker(service: MemoryService, alice: Caller) -> None:
    content = "The blue deploy runs at noon. It uses the canary lane first. " * 9  # one chunk, ~550 chars
    assert len(content) <= WINDOW_CHARS
    service.save_context(alice, content)
    pack = service.get_context(alice, "when does the blue deploy run?", max_chars=200).packs[0]
    assert len(pack.text) <= 200
    assert pack.text.endswith("." + CUT_MARKER)
    assert pack.chunk is None  # a one-chunk entry carries no chunk field


def test_budget_helpers_stop_and_cut() -> None:
    assert within_budget(["a" * 100, "b" * 100], 250) == ["a" * 100, "b" * 100]
    texts = within_budget(["One. Two. " * 40, "x" * 50], 220)
    assert len(texts) == 1 and len(texts[0]) <= 220 and texts[0].endswith("." + CUT_MARKER)
    assert within_budget(["a" * 100, "b" * 500, "c" * 10], 250) == ["a" * 100]  # 150 left: stop, no stub
    assert cut_text("no sentence end at all " * 20, 100).endswith(CUT_MARKER)


@pytest.mark.parametrize("value", [0, 199, 200_001, "800", True, 1.5])
def test_max_chars_outside_its_range_names_the_field(service: MemoryService, alice: Caller, value: Any) -> None:
    service.save_context(alice, "We use pnpm.")
    with pytest.raises(InvalidArgumentError) as info:
        service.get_context(alice, "pnpm", max_chars=value)
    assert info.value.field == "max_chars"


def test_max_chars_is_published_with_its_range(service: MemoryService) -> None:
    server = build_server(service, lambda _ctx: service.principal("alice"))

    async def main() -> Any:
        async with Client(server) as session:
            return await session.list_tools()

    tools = {t.name: t for t in anyio.run(main).tools}
    schema = tools["get_context"].input_schema["properties"]["max_chars"]
    assert (schema["minimum"], schema["maximum"]) == MAX_CHARS_RANGE
    assert schema["type"] == "integer"


# -- export keeps entries whole, import rebuilds their chunks; doctor counts them ------------------------------


@pytest.mark.both_backends
def test_export_keeps_a_long_entry_whole_and_import_rebuilds_its_chunks(
    service: MemoryService, alice: Caller, tmp_path: Any
) -> None:
    from contextlamp.app.export_format import parse_document
    from contextlamp.embedding import FakeEmbedder
    from tests.wiring import app_of

    runbook = filler(random.Random(5), 40, "x") + "\n\n" + LAST
    entry_id = service.save_context(alice, runbook).id
    store = service.registry.store(alice.principal.user_id)
    assert len(store.entry_vectors([entry_id])[entry_id]) == chunk_count(runbook) > 1
    assert store.check(None, repair=False) == []
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    exported = [e for s in document["stores"] for e in s["entries"]]
    assert [e["content"] for e in exported] == [runbook]  # whole, no chunk in the export
    embedder = FakeEmbedder()
    other = MemoryService(
        StoreRegistry(tmp_path / "other", embedder.identity, embedder.dim),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
    )
    report = app_of(other).porter.import_document(parse_document(json.loads(json.dumps(document))))
    assert report.entries_added == 1
    copy = other.registry.store(user.id)
    assert len(copy.entry_vectors([entry_id])[entry_id]) == chunk_count(runbook)
    assert copy.check(None, repair=False) == []
    pack = other.get_context(Caller(other.principal("alice"), "cli"), "espresso descaling extension Giulia").packs[0]
    assert pack.id == entry_id and LAST in pack.text and pack.chunk is not None
    other.registry.close()


def test_a_long_entry_gets_no_sentence_probes_but_keeps_its_templated_ones() -> None:
    from contextlamp.retrieval.questions import likely_questions

    long = filler(random.Random(9), 12, "p")
    assert len(long) > WINDOW_CHARS
    assert likely_questions(long, None, "note", "fact") == []  # its sentences are in its chunks' vectors
    assert likely_questions(long, "deploy-steps", "note", "fact")[0] == "What is our deploy steps?"
    short = "Alice: We moved the billing service to Postgres. The old MySQL box is gone now."
    assert len(likely_questions(short, None, "note", "fact")) == 2  # short entries keep their sentence probes
