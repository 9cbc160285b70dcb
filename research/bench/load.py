"""Load benchmark of the shared server: N concurrent MCP clients of several users over Streamable HTTP.

Starts ``contextlamp serve --http`` on loopback over a fresh data directory (the default embedder unless
``--embedder fake``), creates the users and a token each, then runs ``--clients`` SDK clients (client i
belongs to user i mod ``--users``) for ``--seconds``: each loops over a mix of save_context (``--save-share``),
get_context and, every tenth call, list_context. Every memory a user saves carries the marker
``owner-<user>``; any pack or list item that carries another user's marker counts as a cross-user result.

Prints throughput, latency percentiles per tool (ms, client-observed, over HTTP), errors (tool errors and
transport failures) and cross-user results; both must be 0. Run: ``python -m research load``.

``--phases baseline,signin,save_session,import`` (issue #29 items 1 and 12) runs the clients (get_context only)
once per phase on one server, each phase beside an attack by another user (``--attackers`` tasks):

- ``baseline``: no attack (the same run's reference);
- ``signin``: a sign-in flood: wrong passwords under fresh user names, each with a fresh ``X-Forwarded-For``;
- ``signin_open``: the same flood with the sign-in rate limit out of the way (the server's second run, with
  ``CONTEXTLAMP_SIGNIN_RATE_LIMIT`` at 1,000,000 a minute): only the hashing pool bounds it;
- ``save_session``: big ``save_session`` calls (a ~100 KB digest each) by one user's token;
- ``import``: one user's 5,000-entry export document uploaded through the dashboard's import, again and again.

Each attack runs in a process of its own (its client-side work must not delay the victims' calls in the bench's
event loop). Before the phases each other user saves ``--seed-memories`` facts, and their clients ask a new question
every call (so each get_context embeds its query and ranks real candidates, as a user's does), pausing
``--think-ms`` on average (0.5-1.5 times, seeded) between calls as an agent does between turns: with no pause, N
clients on a small machine measure its throughput (each waits behind the others' calls), not the latency an attack
adds. The phases run ``--repeat`` times in the order given on one server, so attack rows and their baseline rows
interleave; after each phase the bench waits until the server is idle (work that outlived its phase, such as an
import the client stopped waiting for, never counts in the next phase). ``--server-src DIR`` runs the server from
another source tree (the code before a change), for a before/after pair of runs.

Every loop ends at the phase's deadline. Prints, per phase, the clients' get_context p50/p95, the attack's
requests and answers, the server's peak resident memory with its child processes (its distillation workers;
``/proc/<pid>/status``, sampled every 0.1 s), the CPU seconds the server process and its live children used in
the phase, and the machine's 1-minute load average when the phase started, then the median of each phase over
the repeats.
Loopback only.
"""

from __future__ import annotations

import argparse
import contextlib
import http.cookiejar as http_cookiejar
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
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

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import run_server
from contextlamp.app.compose import create_oauth
from contextlamp.config import Settings
from contextlamp.embedding import EMBEDDERS
from contextlamp.text import content_key, new_id, now_ms

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
    url: str,
    token: str,
    user: str,
    users: list[str],
    index: int,
    deadline: float,
    save_share: float,
    tally: Tally,
    fresh_queries: bool = False,
    think_s: float = 0.0,
) -> None:
    rng = random.Random(index)
    marker = f"owner-{user}"
    others = [f"owner-{u}" for u in users if u != user]
    calls = 0
    async with _client(url, token, f"load-client-{index}") as client:
        while time.monotonic() < deadline:
            if think_s and calls:  # a user's agent between two calls (reading, thinking), not a tight loop
                await anyio.sleep(think_s * (0.5 + rng.random()))
            calls += 1
            subject, fact, obj = rng.choice(SUBJECTS), rng.choice(FACTS), rng.choice(OBJECTS)
            if calls % 10 == 0:
                tool, args = "list_context", {"limit": 20}
            elif rng.random() < save_share:
                content = f"Our {subject} {fact} {obj} (note {index}-{calls}, {marker})"
                tool, args = "save_context", {"content": content, "topic": f"{subject} {index % 3}"}
            else:
                query = f"what about {subject} and {obj}?"
                if fresh_queries:  # a new question each call: its embedding is never the cache's
                    query = f"what did we say about {subject} and {obj} in note {index}-{calls}?"
                tool, args = "get_context", {"query": query, "max_results": 5}
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


ATTACK_USER = "mallory"
ATTACK_PASSWORD = "mallory-password-1"
PHASES = ("baseline", "signin", "signin_open", "save_session", "import")
SETTLE_CPU = 0.05  # a server using less of a core than this is idle between phases
SETTLE_LIMIT_S = 180.0


_CHILDREN: dict[int, tuple[float, list[int]]] = {}  # pid -> (when listed, its children)
CHILDREN_EVERY_S = 1.0  # the children are listed at most this often (each listing reads every thread's list)


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux ``/proc/<pid>/task/*/children``): the server's distillation workers
    (and the resource tracker ``spawn`` starts). Listed at most every ``CHILDREN_EVERY_S``: the sampler runs in the
    clients' event loop and must not take time from them."""
    listed = _CHILDREN.get(pid)
    now = time.monotonic()
    if listed is not None and now - listed[0] < CHILDREN_EVERY_S:
        return listed[1]
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):
            found.extend(int(child) for child in task.read_text().split())
    _CHILDREN[pid] = (now, found)
    return found


def _own_rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` and its children (the server and its distillation workers) in MiB
    (Linux), 0 when unreadable."""
    return _own_rss_mb(pid) + sum(_own_rss_mb(child) for child in _children(pid))


def _field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    return found.group(1) if found else ""


def export_document(user_id: str, user_name: str, count: int) -> bytes:
    """An export document (``contextlamp export``'s format) of ``count`` distinct facts of ``user_id``."""
    now = int(time.time() * 1000)
    entries = []
    for i in range(count):
        subject, fact, obj = SUBJECTS[i % len(SUBJECTS)], FACTS[i % len(FACTS)], OBJECTS[i % len(OBJECTS)]
        content = f"Imported note {i}: our {subject} {fact} {obj} since sprint {i // 7}"
        entries.append(
            {
                "id": new_id("ctx"),
                "content": content,
                "content_key": content_key(content),
                "memory_type": "fact",
                "kind": "fact",
                "topic": None,
                "tags": [],
                "questions": [],
                "source_surface": "import",
                "created_at": now - i,
                "expires_at": None,
                "superseded_by": None,
                "superseded_at": None,
                "reuse_count": 0,
                "last_used_surface": None,
                "last_used_at": None,
                "contributed_by": None,
            }
        )
    document = {
        "format": "contextlamp-export",
        "version": 1,
        "user": {"id": user_id, "name": user_name, "created_at": now},
        "stores": [{"scope": "personal", "store_id": user_id, "project": None, "entries": entries}],
        "sessions": [],
    }
    return json.dumps(document).encode()


Ready = Callable[[], Awaitable[float]]  # an attack calls it once set up; it returns the phase's deadline


@dataclass
class Attack:
    """What an attack did: its requests by answer (HTTP status, or the exception's name)."""

    answers: dict[str, int] = field(default_factory=lambda: defaultdict(int))


async def _signin_flood(base: str, ready: Ready, attackers: int, attack: Attack) -> None:
    limits = httpx2.Limits(max_connections=attackers, max_keepalive_connections=attackers)
    async with httpx2.AsyncClient(timeout=60, limits=limits) as http:
        form = await http.get(f"{base}/signin")
        csrf = _field(form.text, "csrf")
        cookies = dict(http.cookies)
        deadline = await ready()

        async def one(index: int) -> None:
            rng = random.Random(index)
            while time.monotonic() < deadline:
                address = f"198.18.{rng.randrange(256)}.{rng.randrange(1, 255)}"
                data = {"csrf": csrf, "next": "", "username": f"guess{rng.randrange(10**9)}", "password": "hunter22x"}
                headers = {"Origin": base, "X-Forwarded-For": address}
                try:
                    answer = await http.post(f"{base}/signin", data=data, headers=headers, cookies=cookies)
                    attack.answers[str(answer.status_code)] += 1
                except Exception as exc:
                    attack.answers[type(exc).__name__] += 1

        async with anyio.create_task_group() as group:
            for index in range(attackers):
                group.start_soon(one, index)


async def _save_session_flood(url: str, token: str, ready: Ready, attackers: int, attack: Attack) -> None:
    """``attackers`` sessions of one token, opened first (``ready`` then gives the deadline), each sending big
    ``save_session`` calls until the deadline; a session that fails is opened again."""
    lines = [
        f"Fact: the {SUBJECTS[i % len(SUBJECTS)]} service {FACTS[i % len(FACTS)]} {OBJECTS[i % len(OBJECTS)]} "
        f"(item {i}, checked in review {i * 7})"
        for i in range(1600)
    ]
    digest = "\n".join(lines)  # ~100 KB

    async def calls(client: Client, deadline: float) -> None:
        while time.monotonic() < deadline:
            try:
                result = await client.call_tool("save_session", {"transcript": digest})
                attack.answers["tool error" if result.is_error else "ok"] += 1
            except Exception as exc:
                attack.answers[f"refused ({type(exc).__name__})"] += 1

    async def one(index: int, client: Client, deadline: float) -> None:
        await calls(client, deadline)
        while time.monotonic() < deadline:  # a refused session is opened again: the attack never stops early
            try:
                async with _client(url, token, f"attacker-{index}") as again:
                    await calls(again, deadline)
            except Exception as exc:
                attack.answers[f"session refused ({type(exc).__name__})"] += 1

    async with contextlib.AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(_client(url, token, f"attacker-{i}")) for i in range(attackers)]
        deadline = await ready()
        async with anyio.create_task_group() as group:
            for index, client in enumerate(clients):
                group.start_soon(one, index, client, deadline)


async def _import_flood(base: str, document: bytes, ready: Ready, attack: Attack) -> None:
    async with httpx2.AsyncClient(timeout=600, follow_redirects=False) as http:
        # send the Secure (__Host-) cookies to http://127.0.0.1 as browsers do for loopback
        http.cookies.jar.set_policy(http_cookiejar.DefaultCookiePolicy(secure_protocols=("https", "wss", "http")))
        form = await http.get(f"{base}/signin")
        data = {"csrf": _field(form.text, "csrf"), "next": "", "username": ATTACK_USER, "password": ATTACK_PASSWORD}
        signed = await http.post(f"{base}/signin", data=data, headers={"Origin": base})
        deadline = await ready()
        if signed.status_code != 303:
            attack.answers[f"sign-in {signed.status_code}"] += 1
            return
        while time.monotonic() < deadline:
            page = await http.get(f"{base}/import")
            files = {"file": ("export.json", document, "application/json")}
            try:
                with anyio.move_on_after(max(deadline - time.monotonic(), 0.0)) as scope:  # bounded by the phase
                    answer = await http.post(
                        f"{base}/import",
                        data={"csrf": _field(page.text, "csrf")},
                        files=files,
                        headers={"Origin": base},
                    )
                    attack.answers[str(answer.status_code)] += 1
                if scope.cancelled_caught:
                    attack.answers["still importing at the deadline"] += 1
            except Exception as exc:
                attack.answers[type(exc).__name__] += 1


async def run_phase(
    server: Any, phase: str, tokens: dict[str, str], args: argparse.Namespace, document: bytes
) -> tuple[Tally, Attack, float]:
    """One phase: the clients (get_context only) beside ``phase``'s attack (its process started and ready before
    the phase's clock starts); the tally, the attack and the peak server memory (MiB)."""
    tally, attack = Tally(), Attack()
    peak = _rss_mb(server.process.pid)
    attacker = (
        None if phase == "baseline" else await _Attacker.start(phase, server, tokens[ATTACK_USER], args, document)
    )
    deadline = time.monotonic() + args.seconds
    victims = {u: t for u, t in tokens.items() if u != ATTACK_USER}

    async def sample() -> None:
        nonlocal peak
        while time.monotonic() < deadline:
            peak = max(peak, _rss_mb(server.process.pid))
            await anyio.sleep(0.1)

    async with anyio.create_task_group() as group:
        group.start_soon(sample)
        users = sorted(victims)
        for index in range(args.clients):
            user = users[index % len(users)]
            think = args.think_ms / 1000
            group.start_soon(
                _run_client, server.mcp, victims[user], user, users, index, deadline, 0.0, tally, True, think
            )
        if attacker is not None:
            group.start_soon(attacker.run, deadline, attack)
    return tally, attack, peak


class _Attacker:
    """``phase``'s attack in a process of its own (``_attack_main``): its client-side work (16 tasks sending 100 KB
    bodies, hashing forms) must not share the victims' event loop, or the victims' latencies would measure the
    bench's own loop instead of the server. Started (its imports done) before the phase's clock starts."""

    def __init__(self, process: Any, conn: Any) -> None:
        self.process = process
        self.conn = conn

    @classmethod
    async def start(cls, phase: str, server: Any, token: str, args: argparse.Namespace, document: bytes) -> _Attacker:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(
            target=_attack_main, args=(child, phase, server.url, server.mcp, token, args.attackers, document)
        )
        process.start()
        child.close()
        await anyio.to_thread.run_sync(parent.recv)  # "ready": its modules are imported
        return cls(process, parent)

    async def run(self, deadline: float, attack: Attack) -> None:
        """Attack until ``deadline``; its answers are added to ``attack``."""
        try:
            self.conn.send(deadline)
            answers: dict[str, int] = await anyio.to_thread.run_sync(self.conn.recv)
            for key, count in answers.items():
                attack.answers[key] += count
        except EOFError:
            attack.answers["attack process failed"] += 1
        finally:
            await anyio.to_thread.run_sync(self.process.join, 60)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()


def _attack_main(conn: Any, phase: str, base: str, mcp: str, token: str, attackers: int, document: bytes) -> None:
    """The attack process: sets its attack up (the sessions opened, the sign-in done: a fresh client's first
    sessions cost seconds on a loaded machine, which would otherwise eat the phase), says it is ready, receives the
    phase's deadline (``time.monotonic``, one clock for every process of the machine), attacks until then and
    sends back its answers."""
    attack = Attack()

    async def ready() -> float:
        await anyio.to_thread.run_sync(conn.send, "ready")
        return float(await anyio.to_thread.run_sync(conn.recv))

    if phase in ("signin", "signin_open"):
        anyio.run(_signin_flood, base, ready, attackers, attack)
    elif phase == "save_session":
        anyio.run(_save_session_flood, mcp, token, ready, attackers, attack)
    elif phase == "import":
        anyio.run(_import_flood, base, document, ready, attack)
    conn.send(dict(attack.answers))
    conn.close()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc/<pid>/stat``), 0 when unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _family_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds so far of ``pid`` itself and of its live children (its distillation workers)."""
    return _cpu_seconds(pid), sum(_cpu_seconds(child) for child in _children(pid))


def settle(pid: int, limit_s: float = SETTLE_LIMIT_S) -> float:
    """Wait until the server is idle (under ``SETTLE_CPU`` of a core over half a second: an attack's work that
    outlived its phase, an import the client stopped waiting for, pending write-behind indexing, is done), at
    most ``limit_s``; the seconds waited. So a phase never measures the previous phase's attack."""
    started = time.monotonic()
    while time.monotonic() - started < limit_s:
        before = sum(_family_cpu(pid))
        time.sleep(0.5)
        if sum(_family_cpu(pid)) - before < SETTLE_CPU * 0.5:
            break
    return time.monotonic() - started


async def _seed(url: str, tokens: dict[str, str], memories: int) -> None:
    """``memories`` distinct facts saved by each of the users of ``tokens`` (their get_context then ranks real
    candidates, embedding its query, as a user's does)."""

    async def one(user: str, token: str) -> None:
        async with _client(url, token, f"seed-{user}") as client:
            for i in range(memories):
                subject, fact, obj = SUBJECTS[i % len(SUBJECTS)], FACTS[i % len(FACTS)], OBJECTS[i % len(OBJECTS)]
                content = f"Our {subject} {fact} {obj} since sprint {i} (owner-{user})"
                await client.call_tool("save_context", {"content": content, "topic": f"{subject} {i}"})

    async with anyio.create_task_group() as group:
        for user, token in tokens.items():
            group.start_soon(one, user, token)


def run_phases(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every phase of ``args.phases``, ``args.repeat`` times in that order on one server (so attack rows and
    their baseline rows interleave); ``signin_open`` on a second server whose sign-in limit is out of the way.
    Each row carries the 1-minute load average of the machine when its phase started."""
    rows: list[dict[str, Any]] = []
    wanted = [p.strip() for p in args.phases.split(",") if p.strip()]
    # signin_open runs on a server of its own (its sign-in limit out of the way), after a baseline of that server
    groups = [[p for p in wanted if p != "signin_open"], ["baseline", "signin_open"] if "signin_open" in wanted else []]
    for group in groups:
        if not group:
            continue
        with tempfile.TemporaryDirectory(prefix="contextlamp-load-") as tmp:
            env = {
                "CONTEXTLAMP_RATE_LIMIT": "100000/minute",
                "CONTEXTLAMP_USER_RATE_LIMIT": "100000/minute",  # this bench measures fairness, not request limits
                "CONTEXTLAMP_LOG_LEVEL": "WARNING",
            }
            if args.server_src:  # another source tree's server (the code before a change: the same run's baseline)
                env["PYTHONPATH"] = args.server_src  # os.pathsep-separated, as PYTHONPATH
            if "signin_open" in group:
                env["CONTEXTLAMP_SIGNIN_RATE_LIMIT"] = "1000000/minute"
            with run_server(Path(tmp) / "home", env, embedder=args.embedder) as server:
                accounts = server.accounts()
                names = [f"user{n + 1}" for n in range(args.users)] + [ATTACK_USER]
                tokens = {}
                for name in names:
                    accounts.create_user(name)
                    tokens[name] = accounts.create_token(name, "load", None).token
                oauth = create_oauth(accounts.registry, Settings(), now_ms)
                oauth.set_password(ATTACK_USER, ATTACK_PASSWORD)
                mallory = accounts.user(ATTACK_USER)
                document = export_document(mallory.id, mallory.name, args.import_entries)
                victims = {u: t for u, t in tokens.items() if u != ATTACK_USER}
                if args.seed_memories:
                    anyio.run(_seed, server.mcp, victims, args.seed_memories)
                settle(server.process.pid)
                for repeat in range(args.repeat):
                    for phase in group:
                        load = os.getloadavg()[0]
                        cpu_before = _family_cpu(server.process.pid)
                        bench_before = time.process_time()
                        tally, attack, peak = anyio.run(run_phase, server, phase, tokens, args, document)
                        bench_cpu = time.process_time() - bench_before
                        cpu_after = _family_cpu(server.process.pid)
                        settled = settle(server.process.pid)
                        values = tally.latencies.get("get_context", [])
                        rows.append(
                            {
                                "phase": phase,
                                "repeat": repeat + 1,
                                "load_1m": load,
                                "get_context_calls": len(values),
                                "get_context_p50_ms": percentile(values, 0.5),
                                "get_context_p95_ms": percentile(values, 0.95),
                                "errors": len(tally.errors),
                                "cross_user_results": tally.cross_user,
                                "attack": dict(attack.answers),
                                "server_peak_rss_mb": peak,
                                "server_cpu_s": cpu_after[0] - cpu_before[0],
                                "workers_cpu_s": max(cpu_after[1] - cpu_before[1], 0.0),
                                "bench_cpu_s": bench_cpu,
                                "settle_s": settled,
                            }
                        )
    title = f"load beside attacks: {args.clients} clients of {args.users} users, {args.seconds:.0f} s each"
    if args.server_src:
        title += f", server from {args.server_src}"
    table = Table(title=title)
    columns = (
        "phase",
        "run",
        "load",
        "get_context calls",
        "p50 ms",
        "p95 ms",
        "errors",
        "attack answers",
        "RSS MiB",
        "server CPU s",
        "workers CPU s",
        "bench CPU s",
    )
    for column in columns:
        table.add_column(column, justify="right")
    for row in rows:
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(row["attack"].items())) or "-"
        table.add_row(
            row["phase"],
            str(row["repeat"]),
            f"{row['load_1m']:.1f}",
            str(row["get_context_calls"]),
            f"{row['get_context_p50_ms']:.1f}",
            f"{row['get_context_p95_ms']:.1f}",
            str(row["errors"]),
            answers,
            f"{row['server_peak_rss_mb']:.0f}",
            f"{row['server_cpu_s']:.1f}",
            f"{row['workers_cpu_s']:.1f}",
            f"{row['bench_cpu_s']:.1f}",
        )
    console = Console()
    console.print(table)
    summary = Table(title="median over the runs (p50, p95 of other users' get_context; peak RSS: the highest)")
    for column in ("phase", "runs", "p50 ms", "p95 ms", "peak RSS MiB", "load"):
        summary.add_column(column, justify="right")
    for phase in dict.fromkeys(r["phase"] for r in rows):
        mine = [r for r in rows if r["phase"] == phase]
        summary.add_row(
            phase,
            str(len(mine)),
            f"{statistics.median(r['get_context_p50_ms'] for r in mine):.1f}",
            f"{statistics.median(r['get_context_p95_ms'] for r in mine):.1f}",
            f"{max(r['server_peak_rss_mb'] for r in mine):.0f}",
            f"{statistics.median(r['load_1m'] for r in mine):.1f}",
        )
    console.print(summary)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Entry point; exit status 1 when any error or cross-user result was seen."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--save-share", type=float, default=0.3, help="share of calls that save (0..1)")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON to this file")
    parser.add_argument("--phases", default="", help=f"comma-separated, of: {', '.join(PHASES)} (docstring)")
    parser.add_argument("--attackers", type=int, default=16, help="concurrent attack tasks of a phase")
    parser.add_argument("--import-entries", type=int, default=5000, help="entries of the import phase's document")
    parser.add_argument("--repeat", type=int, default=1, help="run the phases this many times, interleaved")
    parser.add_argument("--seed-memories", type=int, default=40, help="memories each other user holds (phases)")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="phases: mean pause of each other user's client between calls"
    )
    parser.add_argument("--server-src", help="run the server from this source tree (PYTHONPATH), e.g. the old code")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.users < 1 or args.seconds <= 0 or not 0 <= args.save_share <= 1:
        parser.error("--clients and --users must be >= 1, --seconds > 0, --save-share in 0..1")
    unknown = {p.strip() for p in args.phases.split(",") if p.strip()} - set(PHASES)
    if (
        unknown
        or args.attackers < 1
        or args.import_entries < 1
        or args.repeat < 1
        or args.seed_memories < 0
        or args.think_ms < 0
    ):
        parser.error(
            f"--phases takes {', '.join(PHASES)}; --attackers, --import-entries and --repeat must be >= 1, "
            "--seed-memories and --think-ms >= 0"
        )
    if args.phases:
        rows = run_phases(args)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=2))
        return 1 if any(r["errors"] or r["cross_user_results"] for r in rows) else 0
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
