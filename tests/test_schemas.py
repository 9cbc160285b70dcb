"""The tools' schemas as a strict client sees them in tools/list (issue 12 point 16): plain input schemas (no
null, anyOf or $ref), the service's own limits, ranges and defaults in them, self-contained output schemas."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client
from mcp_types import Tool

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import MemoryService
from contextlamp.app.state import SAVE_CONTEXT, TOOL_DEFAULTS
from contextlamp.config import Limits
from contextlamp.embedding import FakeEmbedder
from contextlamp.mcp.tools import build_server
from contextlamp.storage import StoreRegistry
from tests.schema_rules import input_schema_problems, output_schema_problems

TOOLS = {"save_context", "get_context", "list_context", "forget_context", "save_session", "resume_session"}


def _tools(service: MemoryService) -> dict[str, Tool]:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> list[Tool]:
        with anyio.fail_after(20):
            async with Client(server) as client:
                return (await client.list_tools()).tools

    return {t.name: t for t in anyio.run(main)}


def test_the_checker_refuses_what_strict_clients_refuse() -> None:
    nullable = {"type": "object", "properties": {"x": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
    assert input_schema_problems(nullable)  # the shape pydantic gave every optional argument before
    assert input_schema_problems({"type": "object", "properties": {"x": {"type": ["string", "null"]}}})
    assert input_schema_problems({"type": "object", "properties": {"x": {"$ref": "#/$defs/X"}}, "$defs": {}})
    assert input_schema_problems({"type": "object", "properties": {"x": {"type": "array"}}})
    assert input_schema_problems({"type": "object", "properties": {"x": {"type": "string", "enum": []}}})
    assert input_schema_problems({"type": "object", "properties": {"x": {"type": "string", "enum": [1]}}})
    assert input_schema_problems({"type": "object", "properties": {}, "required": ["y"]})
    assert input_schema_problems({"type": "object", "properties": {}})  # open to unknown names
    assert input_schema_problems({"type": "string"})
    assert input_schema_problems({"type": "object", "properties": {"x": {"type": "integer", "default": "8"}}})
    strict = {
        "type": "object",
        "properties": {"x": {"type": "array", "items": {"type": "string", "enum": ["a"]}, "description": "d"}},
        "required": ["x"],
        "additionalProperties": False,
    }
    assert input_schema_problems(strict) == []
    assert output_schema_problems({"type": "object", "properties": {"p": {"$ref": "#/$defs/P"}}, "$defs": {}})


def test_every_tool_in_tools_list_has_a_strict_input_schema(service: MemoryService) -> None:
    tools = _tools(service)
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert input_schema_problems(tool.input_schema) == [], name
        assert all(p.get("description") for p in tool.input_schema["properties"].values()), name


def test_optional_arguments_are_simply_not_required(service: MemoryService) -> None:
    tools = _tools(service)
    required = {name: tool.input_schema.get("required", []) for name, tool in tools.items()}
    assert required == {
        "save_context": ["content"],
        "get_context": ["query"],
        "list_context": [],
        "forget_context": ["id"],
        "save_session": ["transcript"],
        "resume_session": [],
    }
    for tool in tools.values():
        for prop in tool.input_schema["properties"].values():
            assert prop["type"] != "null" and "anyOf" not in prop


def test_every_output_schema_is_self_contained_and_results_conform(service: MemoryService) -> None:
    tools = _tools(service)
    for name, tool in tools.items():
        assert output_schema_problems(tool.output_schema) == [], name
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("save_context", {"content": "We deploy on Fridays", "topic": "deploy-day", "tags": ["ops"]}),
        ("get_context", {"query": "when do we deploy?"}),
        ("list_context", {}),
        ("save_session", {"transcript": "User: Our design system lives in the ui-kit repository."}),
        ("resume_session", {}),
        ("forget_context", {"id": "ctx_unknown", "confirm": False}),
    ]

    async def main() -> list[Any]:
        async with Client(server) as client:
            return [await client.call_tool(name, arguments) for name, arguments in calls]

    for (name, _), result in zip(calls, anyio.run(main), strict=True):
        assert not result.is_error, result.content
        jsonschema.validate(result.structured_content, tools[name].output_schema or {})


def test_schemas_publish_the_services_live_limits(tmp_path: Path) -> None:
    embedder = FakeEmbedder()
    limits = Limits(
        max_content_bytes=1000,
        max_transcript_bytes=5000,
        max_query_chars=77,
        max_topic_chars=33,
        max_tags=5,
        max_tag_chars=9,
    )
    service = MemoryService(
        StoreRegistry(tmp_path, embedder.identity, embedder.dim),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
        limits=limits,
    )
    tools = _tools(service)
    save = tools["save_context"].input_schema["properties"]
    assert save["content"]["maxLength"] == 1000
    assert save["topic"]["maxLength"] == 33
    assert save["tags"]["maxItems"] == 5 and save["tags"]["items"]["maxLength"] == 9
    assert tools["get_context"].input_schema["properties"]["query"]["maxLength"] == 77
    assert tools["save_session"].input_schema["properties"]["transcript"]["maxLength"] == 5000
    service.registry.close()


@pytest.mark.parametrize(
    ("tool", "argument", "low", "high", "default"),
    [
        ("get_context", "max_results", 1, 50, 8),
        ("list_context", "limit", 1, 200, 50),
        ("resume_session", "limit", 1, 50, 5),
    ],
)
def test_integer_ranges_and_defaults_match_the_contract(
    service: MemoryService, tool: str, argument: str, low: int, high: int, default: int
) -> None:
    prop = _tools(service)[tool].input_schema["properties"][argument]
    assert (prop["type"], prop["minimum"], prop["maximum"], prop["default"]) == ("integer", low, high, default)


def test_enums_list_the_allowed_values(service: MemoryService) -> None:
    tools = _tools(service)
    save = tools["save_context"].input_schema["properties"]
    assert save["memory_type"]["enum"] == ["fact", "event", "instruction", "task"]
    assert save["kind"]["enum"] == ["fact", "decision", "preference", "note"]
    types = tools["get_context"].input_schema["properties"]["memory_types"]
    assert types["type"] == "array" and types["items"]["enum"] == ["fact", "event", "instruction", "task"]


# spec/TOOLS.md's defaults: the "default" columns and the argument sentences (list_context's (ext)
# include_superseded names none: off)
CONTRACT_DEFAULTS = {
    "get_context": {"max_results": 8, "scope": "all", "verified_only": False, "recency": False},
    "list_context": {"limit": 50, "include_superseded": False},
    "resume_session": {"limit": 5},
    "forget_context": {"confirm": True},
}


def test_every_default_has_one_home_that_the_schemas_the_facade_and_its_collaborators_use(
    service: MemoryService,
) -> None:
    assert TOOL_DEFAULTS == CONTRACT_DEFAULTS and SAVE_CONTEXT.kind == "note"
    published = {
        name: {arg: prop["default"] for arg, prop in tool.input_schema["properties"].items() if "default" in prop}
        for name, tool in _tools(service).items()
    }
    assert {name: found for name, found in published.items() if found} == CONTRACT_DEFAULTS
    for op in (
        service.get_context,
        service.reader.get_context,
        service.list_context,
        service.reader.list_context,
        service.resume_session,
        service.sessions.resume_session,
        service.forget_context,
        service.entries.forget_context,
    ):
        parameters = inspect.signature(op).parameters
        assert {arg: parameters[arg].default for arg in TOOL_DEFAULTS[op.__name__]} == TOOL_DEFAULTS[op.__name__], op
