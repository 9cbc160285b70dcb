"""The MCP edge's one error translation (issue 13): an unexpected exception inside a tool call (a bug, a foreign
error that got through) is a tool result with ``isError: true`` and a short message that holds nothing of the
call, never a JSON-RPC protocol error; the server log has its traceback at ERROR without the arguments' content
(which may reach DEBUG only); the server keeps serving, in process and over stdio."""

from __future__ import annotations

import functools
import json
import logging
import os
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp_types import CallToolResult, Implementation

from contextlamp.app.service import MemoryService
from contextlamp.errors import crash_report
from contextlamp.mcp.tools import build_server

MARK = "tangerine-7f3q-private"  # argument text that must not reach the client or a log line above DEBUG


def _text(result: CallToolResult) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def _broken(name: str, exc: Callable[[dict[str, Any]], Exception]) -> Callable[..., Any]:
    """A stand-in for ``MemoryService.<name>`` (same name and signature) that raises ``exc(arguments)``."""
    original = getattr(MemoryService, name)

    @functools.wraps(original)
    def broken(self: MemoryService, caller: Any, **arguments: Any) -> Any:
        raise exc(arguments)

    return broken


BUGS: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Exception]]] = [
    ("get_context", {"query": f"where is {MARK}"}, lambda a: RuntimeError(f"bug while ranking {a['query']!r}")),
    ("save_context", {"content": f"remember {MARK}"}, lambda a: KeyError(a["content"])),
    ("list_context", {"project": MARK}, lambda a: ValueError(f"invalid literal for int(): {a['project']!r}")),
]


@pytest.mark.parametrize(("tool", "arguments", "bug"), BUGS, ids=[b[0] for b in BUGS])
def test_an_unexpected_exception_is_a_content_free_tool_error_and_the_server_keeps_serving(
    service: MemoryService,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    tool: str,
    arguments: dict[str, Any],
    bug: Callable[[dict[str, Any]], Exception],
) -> None:
    monkeypatch.setattr(MemoryService, tool, _broken(tool, bug))
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> tuple[CallToolResult, CallToolResult, CallToolResult]:
        with anyio.fail_after(30):
            async with Client(server, client_info=Implementation(name="Cursor", version="1")) as session:
                failed = await session.call_tool(tool, arguments)  # a protocol error would raise here
                checked = await session.call_tool("forget_context", {})  # checked and answered as usual
                resumed = await session.call_tool("resume_session", {"limit": 1})  # and served
                return failed, checked, resumed

    caplog.set_level(logging.DEBUG)
    failed, checked, resumed = anyio.run(main)

    assert failed.is_error
    shown = _text(failed)
    assert MARK not in shown and "Traceback" not in shown and type(bug(arguments)).__name__ not in shown
    assert len(shown) < 200
    assert checked.is_error and "'id'" in _text(checked) and "required" in _text(checked)
    assert not resumed.is_error and resumed.structured_content == {"sessions": []}

    records = [(r.levelno, caplog.handler.format(r)) for r in caplog.records]
    crashes = [text for level, text in records if level >= logging.ERROR]
    assert len(crashes) == 1, crashes  # logged once, by the edge
    assert tool in crashes[0] and "Traceback (most recent call last)" in crashes[0]
    assert type(bug(arguments)).__name__ in crashes[0] and "test_mcp_errors.py" in crashes[0]  # where it broke
    assert all(MARK not in text for level, text in records if level > logging.DEBUG)
    assert any(MARK in text for level, text in records if level == logging.DEBUG)  # the detail is kept, at DEBUG
    assert "internal error" in shown  # the client is told it is the server's fault, not its arguments'


def test_a_domain_error_keeps_its_own_message(service: MemoryService) -> None:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> CallToolResult:
        async with Client(server) as session:
            return await session.call_tool("list_context", {"cursor": "not-a-cursor"})

    result = anyio.run(main)
    assert result.is_error and "internal error" not in _text(result) and "'cursor'" in _text(result)


def test_a_failing_principal_resolver_is_a_tool_error_too(
    service: MemoryService, caplog: pytest.LogCaptureFixture
) -> None:
    def principal_of(_ctx: Any) -> Any:
        raise LookupError(f"no session for {MARK}")

    server = build_server(service, principal_of)

    async def main() -> CallToolResult:
        async with Client(server) as session:
            return await session.call_tool("list_context", {})

    caplog.set_level(logging.INFO)
    result = anyio.run(main)
    assert result.is_error and MARK not in _text(result)
    assert all(MARK not in caplog.handler.format(r) for r in caplog.records if r.levelno > logging.DEBUG)


# -- over stdio: the real ``contextlamp serve`` with a broken service method ------------------------------

SERVE_BROKEN = """
import functools, sys
from contextlamp.app.service import MemoryService
original = MemoryService.get_context
@functools.wraps(original)
def broken(self, caller, **arguments):
    raise RuntimeError("bug near " + arguments["query"])
MemoryService.get_context = broken
from contextlamp.cli.main import main
sys.argv = ["contextlamp", "serve"]
main()
"""


def _request(request_id: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    params = {"name": name, "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def test_stdio_serve_answers_a_crash_as_a_tool_error_and_keeps_serving(tmp_path: Path) -> None:
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}},
    }
    requests = [
        initialize,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        _request(2, "get_context", {"query": f"where is {MARK}"}),
        _request(3, "save_context", {"content": "we deploy on Fridays"}),
        _request(4, "list_context", {}),
    ]
    env = {**os.environ, "CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "fake"}
    env.pop("CONTEXTLAMP_LOG_LEVEL", None)
    with subprocess.Popen(
        [sys.executable, "-c", SERVE_BROKEN],
        bufsize=0,  # unbuffered: the loop selects on the fd, so no reply may sit unseen in a Python buffer
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        try:
            replies: dict[int, Any] = {}
            for batch in (requests[:-1], requests[-1:]):  # the list after the save has answered
                proc.stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in batch))
                proc.stdin.flush()
                wanted = len(replies) + sum("id" in r for r in batch)
                while len(replies) < wanted:  # calls run concurrently: read every answer before input ends
                    ready, _, _ = select.select([proc.stdout], [], [], 120)
                    assert ready, f"no answer within the time limit; got {sorted(replies)}"
                    reply = json.loads(proc.stdout.readline())  # only JSON-RPC on stdout
                    replies[reply["id"]] = reply
            proc.stdin.close()
            proc.wait(timeout=60)
            log = proc.stderr.read().decode()
        finally:
            if proc.poll() is None:
                proc.kill()
    assert set(replies) == {1, 2, 3, 4}
    crashed = replies[2]
    assert "error" not in crashed and crashed["result"]["isError"] is True  # a tool result, not a protocol error
    assert MARK not in json.dumps(crashed) and "Traceback" not in json.dumps(crashed)
    assert replies[3]["result"].get("isError") is not True and replies[3]["result"]["structuredContent"]["id"]
    assert len(replies[4]["result"]["structuredContent"]["items"]) == 1
    assert "Traceback (most recent call last)" in log and "RuntimeError" in log
    assert MARK not in log


def test_the_crash_report_shows_every_link_of_a_chain_without_any_message() -> None:
    def inner() -> None:
        raise ValueError(f"parsing {MARK}")

    def outer() -> None:
        try:
            inner()
        except ValueError as exc:
            raise KeyError(MARK) from exc

    try:
        outer()
    except KeyError as exc:
        report = crash_report(exc)
    assert MARK not in report
    assert report.count("Traceback (most recent call last)") == 2
    assert report.index("ValueError") < report.index("KeyError")  # the cause first, as Python prints it
    assert "in inner" in report and "in outer" in report
