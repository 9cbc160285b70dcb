"""The MCP layer in-process (fake embedder): argument typing, error mapping and surfaces."""

from __future__ import annotations

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
