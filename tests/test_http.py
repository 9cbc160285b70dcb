"""The shared server, end to end: a real ``contextlamp serve --http`` process on loopback, the SDK's
Streamable HTTP client, bearer tokens (personal and OIDC), per-user isolation, export and limits."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, Implementation

from contextlamp.app.accounts import hash_token
from contextlamp.text import new_id, now_ms
from tests.fakes import FakeIssuer
from tests.servers import MCP_HEADERS, HttpServer, initialize_body, run_server

INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"  # 0.x has no --header

TRANSCRIPT = """User: we decided that every service logs JSON to stdout
Assistant: Noted.
User: and our on-call rotation changes every Monday
Assistant: Got it.
"""


@pytest.fixture(scope="module")
def oidc() -> Iterator[FakeIssuer]:
    fake = FakeIssuer()
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, oidc: FakeIssuer) -> Iterator[HttpServer]:
    env = {
        "CONTEXTLAMP_OIDC_ISSUER": oidc.issuer,
        "CONTEXTLAMP_OIDC_AUDIENCE": oidc.audience,
        "CONTEXTLAMP_OIDC_JWKS_URL": oidc.jwks_url,
    }
    with run_server(tmp_path_factory.mktemp("http") / "home", env) as running:
        yield running


@pytest.fixture(scope="module")
def tokens(server: HttpServer) -> dict[str, str]:
    accounts = server.accounts()
    for name in ("alice", "bob"):
        accounts.create_user(name)
    return {name: accounts.create_token(name, "test", None).token for name in ("alice", "bob")}


@contextlib.asynccontextmanager
async def _client(url: str, token: str, name: str = "Claude Code") -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http:
        transport = streamable_http_client(url, http_client=http)
        async with Client(transport, client_info=Implementation(name=name, version="1")) as client:
            yield client


def _data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def _text(result: CallToolResult) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def _post(server: HttpServer, token: str | None, body: Any = None, **headers: str) -> httpx2.Response:
    auth = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return httpx2.post(
        server.mcp, json=body or initialize_body(), headers={**MCP_HEADERS, **auth, **headers}, timeout=30
    )


# -- authentication ---------------------------------------------------------------------------------


def test_health_and_protected_resource_metadata(server: HttpServer, oidc: FakeIssuer) -> None:
    health = httpx2.get(f"{server.url}/healthz", timeout=10)
    assert health.status_code == 200 and health.json()["status"] == "ok"
    metadata = httpx2.get(f"{server.url}/.well-known/oauth-protected-resource/mcp", timeout=10)
    assert metadata.status_code == 200
    assert metadata.json()["resource"] == server.mcp
    assert metadata.json()["authorization_servers"] == [oidc.issuer]  # the configured issuer, not this server


def test_every_bad_token_gets_401_pointing_at_the_metadata(
    server: HttpServer, tokens: dict[str, str], oidc: FakeIssuer
) -> None:
    accounts = server.accounts()
    revoked = accounts.create_token("alice", "revoked", None)
    accounts.revoke_token(revoked.record.id)
    expired = "clp_" + "E" * 43
    user = accounts.user("alice")
    accounts.registry.control.add_token(user.id, "expired", hash_token(expired), now_ms() - 10_000, now_ms() - 1)
    cases: dict[str, dict[str, str]] = {
        "missing": {},
        "malformed": {"Authorization": "Bearer"},
        "basic scheme": {"Authorization": "Basic YWxpY2U6cGFzcw=="},
        "unknown": {"Authorization": "Bearer clp_" + "x" * 43},
        "revoked": {"Authorization": f"Bearer {revoked.token}"},
        "expired": {"Authorization": f"Bearer {expired}"},
        "wrong audience": {"Authorization": f"Bearer {oidc.token('u-9', aud='another-api')}"},
        "expired jwt": {"Authorization": f"Bearer {oidc.token('u-9', exp=int(time.time()) - 300)}"},
        "wrong issuer": {"Authorization": f"Bearer {oidc.token('u-9', iss='https://evil.example.com')}"},
    }
    for reason, headers in cases.items():
        response = httpx2.post(server.mcp, json=initialize_body(), headers={**MCP_HEADERS, **headers}, timeout=30)
        assert response.status_code == 401, reason
        challenge = response.headers.get("www-authenticate", "")
        assert challenge.startswith("Bearer") and "/.well-known/oauth-protected-resource/mcp" in challenge, reason
    assert _post(server, tokens["alice"]).status_code == 200
    assert _post(server, oidc.token("u-9")).status_code == 200  # a valid OIDC token signs in too


def test_oidc_user_works_end_to_end(server: HttpServer, oidc: FakeIssuer) -> None:
    async def scenario() -> None:
        async with _client(server.mcp, oidc.token("sso-user-1")) as client:
            saved = _data(await client.call_tool("save_context", {"content": "SSO users land in their own store"}))
            got = _data(await client.call_tool("get_context", {"query": "SSO users store"}))
            assert [p["id"] for p in got["packs"]] == [saved["id"]]

    anyio.run(scenario)
    assert server.accounts().user("sso-user-1@id.example.com")


# -- isolation --------------------------------------------------------------------------------------


def test_two_users_with_the_same_content_never_see_each_other(server: HttpServer, tokens: dict[str, str]) -> None:
    async def fill(token: str) -> dict[str, Any]:
        async with _client(server.mcp, token) as client:
            ids = {}
            saved = _data(
                await client.call_tool(
                    "save_context",
                    {"content": "Deploys run on Thursdays", "topic": "deploy day", "tags": ["ops"]},
                )
            )
            assert saved["deduped"] is False  # the other user's identical entry is not a duplicate
            ids["entry"] = saved["id"]
            ids["project_entry"] = _data(
                await client.call_tool("save_context", {"content": "The web app uses Vite", "project": "web"})
            )["id"]
            ids["session"] = _data(await client.call_tool("save_session", {"transcript": TRANSCRIPT}))["session_id"]
            return ids

    def project_id(user: str) -> str:
        control = server.accounts().registry.control
        found = control.find_project(server.accounts().user(user).id, "web")
        assert found is not None
        return found.id

    async def probe(token: str, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
        async with _client(server.mcp, token) as client:
            got = _data(await client.call_tool("get_context", {"query": "deploy day Thursdays", "max_results": 20}))
            found = {p["id"] for p in got["packs"]}
            assert mine["entry"] in found and not found & set(theirs.values())
            listed = _data(await client.call_tool("list_context", {"limit": 200}))
            listed_ids = {i["id"] for i in listed["items"]}
            assert mine["entry"] in listed_ids and not listed_ids & set(theirs.values())
            resumed = _data(await client.call_tool("resume_session", {"limit": 50}))
            assert {s["session_id"] for s in resumed["sessions"]} == {mine["session"]}
            # the other user's ids behave exactly like unknown ids
            unknown_entry, unknown_session = new_id("ctx"), new_id("ses")
            for tool, args, other_id, unknown in (
                ("forget_context", {"id": theirs["entry"], "confirm": False}, theirs["entry"], unknown_entry),
                ("forget_context", {"id": theirs["project_entry"]}, theirs["project_entry"], unknown_entry),
                ("resume_session", {"session_id": theirs["session"]}, theirs["session"], unknown_session),
            ):
                other = await client.call_tool(tool, args)
                fake = await client.call_tool(tool, {**args, **{k: unknown for k, v in args.items() if v == other_id}})
                assert other.is_error == fake.is_error, tool
                assert _text(other).replace(other_id, "ID") == _text(fake).replace(unknown, "ID"), tool
            for tool, args in (("get_context", {"query": "Vite"}), ("list_context", {})):
                other = await client.call_tool(tool, {**args, "project": theirs["project_id"]})
                unknown = await client.call_tool(tool, {**args, "project": "prj_" + "a" * 26})
                assert other.is_error and unknown.is_error, tool
                assert _text(other).replace(theirs["project_id"], "P") == _text(unknown).replace("prj_" + "a" * 26, "P")
            scoped = _data(await client.call_tool("get_context", {"query": "Vite", "project": "web"}))
            scoped_ids = {p["id"] for p in scoped["packs"]}
            assert mine["project_entry"] in scoped_ids and not scoped_ids & set(theirs.values())

    async def scenario() -> None:
        alice = await fill(tokens["alice"])
        bob = await fill(tokens["bob"])
        alice["project_id"], bob["project_id"] = project_id("alice"), project_id("bob")
        await probe(tokens["alice"], alice, bob)
        await probe(tokens["bob"], bob, alice)
        # nothing was forgotten by the other's attempts
        async with _client(server.mcp, tokens["bob"]) as client:
            personal = _data(await client.call_tool("list_context", {"limit": 200}))
            project = _data(await client.call_tool("list_context", {"limit": 200, "project": "web"}))
            assert bob["entry"] in {i["id"] for i in personal["items"]}
            assert bob["project_entry"] in {i["id"] for i in project["items"]}

    anyio.run(scenario)
    for name, token in tokens.items():
        exported = httpx2.get(f"{server.url}/export", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert exported.status_code == 200
        document = exported.json()
        assert document["user"]["name"] == name
        assert exported.headers["cache-control"] == "no-store"
    assert httpx2.get(f"{server.url}/export", timeout=30).status_code == 401


def test_lone_surrogates_and_odd_names_do_not_break_http(server: HttpServer) -> None:
    accounts = server.accounts()
    accounts.create_user("日本")
    token = accounts.create_token("日本", "t", None).token
    opened = _post(server, token)
    session = {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
    _post(server, token, {"jsonrpc": "2.0", "method": "notifications/initialized"}, **session)
    raw = (
        '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "get_context", '
        '"arguments": {"query": "caf\\ud800e menu"}}}'
    )
    answer = httpx2.post(
        server.mcp,
        content=raw.encode(),
        headers={**MCP_HEADERS, "Authorization": f"Bearer {token}", **session},
        timeout=30,
    )
    assert answer.status_code == 200 and '"packs"' in answer.text  # answered like stdio, not refused
    exported = httpx2.get(f"{server.url}/export", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert exported.status_code == 200 and exported.json()["user"]["name"] == "日本"
    assert exported.headers["content-disposition"].isascii()


def test_a_user_deleted_under_a_running_server_is_gone_from_it(server: HttpServer) -> None:
    accounts = server.accounts()
    accounts.create_user("zed")
    token = accounts.create_token("zed", "t", None).token

    async def save_and_get(token: str, content: str | None, query: str) -> list[str]:
        async with _client(server.mcp, token) as client:
            if content:
                _data(await client.call_tool("save_context", {"content": content}))
            got = _data(await client.call_tool("get_context", {"query": query}))
            return [p["text"] for p in got["packs"]]

    assert anyio.run(save_and_get, token, "Zed's nebula project codename", "nebula codename")
    user = accounts.user("zed")
    store_file = server.home / "stores" / f"{user.id}.db"
    assert store_file.exists()
    accounts.delete_user("zed")  # another process than the server, as `contextlamp user delete` is
    assert not store_file.exists()
    accounts.registry.control.create_user("zed", 1, user.id)  # the same id again, as an import would
    fresh = accounts.create_token("zed", "t2", None).token
    assert anyio.run(save_and_get, fresh, None, "nebula codename") == []  # the server reopened the file


def test_client_name_becomes_the_source_surface(server: HttpServer, tokens: dict[str, str]) -> None:
    async def scenario() -> None:
        async with _client(server.mcp, tokens["alice"], name="Cursor") as client:
            saved = _data(await client.call_tool("save_context", {"content": "Cursor saved this about lint rules"}))
            got = _data(await client.call_tool("get_context", {"query": "lint rules"}))
            pack = next(p for p in got["packs"] if p["id"] == saved["id"])
            assert pack["source_surface"] == "cursor"

    anyio.run(scenario)


def test_a_revoked_token_stops_an_open_session(server: HttpServer) -> None:
    accounts = server.accounts()
    accounts.create_user("carol")
    issued = accounts.create_token("carol", "laptop", None)

    async def scenario() -> None:
        async with _client(server.mcp, issued.token) as client:
            _data(await client.call_tool("save_context", {"content": "Carol's note about backups"}))
            accounts.revoke_token(issued.record.id)
            with pytest.raises(Exception):  # noqa: B017  (the transport raises on the 401)
                await client.call_tool("get_context", {"query": "backups"})

    anyio.run(scenario)


def test_another_users_token_cannot_take_over_a_session(server: HttpServer, tokens: dict[str, str]) -> None:
    opened = _post(server, tokens["alice"])
    session_id = opened.headers["mcp-session-id"]
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
    hijack = _post(server, tokens["bob"], call, **{"mcp-session-id": session_id, "mcp-protocol-version": "2025-06-18"})
    assert hijack.status_code in (403, 404)


# -- limits -----------------------------------------------------------------------------------------


def test_body_size_rate_and_session_limits(tmp_path: Path) -> None:
    env = {
        "CONTEXTLAMP_RATE_LIMIT": "4/minute",
        "CONTEXTLAMP_MAX_SESSIONS": "2",
        "CONTEXTLAMP_MAX_TRANSCRIPT_BYTES": "5000",  # the largest request body: 4 x 5000 = 20000 bytes
    }
    with run_server(tmp_path / "home", env) as limited:
        accounts = limited.accounts()
        accounts.create_user("dora")
        a, b, c = (accounts.create_token("dora", n, None).token for n in "abc")
        too_big = {**initialize_body(), "padding": "x" * 30_000}
        assert _post(limited, a, too_big).status_code == 413
        assert _post(limited, a).status_code == 200  # session 1
        assert _post(limited, b).status_code == 200  # session 2
        assert _post(limited, c).status_code == 503  # a third session is refused
        refused = _post(limited, c)
        assert refused.status_code == 503 and int(refused.headers["retry-after"]) > 0  # a third session
        statuses = [_post(limited, a).status_code for _ in range(3)]
        assert statuses[-1] == 429
        limited_response = _post(limited, a)
        assert limited_response.status_code == 429
        assert int(limited_response.headers["retry-after"]) >= 1
        for spelling in ("bearer", "BEARER", "bEaReR"):  # the token is limited, not the header's spelling
            respelled = httpx2.post(
                limited.mcp, json=initialize_body(), headers={**MCP_HEADERS, "Authorization": f"{spelling} {a}"}
            )
            assert respelled.status_code == 429, spelling
        assert httpx2.get(f"{limited.url}/healthz", timeout=10).status_code == 200  # health is never limited


def test_one_token_cannot_hold_every_session(tmp_path: Path) -> None:
    env = {"CONTEXTLAMP_MAX_SESSIONS_PER_TOKEN": "2", "CONTEXTLAMP_MAX_SESSIONS": "10"}
    with run_server(tmp_path / "home", env) as limited:
        accounts = limited.accounts()
        accounts.create_user("hog")
        accounts.create_user("fair")
        hog, fair = accounts.create_token("hog", "h", None).token, accounts.create_token("fair", "f", None).token
        first = _post(limited, hog)
        assert first.status_code == 200 and _post(limited, hog).status_code == 200
        third = _post(limited, hog)
        assert third.status_code == 429 and int(third.headers["retry-after"]) > 0
        assert _post(limited, fair).status_code == 200  # others still get in
        session = first.headers["mcp-session-id"]
        closed = httpx2.delete(
            limited.mcp,
            headers={
                **MCP_HEADERS,
                "Authorization": f"Bearer {hog}",
                "mcp-session-id": session,
                "mcp-protocol-version": "2025-06-18",
            },
        )
        assert closed.status_code in (200, 204)
        assert _post(limited, hog).status_code == 200  # a closed session frees its place


def test_behind_a_proxy_the_public_host_is_accepted(tmp_path: Path) -> None:
    env = {"CONTEXTLAMP_PUBLIC_URL": "https://memory.example.com"}
    with run_server(tmp_path / "home", env) as proxied:
        accounts = proxied.accounts()
        accounts.create_user("pia")
        token = accounts.create_token("pia", "p", None).token
        assert (
            _post(proxied, token, **{"Host": "memory.example.com", "Origin": "https://memory.example.com"}).status_code
            == 200
        )
        assert _post(proxied, token, **{"Host": "evil.example.net"}).status_code == 421  # DNS rebinding guard stays
        metadata = httpx2.get(f"{proxied.url}/.well-known/oauth-protected-resource/mcp", timeout=10).json()
        assert metadata["resource"] == "https://memory.example.com/mcp"


# -- the MCP Inspector, if Node.js is here --------------------------------------------------------


def test_mcp_inspector_lists_the_tools(server: HttpServer, tokens: dict[str, str]) -> None:
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("Node.js (npx) is not installed: the MCP Inspector CLI cannot run here")
    command = [
        npx,
        "-y",
        INSPECTOR,
        "--cli",
        server.mcp,
        "--transport",
        "http",
        "--header",
        f"Authorization: Bearer {tokens['alice']}",
        "--method",
        "tools/list",
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    except subprocess.TimeoutExpired:
        pytest.skip("the MCP Inspector could not be fetched from the npm registry within 240 s")
    if done.returncode != 0 and (
        "ENOTFOUND" in done.stderr or "EAI_AGAIN" in done.stderr or "ETIMEDOUT" in done.stderr
    ):
        pytest.skip("the npm registry is unreachable, so the MCP Inspector cannot be fetched")
    assert done.returncode == 0, done.stderr[-2000:]
    listed = json.loads(done.stdout)
    assert {t["name"] for t in listed["tools"]} == {
        "save_context",
        "get_context",
        "list_context",
        "forget_context",
        "save_session",
        "resume_session",
    }


# -- teams over MCP ---------------------------------------------------------------------------------


def test_team_members_share_learnings_with_trust_and_outsiders_see_nothing(server: HttpServer) -> None:
    accounts = server.accounts()
    tokens = {}
    for name in ("tara", "uma", "vic"):
        accounts.create_user(name)
        tokens[name] = accounts.create_token(name, "t", None).token
    team = accounts.create_team("search-team", None, "tara")
    accounts.add_member("search-team", "uma", "member")

    async def scenario() -> None:
        async with _client(server.mcp, tokens["tara"]) as tara:
            shared = _data(
                await tara.call_tool(
                    "save_context", {"content": "Search indexes are rebuilt nightly at 03:00", "team": "search-team"}
                )
            )
        async with _client(server.mcp, tokens["uma"]) as uma:
            got = _data(await uma.call_tool("get_context", {"query": "search index rebuild", "scope": "team"}))
            pack = next(p for p in got["packs"] if p["id"] == shared["id"])
            assert (pack["trust"], pack["contributed_by"], pack["scope"]) == ("unverified", "tara", f"team:{team.id}")
            again = _data(
                await uma.call_tool(
                    "save_context", {"content": "Search indexes are rebuilt nightly at 03:00", "team": "search-team"}
                )
            )
            assert again == {"id": shared["id"], "deduped": True}
        async with _client(server.mcp, tokens["tara"]) as tara:
            got = _data(await tara.call_tool("get_context", {"query": "search index rebuild", "verified_only": True}))
            assert [p["trust"] for p in got["packs"] if p["id"] == shared["id"]] == ["verified"]
        async with _client(server.mcp, tokens["vic"]) as vic:
            got = _data(await vic.call_tool("get_context", {"query": "search index rebuild nightly", "scope": "all"}))
            assert all(p["id"] != shared["id"] for p in got["packs"])
            refused = await vic.call_tool("list_context", {"team": "search-team"})
            unknown = await vic.call_tool("list_context", {"team": "no-such-team"})
            assert refused.is_error and unknown.is_error
            assert _text(refused).replace("search-team", "T") == _text(unknown).replace("no-such-team", "T")
            forgot = _data(await vic.call_tool("forget_context", {"id": shared["id"]}))
            assert forgot == {"forgotten": False}

    anyio.run(scenario)
