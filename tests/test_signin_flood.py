"""Issue #29 item 1: a flood of sign-in attempts must not starve everyone else. Password hashing (argon2id,
64 MiB) runs on its own small pool with a queue limit, never on the threads that verify bearer tokens and run
tool calls; and the per-address limit counts the connection's own address unless the operator names a proxy
(``CONTEXTLAMP_TRUSTED_PROXIES``), so a local process cannot choose a fresh address per attempt."""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn

from contextlamp.config import Settings
from contextlamp.web.app import build_http_app, proxy_options
from contextlamp.web.dashboard import Dashboard
from contextlamp.web.tuning import ServerTuning
from tests.dashboard_forms import like_a_browser
from tests.servers import MCP_HEADERS, initialize_body, run_server


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serving(app: Any, port: int, settings: Settings) -> Iterator[str]:
    """``app`` under a real uvicorn on loopback (in a thread, with the forwarded-header options of
    ``contextlamp serve --http``), until the block ends."""
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **proxy_options(settings))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def _csrf(http: httpx2.Client, base: str) -> str:
    page = http.get(f"{base}/signin")
    found = re.search(r'name="csrf" value="([^"]*)"', page.text)
    assert found is not None
    return found.group(1)


def test_a_sign_in_flood_does_not_hold_up_other_users_calls(wired: Any, tmp_path: Path) -> None:
    """60 sign-in attempts whose password check never finishes (a stand-in for argon2 at its slowest) are in
    flight: at most one hashes and two wait, the rest are told 503 + Retry-After at once, and another user's
    MCP call with a bearer token is answered as usual (before: every attempt took one of the 40 threads that
    verify tokens, so the call waited until the flood was over)."""
    release = threading.Event()
    calls: list[str] = []

    def stuck_check(name: str, _password: str) -> None:
        calls.append(name)
        release.wait(60)

    wired.oauth.check_password = stuck_check
    token = wired.accounts.create_token("bob", "work", None).token
    port = _free_port()
    settings = Settings(
        home=tmp_path / "home",
        embedder="fake",
        signin_rate_limit="100000/minute",
    )
    app = build_http_app(
        wired, settings, "127.0.0.1", port, Dashboard, ServerTuning(signin_hash_workers=1, signin_hash_queue=2)
    )
    with serving(app, port, settings) as base, httpx2.Client(timeout=90) as http:
        csrf = _csrf(http, base)
        cookies = dict(http.cookies)

        def attempt(i: int) -> httpx2.Response:
            form = {"csrf": csrf, "next": "", "username": f"user{i}", "password": "wrong-password"}
            return httpx2.post(f"{base}/signin", data=form, cookies=cookies, headers={"Origin": base}, timeout=90)

        with ThreadPoolExecutor(max_workers=60) as pool:
            flood = [pool.submit(attempt, i) for i in range(60)]
            deadline = time.monotonic() + 30
            while sum(f.done() for f in flood) < 57 and time.monotonic() < deadline:
                time.sleep(0.05)
            busy = [f.result() for f in flood if f.done()]
            started = time.monotonic()
            try:
                answer = httpx2.post(
                    f"{base}/mcp",
                    json=initialize_body(),
                    headers={**MCP_HEADERS, "Authorization": f"Bearer {token}"},
                    timeout=10,
                )
                waited = time.monotonic() - started
            finally:
                release.set()
            for f in flood:
                f.result()
    assert answer.status_code == 200, answer.text
    assert waited < 5, f"another user's call waited {waited:.1f} s behind the sign-in flood"
    assert len(busy) == 57 and {r.status_code for r in busy} == {503}
    assert all(r.headers.get("retry-after") for r in busy)
    assert len(calls) == 3  # one hashing, two queued: nothing else reached the password check


def test_forwarded_for_is_believed_only_from_a_named_proxy(tmp_path: Path) -> None:
    """From a loopback peer, a new ``X-Forwarded-For`` per attempt used to be a new address for the per-address
    limit (uvicorn believes any 127.0.0.1 peer by default); now the limit counts the connection's address,
    unless ``CONTEXTLAMP_TRUSTED_PROXIES`` names that peer as the operator's proxy."""

    def statuses(env: dict[str, str]) -> list[int]:
        with run_server(tmp_path / f"home{len(env)}", env) as server, httpx2.Client(timeout=60) as http:
            like_a_browser(http.cookies)
            csrf = _csrf(http, server.url)
            seen = []
            for i in range(5):  # a different user name each time: only the per-address limit can stop it
                form = {"csrf": csrf, "next": "", "username": f"nobody{i}", "password": "wrong-password"}
                headers = {"Origin": server.url, "X-Forwarded-For": f"203.0.113.{i + 1}"}
                seen.append(http.post(f"{server.url}/signin", data=form, headers=headers).status_code)
            return seen

    limited = {"CONTEXTLAMP_SIGNIN_RATE_LIMIT": "3/minute"}
    assert statuses(limited) == [400, 400, 400, 429, 429]
    trusted = {**limited, "CONTEXTLAMP_TRUSTED_PROXIES": "127.0.0.1"}
    assert statuses(trusted) == [400] * 5  # the operator's proxy: each forwarded address has its own count


@pytest.mark.parametrize("value", ["", " , "])
def test_no_proxy_named_means_no_forwarded_header_is_read(value: str) -> None:
    assert proxy_options(Settings(trusted_proxies=value))["proxy_headers"] is False
    assert proxy_options(Settings(trusted_proxies="10.0.0.1, 10.1.0.0/16")) == {
        "proxy_headers": True,
        "forwarded_allow_ips": "10.0.0.1,10.1.0.0/16",
    }
