"""The shared server's limits under attack: session caps under real concurrency (per token and per user),
bounded server state for unknown tokens, and no secret of a request in any log line."""

from __future__ import annotations

import secrets
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from starlette.types import Receive, Scope, Send

from contextlamp.app.accounts import Accounts
from contextlamp.app.service import MemoryService
from contextlamp.config import Settings
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import now_ms
from contextlamp.web.app import build_http_app
from contextlamp.web.gate import SlowBodyGuard
from contextlamp.web.quotas import HttpLimits, RateBook, SessionBook
from tests.servers import MCP_HEADERS, HttpServer, initialize_body, run_server
from tests.wiring import app_of

TOKEN_CAP = 3
USER_CAP = 5
SESSION = {"mcp-protocol-version": "2025-06-18"}


def _headers(token: str | None, **extra: str) -> dict[str, str]:
    auth = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return {**MCP_HEADERS, **auth, **extra}


async def _burst(url: str, tokens: list[str], count: int) -> list[httpx2.Response]:
    """``count`` initialize requests at once, spread round-robin over ``tokens``, each on its own connection."""
    responses: list[httpx2.Response] = []
    start = anyio.Event()
    limits = httpx2.Limits(max_connections=count, max_keepalive_connections=0)
    async with httpx2.AsyncClient(timeout=60, limits=limits) as http:

        async def one(i: int) -> None:
            await start.wait()
            token = tokens[i % len(tokens)]
            responses.append(await http.post(url, json=initialize_body(), headers=_headers(token)))

        async with anyio.create_task_group() as group:
            for i in range(count):
                group.start_soon(one, i)
            await anyio.sleep(0.2)  # every task is waiting on the event: release them together
            start.set()
    return responses


def _opened(responses: list[httpx2.Response]) -> list[str]:
    return [r.headers["mcp-session-id"] for r in responses if r.status_code == 200 and "mcp-session-id" in r.headers]


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    env = {
        "CONTEXTLAMP_MAX_SESSIONS_PER_TOKEN": str(TOKEN_CAP),
        "CONTEXTLAMP_MAX_SESSIONS_PER_USER": str(USER_CAP),
        "CONTEXTLAMP_MAX_SESSIONS": "60",
        "CONTEXTLAMP_RATE_LIMIT": "100000/minute",
    }
    with run_server(tmp_path_factory.mktemp("capped") / "home", env) as running:
        yield running


def _user_with_tokens(server: HttpServer, name: str, count: int) -> list[str]:
    accounts = server.accounts()
    accounts.create_user(name)
    return [accounts.create_token(name, f"t{i}", None).token for i in range(count)]


def test_concurrent_initializes_on_one_token_open_at_most_the_token_cap(capped: HttpServer) -> None:
    (token,) = _user_with_tokens(capped, "racer", 1)
    responses = anyio.run(_burst, capped.mcp, [token], 100)
    assert len(_opened(responses)) == TOKEN_CAP  # 100 sessions before: the cap was checked, then counted later
    refused = [r for r in responses if r.status_code != 200]
    assert refused and all(r.status_code == 429 and int(r.headers["retry-after"]) > 0 for r in refused)


def test_many_tokens_of_one_user_open_at_most_the_user_cap_and_others_still_get_in(capped: HttpServer) -> None:
    tokens = _user_with_tokens(capped, "hoarder", 5)
    responses = anyio.run(_burst, capped.mcp, tokens, 100)
    opened = _opened(responses)
    assert len(opened) == USER_CAP  # not 5 x the token cap
    assert {r.status_code for r in responses} == {200, 429}
    (other,) = _user_with_tokens(capped, "bystander", 1)
    assert httpx2.post(capped.mcp, json=initialize_body(), headers=_headers(other), timeout=30).status_code == 200
    # closing one of the user's sessions frees one place for the user, on any of their tokens
    owner = next(r for r in responses if r.headers.get("mcp-session-id") == opened[0]).request.headers["authorization"]
    closed = httpx2.delete(
        capped.mcp,
        headers={**MCP_HEADERS, "Authorization": owner, "mcp-session-id": opened[0], **SESSION},
        timeout=30,
    )
    assert closed.status_code in (200, 204)
    again = [httpx2.post(capped.mcp, json=initialize_body(), headers=_headers(t), timeout=30) for t in tokens]
    assert sorted(r.status_code for r in again) == [200] + [429] * (len(tokens) - 1)


def test_a_refused_opening_request_gives_its_place_back(capped: HttpServer) -> None:
    (token,) = _user_with_tokens(capped, "fumbler", 1)
    not_initialize = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    for _ in range(3 * TOKEN_CAP):  # the SDK opens no session for these: they must not keep a place
        refused = httpx2.post(capped.mcp, json=not_initialize, headers=_headers(token), timeout=30)
        assert refused.status_code == 400
    statuses = [
        httpx2.post(capped.mcp, json=initialize_body(), headers=_headers(token), timeout=30).status_code
        for _ in range(TOKEN_CAP + 1)
    ]
    assert statuses == [200] * TOKEN_CAP + [429]


def test_another_users_requests_on_a_session_do_not_free_its_place(capped: HttpServer) -> None:
    (owner,) = _user_with_tokens(capped, "owner", 1)
    (intruder,) = _user_with_tokens(capped, "intruder", 1)
    sessions = [
        httpx2.post(capped.mcp, json=initialize_body(), headers=_headers(owner), timeout=30) for _ in range(TOKEN_CAP)
    ]
    assert [r.status_code for r in sessions] == [200] * TOKEN_CAP
    for response in sessions:  # the intruder's DELETE and POST are refused, and must not uncount the session
        session = {"mcp-session-id": response.headers["mcp-session-id"], **SESSION}
        assert httpx2.delete(capped.mcp, headers=_headers(intruder, **session), timeout=30).status_code == 404
        assert httpx2.post(capped.mcp, json={}, headers=_headers(intruder, **session), timeout=30).status_code == 404
    assert httpx2.post(capped.mcp, json=initialize_body(), headers=_headers(owner), timeout=30).status_code == 429


# -- bounded state for unknown tokens ------------------------------------------------------------------


def test_unknown_tokens_do_not_grow_server_state(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", embedder="fake", rate_limit="100000/minute")
    embedder = FakeEmbedder()
    registry = StoreRegistry(settings.home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    accounts = Accounts(registry, now_ms)
    accounts.create_user("valid")
    good = accounts.create_token("valid", "t", None).token
    app = build_http_app(app_of(service), settings, "127.0.0.1", 8765)
    limits: HttpLimits = app.state.limits
    requests = 10_000
    timings: list[float] = []

    async def scenario() -> None:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765") as http:
            for i in range(requests):
                bad = random_token(i)
                extra = {"mcp-session-id": secrets.token_hex(16), **SESSION} if i % 3 == 1 else {}
                began = time.perf_counter()
                if i % 3 == 2:
                    response = await http.delete("/mcp", headers=_headers(bad, **extra))
                else:
                    response = await http.post("/mcp", json=initialize_body(), headers=_headers(bad, **extra))
                timings.append(time.perf_counter() - began)
                assert response.status_code == 401, response.text
            assert (await http.get("/export", headers=_headers(good))).status_code == 200

    try:
        anyio.run(scenario)
    finally:
        registry.close()
    sizes = limits.sizes()
    assert sizes["rate_keys"] <= 1 and sizes["user_rate_keys"] <= 1  # only the one real token and its user
    assert sizes["sessions"] == 0 and sizes["session_keys"] == 0
    tenth = requests // 10
    first, last = sorted(timings[:tenth])[tenth // 2], sorted(timings[-tenth:])[tenth // 2]
    assert last < 5 * first + 0.005  # the 10,000th bad token is refused as fast as the first (median of each tenth)


def random_token(i: int) -> str:
    """A bad token of every shape: unknown personal tokens, and strings that are no token at all."""
    return ("clp_" + secrets.token_urlsafe(32)) if i % 2 else secrets.token_urlsafe(24)


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_session_book_expires_idle_sessions_but_never_one_in_use() -> None:
    clock = _Clock()
    book = SessionBook(per_token=2, per_user=3, idle_timeout_s=60, clock=clock)
    owner = ("contextlamp-pat", None, "usr_1")
    places = [book.reserve("tok", "usr_1", owner)[0] for _ in range(2)]
    assert all(places) and book.reserve("tok", "usr_1", owner) == (None, "More than 2 open sessions for this token.")
    for i, place in enumerate(places):
        assert place is not None
        book.opened(place, f"s{i}")
        book.finish(f"s{i}")
    assert book.begin("s0", owner)  # a long request (an SSE stream) on s0
    assert not book.begin("s1", ("contextlamp-pat", None, "usr_2"))  # another principal's request counts for nothing
    clock.now += 61
    place, _ = book.reserve("tok", "usr_1", owner)  # s1 idled out; s0 is in use, so it stays
    assert place is not None and book.sizes()["sessions"] == 2
    book.finish(place)  # the SDK opened nothing: the place is given back
    book.close("s0", ("contextlamp-pat", None, "usr_2"))  # not the owner: ignored
    assert book.sizes()["sessions"] == 1
    book.finish("s0")
    book.close("s0", owner)
    assert book.sizes() == {"sessions": 0, "session_keys": 0}


class _Seconds:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_rate_book_moves_its_window_across_the_sweep_on_an_injected_clock() -> None:
    """3 a minute: the fourth request within the minute is refused with the seconds until the oldest leaves the
    window; a request that leaves the window frees exactly one place (moving, not fixed, window); a refused
    request is not counted; and the sweep, run once a window, drops only keys whose window emptied, while a key
    still inside its window keeps its count across the sweep."""
    clock = _Seconds()
    rate = RateBook("3/minute", clock)
    assert [rate.hit("a") for _ in range(2)] == [None, None]
    clock.now += 30
    assert rate.hit("a") is None
    assert rate.hit("a") == 30  # the first two leave the window in 30 s
    clock.now += 29
    assert rate.hit("a") == 1  # refused requests did not push the window on
    clock.now += 1.5  # the first two left; the third (t=30) is still in
    assert rate.hit("a") is None and rate.hit("a") is None
    assert rate.hit("a") is not None  # three within the last minute again
    assert rate.hit("b") is None
    clock.now += 60.5  # a whole window after "b" and after a's last counted request: the sweep runs here
    rate.hit("c")
    assert rate.size() == 1  # "a" and "b" were dropped, "c" is held
    # t = 1121; the next sweep is due at 1181. A key still inside its window survives that sweep with its count:
    clock.now += 29  # t = 1150
    assert [rate.hit("d") for _ in range(3)] == [None, None, None]
    clock.now += 31.5  # t = 1181.5: the sweep runs on this hit
    assert rate.hit("d") == 29  # still three within the last minute: no free requests from a sweep
    assert rate.size() == 1  # "c" (idle since 1121) was dropped, "d" kept
    clock.now += 29  # t = 1210.5: d's three left the window
    assert rate.hit("d") is None


# -- no secret of a request in the logs ------------------------------------------------------------------


def test_no_token_or_query_string_reaches_any_log_line(tmp_path: Path) -> None:
    with run_server(tmp_path / "home", {"CONTEXTLAMP_LOG_LEVEL": "DEBUG"}) as server:
        (valid,) = _user_with_tokens(server, "logged", 1)
        secrets_sent = {
            "query": "clp_QUERY" + secrets.token_urlsafe(24),
            "query2": "QUERYSECRET" + secrets.token_hex(8),
            "bad": "clp_BAD" + secrets.token_urlsafe(24),
            "valid": valid,
        }
        query = f"access_token={secrets_sent['query']}&code={secrets_sent['query2']}"
        assert httpx2.get(f"{server.url}/healthz?{query}", timeout=10).status_code == 200
        assert httpx2.post(f"{server.mcp}?{query}", json=initialize_body(), headers=_headers(None)).status_code == 401
        assert httpx2.post(server.mcp, json=initialize_body(), headers=_headers(secrets_sent["bad"])).status_code == 401
        opened = httpx2.post(f"{server.mcp}?{query}", json=initialize_body(), headers=_headers(valid), timeout=30)
        assert opened.status_code == 200
        assert httpx2.get(f"{server.url}/export?{query}", headers=_headers(valid), timeout=30).status_code == 200
    log = server.log.read_text(errors="replace")  # the server has stopped: every line is written
    assert '"GET /healthz' in log and '"POST /mcp' in log  # the access log is on, and names the paths
    for name, value in secrets_sent.items():
        assert value not in log, f"the {name} token is in the server log"
    assert "access_token=" not in log


# -- slow bodies (slowloris) ------------------------------------------------------------------------------


def _slow_post(url: str, path: str, wait_s: float, token: str = "") -> bytes:
    """Open a POST to ``path`` announcing a 1,000-byte body, send one byte, and return what the server answers
    within ``wait_s`` (``b""`` when it closes without a word; raises ``TimeoutError`` when it keeps waiting)."""
    parsed = httpx2.URL(url)
    with socket.create_connection((parsed.host, parsed.port), timeout=wait_s) as sock:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {parsed.host}:{parsed.port}\r\nOrigin: {url}\r\n"
            + (f"Authorization: Bearer {token}\r\nAccept: application/json, text/event-stream\r\n" if token else "")
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\na"
        )
        sock.sendall(head.encode())
        answer = b""
        while chunk := sock.recv(4096):  # to the end: the server closes the connection after its answer
            answer += chunk
        return answer


def test_a_body_that_arrives_too_slowly_gets_408_and_the_connection_closed(capped: HttpServer) -> None:
    """A client that announces a body and then sends it a byte at a time does not hold the connection: after
    Apache's default deadline (20 s for the first bytes) the server answers 408 and closes, on every route that
    reads a body (the sign-in, OAuth's token and registration, MCP)."""
    token = _user_with_tokens(capped, "slow", 1)[0]
    paths = ["/signin", "/token", "/register", "/mcp"]
    with ThreadPoolExecutor(len(paths)) as pool:  # at once: the deadline is waited for once
        answers = list(pool.map(lambda p: _slow_post(capped.url, p, 120, token if p == "/mcp" else ""), paths))
    for path, answer in zip(paths, answers, strict=True):
        assert answer.startswith(b"HTTP/1.1 408"), (path, answer[:200])
    assert httpx2.get(f"{capped.url}/healthz", timeout=10).status_code == 200


def test_the_slow_body_guard_times_the_body_only() -> None:
    """In process, with a deadline of 0.2 s: a body sent in time reaches the app whole; a stalled one gets 408
    and the app's read fails; once the body is complete, the wait for the disconnect (an MCP event stream) is
    never cut."""
    seen: list[bytes] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        seen.append(body)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok", "more_body": True})
        assert (await receive())["type"] == "http.disconnect"  # long after the deadline
        await send({"type": "http.response.body", "body": b""})

    def run(chunks: list[tuple[float, dict[str, Any]]]) -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def main() -> None:
            queue = list(chunks)

            async def receive() -> dict[str, Any]:
                delay, message = queue.pop(0)
                await anyio.sleep(delay)
                return message

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)

            scope = {"type": "http", "method": "POST", "path": "/x", "headers": []}
            await SlowBodyGuard(app, first_s=0.2, min_rate=500)(scope, receive, send)

        anyio.run(main)
        return sent

    disconnect = (1.0, {"type": "http.disconnect"})
    fine = run(
        [
            (0.0, {"type": "http.request", "body": b"a" * 10, "more_body": True}),
            (0.0, {"type": "http.request", "body": b"b", "more_body": False}),
            disconnect,
        ]
    )
    assert seen == [b"a" * 10 + b"b"] and fine[0]["status"] == 200
    stalled = run(
        [
            (0.0, {"type": "http.request", "body": b"a", "more_body": True}),
            (5.0, {"type": "http.request", "body": b"b", "more_body": False}),
        ]
    )
    assert seen == [b"a" * 10 + b"b"]  # the app never got the partial body
    assert stalled[0]["status"] == 408 and (b"connection", b"close") in stalled[0]["headers"]
