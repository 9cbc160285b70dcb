"""Argument errors through the MCP layer (issue 12 points 16 and 17): every tool, every argument. A bad argument
is a tool error in the service's own words (the field, the problem, the allowed values), never pydantic's text,
never an echo of a long or secret value; what flattening clients send (``5.0``, a JSON array in a string, null
for an omitted argument) is accepted."""

from __future__ import annotations

import re
from typing import Any

import anyio
import pytest
from mcp import Client

from contextlamp.app.service import Caller, MemoryService
from contextlamp.mcp.tools import build_server

# spec/TOOLS.md: each tool's arguments with their JSON type; the first minimal call makes a valid request
ARGUMENTS: dict[str, dict[str, str]] = {
    "save_context": {
        "content": "string",
        "memory_type": "string",
        "kind": "string",
        "topic": "string",
        "source_surface": "string",
        "tags": "array",
        "project": "string",
        "team": "string",
    },
    "get_context": {
        "query": "string",
        "max_results": "integer",
        "memory_types": "array",
        "scope": "string",
        "project": "string",
        "verified_only": "boolean",
        "recency": "boolean",
    },
    "list_context": {
        "limit": "integer",
        "project": "string",
        "cursor": "string",
        "memory_types": "array",
        "include_superseded": "boolean",
        "team": "string",
    },
    "forget_context": {"id": "string", "confirm": "boolean", "project": "string"},
    "save_session": {"transcript": "string", "source_surface": "string", "project": "string"},
    "resume_session": {"session_id": "string", "limit": "integer", "since": "integer", "source_surface": "string"},
}
MINIMAL: dict[str, dict[str, Any]] = {
    "save_context": {"content": "We deploy on Fridays"},
    "get_context": {"query": "deploy"},
    "list_context": {},
    "forget_context": {"id": "ctx_unknown", "confirm": False},
    "save_session": {"transcript": "User: Our design system lives in the ui-kit repository."},
    "resume_session": {},
}
WRONG: dict[str, list[Any]] = {  # values of every other JSON type, including the coercions that stay refused
    "string": [5, 5.5, True, ["a"], {"a": 1}],
    "integer": ["5", True, 5.5, ["5"], {"n": 5}],
    "boolean": ["true", 1, 0, ["true"], {"b": True}],
    "array": ["fact", "not [json", 5, True, {"a": "b"}, '{"a": "b"}', "[1, 2]"],
}
RANGES = [("get_context", "max_results", 1, 50), ("list_context", "limit", 1, 200), ("resume_session", "limit", 1, 50)]
ENUMS = [
    ("save_context", "memory_type", "fact, event, instruction, task"),
    ("save_context", "kind", "fact, decision, preference, note"),
]
SECRET = "ghp_Zx9Lm2Qr7Tn4Vb8Wc1Yd5Fg3Hj6Kp0Sa2Ue4"
LONG = "x" * 5000
LEAKS = re.compile(r"pydantic|validation error|https?://|\[type=|Input should|Field required", re.IGNORECASE)


def _calls(service: MemoryService, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> list[Any]:
        with anyio.fail_after(120):
            async with Client(server) as client:
                return [await client.call_tool(name, arguments) for name, arguments in calls]

    return anyio.run(main)


def _text(result: Any) -> str:
    return result.content[0].text


def _assert_reads_like_the_service(result: Any, field: str) -> str:
    assert result.is_error, result.structured_content
    text = _text(result)
    assert f"Invalid argument '{field}'" in text, text
    assert not LEAKS.search(text), text
    return text


def test_wrong_json_types_name_the_field_and_what_it_must_be(service: MemoryService) -> None:
    cases = [
        (tool, name, kind, value)
        for tool, arguments in ARGUMENTS.items()
        for name, kind in arguments.items()
        for value in WRONG[kind]
    ]
    calls = [(tool, {**MINIMAL[tool], name: value}) for tool, name, _, value in cases]
    expected = {"string": "a string", "integer": "an integer", "boolean": "true or false", "array": "a list"}
    for (_, name, kind, _), result in zip(cases, _calls(service, calls), strict=True):
        text = _assert_reads_like_the_service(result, name)
        if kind == "string" and name in ("memory_type", "kind"):
            assert "one of" in text, text
        else:
            assert f"must be {expected[kind]}" in text, text


@pytest.mark.parametrize(("tool", "name", "low", "high"), RANGES)
def test_out_of_range_integers_give_the_range(
    service: MemoryService, tool: str, name: str, low: int, high: int
) -> None:
    values = [low - 1, high + 1, float(high + 1), 10**40, -(10**40)]
    for result in _calls(service, [(tool, {**MINIMAL[tool], name: v}) for v in values]):
        text = _assert_reads_like_the_service(result, name)
        assert f"from {low} to {high}" in text, text
        assert str(10**40) not in text  # a 41-digit number is described, not echoed


def test_a_negative_or_fractional_since_is_refused(service: MemoryService) -> None:
    results = _calls(service, [("resume_session", {"since": -1}), ("resume_session", {"since": 1.5})])
    for result in results:
        _assert_reads_like_the_service(result, "since")


@pytest.mark.parametrize(("tool", "name", "allowed"), ENUMS)
def test_bad_enum_values_list_the_allowed_values(service: MemoryService, tool: str, name: str, allowed: str) -> None:
    calls = [(tool, {**MINIMAL[tool], name: v}) for v in ("facts", "FACT", "", SECRET, LONG)]
    for (_, arguments), result in zip(calls, _calls(service, calls), strict=True):
        text = _assert_reads_like_the_service(result, name)
        assert f"allowed values: {allowed}" in text, text
        assert SECRET not in text and LONG[:100] not in text
        if arguments[name] == "facts":
            assert "'facts'" in text  # a short typo is shown, so the agent can see its mistake


@pytest.mark.parametrize("tool", ["get_context", "list_context"])
def test_bad_memory_types_items_list_the_allowed_values(service: MemoryService, tool: str) -> None:
    calls = [(tool, {**MINIMAL[tool], "memory_types": v}) for v in (["fact", "nope"], [SECRET], [LONG], [1])]
    for result in _calls(service, calls):
        text = _assert_reads_like_the_service(result, "memory_types")
        assert "item " in text and SECRET not in text and LONG[:100] not in text


@pytest.mark.parametrize("tool", sorted(ARGUMENTS))
def test_unknown_arguments_are_named_with_the_allowed_ones(service: MemoryService, tool: str) -> None:
    calls = [
        (tool, {**MINIMAL[tool], "user_id": "someone-else"}),
        (tool, {**MINIMAL[tool], "maxResults": 5, "extra": True}),
        (tool, {**MINIMAL[tool], SECRET: 1}),
        (tool, {**MINIMAL[tool], LONG: 1}),
    ]
    results = _calls(service, calls)
    allowed = ", ".join(ARGUMENTS[tool])
    for result in results:
        assert result.is_error and not LEAKS.search(_text(result))
        assert f"allowed arguments: {allowed}" in _text(result), _text(result)
        assert "unknown" in _text(result)
        assert SECRET not in _text(result) and LONG[:100] not in _text(result)
    assert "Invalid argument 'user_id'" in _text(results[0])
    assert "'maxResults'" in _text(results[1]) and "'extra'" in _text(results[1])


@pytest.mark.parametrize("tool", ["save_context", "get_context", "forget_context", "save_session"])
def test_missing_required_arguments_are_named(service: MemoryService, tool: str) -> None:
    required = next(iter(ARGUMENTS[tool]))
    results = _calls(service, [(tool, {}), (tool, {required: None})])
    for result in results:
        text = _assert_reads_like_the_service(result, required)
        assert "required" in text and "a string" in text


def test_a_rejected_argument_stores_nothing(service: MemoryService, alice: Caller) -> None:
    results = _calls(
        service,
        [
            ("save_context", {"content": "We deploy on Fridays", "kind": "decisoin"}),
            ("save_context", {"content": "We deploy on Fridays", "tags": "ops"}),
            ("save_context", {"content": "We deploy on Fridays", "unknown": 1}),
        ],
    )
    assert all(r.is_error for r in results)
    assert service.list_context(alice).items == []


def test_flattening_clients_are_met_halfway(service: MemoryService, alice: Caller) -> None:
    results = _calls(
        service,
        [
            ("save_context", {"content": "We deploy on Fridays", "tags": '["Ops", "release"]', "topic": None}),
            ("save_context", {"content": "We use pnpm", "tags": ' [ "tooling" ] ', "kind": None, "memory_type": None}),
            ("get_context", {"query": "deploy", "max_results": 1.0, "memory_types": '["fact"]', "project": None}),
            ("list_context", {"limit": 2.0, "memory_types": '["fact", "event"]', "cursor": None}),
            ("resume_session", {"limit": 3.0, "since": 0.0, "session_id": None}),
            ("forget_context", {"id": "ctx_unknown", "confirm": None}),
        ],
    )
    for result in results:
        assert not result.is_error, _text(result)
    assert len(results[2].structured_content["packs"]) == 1
    items = {i.preview: i.tags for i in service.list_context(alice).items}
    assert items == {"We deploy on Fridays": ["ops", "release"], "We use pnpm": ["tooling"]}
    assert results[5].structured_content == {"forgotten": False}  # confirm left out (null) = the default, true


def test_strictness_is_kept_beyond_the_flattening_rules(service: MemoryService) -> None:
    results = _calls(
        service,
        [
            ("get_context", {"query": "x", "max_results": "5"}),
            ("get_context", {"query": "x", "max_results": True}),
            ("get_context", {"query": "x", "max_results": 5.5}),
            ("get_context", {"query": "x", "recency": 1}),
            ("get_context", {"query": "x", "memory_types": "fact"}),
            ("save_context", {"content": "x", "tags": "[1, 2]"}),
            ("save_context", {"content": "x", "tags": '"ops"'}),
        ],
    )
    fields = ["max_results", "max_results", "max_results", "recency", "memory_types", "tags", "tags"]
    for field, result in zip(fields, results, strict=True):
        _assert_reads_like_the_service(result, field)
