"""Fuzzing every tool through the MCP layer (in-process, fake embedder): hypothesis-made arguments of any
type and size, Unicode with NUL, right-to-left marks and emoji (lone surrogates: see ``_sendable``), huge
lists, unknown fields.
Every call answers with a result or a tool error, the server keeps answering, and a rejected call changes
nothing stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp_types import Implementation

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.mcp.tools import build_server
from contextlamp.storage import StoreRegistry
from tests.wiring import app_of

EXAMPLES = 40  # per tool; six tools

NASTY = st.sampled_from(
    [
        "\ud800",
        "\udfff",
        "\x00",
        "\u202e",
        "\u200f",
        "🙂" * 50,
        "' OR 1=1 --",
        '"; DROP TABLE entries; --',
        "NEAR(a b)",
        "a* OR b",
        "\\",
        "{}",
        "[]",
        "ctx_" + "a" * 26,
        "prj_../../x",
        "team:",
        "team:../x",
        " ",
        "",
    ]
)
TEXT = st.one_of(
    st.text(max_size=300), NASTY, st.text(alphabet=st.characters(codec="utf-16", exclude_categories=()), max_size=50)
)
VALUE = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70), st.floats(allow_nan=True), TEXT
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=40), st.dictionaries(TEXT, inner, max_size=5)),
    max_leaves=60,
)
FIELDS = {
    "save_context": ["content", "memory_type", "kind", "topic", "source_surface", "tags", "project", "team"],
    "get_context": ["query", "max_results", "memory_types", "scope", "project", "verified_only", "recency"],
    "list_context": ["limit", "project", "cursor", "memory_types", "include_superseded", "team"],
    "forget_context": ["id", "confirm", "project"],
    "save_session": ["transcript", "source_surface", "project"],
    "resume_session": ["session_id", "limit", "since", "source_surface"],
}


def _sendable(arguments: dict[str, Any]) -> bool:
    """What a client can put on the wire: lone surrogates cannot be UTF-8, so a client sends them only as
    JSON escapes, which the stdio and HTTP transports turn into U+FFFD (tests/test_mcp_stdio.py,
    tests/test_http.py); the in-process client refuses to serialise them at all."""
    try:
        json.dumps(arguments, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, ValueError, RecursionError):
        return False
    return True


def _arguments(tool: str) -> st.SearchStrategy[dict[str, Any]]:
    known = st.dictionaries(st.sampled_from(FIELDS[tool]), VALUE, max_size=len(FIELDS[tool]))
    unknown = st.dictionaries(st.text(min_size=1, max_size=12), VALUE, max_size=2)
    return st.one_of(known, st.builds(lambda a, b: {**a, **b}, known, unknown)).filter(_sendable)


class Harness:
    """One service with some memories, and an MCP client call that must never fail as a protocol error."""

    def __init__(self, home: Path) -> None:
        embedder = FakeEmbedder()
        self.service = MemoryService(
            StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
        )
        self.principal = self.service.principal("fuzz")
        from contextlamp.app.service import Caller

        caller = Caller(self.principal, "fuzz")
        self.service.save_context(caller, "Deploys run on Thursdays", topic="deploy day")
        self.service.save_context(caller, "The web app uses Vite", project="web")
        self.server = build_server(self.service, lambda _ctx: self.principal)

    def snapshot(self) -> str:
        user = self.service.registry.control.find_user("fuzz")
        assert user is not None
        document = app_of(self.service).porter.export_user(user)
        for store in document["stores"]:  # reads bump reuse counts: not a change of what is stored
            for entry in store["entries"]:
                entry.pop("reuse_count")
                entry.pop("last_used_at")
                entry.pop("last_used_surface")
        return json.dumps(document, sort_keys=True)

    def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        async def main() -> Any:
            with anyio.fail_after(30):
                async with Client(self.server, client_info=Implementation(name="fuzz", version="1")) as client:
                    result = await client.call_tool(tool, arguments)
                    listed = await client.list_tools()  # the server still answers after the call
                    assert len(listed.tools) == 6
                    return result

        return anyio.run(main)


def _fuzz(tool: str, tmp_path: Path) -> None:
    harness = Harness(tmp_path / "home")

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(arguments=_arguments(tool))
    def run(arguments: dict[str, Any]) -> None:
        before = harness.snapshot()
        result = harness.call(tool, arguments)  # an exception here is a protocol failure: the test fails
        if result.is_error:
            assert result.content and "Traceback" not in result.content[0].text
            assert harness.snapshot() == before  # a rejected call changes nothing stored
        else:
            assert result.structured_content is not None

    run()
    harness.service.registry.close()


def test_fuzz_save_context(tmp_path: Path) -> None:
    _fuzz("save_context", tmp_path)


def test_fuzz_get_context(tmp_path: Path) -> None:
    _fuzz("get_context", tmp_path)


def test_fuzz_list_context(tmp_path: Path) -> None:
    _fuzz("list_context", tmp_path)


def test_fuzz_forget_context(tmp_path: Path) -> None:
    _fuzz("forget_context", tmp_path)


def test_fuzz_save_session(tmp_path: Path) -> None:
    _fuzz("save_session", tmp_path)


def test_fuzz_resume_session(tmp_path: Path) -> None:
    _fuzz("resume_session", tmp_path)
