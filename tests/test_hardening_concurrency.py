"""Two MCP clients, each spawning its own stdio server on one data directory (Claude Desktop plus an editor),
saving, superseding and forgetting at once: no "database is locked" reaches a client, no duplicate entry,
one current entry per topic, and doctor finds nothing wrong afterwards."""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import Implementation

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from tests.wiring import app_of

OPS_PER_CLIENT = 60
TOPICS = 4


def _params(home: Path) -> StdioServerParameters:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {"CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_USER": "shared", "CONTEXTLAMP_EMBEDDER": "fake"}
    return StdioServerParameters(command=exe, args=["serve"], env=env)


async def _client(home: Path, name: str, seed: int, errors: list[str]) -> None:
    rng = random.Random(seed)
    saved: list[str] = []
    async with Client(
        _params(home), client_info=Implementation(name=name, version="1"), read_timeout_seconds=60
    ) as client:
        for n in range(OPS_PER_CLIENT):
            roll = rng.random()
            if roll < 0.35:  # the same content from both clients: must dedupe across processes
                args: dict[str, Any] = {"content": f"shared fact number {n % 15}"}
                tool = "save_context"
            elif roll < 0.7:  # topic saves from both clients: supersession across processes
                topic = n % TOPICS
                args = {"content": f"{name} says topic {topic} value {n}", "topic": f"setting {topic}"}
                tool = "save_context"
            elif roll < 0.85 and saved:
                args, tool = {"id": rng.choice(saved)}, "forget_context"
            else:
                args, tool = {"query": f"topic {n % TOPICS} value", "max_results": 5}, "get_context"
            result = await client.call_tool(tool, args)
            text = "".join(getattr(c, "text", "") for c in result.content)
            if result.is_error:
                errors.append(f"{name} {tool}: {text[:200]}")
            elif tool == "save_context" and result.structured_content:
                saved.append(result.structured_content["id"])


def test_two_stdio_servers_on_one_directory(tmp_path: Path) -> None:
    home = tmp_path / "home"
    errors: list[str] = []

    async def both() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(_client, home, "claude-desktop", 1, errors)
            group.start_soon(_client, home, "cursor", 2, errors)

    anyio.run(both)
    assert errors == []  # no "database is locked", no other failure reached a client
    embedder = FakeEmbedder()
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    try:
        user = service.registry.control.find_user("shared")
        assert user is not None
        entries = service.registry.store(user.id).all_entries()
        contents = [e.content for e in entries]
        assert len(contents) == len(set(contents))  # no duplicate
        for topic in range(TOPICS):
            current = [e for e in entries if e.topic == f"setting-{topic}" and e.superseded_by is None]
            assert len(current) <= 1, current  # one current entry per topic
            if any(e.topic == f"setting-{topic}" for e in entries):
                assert len(current) == 1
        reports, _ = app_of(service).doctor.examine(repair=False)
        assert all(r.findings == [] for r in reports)
    finally:
        service.registry.close()
