"""The MCP layer in-process (fake embedder): argument typing, error mapping and surfaces."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp_types import Implementation

from contextlamp.app.service import MemoryService
from contextlamp.mcp.tools import build_server


def _call(service: MemoryService, name: str, arguments: dict[str, Any], client: str | None = "Cursor") -> Any:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> Any:
        with anyio.fail_after(20):
            info = Implementation(name=client, version="1") if client else None
            async with Client(server, client_info=info) as session:
                return await session.call_tool(name, arguments)

    return anyio.run(main)


@pytest.mark.parametrize(
    "arguments",
    [
        {"query": "x", "max_results": "5"},
        {"query": "x", "max_results": True},
        {"query": "x", "max_results": 5.5},  # 5.0 is accepted since issue 12 (flattening clients send it)
        {"query": "x", "recency": "no"},
        {"query": "x", "recency": 1},
        {"query": 5},
    ],
)
def test_wrong_types_are_tool_errors_not_coerced(service: MemoryService, arguments: dict[str, Any]) -> None:
    result = _call(service, "get_context", arguments)
    assert result.is_error


def test_domain_errors_reach_the_agent_with_their_message(service: MemoryService) -> None:
    result = _call(service, "list_context", {"cursor": "not-a-cursor"})
    assert result.is_error and "cursor" in result.content[0].text


def test_tool_descriptions_are_dedented(service: MemoryService) -> None:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> Any:
        async with Client(server) as session:
            return await session.list_tools()

    tools = anyio.run(main).tools
    assert all("\n        " not in (t.description or "") for t in tools)


def test_surface_comes_from_the_client_name(service: MemoryService) -> None:
    _call(service, "save_context", {"content": "from cursor"}, client="Cursor Editor")
    caller_items = _call(service, "get_context", {"query": "cursor"})
    assert caller_items.structured_content["packs"][0]["source_surface"] == "cursor-editor"


AWS_KEY_ID = "AKIA" + "Q7WZ3K5XJ2LPM4RT"  # an access key id's shape: kebab form only lower-cases it
GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


@pytest.mark.parametrize(
    "client",
    [
        AWS_KEY_ID,
        GITHUB_TOKEN,
        f"my-agent token={GITHUB_TOKEN}",
        f"Agent {AWS_KEY_ID} v1",
        "x" * 2000 + AWS_KEY_ID,  # past the scanned head: not part of what is stored either
    ],
)
def test_a_client_name_holding_a_secret_is_never_stored(service: MemoryService, client: str) -> None:
    """The name a client gives itself in ``initialize`` becomes the memory's ``source_surface`` and its
    ``last_used_surface``; a name holding a secret is recorded as ``unknown``, in every place that stores it."""
    saved = _call(service, "save_context", {"content": "we deploy billing with blue-green"}, client=client)
    assert not saved.is_error, saved.content
    entry_id = saved.structured_content["id"]
    session = _call(
        service, "save_session", {"transcript": "user: We always deploy on Tuesdays.\nassistant: Noted."}, client=client
    )
    assert not session.is_error, session.content
    assert not _call(service, "get_context", {"query": "how do we deploy billing"}, client=client).is_error
    store = service.registry.store(service.principal("alice").user_id)
    entry = store.get(entry_id)
    assert entry is not None
    surfaces = {entry.source_surface, *(s.source_surface for s in store.sessions(5, None, None))}
    assert surfaces == {"unknown"} or (client.startswith("x") and surfaces == {"x" * 64})
    stored = json.dumps([str(v) for v in (entry, store.sessions(5, None, None))]).lower()
    assert AWS_KEY_ID.lower() not in stored and GITHUB_TOKEN.lower()[4:] not in stored


def test_a_plain_client_name_is_still_its_surface(service: MemoryService) -> None:
    saved = _call(service, "save_context", {"content": "we deploy billing with blue-green"}, client="Claude Desktop")
    entry = service.registry.store(service.principal("alice").user_id).get(saved.structured_content["id"])
    assert entry is not None and entry.source_surface == "claude-desktop"
