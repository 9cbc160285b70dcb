"""Issue #29 item 12: heavy work is shared fairly. A user's heavy calls (``save_session``, large bodies, dashboard
imports) run one at a time per user, users take turns for the server's heavy workers, a user's extra heavy calls
are refused, and other users' reads never wait in that line; a user's tokens together have one request limit."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest

from contextlamp.config import Settings
from contextlamp.domain.models import SaveSessionResult
from contextlamp.errors import InvalidArgumentError
from contextlamp.web.app import build_http_app
from contextlamp.web.dashboard import Dashboard
from contextlamp.web.tuning import ServerTuning
from tests.servers import MCP_HEADERS, initialize_body
from tests.test_signin_flood import _free_port, serving


class Mcp:
    """A bare MCP session over Streamable HTTP (initialize, then calls), for exact control of concurrency."""

    def __init__(self, base: str, token: str) -> None:
        self.url = f"{base}/mcp"
        self.headers = {**MCP_HEADERS, "Authorization": f"Bearer {token}", "mcp-protocol-version": "2025-06-18"}
        opened = httpx2.post(self.url, json=initialize_body(), headers=self.headers, timeout=30)
        assert opened.status_code == 200, opened.text
        self.headers["mcp-session-id"] = opened.headers["mcp-session-id"]
        note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        httpx2.post(self.url, json=note, headers=self.headers, timeout=30)

    def call(self, tool: str, arguments: dict[str, Any], timeout: float = 60) -> httpx2.Response:
        body = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}
        return httpx2.post(self.url, json=body, headers=self.headers, timeout=timeout)


def test_users_take_turns_for_heavy_work_and_reads_never_wait(wired: Any, tmp_path: Path) -> None:
    """bob sends six save_session calls at once, then carol one: bob's first runs, four of his wait behind it and
    the sixth is refused (429) at once; when bob's first ends, carol's runs next, not bob's second; alice's
    get_context is answered while all of that waits. Before, all seven ran at once."""
    entered: list[str] = []
    turn = threading.Semaphore(0)

    def save_session(  # the tool takes the function's name
        caller: Any, transcript: Any, source_surface: Any = None, project: Any = None, session_id: Any = None
    ) -> Any:
        entered.append(caller.principal.name)
        assert turn.acquire(timeout=60)
        return SaveSessionResult(saved=0, deduped=0, total=0)

    wired.service.save_session = save_session
    wired.accounts.create_user("carol")
    tokens = {name: wired.accounts.create_token(name, "t", None).token for name in ("alice", "bob", "carol")}
    port = _free_port()
    settings = Settings(home=tmp_path / "home", embedder="fake")
    app = build_http_app(
        wired, settings, "127.0.0.1", port, Dashboard, ServerTuning(heavy_workers=1, heavy_queue_per_user=4)
    )

    def wait_for(count: int) -> None:
        deadline = time.monotonic() + 30
        while len(entered) < count:
            assert time.monotonic() < deadline, entered
            time.sleep(0.05)

    with serving(app, port, settings) as base, ThreadPoolExecutor(max_workers=10) as pool:
        bob, carol, alice = Mcp(base, tokens["bob"]), Mcp(base, tokens["carol"]), Mcp(base, tokens["alice"])
        bobs = [pool.submit(bob.call, "save_session", {"transcript": f"Fact: bob's note {i}."}) for i in range(6)]
        wait_for(1)
        time.sleep(0.5)  # the other five reached the gate
        refused = [f.result() for f in bobs if f.done()]
        carols = pool.submit(carol.call, "save_session", {"transcript": "Fact: carol's note."})
        time.sleep(0.5)
        started = time.monotonic()
        read = alice.call("get_context", {"query": "anything"}, timeout=10)
        waited = time.monotonic() - started
        try:
            assert entered == ["bob"], entered  # one heavy call at a time: bob's others and carol's wait
            turn.release()
            wait_for(2)
            assert entered[1] == "carol", entered  # carol's turn comes before bob's second
            for count in range(3, 7):
                turn.release()
                wait_for(count)
        finally:
            for _ in range(10):
                turn.release()
        done = [f.result() for f in bobs] + [carols.result()]
    assert len(refused) == 1 and refused[0].status_code == 429 and refused[0].headers.get("retry-after")
    assert entered == ["bob", "carol", "bob", "bob", "bob", "bob"]
    assert sum(r.status_code == 200 for r in done) == 6
    assert read.status_code == 200 and waited < 5, waited


def test_more_tokens_buy_no_more_requests(wired: Any, tmp_path: Path) -> None:
    """The per-user limit counts every token of the user together; another user is not affected. A user holds at
    most 100 live personal tokens."""
    from starlette.testclient import TestClient

    from contextlamp.app.accounts import MAX_ACTIVE_TOKENS

    tokens = [wired.accounts.create_token("bob", f"t{i}", None).token for i in range(4)]
    alice = wired.accounts.create_token("alice", "a", None).token
    settings = Settings(home=tmp_path / "home", embedder="fake", rate_limit="5/minute")
    app = build_http_app(wired, settings, "127.0.0.1", 8765, Dashboard, ServerTuning(user_rate_limit="8/minute"))
    with TestClient(app, base_url="http://127.0.0.1:8765") as http:

        def status(token: str) -> int:
            return http.get("/export", headers={"Authorization": f"Bearer {token}"}).status_code

        statuses = [status(tokens[i % 4]) for i in range(10)]
        assert statuses == [200] * 8 + [429, 429]  # 8 a minute for bob, however many tokens he spreads them over
        assert status(alice) == 200
    for i in range(MAX_ACTIVE_TOKENS - 4):
        wired.accounts.create_token("bob", f"more{i}", None)
    with pytest.raises(InvalidArgumentError, match="at most 100 live tokens"):
        wired.accounts.create_token("bob", "one too many", None)
    wired.accounts.revoke_token(wired.accounts.tokens("bob")[0].id)
    wired.accounts.create_token("bob", "in its place", None)  # a revoked one frees a place
