"""MCP 2026-07-28 beside the older revisions, over stdio and Streamable HTTP, with the SDK's own client in each
mode: the initialize handshake (legacy, what Codex speaks), the per-request envelope adopted directly, and
``auto`` (a ``server/discover`` probe, what Claude Code does). In the 2026-07-28 mode there is no session: the
user comes from each request's token and ``source_surface`` from each request's declared client name."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Generator, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, Implementation

from tests.servers import HttpServer, run_server

MODES = {"legacy": "2025-11-25", "2026-07-28": "2026-07-28", "auto": "2026-07-28"}  # mode -> negotiated revision
META_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CLIENT = "io.modelcontextprotocol/clientInfo"
META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"


def _data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def _save_and_find(client: Client, content: str) -> dict[str, Any]:
    saved = _data(await client.call_tool("save_context", {"content": content}))
    packs = _data(await client.call_tool("get_context", {"query": content}))["packs"]
    return next(p for p in packs if p["id"] == saved["id"])


# -- stdio --------------------------------------------------------------------------------------------------------


def _stdio(home: Path) -> StdioServerParameters:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {"CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_USER": "me", "CONTEXTLAMP_EMBEDDER": "fake"}
    return StdioServerParameters(command=exe, args=["serve"], env={**env, "PATH": os.environ.get("PATH", "")})


@pytest.mark.parametrize("mode", list(MODES))
def test_stdio_speaks_each_revision_with_the_sdk_client(tmp_path: Path, mode: str) -> None:
    async def scenario() -> None:
        info = Implementation(name="Cursor", version="1")
        async with Client(_stdio(tmp_path / "home"), client_info=info, mode=mode) as client:  # type: ignore[arg-type]
            assert client.protocol_version == MODES[mode]
            assert len((await client.list_tools()).tools) == 6
            pack = await _save_and_find(client, f"stdio {mode} saved this about linting")
            assert pack["source_surface"] == "cursor"

    anyio.run(scenario)


def test_stdio_2026_07_28_takes_the_client_name_from_each_request(tmp_path: Path) -> None:
    """No handshake, no session: two requests on one stdio connection declaring different clients are saved
    under each one's name."""
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {**os.environ, "CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "fake"}

    def call(request_id: int, client: str, tool: str, arguments: dict[str, Any]) -> str:
        meta = {META_VERSION: "2026-07-28", META_CLIENT: {"name": client, "version": "1"}, META_CAPABILITIES: {}}
        params = {"_meta": meta, "name": tool, "arguments": arguments}
        return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}) + "\n"

    with subprocess.Popen(
        [exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None

        def ask(line: str) -> dict[str, Any]:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(line)
            proc.stdin.flush()
            wanted = json.loads(line)["id"]
            while (message := json.loads(proc.stdout.readline())).get("id") != wanted:
                pass
            assert "result" in message, message
            return message["result"]["structuredContent"]

        ask(call(1, "Cursor", "save_context", {"content": "Cursor wrote this about linting"}))
        ask(call(2, "Gemini CLI", "save_context", {"content": "Gemini wrote this about deploys"}))
        packs = ask(call(3, "claude-code", "get_context", {"query": "linting deploys"}))["packs"]
        proc.stdin.close()
        proc.wait(timeout=60)
    surfaces = {p["text"]: p["source_surface"] for p in packs}
    assert surfaces == {"Cursor wrote this about linting": "cursor", "Gemini wrote this about deploys": "gemini-cli"}


# -- Streamable HTTP ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    with run_server(tmp_path_factory.mktemp("revisions") / "home") as running:
        yield running


@pytest.fixture(scope="module")
def tokens(server: HttpServer) -> dict[str, str]:
    accounts = server.accounts()
    for name in ("alice", "bob"):
        accounts.create_user(name)
    return {name: accounts.create_token(name, "test", None).token for name in ("alice", "bob")}


class _Switch(httpx2.Auth):
    """Sends whichever token ``current`` names on each request (one connection, many users)."""

    def __init__(self, tokens: dict[str, str], current: str) -> None:
        self.tokens = tokens
        self.current = current

    def auth_flow(self, request: httpx2.Request) -> Generator[httpx2.Request, httpx2.Response, None]:
        request.headers["Authorization"] = f"Bearer {self.tokens[self.current]}"
        yield request


@contextlib.asynccontextmanager
async def _http_client(server: HttpServer, auth: httpx2.Auth, mode: str, name: str) -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(auth=auth, timeout=60) as http:
        transport = streamable_http_client(server.mcp, http_client=http)
        info = Implementation(name=name, version="1")
        async with Client(transport, client_info=info, mode=mode) as client:  # type: ignore[arg-type]
            yield client


@pytest.mark.parametrize("mode", list(MODES))
def test_http_speaks_each_revision_with_the_sdk_client(server: HttpServer, tokens: dict[str, str], mode: str) -> None:
    async def scenario() -> None:
        async with _http_client(server, _Switch(tokens, "alice"), mode, "Cursor") as client:
            assert client.protocol_version == MODES[mode]
            assert len((await client.list_tools()).tools) == 6
            pack = await _save_and_find(client, f"http {mode} saved this about linting")
            assert pack["source_surface"] == "cursor"

    anyio.run(scenario)


def test_http_2026_07_28_takes_the_user_from_each_requests_token(server: HttpServer, tokens: dict[str, str]) -> None:
    """Stateless requests: one client object whose token changes between calls acts for each token's user in
    turn, and neither user sees the other's memory."""
    auth = _Switch(tokens, "alice")

    async def scenario() -> None:
        async with _http_client(server, auth, "2026-07-28", "Codex") as client:
            alice = _data(await client.call_tool("save_context", {"content": "Alice's secret garden is in Kyoto"}))
            auth.current = "bob"
            bob = _data(await client.call_tool("save_context", {"content": "Bob's secret garden is in Lisbon"}))
            bobs = _data(await client.call_tool("get_context", {"query": "secret garden"}))["packs"]
            auth.current = "alice"
            alices = _data(await client.call_tool("get_context", {"query": "secret garden"}))["packs"]
        alice_ids, bob_ids = [p["id"] for p in alices], [p["id"] for p in bobs]
        assert alice["id"] in alice_ids and bob["id"] not in alice_ids
        assert bob["id"] in bob_ids and alice["id"] not in bob_ids
        assert next(p for p in alices if p["id"] == alice["id"])["source_surface"] == "codex"
        assert not any("Kyoto" in p["text"] for p in bobs) and not any("Lisbon" in p["text"] for p in alices)

    anyio.run(scenario)


# -- the TypeScript SDK's client (an older revision: 1.32.2 negotiates 2025-11-25 through initialize) -------------

TS_SDK = "@modelcontextprotocol/sdk@1.32.2"
TS_SCRIPT = Path(__file__).parent / "data" / "ts_sdk_client.mjs"


@pytest.fixture(scope="module")
def ts_client(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``ts_sdk_client.mjs`` beside a pinned install of the TypeScript SDK (skipped without Node.js or npm's
    registry, like the Inspector's test)."""
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        pytest.skip("Node.js is not installed: the TypeScript SDK cannot run here")
    folder = tmp_path_factory.mktemp("ts-sdk")
    (folder / "package.json").write_text('{"name": "ts-sdk-check", "private": true, "type": "module"}\n')
    try:
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", TS_SDK],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.skip("the TypeScript SDK could not be fetched from the npm registry within 240 s")
    if done.returncode != 0 and any(code in done.stderr for code in ("ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT")):
        pytest.skip("the npm registry is unreachable, so the TypeScript SDK cannot be fetched")
    assert done.returncode == 0, done.stderr[-2000:]
    script = folder / TS_SCRIPT.name
    shutil.copyfile(TS_SCRIPT, script)
    return script


def _ts(script: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    node = shutil.which("node") or "node"
    done = subprocess.run(
        [node, str(script), *args],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
        env=env or dict(os.environ),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_typescript_sdk_over_stdio(ts_client: Path, tmp_path: Path) -> None:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {**os.environ, "CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "fake"}
    result = _ts(ts_client, "stdio", exe, "serve", env=env)
    assert len(result["tools"]) == 6 and "save_context" in result["tools"]
    assert result["pack"]["source_surface"] == "ts-sdk"  # the declared name, one surface per client (-client dropped)


def test_the_typescript_sdk_over_http(ts_client: Path, server: HttpServer, tokens: dict[str, str]) -> None:
    result = _ts(ts_client, "http", server.mcp, tokens["bob"])
    assert result["version"] == "2025-11-25"
    assert len(result["tools"]) == 6
    assert result["pack"]["source_surface"] == "ts-sdk"  # the declared name, one surface per client (-client dropped)
