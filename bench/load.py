"""Load benchmark of the shared server: N concurrent MCP clients of several users over Streamable HTTP.

Starts ``contextlamp serve --http`` on loopback over a fresh data directory (the default embedder unless
``--embedder fake``), creates the users and a token each, then runs ``--clients`` SDK clients (client i
belongs to user i mod ``--users``) for ``--seconds``: each loops over a mix of save_context (``--save-share``),
get_context and, every tenth call, list_context. Every memory a user saves carries the marker
``owner-<user>``; any pack or list item that carries another user's marker counts as a cross-user result.

Prints throughput, latency percentiles per tool (ms, client-observed, over HTTP), errors (tool errors and
transport failures) and cross-user results; both must be 0. Run: ``python bench/load.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import Implementation
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/common.py, when run as a script
from common import run_server
from contextlamp.embedding import EMBEDDERS

SUBJECTS = ("deploys", "code review", "on-call", "database", "frontend", "CI", "release", "logging", "backups")
FACTS = ("run on", "are owned by", "use", "moved to", "need approval from", "are scheduled for", "depend on")
OBJECTS = ("Thursdays", "the platform team", "PostgreSQL 16", "ArgoCD", "two reviewers", "Grafana", "S3", "pnpm")


@dataclass
class Tally:
    """What the clients observed: latencies per tool (ms), errors, cross-user results."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    cross_user: int = 0


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation (numpy's default method)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = (len(ordered) - 1) * q
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@contextlib.asynccontextmanager
async def _client(url: str, token: str, name: str) -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120) as http:
        transport = streamable_http_client(url, http_client=http)
        async with Client(transport, client_info=Implementation(name=name, version="1")) as client:
            yield client


def _texts(tool: str, data: dict[str, Any]) -> list[str]:
    if tool == "get_context":
        return [p["text"] for p in data.get("packs", [])]
    if tool == "list_context":
        return [i["title"] for i in data.get("items", [])]
    return []


async def _run_client(
    url: str, token: str, user: str, users: list[str], index: int, deadline: float, save_share: float, tally: Tally
) -> None:
    rng = random.Random(index)
    marker = f"owner-{user}"
    others = [f"owner-{u}" for u in users if u != user]
    calls = 0
    async with _client(url, token, f"load-client-{index}") as client:
        while time.monotonic() < deadline:
            calls += 1
            subject, fact, obj = rng.choice(SUBJECTS), rng.choice(FACTS), rng.choice(OBJECTS)
            if calls % 10 == 0:
                tool, args = "list_context", {"limit": 20}
            elif rng.random() < save_share:
                content = f"Our {subject} {fact} {obj} (note {index}-{calls}, {marker})"
                tool, args = "save_context", {"content": content, "topic": f"{subject} {index % 3}"}
            else:
                tool, args = "get_context", {"query": f"what about {subject} and {obj}?", "max_results": 5}
            started = time.perf_counter()
            try:
                result = await client.call_tool(tool, args)
            except Exception as exc:  # a transport failure is an error of the run, not of the script
                tally.errors.append(f"{tool}: {type(exc).__name__}: {exc}")
                continue
            tally.latencies[tool].append((time.perf_counter() - started) * 1000)
            if result.is_error:
                tally.errors.append(f"{tool}: tool error")
                continue
            texts = _texts(tool, result.structured_content or {})
            tally.cross_user += sum(1 for t in texts if any(o in t for o in others))


async def run_load(url: str, tokens: dict[str, str], clients: int, seconds: float, save_share: float) -> Tally:
    """Run the clients against a running server until ``seconds`` have passed."""
    tally = Tally()
    users = sorted(tokens)
    deadline = time.monotonic() + seconds
    async with anyio.create_task_group() as group:
        for index in range(clients):
            user = users[index % len(users)]
            group.start_soon(_run_client, url, tokens[user], user, users, index, deadline, save_share, tally)
    return tally


def report(tally: Tally, seconds: float, clients: int, users: int, embedder: str) -> dict[str, Any]:
    """The figures as a dict, and printed as a table."""
    total = sum(len(v) for v in tally.latencies.values())
    table = Table(title=f"load: {clients} clients of {users} users, {seconds:.0f} s, embedder {embedder}")
    for column in ("tool", "calls", "p50 ms", "p95 ms", "p99 ms", "mean ms"):
        table.add_column(column, justify="right")
    figures: dict[str, Any] = {"throughput_per_s": total / seconds, "calls": total, "tools": {}}
    for tool in sorted(tally.latencies):
        values = tally.latencies[tool]
        row = {
            "calls": len(values),
            "p50_ms": percentile(values, 0.5),
            "p95_ms": percentile(values, 0.95),
            "p99_ms": percentile(values, 0.99),
            "mean_ms": statistics.fmean(values),
        }
        figures["tools"][tool] = row
        table.add_row(tool, str(row["calls"]), *(f"{row[k]:.1f}" for k in ("p50_ms", "p95_ms", "p99_ms", "mean_ms")))
    figures["errors"] = len(tally.errors)
    figures["cross_user_results"] = tally.cross_user
    console = Console()
    console.print(table)
    console.print(
        f"throughput {figures['throughput_per_s']:.1f} calls/s; errors {len(tally.errors)} (must be 0); "
        f"cross-user results {tally.cross_user} (must be 0)"
    )
    for error in tally.errors[:10]:
        console.print(f"  error: {error}")
    return figures


def main(argv: list[str] | None = None) -> int:
    """Entry point; exit status 1 when any error or cross-user result was seen."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--save-share", type=float, default=0.3, help="share of calls that save (0..1)")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON to this file")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.users < 1 or args.seconds <= 0 or not 0 <= args.save_share <= 1:
        parser.error("--clients and --users must be >= 1, --seconds > 0, --save-share in 0..1")
    with tempfile.TemporaryDirectory(prefix="contextlamp-load-") as tmp:
        env = {"CONTEXTLAMP_RATE_LIMIT": "100000/minute", "CONTEXTLAMP_LOG_LEVEL": "WARNING"}
        with run_server(Path(tmp) / "home", env, embedder=args.embedder) as server:
            accounts = server.accounts()
            names = [f"user{n + 1}" for n in range(args.users)]
            tokens = {}
            for name in names:
                accounts.create_user(name)
                tokens[name] = accounts.create_token(name, "load", None).token
            tally = anyio.run(run_load, server.mcp, tokens, args.clients, args.seconds, args.save_share)
    figures = report(tally, args.seconds, args.clients, args.users, args.embedder)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 1 if tally.errors or tally.cross_user else 0


if __name__ == "__main__":
    sys.exit(main())
