"""A real ``contextlamp serve --http`` process on a free loopback port, for the end-to-end HTTP tests and the
benches that drive one (research/bench/load.py, research/bench/latency.py, scripts/dashboard_screenshots.py):
one copy of it. Imports nothing of the test suite, so a script may load it by path."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2

from contextlamp.app.accounts import Accounts
from contextlamp.embedding import create_embedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import now_ms

START_TIMEOUT_S = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class HttpServer:
    """A running server: its base URL, data directory and log file."""

    url: str
    home: Path
    log: Path
    process: subprocess.Popen[bytes]
    embedder: str = "fake"
    database_url: str | None = None

    @property
    def mcp(self) -> str:
        return f"{self.url}/mcp"

    def accounts(self) -> Accounts:
        """Accounts over the server's data (its SQLite directory, or its PostgreSQL database): both are safe
        across processes."""
        embedder = create_embedder(self.embedder)  # loads nothing: only the control plane is used
        return Accounts(StoreRegistry(self.home, embedder.identity, embedder.dim, self.database_url, 2), now_ms)


@contextlib.contextmanager
def run_server(home: Path, env: Mapping[str, str] | None = None, embedder: str = "fake") -> Iterator[HttpServer]:
    """Start ``contextlamp serve --http`` on a free port and wait for ``/healthz``; stop it afterwards.

    Raises:
        RuntimeError: the server did not come up (its log is in the message).
    """
    port = free_port()
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    log = home.parent / f"server-{port}.log"
    full_env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")},
        "CONTEXTLAMP_HOME": str(home),
        "CONTEXTLAMP_EMBEDDER": embedder,
        "CONTEXTLAMP_LOG_LEVEL": "INFO",
        **(env or {}),
    }
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [exe, "serve", "--http", "--port", str(port)], env=full_env, stdout=sink, stderr=subprocess.STDOUT
        )
    server = HttpServer(
        f"http://127.0.0.1:{port}", home, log, process, embedder, full_env.get("CONTEXTLAMP_DATABASE_URL")
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited: {log.read_text(errors='replace')}")
            try:
                if httpx2.get(f"{server.url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not start: {log.read_text(errors='replace')}")
            time.sleep(0.1)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def initialize_body(name: str = "test-client") -> dict[str, Any]:
    """A JSON-RPC ``initialize`` request, for raw HTTP checks."""
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": name, "version": "1"}},
    }


MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
