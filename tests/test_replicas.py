"""Two server replicas on one PostgreSQL database: atomic dedupe and supersession across processes, and no
stale per-process state (a forget on one replica is seen by the other at once)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import Implementation

from tests.postgres import PostgresServer
from tests.servers import HttpServer, run_server

CLIENTS = 8


@pytest.fixture
def replicas(postgres: PostgresServer, tmp_path: Path) -> Iterator[tuple[HttpServer, HttpServer]]:
    url = postgres.database("replicas")
    env = {"CONTEXTLAMP_DATABASE_URL": url, "CONTEXTLAMP_DB_POOL_SIZE": "4"}
    try:
        with run_server(tmp_path / "a", env) as first, run_server(tmp_path / "b", env) as second:
            yield first, second
    finally:
        postgres.drop("replicas")


@contextlib.asynccontextmanager
async def _client(url: str, token: str) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http,
        Client(
            streamable_http_client(url, http_client=http), client_info=Implementation(name="r", version="1")
        ) as client,
    ):
        yield client


async def _call(url: str, token: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    async with _client(url, token) as client:
        result = await client.call_tool(tool, args)
        assert not result.is_error, result.content
        assert result.structured_content is not None
        return result.structured_content


async def _many(calls: list[tuple[str, dict[str, Any]]], token: str, tool: str) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = [{} for _ in calls]

    async def one(i: int, url: str, args: dict[str, Any]) -> None:
        results[i] = await _call(url, token, tool, args)

    async with anyio.create_task_group() as group:
        for i, (url, args) in enumerate(calls):
            group.start_soon(one, i, url, args)
    return results


def test_replicas_agree_on_dedupe_supersession_and_forget(replicas: tuple[HttpServer, HttpServer]) -> None:
    first, second = replicas
    accounts = first.accounts()
    accounts.create_user("rita")
    token = accounts.create_token("rita", "t", None).token
    urls = [first.mcp, second.mcp]

    same = [(urls[i % 2], {"content": "The staging database is PostgreSQL 16"}) for i in range(CLIENTS)]
    saved = anyio.run(_many, same, token, "save_context")
    assert len({r["id"] for r in saved}) == 1  # one entry, whichever replica answered
    assert sum(1 for r in saved if not r["deduped"]) == 1

    topic = [
        (urls[i % 2], {"content": f"The on-call phone is extension {100 + i}", "topic": "on-call phone"})
        for i in range(CLIENTS)
    ]
    anyio.run(_many, topic, token, "save_context")
    for url in urls:
        got = anyio.run(_call, url, token, "get_context", {"query": "on-call phone extension", "max_results": 20})
        current = [p for p in got["packs"] if p.get("topic") == "on-call-phone"]
        assert len(current) == 1, current  # exactly one current entry on the topic
    listed = anyio.run(_call, first.mcp, token, "list_context", {"limit": 200, "include_superseded": True})
    on_topic = [i for i in listed["items"] if i["topic"] == "on-call-phone"]
    assert len(on_topic) == CLIENTS and sum(1 for i in on_topic if i.get("superseded_by") is None) == 1

    entry_id = saved[0]["id"]
    assert anyio.run(_call, second.mcp, token, "get_context", {"query": "staging database"})["packs"]
    assert anyio.run(_call, first.mcp, token, "forget_context", {"id": entry_id}) == {"forgotten": True}
    after = anyio.run(_call, second.mcp, token, "get_context", {"query": "staging database PostgreSQL"})
    assert entry_id not in {p["id"] for p in after["packs"]}  # seen at once on the other replica
    again = anyio.run(_call, second.mcp, token, "save_context", {"content": "The staging database is PostgreSQL 16"})
    assert again["deduped"] is False and again["id"] != entry_id
